"""Reading a third-party database: one short read-only connection per use (no pool kept for a tenant's host),
its catalogue, and the few statements tracking runs, every one built by SQLAlchemy Core with bound values.

Table and column names come only from the database's own catalogue (`columns` refuses any other) and are
quoted by the dialect; values are bound parameters. Read-only three times over: the session (MySQL / MariaDB
`SET SESSION TRANSACTION READ ONLY`, PostgreSQL `default_transaction_read_only`, SQLite `mode=ro`), statements
that only select, and the dedicated read-only account the administrator is asked to give (docs/decisions.md).
Hosts pass core.outbound when saved and again before each connection, which goes to the checked address.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import math
import re
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import URL, and_, case, column, func, inspect, select, table
from sqlalchemy.exc import NoSuchTableError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql import sqltypes

from plantdesk.config import Settings
from plantdesk.core import outbound, remote_db
from plantdesk.core.errors import BadRequest, BusinessError
from plantdesk.core.remote_db import QUERY_SECONDS

SYSTEMS = ("MES", "OA", "QMS", "SCADA")
DRIVERS = {"mysql": "mysql+asyncmy", "postgresql": "postgresql+asyncpg", "sqlite": "sqlite+aiosqlite"}
PORTS = {"mysql": 3306, "postgresql": 5432}
AGGREGATES = ("LATEST", "COUNT", "SUM", "AVG", "MAX", "MIN")
OPERATORS = {"eq": "__eq__", "ne": "__ne__", "gt": "__gt__", "ge": "__ge__", "lt": "__lt__", "le": "__le__"}
SQLITE_DIR = "tracking"  # a SQLite source is a file of its tenant's folder under the data dir's tracking/
_FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,120}$")


@dataclass(frozen=True, slots=True)
class Target:
    db_type: str
    host: str | None
    port: int | None
    database: str
    username: str | None
    password: str | None
    tenant_id: str  # whose folder a SQLite file name is read in


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str
    nullable: bool
    comment: str | None
    numeric: bool
    temporal: bool
    sql_type: Any


def sqlite_path(settings: Settings, tenant_id: str, name: str) -> Path:
    """`<data dir>/tracking/<tenant>/<name>`: a tenant names files of its own folder only, never another
    tenant's (a platform-wide folder let any tenant read the demo's MES by naming mes.db)."""
    if not _FILE_NAME.match(name or "") or ".." in name:
        raise BadRequest("SQLite 数据源只能是数据目录 tracking 下的文件名")
    if not _FILE_NAME.match(tenant_id or "") or ".." in tenant_id:
        raise BusinessError("SQLite 数据源缺少所属租户")
    return (settings.data_dir / SQLITE_DIR / tenant_id / name).resolve()


def url(settings: Settings, target: Target) -> URL:
    if target.db_type == "sqlite":
        path = sqlite_path(settings, target.tenant_id, target.database)
        return URL.create(DRIVERS["sqlite"], database=f"file:{path}?mode=ro", query={"uri": "true"})
    return URL.create(DRIVERS[target.db_type], username=target.username or None, password=target.password or None,
                      host=target.host, port=target.port or PORTS[target.db_type], database=target.database)




@contextlib.asynccontextmanager
async def connect(settings: Settings, target: Target) -> AsyncIterator[AsyncConnection]:
    """A read-only connection, closed on leaving; a failure to reach or use the database is a BusinessError
    naming the cause (never the password)."""
    if target.db_type not in DRIVERS:
        raise BadRequest("不支持的数据库类型")
    if target.db_type == "sqlite":
        if not sqlite_path(settings, target.tenant_id, target.database).is_file():
            raise BusinessError("数据源连接失败: 文件不存在")
    else:
        if not target.host:
            raise BadRequest("请输入主机地址")
        host, port = outbound.endpoint(f"{target.host}:{target.port or PORTS[target.db_type]}")
        # the driver gets the address checked here, never the name to resolve again (DNS rebinding)
        policy = settings.outbound_policy.scoped(target.tenant_id, target.db_type)
        target = dataclasses.replace(target, host=await outbound.connect_address(policy, host, port), port=port)
    async with remote_db.opened(url(settings, target), target.db_type) as connection:
        yield connection






async def tables(connection: AsyncConnection) -> list[str]:
    """The tables and views of the connection's default schema, sorted."""
    def names(sync) -> list[str]:
        inspector = inspect(sync)
        return sorted({*inspector.get_table_names(), *inspector.get_view_names()})

    known = _catalogue(connection)
    if "" not in known:
        async with asyncio.timeout(QUERY_SECONDS):
            known[""] = await connection.run_sync(names)
    return known[""]


def _catalogue(connection: AsyncConnection) -> dict:
    """What this connection has read of the catalogue (table names under "", a table's columns under its name):
    a check of many metrics reads it once. It lives as long as the connection, one short use."""
    return connection.info.setdefault("plantdesk.catalogue", {})


async def columns(connection: AsyncConnection, table_name: str) -> list[Column]:
    """The columns of a table of the catalogue; any other name is refused."""
    if table_name not in await tables(connection):
        raise BadRequest(f"数据表不存在: {table_name}")
    known = _catalogue(connection)
    if table_name in known:
        return known[table_name]

    def read(sync) -> list[dict]:
        return inspect(sync).get_columns(table_name)

    try:
        async with asyncio.timeout(QUERY_SECONDS):
            found = await connection.run_sync(read)
    except NoSuchTableError:
        raise BadRequest(f"数据表不存在: {table_name}") from None
    known[table_name] = [Column(c["name"], str(c["type"]), bool(c.get("nullable", True)), c.get("comment"),
                   _is(c["type"], sqltypes.Numeric, sqltypes.Integer, sqltypes.Float),
                   _is(c["type"], sqltypes.DateTime, sqltypes.Date, sqltypes.TIMESTAMP), c["type"]) for c in found]
    return known[table_name]


def _is(sql_type: Any, *kinds: type) -> bool:
    return isinstance(sql_type, kinds)


def pick(known: Sequence[Column], *names: str | None) -> dict[str, Column]:
    """The named columns, each checked against the table's own; a name it does not have is refused."""
    by_name = {c.name: c for c in known}
    out = {}
    for name in names:
        if name is None or name == "":
            continue
        if name not in by_name:
            raise BadRequest(f"字段不存在: {name}")
        out[name] = by_name[name]
    return out


def coerce(value: Any, col: Column) -> Any:
    """A filter's value as the column's type wants it (bound as a parameter, so only its type matters)."""
    try:
        if col.numeric:
            number = float(value)
            return int(number) if isinstance(col.sql_type, sqltypes.Integer) else number
        if col.temporal:
            return datetime.fromisoformat(str(value))
    except (TypeError, ValueError):
        raise BadRequest(f"筛选值与字段类型不符: {col.name}") from None
    return str(value)


@dataclass(frozen=True, slots=True)
class Measure:
    table_name: str
    aggregate: str
    value_column: str | None
    time_column: str | None
    window_seconds: int
    filters: Sequence[dict]


async def measure(connection: AsyncConnection, spec: Measure, now: datetime) -> float | None:
    """The metric's value now: None when there is nothing to measure (no row for LATEST, MAX, MIN, AVG)."""
    known = await columns(connection, spec.table_name)
    used = pick(known, spec.value_column, spec.time_column, *(f.get("column") for f in spec.filters))
    target = table(spec.table_name, *(column(name, c.sql_type) for name, c in used.items()))
    conditions = []
    if spec.time_column and spec.window_seconds > 0:
        conditions.append(target.c[spec.time_column] >= now - timedelta(seconds=spec.window_seconds))
    for f in spec.filters:
        operator = OPERATORS.get(f.get("op") or "eq")
        if operator is None:
            raise BadRequest("筛选条件的比较方式无效")
        col = used[f["column"]]
        conditions.append(getattr(target.c[col.name], operator)(coerce(f.get("value"), col)))
    where = and_(*conditions) if conditions else None
    if spec.aggregate == "COUNT":
        statement = select(func.count()).select_from(target)
    elif spec.aggregate == "LATEST":
        if not spec.value_column or not spec.time_column:
            raise BadRequest("最新值需要数值字段和时间字段")
        statement = select(target.c[spec.value_column]).order_by(target.c[spec.time_column].desc()).limit(1)
    else:
        if not spec.value_column:
            raise BadRequest("请选择数值字段")
        statement = select(getattr(func, spec.aggregate.lower())(target.c[spec.value_column]))
    if where is not None:
        statement = statement.where(where)
    async with asyncio.timeout(QUERY_SECONDS):
        value = (await connection.execute(statement)).scalar()
    return number(value)


def number(value: Any) -> float | None:
    try:
        result = float(value)
    except (TypeError, ValueError):
        return None
    return result if math.isfinite(result) else None


async def rows(connection: AsyncConnection, table_name: str, *, time_column: str | None, offset: int,
               limit: int) -> tuple[list[str], list[dict], int]:
    """A page of a table's rows (newest first when a time column is known), with the table's row count."""
    known = await columns(connection, table_name)
    if time_column:
        pick(known, time_column)
    target = table(table_name, *(column(c.name) for c in known))
    statement = select(target)
    if time_column:
        statement = statement.order_by(target.c[time_column].desc())
    async with asyncio.timeout(QUERY_SECONDS):
        total = (await connection.execute(select(func.count()).select_from(target))).scalar() or 0
        found = (await connection.execute(statement.offset(offset).limit(limit))).mappings().all()
    return [c.name for c in known], [{k: plain(v) for k, v in row.items()} for row in found], int(total)


async def census(connection: AsyncConnection, table_name: str, time_column: str, since: datetime) -> dict:
    """A published table's row count, rows since `since` and newest time."""
    known = await columns(connection, table_name)
    pick(known, time_column)
    target = table(table_name, column(time_column))
    stamp = target.c[time_column]
    async with asyncio.timeout(QUERY_SECONDS):
        total, recent, newest = (await connection.execute(select(
            func.count(), func.sum(case((stamp >= since, 1), else_=0)), func.max(stamp)).select_from(target))).one()
    return {"rows": int(total or 0), "recent_rows": int(recent or 0), "newest": _moment(newest)}


def _moment(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value.replace(tzinfo=None) if value.tzinfo is None else value.astimezone().replace(tzinfo=None)
    if isinstance(value, date):
        return datetime.combine(value, time())
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            return None
    return None


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
