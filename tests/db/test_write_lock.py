"""SQLite's one writer: a busy error names the write that holds the lock, and a long-held write is logged."""

import asyncio
import logging
import re

import pytest
from sqlalchemy.exc import OperationalError

from plantdesk.db import write_lock
from plantdesk.db.session import create_engine


@pytest.fixture
async def engine(tmp_path):
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'lock.db'}")
    async with engine.begin() as connection:
        await connection.exec_driver_sql("CREATE TABLE reading (value INTEGER)")
    yield engine
    await engine.dispose()


async def test_a_busy_error_names_the_open_write(engine, caplog):
    async with engine.connect() as holder, engine.connect() as waiter:
        await holder.exec_driver_sql("INSERT INTO reading VALUES (1)")
        await waiter.exec_driver_sql("PRAGMA busy_timeout=50")
        with caplog.at_level(logging.WARNING, "plantdesk.db"), pytest.raises(OperationalError, match="locked"):
            await waiter.exec_driver_sql("INSERT INTO reading VALUES (2)")
        await holder.rollback()
        await waiter.rollback()
    assert re.search(r"SQLite database is locked; open writes: \d+\.\d s by task '[^']+': "
                     r"INSERT INTO reading VALUES \(1\)$", caplog.text, re.M)
    assert not [w for w in write_lock.holders() if "reading" in w.statement]  # others' apps share the process


async def test_a_write_held_long_is_logged_when_it_ends(engine, caplog, monkeypatch):
    monkeypatch.setattr(write_lock, "HELD_SECONDS", 0.0)
    with caplog.at_level(logging.WARNING, "plantdesk.db"):
        async with engine.begin() as connection:
            await connection.exec_driver_sql("SELECT count(*) FROM reading")
        assert "FROM reading" not in caplog.text  # a read holds no write lock
        async with engine.begin() as connection:
            await connection.exec_driver_sql("UPDATE reading SET value = 3")
    assert re.search(r"SQLite write lock held \d+\.\d s by task '[^']+': UPDATE reading SET value = 3$", caplog.text,
                     re.M)


async def test_a_write_cancelled_mid_statement_leaves_no_lock(engine):
    """A task cancelled while its statement runs (a service stopping mid-write): the connection is rolled back and
    kept, not closed with the statement open, which held the write lock until the statement was collected."""
    slow = ("INSERT INTO reading SELECT max(x) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
            "WHERE x < 2000000) SELECT x FROM c) RETURNING value")

    async def write() -> None:
        async with engine.connect() as connection:
            await connection.exec_driver_sql(slow)
            await asyncio.sleep(10)

    task = asyncio.create_task(write())
    await asyncio.sleep(0.2)  # the statement under way on the connection's thread
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with engine.begin() as other:
        await other.exec_driver_sql("PRAGMA busy_timeout=3000")
        await other.exec_driver_sql("INSERT INTO reading VALUES (4)")
    assert not [w for w in write_lock.holders() if "reading" in w.statement]  # others' apps share the process
