"""Alarm tracking's rules: sources (saved with their password sealed, hosts through core.outbound), their
catalogue and rows, published tables, metrics (checked against the source's catalogue when saved and again on
every check), the timely-detection schedule, and the census and timely views."""

import json
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.config import Settings
from plantdesk.core import outbound, remote_db, secrets, tenancy
from plantdesk.core.crud import get_or_raise, mark_deleted
from plantdesk.core.errors import BadRequest, BusinessError, PlantDeskError
from plantdesk.core.runtime import settings_of
from plantdesk.modules.alarm import engine
from plantdesk.modules.alarm import service as alarms
from plantdesk.modules.alarm.models import AlarmGroup, AlarmLevel, AlarmRecord
from plantdesk.modules.alarm.tracking import remote, rules
from plantdesk.modules.alarm.tracking.models import AlarmMetric, AlarmSource, AlarmSourceTable, AlarmTimely
from plantdesk.modules.alarm.tracking.schemas import AlarmSourceWrite, MetricWrite, TimelyWrite

PASSWORD = "alarm.source-password"  # core.secrets purpose
DAY = timedelta(days=1)
EXPORT_COLS = [("system", "系统"), ("name", "数据源名称"), ("dbType", "数据库类型"), ("host", "主机"),
               ("port", "端口"), ("database", "数据库"), ("username", "用户名"), ("tables", "发布表数"),
               ("metrics", "指标数"), ("remark", "备注")]


# --- sources ----------------------------------------------------------------------------------------------------

def source_read(row: AlarmSource) -> dict:
    return {"id": row.id, "name": row.name, "system": row.system, "db_type": row.db_type, "host": row.host,
            "port": row.port, "database": row.database, "username": row.username,
            "password_set": bool(row.password), "sort": row.sort, "remark": row.remark,
            "create_time": row.create_time}


def target(settings: Settings, row: AlarmSource) -> remote.Target:
    return remote.Target(row.db_type, row.host, row.port, row.database, row.username,
                         secrets.unseal(settings, PASSWORD, row.password), row.tenant_id)


async def save_source(db: AsyncSession, settings: Settings, body: AlarmSourceWrite) -> AlarmSource:
    row = AlarmSource() if body.id is None else await get_or_raise(db, AlarmSource, body.id)
    alarms.assign(row, body, keep_blank=("password",))
    if body.password:
        row.password = secrets.seal(settings, PASSWORD, body.password)
    if not (row.name or "").strip():
        raise BadRequest("请输入数据源名称")
    if row.system not in remote.SYSTEMS:
        raise BadRequest("请选择系统")
    if row.db_type not in remote.DRIVERS:
        raise BadRequest("请选择数据库类型")
    if not (row.database or "").strip():
        raise BadRequest("请输入数据库名称")
    if row.db_type == "sqlite":
        remote.sqlite_path(settings, tenancy.writing_tenant(db, row), row.database)
        row.host = row.port = None
    else:
        if not (row.host or "").strip():
            raise BadRequest("请输入主机地址")
        row.port = row.port or remote.PORTS[row.db_type]
        await outbound.check(settings.outbound_policy, f"{row.host}:{row.port}", tenant=tenancy.writing_tenant(db, row),
                             kind=row.db_type)
    if body.id is None:
        db.add(row)
    await db.flush()
    return row


async def remove_source(db: AsyncSession, source_id: int) -> None:
    await get_or_raise(db, AlarmSource, source_id)
    if await db.scalar(select(AlarmMetric.id).where(AlarmMetric.source_id == source_id).limit(1)):
        raise BadRequest("该数据源下还有指标,请先删除指标")
    await db.execute(delete(AlarmSourceTable).where(AlarmSourceTable.source_id == source_id))
    await mark_deleted(db, AlarmSource, AlarmSource.id == source_id)


async def sources(db: AsyncSession) -> list[AlarmSource]:
    return list((await db.execute(select(AlarmSource).order_by(AlarmSource.system, AlarmSource.sort,
                                                               AlarmSource.id))).scalars())


async def tree(db: AsyncSession) -> list[dict]:
    by_system: dict[str, list[dict]] = {s: [] for s in remote.SYSTEMS}
    for row in await sources(db):
        by_system.setdefault(row.system, []).append(
            {"id": str(row.id), "name": row.name, "system": row.system, "source": source_read(row)})
    return [{"id": system, "name": system, "system": system, "children": children}
            for system, children in by_system.items()]


async def server(settings: Settings, t: remote.Target) -> dict:
    async with remote.connect(settings, t) as connection:
        return {"version": await remote_db.version(connection), "database": t.database,
                "tables": len(await remote.tables(connection))}


async def target_of(db: AsyncSession, settings: Settings, body: AlarmSourceWrite) -> remote.Target:
    """The connection a (possibly unsaved) form describes; what it leaves blank is the saved source's."""
    saved = await get_or_raise(db, AlarmSource, body.id) if body.id is not None else None

    def given(name: str):
        value = getattr(body, name)
        return value if value not in (None, "") else getattr(saved, name, None)

    db_type = given("db_type")
    if db_type not in remote.DRIVERS:
        raise BadRequest("请选择数据库类型")
    password = body.password or (secrets.unseal(settings, PASSWORD, saved.password) if saved else None)
    return remote.Target(db_type, given("host"), given("port") or remote.PORTS.get(db_type), given("database") or "",
                         given("username"), password, tenancy.writing_tenant(db, saved))


async def published(db: AsyncSession, source_id: int) -> list[AlarmSourceTable]:
    return list((await db.execute(select(AlarmSourceTable).where(AlarmSourceTable.source_id == source_id)
                                  .order_by(AlarmSourceTable.table_name))).scalars())


async def table_info(db: AsyncSession, settings: Settings, source_id: int) -> list[dict]:
    row = await get_or_raise(db, AlarmSource, source_id)
    chosen = {p.table_name: p.time_column for p in await published(db, source_id)}
    async with remote.connect(settings, target(settings, row)) as connection:
        names = await remote.tables(connection)
    return [{"table_name": n, "published": n in chosen, "time_column": chosen.get(n)} for n in names]


async def column_info(db: AsyncSession, settings: Settings, source_id: int, table_name: str) -> list[remote.Column]:
    row = await get_or_raise(db, AlarmSource, source_id)
    async with remote.connect(settings, target(settings, row)) as connection:
        return await remote.columns(connection, table_name)


async def source_data(db: AsyncSession, settings: Settings, source_id: int, table_name: str, current: int,
                      size: int) -> dict:
    row = await get_or_raise(db, AlarmSource, source_id)
    time_column = await db.scalar(select(AlarmSourceTable.time_column).where(
        AlarmSourceTable.source_id == source_id, AlarmSourceTable.table_name == table_name))
    async with remote.connect(settings, target(settings, row)) as connection:
        names, records, total = await remote.rows(connection, table_name, time_column=time_column,
                                                  offset=(current - 1) * size, limit=size)
    return {"columns": names, "records": records, "total": total, "current": current, "size": size}


async def publish(db: AsyncSession, settings: Settings, source_id: int, table_name: str,
                  time_column: str) -> AlarmSourceTable:
    """Publish a table for tracking with the column that stamps its rows (a date or time column of its own)."""
    row = await get_or_raise(db, AlarmSource, source_id)
    async with remote.connect(settings, target(settings, row)) as connection:
        chosen = remote.pick(await remote.columns(connection, table_name), time_column)[time_column]
    if not chosen.temporal:
        raise BadRequest(f"时间字段须为日期或时间类型: {time_column}")
    found = (await db.execute(select(AlarmSourceTable).where(
        AlarmSourceTable.source_id == source_id, AlarmSourceTable.table_name == table_name))).scalar_one_or_none()
    if found is None:
        found = AlarmSourceTable(source_id=source_id, table_name=table_name)
        db.add(found)
    found.time_column, found.publish_time = time_column, datetime.now().replace(microsecond=0)
    await db.flush()
    return found


async def cancel(db: AsyncSession, source_id: int, table_name: str) -> None:
    await get_or_raise(db, AlarmSource, source_id)
    found = (await db.execute(select(AlarmSourceTable).where(
        AlarmSourceTable.source_id == source_id, AlarmSourceTable.table_name == table_name))).scalar_one_or_none()
    if found is None:
        raise BadRequest(f"该表未发布: {table_name}")
    await db.delete(found)
    await db.flush()


async def export_rows(db: AsyncSession) -> list[dict]:
    tables = dict((await db.execute(select(AlarmSourceTable.source_id, func.count())
                                    .group_by(AlarmSourceTable.source_id))).all())
    metrics = dict((await db.execute(select(AlarmMetric.source_id, func.count())
                                     .group_by(AlarmMetric.source_id))).all())
    return [{"system": s.system, "name": s.name, "dbType": s.db_type, "host": s.host or "", "port": s.port or "",
             "database": s.database, "username": s.username or "", "tables": tables.get(s.id, 0),
             "metrics": metrics.get(s.id, 0), "remark": s.remark or ""} for s in await sources(db)]


# --- metrics ----------------------------------------------------------------------------------------------------

def measure_of(metric: AlarmMetric) -> remote.Measure:
    return remote.Measure(metric.table_name, metric.aggregate, metric.value_column or None,
                          metric.time_column or None, metric.window_seconds or 0, json.loads(metric.filters or "[]"))


async def save_metric(db: AsyncSession, settings: Settings, body: MetricWrite) -> AlarmMetric:
    """Save a metric once its table and columns are the source's own and one measurement works."""
    metric = AlarmMetric() if body.id is None else await get_or_raise(db, AlarmMetric, body.id)
    alarms.assign(metric, body.model_copy(update={"filters": None}), keep_blank=("filters",))
    if body.filters is not None:
        metric.filters = json.dumps([f.model_dump() for f in body.filters], ensure_ascii=False)
    if not (metric.name or "").strip():
        raise BadRequest("请输入指标名称")
    if metric.source_id is None:
        raise BadRequest("请选择数据源")
    if not metric.table_name:
        raise BadRequest("请选择数据表")
    metric.aggregate = metric.aggregate or "LATEST"
    if metric.kind == "NO_DATA":
        raise BadRequest("指标不支持无数据规则")
    if metric.kind == "OFFLINE":
        raise BadRequest("指标不支持设备离线规则")
    await alarms.check_condition(db, metric)
    source = await get_or_raise(db, AlarmSource, metric.source_id)
    async with remote.connect(settings, target(settings, source)) as connection:
        known = await remote.columns(connection, metric.table_name)
        spec = measure_of(metric)
        used = remote.pick(known, spec.value_column, spec.time_column)
        if spec.value_column and spec.aggregate != "COUNT" and not used[spec.value_column].numeric:
            raise BadRequest(f"数值字段须为数字类型: {spec.value_column}")
        if spec.time_column and not used[spec.time_column].temporal:
            raise BadRequest(f"时间字段须为日期或时间类型: {spec.time_column}")
        if spec.window_seconds and not spec.time_column:
            raise BadRequest("统计时间窗需要时间字段")
        await remote.measure(connection, spec, datetime.now())  # refuses unknown filter columns, bad values
    if body.id is None:
        db.add(metric)
    await db.flush()
    await db.refresh(metric)
    return metric


def columns_of(metric: AlarmMetric) -> list[str]:
    """Every column the metric reads."""
    spec = measure_of(metric)
    return list(dict.fromkeys(c for c in (spec.value_column, spec.time_column,
                                          *(f.get("column") for f in spec.filters)) if c))


async def metric_reads(db: AsyncSession, metrics: Sequence[AlarmMetric]) -> list[dict]:
    source_ids = {m.source_id for m in metrics}
    found = {s.id: s for s in (await db.execute(select(AlarmSource).where(
        AlarmSource.id.in_(source_ids)))).scalars()} if source_ids else {}
    levels = dict((await db.execute(select(AlarmLevel.id, AlarmLevel.name))).all())
    groups = dict((await db.execute(select(AlarmGroup.id, AlarmGroup.name))).all())
    ids = [m.id for m in metrics]
    opened = dict((await db.execute(select(AlarmRecord.rule_id, func.count()).where(
        AlarmRecord.rule_id.in_(ids), AlarmRecord.cleared == 0).group_by(AlarmRecord.rule_id))).all()) if ids else {}
    out = []
    for m in metrics:
        source = found.get(m.source_id)
        row = {a.key: getattr(m, a.key) for a in AlarmMetric.__mapper__.column_attrs}
        row |= {"source_name": source.name if source else "", "system": source.system if source else "",
                "filters": json.loads(m.filters or "[]"), "columns": columns_of(m),
                "level_name": levels.get(m.level_id or 0, ""), "group_name": groups.get(m.group_id or 0, ""),
                "rules": alarms.rule_text(m, rules.subject(m)), "open_count": opened.get(m.id, 0)}
        out.append(row)
    return out


async def search_metrics(db: AsyncSession, name: str, source_id: int | None) -> list[AlarmMetric]:
    """Metrics whose name contains `name` (at most 50), of source `source_id` when given."""
    stmt = select(AlarmMetric).order_by(AlarmMetric.name, AlarmMetric.id).limit(50)
    if name:
        stmt = stmt.where(AlarmMetric.name.contains(name, autoescape=True))
    if source_id is not None:
        stmt = stmt.where(AlarmMetric.source_id == source_id)
    return list((await db.execute(stmt)).scalars())


async def remove_metrics(db: AsyncSession, ids: list[int]) -> None:
    await mark_deleted(db, AlarmMetric, AlarmMetric.id.in_(ids))


# --- timely detection and the checks ----------------------------------------------------------------------------

async def timely(db: AsyncSession) -> AlarmTimely:
    """The tenant's detection settings, or an unsaved row with the defaults (a save adds it)."""
    row = (await db.execute(select(AlarmTimely))).scalar_one_or_none()
    return row if row is not None else AlarmTimely(enabled=1, interval_seconds=60, late_seconds=600)


async def save_timely(db: AsyncSession, body: TimelyWrite) -> AlarmTimely:
    row = await timely(db)
    db.add(row)
    alarms.assign(row, body)
    await db.flush()
    return row


async def check(db: AsyncSession, settings: Settings, metric_ids: Sequence[int] | None = None) -> list[dict]:
    """Measure the enabled metrics of the session's tenant (or the chosen ones), one connection per source, and
    hand the values to the alarm engine; a source that cannot be read is noted on its metrics and raises
    nothing. Answers each metric's value (or error) and whether its alarm is open after the check."""
    stmt = select(AlarmMetric).where(AlarmMetric.enabled == 1)
    if metric_ids is not None:
        stmt = select(AlarmMetric).where(AlarmMetric.id.in_(metric_ids))
    metrics = list((await db.execute(stmt.order_by(AlarmMetric.source_id, AlarmMetric.id))).scalars())
    if not metrics:
        return []
    found = {s.id: s for s in (await db.execute(select(AlarmSource).where(
        AlarmSource.id.in_({m.source_id for m in metrics})))).scalars()}
    now = datetime.now().replace(microsecond=0)
    values: dict[int, float | None] = {}
    errors: dict[int, str] = {}
    for source_id in dict.fromkeys(m.source_id for m in metrics):
        mine = [m for m in metrics if m.source_id == source_id]
        source = found.get(source_id)
        try:
            if source is None:
                raise BusinessError("数据源不存在")
            async with remote.connect(settings, target(settings, source)) as connection:
                for metric in mine:
                    try:
                        values[metric.id] = await remote.measure(connection, measure_of(metric), now)
                    except PlantDeskError as exc:  # this metric's table or columns changed; the others go on
                        errors[metric.id] = exc.msg
        except PlantDeskError as exc:
            for metric in mine:
                errors.setdefault(metric.id, exc.msg)
    for metric in metrics:
        metric.last_check_time, metric.last_error = now, errors.get(metric.id)
        if metric.id in values:
            metric.last_value = values[metric.id]
    await db.flush()
    readings = await rules.snapshots(db, [m for m in metrics if m.id in values and m.enabled],
                                     {s.id: s.name for s in found.values()})
    ts = int(now.timestamp() * 1000)
    await engine.evaluate(db, [(rule, ts, values[rule.id]) for rule in readings])
    opened = set((await db.execute(select(AlarmRecord.rule_id).where(
        AlarmRecord.rule_id.in_([m.id for m in metrics]), AlarmRecord.cleared == 0))).scalars())
    return [{"metric_id": m.id, "name": m.name, "value": values.get(m.id), "error": errors.get(m.id),
             "open": m.id in opened} for m in metrics]


async def run_due(db: AsyncSession) -> bool:
    """The `alarm.tracking` job in one tenant: check its metrics when its timely detection is on and due."""
    row = (await db.execute(select(AlarmTimely))).scalar_one_or_none()
    now = datetime.now()
    if row is not None and (not row.enabled or (
            row.last_run is not None and now - row.last_run < timedelta(seconds=row.interval_seconds - 1))):
        return False
    if not await db.scalar(select(AlarmMetric.id).where(AlarmMetric.enabled == 1).limit(1)):
        return False
    await check(db, settings_of(db))  # before any write of ours: SQLite would hold its lock while sources answer
    if row is None:
        row = AlarmTimely(enabled=1, interval_seconds=60, late_seconds=600, last_run=now.replace(microsecond=0))
        try:
            async with db.begin_nested():
                db.add(row)
        except IntegrityError:  # another run of the job, on another worker, added the tenant's row meanwhile
            pass
        return True
    row.last_run = now.replace(microsecond=0)
    return True


# --- census and timely views ------------------------------------------------------------------------------------

async def census(db: AsyncSession, settings: Settings, source_id: int) -> dict:
    source = await get_or_raise(db, AlarmSource, source_id)
    now = datetime.now()
    tables = await _published_stats(db, settings, source, now - DAY)
    metrics = await db.scalar(select(func.count()).select_from(AlarmMetric)
                              .where(AlarmMetric.source_id == source_id)) or 0
    mine = AlarmRecord.device_id == source_id
    return {"source_id": source.id, "source_name": source.name, "tables": tables, "metrics": metrics,
            "open_alarms": await db.scalar(select(func.count()).select_from(AlarmRecord).where(
                mine, AlarmRecord.cleared == 0)) or 0,
            "alarms_today": await db.scalar(select(func.count()).select_from(AlarmRecord).where(
                mine, AlarmRecord.first_time >= now - DAY)) or 0}


async def timely_view(db: AsyncSession, settings: Settings, source_id: int) -> dict:
    source = await get_or_raise(db, AlarmSource, source_id)
    limit = (await timely(db)).late_seconds
    now = datetime.now()
    out = []
    for t in await _published_stats(db, settings, source, now - DAY):
        delay = int((now - t["newest"]).total_seconds()) if t.get("newest") else None
        out.append({"table_name": t["table_name"], "time_column": t["time_column"], "newest": t.get("newest"),
                    "delay_seconds": delay, "late": delay is None or delay > limit, "error": t.get("error")})
    return {"source_id": source.id, "late_seconds": limit, "tables": out}


async def _published_stats(db: AsyncSession, settings: Settings, source: AlarmSource, since: datetime) -> list[dict]:
    chosen = await published(db, source.id)
    if not chosen:
        return []
    out = [{"table_name": p.table_name, "time_column": p.time_column} for p in chosen]
    try:
        async with remote.connect(settings, target(settings, source)) as connection:
            for row in out:
                try:
                    row |= await remote.census(connection, row["table_name"], row["time_column"], since)
                except PlantDeskError as exc:  # the table went away or changed: the others still count
                    row["error"] = exc.msg
    except PlantDeskError as exc:
        for row in out:
            row["error"] = exc.msg
    return out


def source_events(stmt, source_id: int):
    """Alarm results of a source's metrics (sourceevent): their records name the source as device."""
    return stmt.where(AlarmRecord.device_id == source_id)
