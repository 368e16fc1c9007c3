"""Engine and the request's unit of work: one AsyncSession, committed on success, rolled back on error."""

import asyncio
import errno
import logging

from sqlalchemy import event
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from plantdesk.core.tenancy import ScopedSession
from plantdesk.db import write_lock

log = logging.getLogger("plantdesk.db")

# SQLite primary result codes (sqlite3.h) of a database that is there but cannot serve now: busy or locked,
# read-only, an I/O error, full, or a file that cannot be opened.
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN = 5, 6, 8, 10, 13, 14
SQLITE_OUTAGE = {SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN}
# A connection that met one of these stays broken after the directory or disk is fine again: a file opened
# while its directory was read-only stays read-only for the connection's life.
SQLITE_DEAD = {SQLITE_READONLY, SQLITE_IOERR}
# PostgreSQL SQLSTATE classes and codes meaning "not now": connection exception (08), insufficient resources
# (53: disk full, out of memory, too many connections), operator intervention (57P01-57P03: shutdown,
# crash, starting up), a read-only transaction (25006: a standby, or the server set read-only).
PG_OUTAGE_CLASSES = {"08", "53"}
PG_OUTAGE_STATES = {"57P01", "57P02", "57P03", "25006"}
OS_OUTAGE = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO}
ANALYSIS_LIMIT = 1000  # rows sampled per index by the start's ANALYZE


def is_outage(exc: BaseException) -> bool:
    """Whether `exc` says the database, the network or the disk cannot serve now (503, try again) rather than
    that the request or the code is wrong (500)."""
    if isinstance(exc, PoolTimeout | ConnectionError | TimeoutError):
        return True
    cause: BaseException | None = exc
    if isinstance(exc, DBAPIError):
        if exc.connection_invalidated:
            return True
        cause = exc.orig
    sqlstate = getattr(cause, "sqlstate", None) or ""
    return (_sqlite_code(cause) in SQLITE_OUTAGE or sqlstate[:2] in PG_OUTAGE_CLASSES or sqlstate in PG_OUTAGE_STATES
            or isinstance(cause, OSError) and cause.errno in OS_OUTAGE)


def _sqlite_code(exc: BaseException | None) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF  # extended codes carry the primary one in the low byte


def create_engine(url: str, *, echo: bool = False, pool_size: int = 32) -> AsyncEngine:
    """`pool_size` should cover the requests one worker serves at once: a connection beyond it is opened for
    one use and closed again, which under load costs more than the queries (a new thread per aiosqlite
    connection, a new backend per PostgreSQL one)."""
    pool = {"pool_size": pool_size, "max_overflow": pool_size // 2}
    if url.startswith("sqlite"):
        engine = create_async_engine(url, echo=echo, connect_args={"timeout": 30}, **pool)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        event.listen(engine.sync_engine, "handle_error", _sqlite_error)
        write_lock.watch(engine.sync_engine)
        return engine
    return create_async_engine(url, echo=echo, pool_pre_ping=True, **pool)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    # 512 KiB of page cache per connection (default 2 MiB): with a pool of 32 the default held ~60 MB more
    # resident, for no measured gain (the file stays in the OS page cache).
    cursor.execute("PRAGMA cache_size=-512")
    cursor.close()


def _sqlite_error(context: ExceptionContext) -> None:
    """A read-only or I/O-failed SQLite connection counts as disconnected, so the pool replaces it and writes
    recover as soon as the directory does. A busy one says who holds the write lock (db.write_lock).

    A cancelled statement does not: aiosqlite runs a connection's calls one after another on its own thread, so
    the statement finishes there and the connection stays sound, and SQLAlchemy then closes the cursor and the
    session rolls back. Counted as a disconnect (SQLAlchemy's default for any cancellation), the connection was
    closed with the statement still open, and SQLite keeps such a connection, and its write lock, until the
    statement is collected: a service cancelled mid-write at shutdown left every later writer waiting out the busy
    timeout (CI's "database is locked" in apps restarted inside the test process)."""
    if isinstance(context.original_exception, asyncio.CancelledError):
        context.is_disconnect = False
        return
    code = _sqlite_code(context.original_exception)
    if code in SQLITE_DEAD:
        context.is_disconnect = True
    elif code == SQLITE_BUSY:
        log.warning("SQLite database is locked; open writes: %s",
                    "; ".join(map(str, write_lock.holders())) or "none in this process")


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, sync_session_class=ScopedSession)


async def refresh_statistics(engine: AsyncEngine) -> None:
    """SQLite keeps planner statistics only when asked (PostgreSQL's autovacuum keeps its own). Without them
    the planner takes a tenant's index scan over a short list of search candidates (core.search). ANALYZE holds
    the write lock while it reads: a full one reads every index (0.6 s for 5 M history rows on a warm cache,
    minutes on a cold disk), so each index is sampled instead (estimates within ~30 %, ample for the planner)."""
    if engine.dialect.name != "sqlite":
        return
    try:
        async with engine.begin() as connection:
            await connection.exec_driver_sql(f"PRAGMA analysis_limit={ANALYSIS_LIMIT}")
            await connection.exec_driver_sql("ANALYZE")
    except Exception:  # statistics are an optimisation: a failure must not take the process down
        log.exception("ANALYZE failed")
