"""`python -m plantdesk serve | worker | migrate | seed | create-tenant | reset-password | kick | simulate |
bladex-import | bladex-export`."""

import asyncio
import contextlib
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from plantdesk.config import Settings

app = typer.Typer(no_args_is_help=True, add_completion=False, help="PlantDesk operations")


@app.command()
def serve(
    host: Annotated[str, typer.Option(envvar="HOST")] = "127.0.0.1",
    port: Annotated[int, typer.Option(envvar="PORT")] = 8000,
    workers: int = 1,
    migrate_first: Annotated[bool, typer.Option("--migrate/--no-migrate")] = True,
    simulate: Annotated[bool, typer.Option(help="run the demo plant's simulator beside the server")] = False,
):
    """Migrate, seed an empty database, then serve the API and the console (with `--simulate`, also the demo
    plant's simulator, which ends with the server)."""
    import uvicorn

    if simulate:  # for the settings of this process and of uvicorn's workers
        os.environ["PLANTDESK_DEMO"] = "1"
    settings = with_demo(Settings())
    if workers > 1 and not settings.redis_url:
        # Revocations, lockout counters and captchas must be shared by every worker.
        raise typer.BadParameter("--workers above 1 needs PLANTDESK_REDIS_URL", param_hint="--workers")
    if workers > 1 and settings.jobs != "queue":
        # Embedded jobs run in the serving process: in each of several they would all run every schedule.
        raise typer.BadParameter("--workers above 1 needs PLANTDESK_JOBS=queue (and `worker` processes)",
                                 param_hint="--workers")
    # Migrating and seeding (and the simulator's plan) run in a process of their own: Alembic, the migrations and
    # the seed data would otherwise stay in the server (~30 MB). One worker is this process: it imports the app
    # meanwhile.
    preparing = subprocess.Popen([sys.executable, "-m", "plantdesk", "prepare",
                                  "--migrate" if migrate_first else "--no-migrate",
                                  "--simulate" if simulate else "--no-simulate"], stdout=subprocess.PIPE)
    app_target: Any = "plantdesk.asgi:app"  # which sets each process's log format (core.logs)
    if workers == 1:
        from plantdesk.asgi import app as app_target
    plan, _ = preparing.communicate()
    if preparing.returncode:
        raise typer.Exit(preparing.returncode)
    simulator = _start_simulator(host, port, plan) if simulate else None
    # The start's last line: where to log in and with what (the simulator's routine lines are INFO, not shown).
    demo = "; the demo plant: tenant 356782, admin / admin" if settings.demo else ""
    typer.echo(f"PlantDesk ready at http://{host}:{port}  (log in as admin / admin, tenant 000000{demo})")
    try:
        with _metrics_shared(workers):
            uvicorn.run(app_target, host=host, port=port, workers=workers, log_level="warning", log_config=None,
                        loop="uvloop", http="httptools", access_log=False, **server_options(settings))
    finally:
        if simulator is not None:
            simulator.terminate()
            simulator.wait(timeout=10)


@contextlib.contextmanager
def _metrics_shared(workers: int):
    """Several workers keep their metrics in one directory (prometheus_client's multiprocess mode, core.metrics),
    set in the environment they inherit: the operator's PROMETHEUS_MULTIPROC_DIR emptied of a previous run's
    files, else a fresh one removed at the end. (The name is prometheus_client's; this process imports neither it
    nor the app.)"""
    if workers == 1:
        yield
        return
    given = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if given:
        for stale in Path(given).glob("*.db"):
            stale.unlink()
        yield
        return
    with tempfile.TemporaryDirectory(prefix="plantdesk-metrics-") as directory:
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory
        try:
            yield
        finally:
            del os.environ["PROMETHEUS_MULTIPROC_DIR"]


def _start_simulator(host: str, port: int, plan: bytes) -> subprocess.Popen:
    """The simulator in a process of its own, given what it needs from the database (simulator.prepare's plan,
    on its stdin) so that it loads neither the models nor the settings."""
    local = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    typer.echo("demo plant simulator writing live values to tenant 356782 (PLANTDESK_DEMO=0 turns it off)")
    # A session of its own: a Ctrl-C in the terminal stops the server, whose collectors leave the simulator's
    # servers before it ends them (else each collector logs its peer's disappearance as an error).
    child = subprocess.Popen([sys.executable, "-m", "plantdesk.demo.simulator", f"http://{local}:{port}",
                              str(os.getpid())], stdin=subprocess.PIPE, start_new_session=True)
    assert child.stdin is not None
    child.stdin.write(plan)
    child.stdin.close()
    return child


@app.command(hidden=True)
def prepare(migrate_first: Annotated[bool, typer.Option("--migrate/--no-migrate")] = True, simulate: bool = False):
    """`serve`'s first step: migrate, seed an empty database, and with `--simulate` write the simulator's plan
    (JSON) to stdout."""
    settings = Settings()
    if migrate_first:
        with contextlib.redirect_stdout(sys.stderr):  # what the migration and the sync say is not the plan
            asyncio.run(_prepare(settings, seed=True))
    if simulate:
        import json

        from plantdesk.demo import simulator

        sys.stdout.write(json.dumps(asyncio.run(simulator.prepare(settings))))


@app.command()
def simulate(
    url: Annotated[str, typer.Option(help="the server to write to")] = "http://127.0.0.1:8000",
    seconds: Annotated[float | None, typer.Option(help="stop after this many seconds (default: run on)")] = None,
):
    """Write plausible values every second for the demo tenant's (356782) devices, through the telemetry
    endpoint with per-device tokens: daily cycles, noise, excursions, a feed pump that stops now and then."""
    from plantdesk.demo import simulator

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    async def standalone() -> None:
        await simulator.wait_for_server(url)  # which migrates and seeds the database first
        await simulator.run(url, await simulator.prepare(Settings()), seconds=seconds)

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(standalone())


def with_demo(settings: Settings) -> Settings:
    """With the demo on this machine (Settings.demo), settings that grant the demo tenant its servers
    (plantdesk.demo.allow), for this process and the ones it starts."""
    if not settings.demo:
        return settings
    from plantdesk.demo import allow

    allow.apply()
    return Settings()


# An idle keep-alive connection is closed by its client or proxy first (HTTP clients' pools 5 s, load balancers and
# proxies 60 s): a server that closes it at the moment the other side sends on it fails that request (a soak's
# client saw "server disconnected" at load 1 with uvicorn's default of 5 s).
KEEP_ALIVE_SECONDS = 75


def server_options(settings: Settings) -> dict:
    """No `server` header; X-Forwarded-For/-Proto believed only from the proxies the operator names (uvicorn
    would otherwise believe any local process, which could then pose as any client address); idle connections
    kept longer than a client or proxy keeps them."""
    proxies = settings.forwarded_allow_ips.strip()
    return {"server_header": False, "proxy_headers": bool(proxies), "forwarded_allow_ips": proxies or None,
            "timeout_keep_alive": KEEP_ALIVE_SECONDS}


@app.command()
def worker(concurrency: Annotated[int, typer.Option(help="jobs run at once")] = 4):
    """Run jobs, periodic jobs and the collectors beside `serve` (PLANTDESK_JOBS=queue, PostgreSQL); start as many
    as you like (each data-point source is collected by one of them)."""
    settings = Settings()
    if settings.jobs != "queue":
        raise typer.BadParameter("worker needs PLANTDESK_JOBS=queue; the embedded mode runs jobs inside serve")
    settings = with_demo(settings)  # its collectors read the demo's servers as `serve --simulate`'s do
    from plantdesk.core import logs

    logs.configure(settings.log_format, logging.INFO)
    typer.echo("PlantDesk worker running jobs (Ctrl-C stops)")
    asyncio.run(_work(settings, concurrency))


async def _work(settings: Settings, concurrency: int) -> None:
    from plantdesk.core import areas
    from plantdesk.core.runtime import started

    areas.wire()
    async with started(settings, run_jobs=False, run_services=True, role="worker") as runtime:
        assert runtime.jobs is not None  # started() always opens the engine
        await runtime.jobs.run_worker(concurrency=concurrency, name=f"worker-{os.getpid()}", own_signals=True)


@app.command()
def migrate():
    """Apply database migrations (Alembic) up to the newest revision."""
    _migrate(Settings())
    typer.echo("migrated")


@app.command()
def seed():
    """Seed an empty database: platform tenant, admin, clients, menus, dicts, params, regions, demo tenant."""
    created = asyncio.run(_seed(Settings()))
    typer.echo("seeded" if created else "already seeded; nothing changed")


@app.command("create-tenant")
def create_tenant(name: str, tenant_id: Annotated[str | None, typer.Option()] = None):
    """Create a tenant with its admin role, root dept, post and `admin` user (password: tenant.default.password)."""
    from plantdesk.modules.system.tenant.provision import create_tenant as create
    from plantdesk.seed.seeder import run_with_session

    async def run(session):
        return await create(session, tenant_name=name, tenant_id=tenant_id)

    tenant = asyncio.run(run_with_session(Settings(), run))
    typer.echo(f"tenant {tenant.tenant_id} created; log in as admin with the default tenant password")


@app.command("reset-password")
def reset_password(account: str, tenant: Annotated[str, typer.Option()] = "000000",
                   password: Annotated[str | None, typer.Option(help="default: account.initPassword")] = None):
    """Reset a user's password from the shell (the user must change it at next login)."""
    from plantdesk.modules.user.service import reset_password_by_account
    from plantdesk.seed.seeder import run_with_session

    async def run(session):
        return await reset_password_by_account(session, tenant_id=tenant, account=account, plain=password)

    if not asyncio.run(run_with_session(Settings(), run)):
        _fail(f"no user {account} in tenant {tenant}")
    typer.echo(f"password of {account}@{tenant} reset")


@app.command()
def kick(account: str, tenant: Annotated[str, typer.Option()] = "000000"):
    """End every session of a user. With Redis the access tokens die at once; without it, refresh is refused
    and the access tokens lapse within account.TokenTimeOut."""
    from sqlalchemy import select

    from plantdesk.core.cache import create_cache
    from plantdesk.core.security.revocation import revoke_user_sessions
    from plantdesk.modules.system.models import User
    from plantdesk.seed.seeder import run_with_session

    settings = Settings()

    async def run(session):
        user_id = await session.scalar(select(User.id).where(User.tenant_id == tenant, User.account == account))
        if user_id is None:
            return None
        cache = create_cache(settings.redis_url)
        try:
            return await revoke_user_sessions(session, cache, [user_id])
        finally:
            await cache.close()

    ended = asyncio.run(run_with_session(settings, run))
    if ended is None:
        _fail(f"no user {account} in tenant {tenant}")
    typer.echo(f"{ended} session(s) of {account}@{tenant} ended")


@app.command("bladex-import")
def bladex_import(source: Annotated[str, typer.Argument(
        help="a BladeX database URL (mysql://user:password@host:3306/bladex, postgresql://...) or a bladex-export "
             "JSON file")]):
    """Import BladeX tenants, depts, posts, roles and their menu grants, menus, users, dictionaries and parameters.
    Rows that exist (by their natural keys) are kept; BladeX passwords keep working and are upgraded on login."""
    import json

    from plantdesk.modules.springblade import bladex
    from plantdesk.seed.seeder import run_with_session

    async def run():
        if "://" in source:
            tables = await bladex.read_database(source)
        else:
            tables = json.loads(Path(source).read_text(encoding="utf-8"))
        return await run_with_session(Settings(), lambda session: bladex.load(session, tables))

    for line in asyncio.run(run()).lines():
        typer.echo(line)


@app.command("bladex-export")
def bladex_export(out: Path, tenant: Annotated[list[str], typer.Option(help="tenant ids (repeat the option)")]):
    """Write the tenants' BladeX tables (with the menus, system dictionaries and parameters) as JSON, the shape
    bladex-import reads."""
    import json

    from plantdesk.modules.springblade import bladex
    from plantdesk.seed.seeder import run_with_session

    tables = asyncio.run(run_with_session(Settings(), lambda session: bladex.export(session, tenant)))
    out.write_text(json.dumps(tables, ensure_ascii=False, indent=1), encoding="utf-8")
    typer.echo(f"{out}: " + ", ".join(f"{table} {len(rows)}" for table, rows in tables.items()))


def _fail(message: str) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(1)


def _migrate(settings: Settings) -> None:
    asyncio.run(_prepare(settings, seed=False))


async def _prepare(settings: Settings, *, seed: bool) -> bool:
    """Migrate to the newest revision and, when asked, seed an empty database: on one engine, since `serve`
    waits for this (answers whether it seeded)."""
    from plantdesk.core import system_log
    from plantdesk.db.session import create_engine

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    engine = create_engine(settings.resolved_database_url)
    try:
        async with engine.begin() as connection:
            before = await connection.run_sync(_revision)
            await connection.run_sync(_upgrade, settings)
            after = await connection.run_sync(_revision)
        if before != after:
            system_log.record("info", "migrate", "upgraded", f"数据库已迁移: {before or '空库'} → {after}")
        if settings.jobs == "queue":
            await _job_tables(settings)
        seeded = False
        if seed:
            from plantdesk.demo import seed as demo
            from plantdesk.seed.seeder import run_on, seed_database

            seeded = await run_on(engine, seed_database)
            if not seeded:  # a database seeded before a part of the demo existed gets that part once
                for part in demo.LATER:
                    await run_on(engine, part)
        await _sync_seed(settings, engine)
        return seeded
    except Exception as exc:
        system_log.failure("migrate", "failed", "数据库迁移或种子同步失败", exc)
        raise
    finally:
        await system_log.flush_pending(engine)
        await engine.dispose()


async def _sync_seed(settings: Settings, engine) -> None:
    """The menus, dictionaries and parameters of this release into the database, the operator's edits kept
    (seed.sync); then the caches other processes hold of them are dropped."""
    from plantdesk.core import generations, permissions, system_log
    from plantdesk.core.cache import create_cache
    from plantdesk.modules.system.dict.service import GENERATION as DICTS
    from plantdesk.seed.seeder import run_on
    from plantdesk.seed.sync import sync

    report = await run_on(engine, sync)
    for line in report.lines():
        typer.echo(line)
    if report.changed:
        system_log.record("info", "migrate", "seed_sync", "种子数据已同步: " + "; ".join(report.lines())[:3000])
    if report.changed and settings.redis_url:
        cache = create_cache(settings.redis_url)
        try:
            await generations.bump(cache, permissions.GENERATION, DICTS)
        finally:
            await cache.close()


async def _job_tables(settings: Settings) -> None:
    """The queue engine's own tables, which it creates and upgrades itself (docs/decisions.md)."""
    from plantdesk.core.jobs import apply_queue_schema

    await apply_queue_schema(settings.resolved_database_url)


def _revision(connection) -> str | None:
    """The database's Alembic revision (None: not migrated yet)."""
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def _upgrade(connection, settings: Settings) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config(str(Path(__file__).resolve().parent.parent / "alembic.ini"))
    config.set_main_option("script_location", str(Path(__file__).resolve().parent / "db" / "migrations"))
    config.attributes["database_url"] = settings.resolved_database_url
    config.attributes["settings"] = settings  # a revision that seals a secret needs the server's signing key
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def _seed(settings: Settings) -> bool:
    from plantdesk.seed.seeder import run_with_session, seed_database

    return await run_with_session(settings, seed_database)
