"""PlantDesk HTTP benchmarks: a seeded server on a throwaway data dir, loaded with wrk, figures to Markdown.

    uv run python bench/run.py [--db sqlite|postgres|both] [--seconds 15] [--users 10000] [--profile]

For each database: migrate and seed a fresh database, bulk-insert N users into tenant 000000 (one shared
password hash), time `python -m plantdesk serve --workers 1` until it answers, then serve `bench.asgi:app`
(the product app plus GET /api/bench/ping) with the same uvicorn options as `serve`, and measure:

  user page     GET /api/blade-user/page, varying account/realName filters and pages, 32 connections
  menu routes   GET /api/blade-system/menu/routes as admin, 32 connections
  ping          GET /api/bench/ping (bare JSON on the same stack): the ratio baseline, 32 connections
  login         POST /api/blade-auth/oauth/token, 1 connection (p50)
  storm         user page at 32 connections while 16 connections log in
  ready         spawn of `serve` to the first answer, on the seeded database (median of 3)
  rss           resident memory of the worker after the runs

Everything listens on 127.0.0.1 only. The load generator is wrk (Debian package `wrk`) with bench/wrk/paths.lua.
"""

import argparse
import asyncio
import base64
import hashlib
import os
import platform
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
LUA = ROOT / "bench" / "wrk" / "paths.lua"
CLIENT = "Basic " + base64.b64encode(b"plantdesk:plantdesk_secret").decode()
PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/bench_pd"
FIRST_PAGE = "/api/blade-user/page?current=1&size=10"  # the user list as the admin opens it
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华"

BUDGETS = {  # metric -> (budget, "min" | "max")
    "user page req/s": (800, "min"),
    "user page repeated req/s": (3000, "min"),
    "user page p99 ms": (150, "max"),
    "menu routes req/s": (1500, "min"),
    "login p50 ms": (150, "max"),
    "user page p99 during login storm ms": (250, "max"),
    "serve ready s": (3, "max"),
    "worker RSS MB": (200, "max"),
}


@dataclass
class WrkResult:
    requests: int = 0
    rps: float = 0.0
    p50: float = 0.0
    p90: float = 0.0
    p99: float = 0.0
    non_2xx: int = 0
    errors: str = ""


@dataclass
class Report:
    database: str
    figures: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    raw: dict[str, WrkResult] = field(default_factory=dict)
    profiles: dict[str, str] = field(default_factory=dict)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL", PG_URL))
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--profile", action="store_true", help="py-spy the user page load (needs py-spy)")
    parser.add_argument("--no-ready", action="store_true", help="skip the serve-ready timing (a loaded machine)")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--quick", action="store_true",
                        help="only the read loads (user page, repeated page, 304, menu routes, ping): no serve ready "
                             "time, logins or storm, for before/after runs of a read path")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk not found: apt-get install -y wrk")
    reports = []
    for database in (("sqlite", "postgres") if args.db == "both" else (args.db,)):
        reports.append(run_one(database, args))
    out = args.out or ROOT / "bench" / "results" / f"{datetime.now():%Y-%m-%d}.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(reports, args))
    print(out.read_text())
    print(f"written to {out}")


def run_one(database: str, args) -> Report:
    report = Report(database)
    data_dir = Path(tempfile.mkdtemp(prefix=f"plantdesk-bench-{database}-"))
    url = ""
    if database == "postgres":
        url = args.pg_url
        recreate_pg_database(url)
    env = {**os.environ, "PLANTDESK_DATA_DIR": str(data_dir), "PLANTDESK_DATABASE_URL": url,
           "PLANTDESK_REDIS_URL": "", "PLANTDESK_JWT_SECRET": "bench-" + os.urandom(16).hex(),
           "PLANTDESK_WEB_DIST": str(data_dir / "no-web"), "PYTHONPATH": str(ROOT)}
    try:
        step(f"[{database}] migrate + seed")
        subprocess.run([sys.executable, "-m", "plantdesk", "migrate"], env=env, cwd=ROOT, check=True,
                       capture_output=True)
        subprocess.run([sys.executable, "-m", "plantdesk", "seed"], env=env, cwd=ROOT, check=True, capture_output=True)
        step(f"[{database}] bulk insert {args.users} users")
        started = time.perf_counter()
        asyncio.run(insert_users(url or f"sqlite+aiosqlite:///{data_dir / 'plantdesk.db'}", args.users))
        report.notes.append(f"{args.users} users inserted in {time.perf_counter() - started:.1f} s")

        if not (args.quick or args.no_ready):
            step(f"[{database}] serve ready time")
            readies = [serve_ready_seconds(env) for _ in range(3)]
            report.figures["serve ready s"] = statistics.median(readies)
            report.notes.append("serve ready runs: " + ", ".join(f"{r:.2f} s" for r in readies))

        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "bench.asgi:app", "--host", "127.0.0.1", "--port", str(port),
             "--loop", "uvloop", "--http", "httptools", "--log-level", "warning", "--no-access-log"],
            env=env, cwd=ROOT)
        try:
            wait_ready(base, timeout=180)  # a loaded machine starts slowly; the ready time is measured above
            measure(report, base, server.pid, args, data_dir)
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    return report


def measure(report: Report, base: str, pid: int, args, data_dir: Path) -> None:
    report.notes.append("load average before the runs: " + " ".join(Path("/proc/loadavg").read_text().split()[:3]))
    token = login(base)
    page_paths = user_page_paths(args.users)
    check(base, page_paths[0], token, "records")
    check(base, "/api/blade-system/menu/routes", token, None)
    check(base, "/api/bench/ping", token, "pong")
    seconds = args.seconds

    step(f"[{report.database}] warm-up")
    wrk(base, page_paths, data_dir, conns=32, seconds=3, token=token)

    step(f"[{report.database}] user page, 32 connections")
    profile = start_profile(pid, seconds, data_dir) if args.profile else None
    cpu = cpu_seconds(pid)
    page = report.raw["user page"] = wrk(base, page_paths, data_dir, conns=32, seconds=seconds, token=token)
    report.figures["user page CPU ms/request"] = (cpu_seconds(pid) - cpu) * 1000 / max(page.requests, 1)
    if profile is not None:
        report.profiles["user page"] = finish_profile(profile)
    report.figures["user page req/s"] = page.rps
    report.figures["user page p50 ms"] = page.p50
    report.figures["user page p99 ms"] = page.p99

    step(f"[{report.database}] the admin's first user page, repeated, 32 connections")
    cpu = cpu_seconds(pid)
    repeated = report.raw["user page repeated"] = wrk(base, [FIRST_PAGE], data_dir, conns=32, seconds=seconds,
                                                      token=token)
    report.figures["user page repeated CPU ms/request"] = (cpu_seconds(pid) - cpu) * 1000 / max(repeated.requests, 1)
    report.figures["user page repeated req/s"] = repeated.rps
    report.figures["user page repeated p99 ms"] = repeated.p99
    etag = entity_tag(base, FIRST_PAGE, token)
    if etag:
        step(f"[{report.database}] the same page with If-None-Match (304), 32 connections")
        unchanged = report.raw["user page 304"] = wrk(base, [FIRST_PAGE], data_dir, conns=32, seconds=seconds,
                                                      token=token, etag=etag)
        report.figures["user page 304 req/s"] = unchanged.rps
        report.figures["user page 304 p99 ms"] = unchanged.p99

    step(f"[{report.database}] menu routes, 32 connections")
    profile = start_profile(pid, seconds, data_dir, "menu") if args.profile else None
    menu = report.raw["menu routes"] = wrk(base, ["/api/blade-system/menu/routes"], data_dir, conns=32,
                                          seconds=seconds, token=token)
    if profile is not None:
        report.profiles["menu routes"] = finish_profile(profile)
    report.figures["menu routes req/s"] = menu.rps
    report.figures["menu routes p99 ms"] = menu.p99

    step(f"[{report.database}] ping, 32 connections")
    cpu = cpu_seconds(pid)
    ping = report.raw["ping"] = wrk(base, ["/api/bench/ping"], data_dir, conns=32, seconds=seconds, token=token)
    report.figures["ping CPU ms/request"] = (cpu_seconds(pid) - cpu) * 1000 / max(ping.requests, 1)
    report.figures["ping req/s"] = ping.rps
    report.figures["user page / ping"] = page.rps / ping.rps if ping.rps else 0
    report.figures["menu routes / ping"] = menu.rps / ping.rps if ping.rps else 0
    if not args.quick:
        measure_logins(report, base, page_paths, data_dir, token, seconds)
    report.figures["worker RSS MB"] = rss_mb(pid)
    for name, result in report.raw.items():
        if name == "user page 304":
            continue  # every answer is a 304, which wrk counts as non-2xx
        if result.non_2xx or result.errors:
            report.notes.append(f"{name}: {result.non_2xx} non-2xx responses; socket errors: {result.errors or 'none'}")


def measure_logins(report: Report, base: str, page_paths: list[str], data_dir: Path, token: str,
                   seconds: int) -> None:
    step(f"[{report.database}] login, 1 connection")
    login_paths = [login_path()]
    single = report.raw["login"] = wrk(base, login_paths, data_dir, conns=1, seconds=min(seconds, 10), method="POST")
    report.figures["login p50 ms"] = single.p50
    report.figures["login req/s (1 conn)"] = single.rps

    step(f"[{report.database}] user page during a 16-connection login storm")
    storm = wrk_start(base, login_paths, data_dir, conns=16, seconds=seconds + 2, method="POST", name="storm")
    time.sleep(1)
    during = report.raw["user page during storm"] = wrk(base, page_paths, data_dir, conns=32, seconds=seconds,
                                                        token=token)
    storm_result = report.raw["login storm"] = wrk_finish(storm)
    report.figures["user page p99 during login storm ms"] = during.p99
    report.figures["user page req/s during login storm"] = during.rps
    report.figures["logins/s in the storm"] = storm_result.rps


# --- database preparation ------------------------------------------------------------------------------------

def recreate_pg_database(url: str) -> None:
    match = re.match(r"postgresql\+asyncpg://(?P<user>[^@/]+)@(?P<host>[^:/]+):(?P<port>\d+)/(?P<db>\w+)$", url)
    if match is None:
        sys.exit(f"--pg-url must look like {PG_URL}")
    if match["db"] in ("test", "postgres"):
        sys.exit(f"refusing to drop database {match['db']!r}")
    psql = ["psql", "-h", match["host"], "-p", match["port"], "-U", match["user"], "-v", "ON_ERROR_STOP=1", "-c"]
    subprocess.run([*psql, f"DROP DATABASE IF EXISTS {match['db']}"], check=True, capture_output=True)
    subprocess.run([*psql, f"CREATE DATABASE {match['db']}"], check=True, capture_output=True)


async def insert_users(url: str, count: int) -> None:
    """Core bulk insert into tenant 000000 (a platform path: no request scope), one shared password hash."""
    from sqlalchemy import insert, select

    from plantdesk.core import tenancy
    from plantdesk.core.ids import next_id
    from plantdesk.core.security.passwords import hash_password, md5_hex
    from plantdesk.db.session import create_engine, session_factory
    from plantdesk.modules.system.models import SEARCH, Dept, Role, User

    engine = create_engine(url)
    try:
        async with session_factory(engine)() as db:
            tenancy.bind(db, tenancy.PLATFORM)  # fail-closed tenancy: an unbound session sees and writes nothing
            role_id = await db.scalar(select(Role.id).where(Role.tenant_id == "000000", Role.role_alias == "user"))
            dept_id = await db.scalar(select(Dept.id).where(Dept.tenant_id == "000000").order_by(Dept.id))
            password = await hash_password(md5_hex("bench123"))
            now = datetime.now().replace(microsecond=0)
            rng = random.Random(42)
            rows = []
            for i in range(count):
                real_name = rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(GIVEN)
                rows.append({"id": next_id(), "tenant_id": "000000", "account": f"bench{i:05d}", "password": password,
                             "name": real_name, "real_name": real_name, "phone": f"139{i:08d}",
                             "email": f"bench{i:05d}@example.com", "sex": 1 + i % 2, "user_type": 1,
                             "role_id": str(role_id), "dept_id": str(dept_id), "status": 1, "is_deleted": 0,
                             "need_reset": 0, "is_leader": 0, "create_time": now, "update_time": now})
            for start in range(0, count, 1000):
                await db.execute(insert(User), rows[start:start + 1000])
            await SEARCH.rebuild(db)  # a Core bulk insert bypasses the ORM flush that keeps the gram index
            await db.commit()
        async with engine.connect() as connection:  # planner statistics, as an hour of autovacuum would leave them
            await connection.execution_options(isolation_level="AUTOCOMMIT")
            await connection.exec_driver_sql("ANALYZE")
    finally:
        await engine.dispose()


def user_page_paths(users: int) -> list[str]:
    """Varied filters and pages so that no cache helps: account prefixes, exact accounts, surnames, names."""
    rng = random.Random(7)
    paths = []
    for _ in range(3000):
        kind = rng.randrange(4)
        if kind == 0:
            query, pages = f"account=bench{rng.randrange(10)}", 100
        elif kind == 1:
            query, pages = f"account=bench{rng.randrange(users):05d}", 1
        elif kind == 2:
            query, pages = f"realName={rng.choice(SURNAMES)}", 50
        else:
            query, pages = f"realName={rng.choice(GIVEN)}{rng.choice(GIVEN)}", 3
        paths.append(str(httpx.URL("/api/blade-user/page", params={"current": rng.randint(1, pages), "size": 10}))
                     + "&" + str(httpx.QueryParams(query)))
    return paths


def entity_tag(base: str, path: str, token: str) -> str:
    """The ETag the path answers with (empty when the server sends none)."""
    headers = {"Authorization": CLIENT, "Tenant-Id": "000000", "Blade-Auth": f"bearer {token}"}
    return httpx.get(base + path, headers=headers, timeout=10).headers.get("etag", "")


def login_path() -> str:
    params = {"tenantId": "000000", "username": "admin", "password": hashlib.md5(b"admin").hexdigest(),
              "grant_type": "password", "scope": "all", "type": "account"}
    return str(httpx.URL("/api/blade-auth/oauth/token", params=params))


# --- server control ------------------------------------------------------------------------------------------

def serve_ready_seconds(env: dict) -> float:
    port = free_port()
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "plantdesk", "serve", "--workers", "1", "--host", "127.0.0.1",
                                "--port", str(port)], env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
    try:
        wait_ready(f"http://127.0.0.1:{port}", timeout=60)
        return time.perf_counter() - started
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def wait_ready(base: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/blade-system/param/sys/config", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.02)
    raise RuntimeError(f"{base} not ready after {timeout} s")


def login(base: str) -> str:
    response = httpx.post(base + login_path(), headers={"Authorization": CLIENT, "Tenant-Id": "000000"}, timeout=10)
    response.raise_for_status()
    return response.json()["access_token"]


def check(base: str, path: str, token: str, expect: str | None) -> None:
    headers = {"Authorization": CLIENT, "Tenant-Id": "000000", "Blade-Auth": f"bearer {token}"}
    response = httpx.get(base + path, headers=headers, timeout=10)
    body = response.json()
    if response.status_code != 200 or not body.get("success") or (expect and expect not in response.text):
        raise RuntimeError(f"{path} does not answer as expected: {response.status_code} {response.text[:300]}")


def free_port() -> int:
    if os.environ.get("BENCH_PORT"):  # a port range of one's own on a shared machine
        return int(os.environ["BENCH_PORT"])
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of the worker (all its threads, the SQLite ones included): per request, a figure
    that other load on the machine changes less than throughput."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


# --- wrk -----------------------------------------------------------------------------------------------------

def wrk(base, paths, data_dir, **kwargs) -> WrkResult:
    return wrk_finish(wrk_start(base, paths, data_dir, **kwargs))


def wrk_start(base: str, paths: list[str], data_dir: Path, *, conns: int, seconds: int, token: str = "",
              method: str = "GET", name: str = "load", etag: str = "", unique: bool = False):
    paths_file = data_dir / f"paths-{name}-{conns}.txt"
    paths_file.write_text("\n".join(paths) + "\n")
    env = {**os.environ, "BENCH_PATHS": str(paths_file), "BENCH_TOKEN": token, "BENCH_CLIENT": CLIENT,
           "BENCH_METHOD": method, "BENCH_TENANT": "000000", "BENCH_IF_NONE_MATCH": etag,
           "BENCH_UNIQUE": uuid.uuid4().hex[:8] if unique else ""}
    threads = 1 if conns < 16 else 2
    command = ["wrk", f"-t{threads}", f"-c{conns}", f"-d{seconds}s", "--timeout", "10s", "--latency", "-s", str(LUA),
               base]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def wrk_finish(process) -> WrkResult:
    output, _ = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"wrk failed: {output}")
    return parse_wrk(output)


def parse_wrk(output: str) -> WrkResult:
    result = WrkResult()
    for percent, attribute in (("50", "p50"), ("90", "p90"), ("99", "p99")):
        match = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M)
        if match:
            setattr(result, attribute, float(match[1]) * {"us": 0.001, "ms": 1, "s": 1000}[match[2]])
    if match := re.search(r"Requests/sec:\s+([\d.]+)", output):
        result.rps = float(match[1])
    if match := re.search(r"(\d+) requests in", output):
        result.requests = int(match[1])
    if match := re.search(r"Non-2xx or 3xx responses: (\d+)", output):
        result.non_2xx = int(match[1])
    if match := re.search(r"Socket errors: (.*)", output):
        result.errors = match[1].strip()
    return result


# --- profiling -----------------------------------------------------------------------------------------------

def start_profile(pid: int, seconds: int, data_dir: Path, name: str = "page"):
    py_spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    out = data_dir / f"profile-{name}.txt"
    process = subprocess.Popen([py_spy, "record", "-p", str(pid), "-d", str(seconds), "-r", "200", "-f", "raw",
                                "-o", str(out), "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return process, out


def finish_profile(profile) -> str:
    process, out = profile
    process.wait(timeout=120)
    if not out.exists():
        return "(py-spy produced no profile)"
    return summarise_profile(out.read_text())


def summarise_profile(collapsed: str, top: int = 15) -> str:
    """Self time by frame and inclusive time by PlantDesk frame, from py-spy's collapsed stacks."""
    own: dict[str, int] = {}
    inclusive: dict[str, int] = {}
    total = 0
    for line in collapsed.splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        total += count
        frames = stack.split(";")
        own[frames[-1]] = own.get(frames[-1], 0) + count
        for frame in set(frames):
            if "plantdesk/" in frame and "/.venv/" not in frame:
                inclusive[frame] = inclusive.get(frame, 0) + count
    lines = [f"samples: {total}", "", "self time (top frames):"]
    lines += [f"  {100 * n / total:5.1f}%  {frame}" for frame, n in sorted(own.items(), key=lambda kv: -kv[1])[:top]]
    lines += ["", "inclusive time in PlantDesk code:"]
    lines += [f"  {100 * n / total:5.1f}%  {frame}"
              for frame, n in sorted(inclusive.items(), key=lambda kv: -kv[1])[:top]]
    return "\n".join(lines)


# --- report --------------------------------------------------------------------------------------------------

def render(reports: list[Report], args) -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    wrk_version = subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout.splitlines()[0:1]
    lines = [
        f"# PlantDesk benchmark, {datetime.now():%Y-%m-%d %H:%M}",
        "",
        f"Command: `uv run python bench/run.py --db {args.db} --users {args.users} --seconds {args.seconds}"
        + (" --profile" if args.profile else "") + (" --quick`" if args.quick else "`"),
        f"Machine: {os.cpu_count()} CPU ({cpu}), Python {platform.python_version()}, "
        f"{' '.join(wrk_version) or 'wrk'}; server, database and wrk share the machine.",
        f"Load average when the report was written: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}.",
        "Server: `uvicorn bench.asgi:app --loop uvloop --http httptools` (1 worker, the options of `serve`);",
        "ready time: `python -m plantdesk serve --workers 1` on the seeded database.",
        "",
    ]
    names = list(dict.fromkeys(name for report in reports for name in report.figures))
    header = "| metric | " + " | ".join(r.database for r in reports) + " | budget |"
    lines += [header, "|" + "---|" * (len(reports) + 2)]
    for name in names:
        cells = []
        for report in reports:
            value = report.figures.get(name)
            cells.append("" if value is None else f"{value:,.2f}{verdict(name, value)}")
        budget = BUDGETS.get(name)
        budget_text = "" if budget is None else f"{'≥' if budget[1] == 'min' else '≤'} {budget[0]:,}"
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {budget_text} |")
    for report in reports:
        lines += ["", f"## {report.database}", ""]
        lines += [f"- {note}" for note in report.notes]
        for name, result in report.raw.items():
            lines.append(f"- wrk {name}: {result.requests} requests, {result.rps:,.1f} req/s, p50 {result.p50:.2f} ms, "
                         f"p90 {result.p90:.2f} ms, p99 {result.p99:.2f} ms")
        for name, profile in report.profiles.items():
            lines += ["", f"Profile of the {name} load (py-spy):", "", "```", profile, "```"]
    return "\n".join(lines) + "\n"


def verdict(name: str, value: float) -> str:
    budget = BUDGETS.get(name)
    if budget is None:
        return ""
    limit, kind = budget
    return " ✅" if (value >= limit if kind == "min" else value <= limit) else " ❌ miss"


def step(message: str) -> None:
    print(f"{datetime.now():%H:%M:%S} {message}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
