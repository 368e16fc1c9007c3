"""Reading a data source: one short read-only connection per use, its catalogue (tables, columns) and reads of
one table built by SQLAlchemy Core, values always bound parameters, names only from the catalogue.

Read-only three times over: the session (MySQL / MariaDB `SET SESSION TRANSACTION READ ONLY`, PostgreSQL
`default_transaction_read_only`, SQLite `mode=ro`), statements that only select, and the read-only account the
administrator is asked to give. An external host passes core.outbound when saved and again before each
connection, which goes to the checked address (never the name resolved again). The platform's own database is
the server's configured URL, never a name a tenant gives, and only the platform tenant may use it: nothing a
tenant names reaches another tenant's rows, files or databases.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from sqlalchemy import URL, and_, column, inspect, make_url, select, table
from sqlalchemy.exc import NoSuchTableError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql import sqltypes

from plantdesk.config import Settings
from plantdesk.core import outbound, remote_db
from plantdesk.core.errors import BadRequest, BusinessError
from plantdesk.core.remote_db import QUERY_SECONDS
from plantdesk.db.base import PLATFORM_TENANT

DRIVERS = {"mysql": "mysql+asyncmy", "postgresql": "postgresql+asyncpg"}
PORTS = {"mysql": 3306, "postgresql": 5432}
PLATFORM = "platform"
# Columns whose values a read never answers (the platform database holds password hashes and sealed secrets):
# their values come back masked, whoever asks.
SENSITIVE = re.compile(r"pass(word|wd)?|secret|token|api_?key|private_?key|salt|credential", re.IGNORECASE)
MASK = "******"
OPERATORS = {"eq": "__eq__", "ne": "__ne__", "gt": "__gt__", "ge": "__ge__", "lt": "__lt__", "le": "__le__"}


@dataclass(frozen=True, slots=True)
class Target:
    db_type: str
    host: str | None
    port: int | None
    database: str | None
    username: str | None
    password: str | None
    tenant_id: str  # whose connection it is: the outbound grants and the platform database are per tenant


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str
    nullable: bool
    primary_key: bool
    comment: str | None
    sql_type: Any


def _platform_url(settings: Settings) -> tuple[URL, str]:
    url = make_url(settings.resolved_database_url)
    if url.get_backend_name() == "sqlite":
        return URL.create("sqlite+aiosqlite", database=f"file:{url.database}?mode=ro", query={"uri": "true"}), "sqlite"
    return url, url.get_backend_name()




async def guard(settings: Settings, target: Target) -> None:
    """What a saved source must pass: the platform database for the platform tenant only, an external host
    that core.outbound permits to this tenant's connection of this kind."""
    if target.db_type == PLATFORM:
        if target.tenant_id != PLATFORM_TENANT:
            raise BusinessError("只有平台租户可以使用平台数据库")
        return
    if target.db_type not in DRIVERS:
        raise BadRequest("不支持的数据库类型")
    if not (target.host or "").strip():
        raise BadRequest("请输入主机地址")
    if not (target.database or "").strip():
        raise BadRequest("请输入数据库名称")
    await outbound.check(settings.outbound_policy, f"{target.host}:{target.port or PORTS[target.db_type]}",
                         tenant=target.tenant_id, kind=target.db_type)


@contextlib.asynccontextmanager
async def connect(settings: Settings, target: Target) -> AsyncIterator[AsyncConnection]:
    """A read-only connection, closed on leaving; a failure is a BusinessError naming the cause (never the
    password). The host is checked again here and the driver is handed the checked address."""
    await guard(settings, target)
    if target.db_type == PLATFORM:
        url, kind = _platform_url(settings)
    else:
        host, port = outbound.endpoint(f"{target.host}:{target.port or PORTS[target.db_type]}")
        policy = settings.outbound_policy.scoped(target.tenant_id, target.db_type)
        target = dataclasses.replace(target, host=await outbound.connect_address(policy, host, port), port=port)
        url = URL.create(DRIVERS[target.db_type], username=target.username or None,
                         password=target.password or None, host=target.host, port=target.port,
                         database=target.database)
        kind = target.db_type
    async with remote_db.opened(url, kind) as connection:
        if kind == "postgresql" and target.db_type == PLATFORM:
            await connection.exec_driver_sql("SET TRANSACTION READ ONLY")
        yield connection






async def tables(connection: AsyncConnection) -> list[str]:
    """The tables and views of the connection's default schema, sorted."""
    known = connection.info.setdefault("plantdesk.catalogue", {})
    if "" not in known:
        def names(sync) -> list[str]:
            inspector = inspect(sync)
            return sorted({*inspector.get_table_names(), *inspector.get_view_names()})

        async with asyncio.timeout(QUERY_SECONDS):
            known[""] = await connection.run_sync(names)
    return known[""]


async def columns(connection: AsyncConnection, table_name: str) -> list[Column]:
    """The columns of a table of the catalogue; any other name is refused."""
    if table_name not in await tables(connection):
        raise BadRequest(f"数据表不存在: {table_name}")

    def read(sync) -> tuple[list[dict], list[str]]:
        inspector = inspect(sync)
        keys = (inspector.get_pk_constraint(table_name) or {}).get("constrained_columns") or []
        return inspector.get_columns(table_name), keys

    try:
        async with asyncio.timeout(QUERY_SECONDS):
            found, keys = await connection.run_sync(read)
    except NoSuchTableError:
        raise BadRequest(f"数据表不存在: {table_name}") from None
    return [Column(c["name"], str(c["type"]), bool(c.get("nullable", True)), c["name"] in keys, c.get("comment"),
                   c["type"]) for c in found]


def _coerce(value: Any, col: Column) -> Any:
    try:
        if isinstance(col.sql_type, sqltypes.Integer):
            return int(float(value))
        if isinstance(col.sql_type, (sqltypes.Numeric, sqltypes.Float)):
            return float(value)
        if isinstance(col.sql_type, (sqltypes.DateTime, sqltypes.Date)):
            return datetime.fromisoformat(str(value))
    except (TypeError, ValueError):
        raise BadRequest(f"条件值与字段类型不符: {col.name}") from None
    return str(value)


async def read(connection: AsyncConnection, table_name: str, names: list[str], conditions: list[dict],
               limit: int) -> tuple[list[str], list[dict]]:
    """Rows of one table: the named columns (all when none), under conditions whose values are bound; the
    values of secret-looking columns masked."""
    known = {c.name: c for c in await columns(connection, table_name)}
    for name in [*names, *(c["column"] for c in conditions)]:
        if name not in known:
            raise BadRequest(f"字段不存在: {name}")
    for condition in conditions:  # a masked column is not probed value by value either
        if SENSITIVE.search(condition["column"]):
            raise BadRequest(f"该字段不可作为条件: {condition['column']}")
    chosen = names or list(known)
    target = table(table_name, *(column(name, c.sql_type) for name, c in known.items()))
    clauses = []
    for condition in conditions:
        col = known[condition["column"]]
        field = target.c[col.name]
        if condition.get("op") == "like":
            clauses.append(field.contains(str(condition.get("value") or ""), autoescape=True))
        elif condition.get("value") is None:
            clauses.append(field.is_(None) if condition.get("op", "eq") == "eq" else field.is_not(None))
        else:
            clauses.append(getattr(field, OPERATORS[condition.get("op") or "eq"])(_coerce(condition["value"], col)))
    statement = select(*(target.c[name] for name in chosen)).limit(limit)
    if clauses:
        statement = statement.where(and_(*clauses))
    async with asyncio.timeout(QUERY_SECONDS):
        found = (await connection.execute(statement)).mappings().all()
    return chosen, [{k: MASK if v is not None and SENSITIVE.search(k) else plain(v) for k, v in row.items()}
                    for row in found]


def plain(value: Any) -> Any:
    """A cell as JSON carries it."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, (date, time)):
        return value.isoformat()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return f"<{len(bytes(value))} bytes>"
    if value is None or isinstance(value, (int, float, str, bool)):
        return value
    return str(value)
