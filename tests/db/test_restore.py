"""docs/operations.md's restore, tested (PostgreSQL only: SQLite's backup is a file copy): a database migrated and
seeded the way `serve` prepares one is dumped with `pg_dump -Fc`, restored with `pg_restore` into a fresh
database, and the app started on the restored one is ready (schema at the newest migration) and lets the
administrator log in."""

import asyncio
import os
import shutil
import subprocess
import uuid

import httpx
import pytest
from sqlalchemy.engine import make_url

from plantdesk.app import create_app
from plantdesk.cli import _prepare
from plantdesk.config import Settings
from tests.helpers import login, served

PG_URL = os.environ.get("PLANTDESK_TEST_DATABASE_URL", "")
pytestmark = pytest.mark.skipif(not PG_URL or not shutil.which("pg_dump"),
                                reason="the restore is PostgreSQL's (pg_dump, pg_restore)")


def _libpq(url: str) -> tuple[list[str], dict[str, str]]:
    """The connection options of the client tools for a SQLAlchemy URL (the password in the environment)."""
    parsed = make_url(url)
    env = {**os.environ, **({"PGPASSWORD": parsed.password} if parsed.password else {})}
    return ["-h", parsed.host or "127.0.0.1", "-p", str(parsed.port or 5432), "-U", parsed.username or "postgres"], env


def _run(*command: str, env: dict[str, str]) -> None:
    subprocess.run(command, check=True, env=env, capture_output=True, timeout=300)


async def test_a_dump_restored_into_a_fresh_database_serves_and_logs_in(tmp_path):
    options, env = _libpq(PG_URL)
    tag = uuid.uuid4().hex[:8]
    source_db, restored_db = f"{make_url(PG_URL).database}_src_{tag}", f"{make_url(PG_URL).database}_rst_{tag}"
    dump = tmp_path / "plantdesk.dump"
    _run("createdb", *options, source_db, env=env)
    _run("createdb", *options, restored_db, env=env)
    try:
        url = make_url(PG_URL)
        source = Settings(data_dir=tmp_path / "data", database_url=url.set(database=source_db).render_as_string(False),
                          redis_url="", jwt_secret="restore-" + uuid.uuid4().hex)
        assert await _prepare(source, seed=True)  # migrated and seeded, as `serve` prepares a new site
        # The backup and the restore of docs/operations.md, as written there.
        await asyncio.to_thread(_run, "pg_dump", *options, "-Fc", "-f", str(dump), source_db, env=env)
        await asyncio.to_thread(_run, "pg_restore", *options, "--no-owner", "-d", restored_db, str(dump), env=env)

        restored = Settings(**{**source.model_dump(),
                               "database_url": url.set(database=restored_db).render_as_string(False)})
        app = create_app(restored)
        async with served(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
                ready = await http.get("/readyz")
                assert ready.status_code == 200, ready.text
                assert ready.json()["checks"]["migrations"] == "ok"
                admin = await login(http, "admin", "admin", "000000")
                users = await admin.data("GET", "/api/blade-user/page", current=1, size=5)
                assert users["total"] >= 1
    finally:
        for database in (source_db, restored_db):
            subprocess.run(["dropdb", *options, "--if-exists", "--force", database], env=env, capture_output=True,
                           timeout=120)
