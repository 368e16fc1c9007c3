"""Read-only connections to databases outside PlantDesk (alarm tracking's sources, the tool area's data sources):
driver settings that keep the session read-only and bounded, and every failure a BusinessError naming its cause
(never the password)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from sqlalchemy import URL
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine
from sqlalchemy.pool import NullPool

from plantdesk.core.errors import BusinessError

CONNECT_SECONDS = 5
QUERY_SECONDS = 10


def connect_args(kind: str) -> dict:
    if kind == "mysql":
        return {"connect_timeout": CONNECT_SECONDS, "init_command": "SET SESSION TRANSACTION READ ONLY",
                "local_infile": False}
    if kind == "postgresql":
        return {"timeout": CONNECT_SECONDS, "server_settings": {
            "default_transaction_read_only": "on", "statement_timeout": str(QUERY_SECONDS * 1000)}}
    return {"timeout": CONNECT_SECONDS}


@contextlib.asynccontextmanager
async def opened(url: str | URL, kind: str) -> AsyncIterator[AsyncConnection]:
    """A connection to `url` (a database of `kind`), closed with its engine on leaving."""
    engine = create_async_engine(url, poolclass=NullPool, connect_args=connect_args(kind))
    try:
        try:
            async with asyncio.timeout(CONNECT_SECONDS + 1):
                connection = await engine.connect()
        except (OSError, SQLAlchemyError, TimeoutError) as exc:
            raise BusinessError(f"数据源连接失败: {cause(exc)}") from None
        try:
            yield connection
        except (SQLAlchemyError, TimeoutError) as exc:
            raise BusinessError(f"数据源查询失败: {cause(exc)}") from None
        finally:
            await connection.close()
    finally:
        await engine.dispose()


def cause(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return "超时"
    original = getattr(exc, "orig", None) or exc
    return (str(original).strip() or type(original).__name__)[:200]


async def version(connection: AsyncConnection) -> str:
    statement = "select sqlite_version()" if connection.dialect.name == "sqlite" else "select version()"
    async with asyncio.timeout(QUERY_SECONDS):
        return str((await connection.exec_driver_sql(statement)).scalar())
