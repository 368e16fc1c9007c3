"""Issue 16.2-16.4: outages answer 503 with Retry-After, an unexpected error keeps the connection, and a SQLite
connection that met a read-only database is recycled. Each fault is real: a database that cannot be opened
or connected to, a real server on loopback, a real SQLite file."""

import asyncio
import socket
from contextlib import asynccontextmanager

import httpx
import pytest
import uvicorn
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from plantdesk.app import RETRY_AFTER, UNAVAILABLE, create_app
from plantdesk.config import Settings
from plantdesk.db.session import create_engine, is_outage
from tests.helpers import served, token


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@asynccontextmanager
async def client_of(settings, **changes):
    # Built afresh: a copy would keep the session settings' resolved database URL.
    application = create_app(Settings(**{**settings.model_dump(), **changes}))
    async with served(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            yield http


@pytest.mark.parametrize("url", [
    pytest.param("sqlite+aiosqlite:////nonexistent-dir/plantdesk.db", id="sqlite-cannot-open"),
    pytest.param(f"postgresql+asyncpg://postgres@127.0.0.1:{free_port()}/plantdesk", id="postgresql-refused"),
])
async def test_an_unreachable_database_answers_503_with_retry_after(settings, url):
    async with client_of(settings, database_url=url) as http:
        response = await token(http, "admin", "admin", "000000")
    assert response.status_code == 503
    assert response.headers["retry-after"] == str(RETRY_AFTER)
    assert response.json() == {"code": 503, "success": False, "data": None, "msg": UNAVAILABLE}


async def _sqlite_error(tmp_path, *statements: str) -> DBAPIError:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path}/faults.db", pool_size=1)
    try:
        async with engine.begin() as connection:
            await connection.execute(text("CREATE TABLE IF NOT EXISTS t (x TEXT)"))
        with pytest.raises(DBAPIError) as raised:
            async with engine.connect() as connection:
                for statement in statements:
                    await connection.exec_driver_sql(statement)
        return raised.value
    finally:
        await engine.dispose()


@pytest.mark.parametrize(("statements", "outage"), [
    (("PRAGMA query_only=1", "INSERT INTO t VALUES ('x')"), True),  # attempt to write a readonly database
    (("PRAGMA max_page_count=1", "INSERT INTO t SELECT printf('%.5000c', 'x')"), True),  # database or disk is full
    (("SELEKT 1",), False),  # a bug: syntax error
    (("SELECT * FROM missing",), False),  # a bug: no such table
])
async def test_outage_or_bug_on_real_sqlite_errors(tmp_path, statements, outage):
    assert is_outage(await _sqlite_error(tmp_path, *statements)) is outage


async def test_a_readonly_sqlite_connection_is_recycled(tmp_path):
    """A pooled connection that met a read-only database (here made so with query_only, as a connection opened
    while the directory was read-only is) is replaced: the next write succeeds."""
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path}/readonly.db", pool_size=1)
    async with engine.begin() as connection:
        await connection.execute(text("CREATE TABLE t (x INTEGER)"))
    async with engine.connect() as connection:
        await connection.exec_driver_sql("PRAGMA query_only=1")
    with pytest.raises(DBAPIError, match="readonly database"):
        async with engine.begin() as connection:
            await connection.execute(text("INSERT INTO t VALUES (1)"))
    async with engine.begin() as connection:
        await connection.execute(text("INSERT INTO t VALUES (2)"))
        assert (await connection.execute(text("SELECT x FROM t"))).scalars().all() == [2]
    await engine.dispose()


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:] if line)
    return int(lines[0].split()[1]), await reader.readexactly(int(headers["content-length"]))


async def test_an_unexpected_error_keeps_the_connection(settings):
    application = create_app(settings)

    async def boom():
        raise RuntimeError("forced")

    application.add_api_route("/api/test/boom", boom)
    application.router.routes.insert(0, application.router.routes.pop())
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(application, host="127.0.0.1", port=port, log_level="critical"))
    serving = asyncio.create_task(server.serve())
    try:
        while not server.started:
            await asyncio.sleep(0.01)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        answers = []
        for path in ("/api/test/boom", "/api/missing"):
            writer.write(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n".encode())
            await writer.drain()
            answers.append((await asyncio.wait_for(_read_response(reader), 5))[0])
        writer.close()
        assert answers == [500, 404]
    finally:
        server.should_exit = True
        await serving
