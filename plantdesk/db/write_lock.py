"""Who holds SQLite's write lock. SQLite has one writer at a time: a transaction that has written holds the lock
until it ends, and every other writer waits up to the busy timeout, then fails with "database is locked". That
error names neither the holder nor how long it has held the lock, so each connection's open write is noted here
(a statement that ran: a write that failed holds nothing): a busy error names the writes open at that moment, and
a write held past `HELD_SECONDS` is logged when it ends. `take` takes the lock before an in-process lock is taken."""

import asyncio
import logging
import time
from dataclasses import dataclass

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlalchemy.ext.asyncio import AsyncSession

log = logging.getLogger("plantdesk.db")
HELD_SECONDS = 5.0
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "ANALYZE")


@dataclass(frozen=True)
class Write:
    since: float
    statement: str
    task: str

    def __str__(self) -> str:
        return f"{time.monotonic() - self.since:.1f} s by task {self.task!r}: {self.statement}"


_open: dict[int, Write] = {}  # id of the DBAPI connection -> its transaction's first write


def watch(engine: Engine) -> None:
    event.listen(engine, "after_cursor_execute", _noted)
    for name in ("commit", "rollback"):
        event.listen(engine, name, _connection_ended)
    for name in ("reset", "invalidate", "close"):
        event.listen(engine.pool, name, _pool_ended)


def holders() -> list[Write]:
    """The writes open now, the oldest first."""
    return sorted(_open.values(), key=lambda write: write.since)


def _noted(connection, _cursor, statement: str, _parameters, _context, _executemany) -> None:
    key = id(connection.connection.dbapi_connection)
    if key not in _open and statement.lstrip()[:7].upper().startswith(WRITES):
        task = asyncio.current_task() if _loop_running() else None
        _open[key] = Write(time.monotonic(), " ".join(statement.split())[:160], task.get_name() if task else "-")


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _connection_ended(connection) -> None:
    if not connection.invalidated:  # an invalidated one is ended by the pool's event (reading it would reconnect)
        _ended(id(connection.connection.dbapi_connection))


def _pool_ended(dbapi_connection, *_args) -> None:
    _ended(id(dbapi_connection))


def _ended(key: int) -> None:
    write = _open.pop(key, None)
    if write is not None and time.monotonic() - write.since > HELD_SECONDS:
        log.warning("SQLite write lock held %s", write)


async def take(db: AsyncSession) -> None:
    """Take SQLite's write lock for `db`'s transaction now (a write that changes nothing), before an in-process lock
    is taken: a task that holds an asyncio lock and then waits for the write lock, and one that wrote and then waits
    for the asyncio lock, wait on each other until the busy timeout. Nothing on PostgreSQL (its locks are per row)."""
    assert db.bind is not None
    if db.bind.dialect.name == "sqlite":
        await db.execute(text("UPDATE plantdesk_lease SET name = name WHERE 0 = 1"))
