"""Issue 24.9: the audit rows of an outage wait for the database instead of being dropped; beyond the cap the
oldest are dropped, counted in the process log and, once the database is back, in a usual-log row; retries back
off (docs/decisions.md "Audit outage").

The outage is real and on the session's backend: SQLite, a file another connection holds an exclusive lock on;
PostgreSQL, the test database reached through a TCP relay on loopback that is closed and opened again."""

import asyncio
import contextlib
import logging
import sqlite3
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

import pytest
from sqlalchemy import select
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine

from plantdesk.core.audit import AuditWriter
from plantdesk.core.audit_models import ApiLog, ErrorLog, UsualLog
from plantdesk.db.session import create_engine, session_factory
from tests.helpers import platform_session

UNAVAILABLE = "audit database unavailable"


@dataclass
class Outage:
    sessions: async_sessionmaker[AsyncSession]
    down: Callable[[], Awaitable[None]]
    up: Callable[[], Awaitable[None]]


@asynccontextmanager
async def _sqlite_outage(path) -> AsyncIterator[Outage]:
    # A short busy timeout: the writer meets the lock at once instead of after the app's 30 s.
    engine = create_async_engine(f"sqlite+aiosqlite:///{path}", connect_args={"timeout": 0.05})
    async with engine.begin() as connection:
        await connection.run_sync(lambda sync: ApiLog.metadata.create_all(
            sync, tables=[ApiLog.__table__, ErrorLog.__table__, UsualLog.__table__]))
    holder = sqlite3.connect(path, isolation_level=None)

    async def down() -> None:
        holder.execute("BEGIN EXCLUSIVE")

    async def up() -> None:
        holder.execute("ROLLBACK")

    try:
        yield Outage(session_factory(engine), down, up)
    finally:
        holder.close()
        await engine.dispose()


@asynccontextmanager
async def _postgresql_outage(url: str) -> AsyncIterator[Outage]:
    target = make_url(url)
    pipes: set[asyncio.StreamWriter] = set()

    async def relay(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        server_reader, server_writer = await asyncio.open_connection(target.host, target.port or 5432)
        pipes.update((client_writer, server_writer))

        async def pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError):
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            writer.close()

        await asyncio.gather(pump(client_reader, server_writer), pump(server_reader, client_writer))

    relay_server = await asyncio.start_server(relay, "127.0.0.1", 0)
    port = relay_server.sockets[0].getsockname()[1]
    servers = [relay_server]

    async def down() -> None:
        servers[0].close()
        for pipe in pipes:
            pipe.transport.abort()
        pipes.clear()
        await servers[0].wait_closed()

    async def up() -> None:
        servers[0] = await asyncio.start_server(relay, "127.0.0.1", port)

    engine = create_engine(target.set(host="127.0.0.1", port=port).render_as_string(hide_password=False),
                           pool_size=1)
    try:
        yield Outage(session_factory(engine), down, up)
    finally:
        await engine.dispose()
        servers[0].close()


@pytest.fixture
async def outage(app, settings, tmp_path) -> AsyncIterator[Outage]:
    """On PostgreSQL, the session's database (its tables made by `app`) through the relay."""
    url = settings.resolved_database_url
    backend = _sqlite_outage(tmp_path / "audit.db") if url.startswith("sqlite") else _postgresql_outage(url)
    async with backend as made:
        yield made


async def _titles(sessions, service: str) -> list[str]:
    async with platform_session(sessions) as session:
        stmt = select(ApiLog.title).where(ApiLog.service_id == service).order_by(ApiLog.title)
        return list((await session.execute(stmt)).scalars())


async def _dropped_notes(sessions, service: str) -> list[str]:
    async with platform_session(sessions) as session:
        stmt = select(UsualLog.log_data).where(UsualLog.service_id == service, UsualLog.log_id == "audit")
        return list((await session.execute(stmt)).scalars())


def _service() -> str:
    return "outage-" + uuid.uuid4().hex[:8]


async def test_rows_queued_during_an_outage_are_written_after_it(outage, caplog):
    service = _service()
    writer = AuditWriter(outage.sessions, service_id=service, flush_seconds=3600)
    writer.api(title="a-before", request_uri="/api/x", method="POST")  # a request that succeeded before
    await outage.down()
    writer.api(title="b-during", request_uri="/api/x", method="POST")
    with caplog.at_level(logging.WARNING, "plantdesk.audit"):
        await writer.flush()
    assert UNAVAILABLE in caplog.text
    writer.api(title="c-after", request_uri="/api/x", method="POST")
    await outage.up()
    await writer.flush()
    assert await _titles(outage.sessions, service) == ["a-before", "b-during", "c-after"]
    assert await _dropped_notes(outage.sessions, service) == []


async def test_the_cap_drops_the_oldest_and_reports_the_count(outage, caplog):
    service = _service()
    writer = AuditWriter(outage.sessions, service_id=service, flush_seconds=3600, max_rows=5)
    await outage.down()
    with caplog.at_level(logging.WARNING, "plantdesk.audit"):
        for n in range(6):
            writer.api(title=f"row-{n}", request_uri="/api/x", method="POST")
        assert "audit queue full (5 rows); dropping the oldest" in caplog.text
        await writer.flush()
        writer.api(title="row-6", request_uri="/api/x", method="POST")
        writer.api(title="row-7", request_uri="/api/x", method="POST")
        await writer.flush()
    assert "5 rows wait, 3 dropped (oldest first)" in caplog.text
    await outage.up()
    await writer.flush()
    assert await _titles(outage.sessions, service) == [f"row-{n}" for n in range(3, 8)]
    notes = await _dropped_notes(outage.sessions, service)
    assert notes == ["数据库不可用期间日志队列已满（上限 5 条），丢弃最早的 3 条日志"]


async def test_retries_back_off(outage, caplog):
    """With a flush every 20 ms, a second of outage without back-off would be tens of attempts (and a full
    batch, a flush per new row); doubling the wait makes it about six."""
    service = _service()
    writer = AuditWriter(outage.sessions, service_id=service, flush_seconds=0.02)
    await outage.down()
    writer.start()
    with caplog.at_level(logging.WARNING, "plantdesk.audit"):
        for n in range(600):
            writer.api(title=f"row-{n:03}", request_uri="/api/x", method="POST")
            if n % 50 == 0:
                await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        attempts = caplog.text.count(UNAVAILABLE)
        await outage.up()
        await writer.stop()
    assert 2 <= attempts <= 8
    assert len(await _titles(outage.sessions, service)) == 600
