"""Warning indicators measured over the alarm results, their publication by period, the per-event alarm metrics
and the analysis by period.

Periods are calendar days, ISO weeks (Monday first) and calendar months in server time. Every figure is taken
over the alarms *raised* in the period (`alarm_record.first_time`), so a period's figures do not move once it
is over, except confirmations and clears that come later (a record published before them keeps what it saw).
The alarms of a range are read as narrow rows and measured here, the same on SQLite and PostgreSQL; a range is
at most MAX_DAYS long.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from statistics import fmean
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.core.crud import get_or_raise
from plantdesk.core.errors import BadRequest, NotFoundError
from plantdesk.core.listing import Listing
from plantdesk.modules.alarm.models import AlarmGroup, AlarmLevel, AlarmRecord, AlarmRule
from plantdesk.modules.device.models import DataPoint, Device
from plantdesk.modules.warning.models import WarningIndicator, WarningRecord
from plantdesk.modules.warning.schemas import IndicatorWrite

MODES = ("day", "week", "month")
MEASURES = ("COUNT", "OPEN", "UNCONFIRMED", "CONFIRM_MINUTES", "CLEAR_MINUTES")
MAX_DAYS = 400
TOP = 10
PUBLISH_JOB = "warning.publish"
PUBLISH_CRON = "10 0 * * *"  # 00:10 every day: the day (and week, month) that just ended
WARNED, NORMAL = "预警", "正常"
PUBLISHED = "发布成功"

INDICATORS = Listing(WarningIndicator, filters={"name": WarningIndicator.name},
                     exact={"measure": WarningIndicator.measure, "period": WarningIndicator.period,
                            "enabled": WarningIndicator.enabled, "levelId": WarningIndicator.level_id,
                            "groupId": WarningIndicator.group_id, "deviceId": WarningIndicator.device_id,
                            "eventId": WarningIndicator.event_id},
                     order=(WarningIndicator.create_time.desc(), WarningIndicator.id.desc()))
RECORDS = Listing(WarningRecord, filters={"name": WarningRecord.name},
                  exact={"indicatorId": WarningRecord.indicator_id, "mode": WarningRecord.mode,
                         "measure": WarningRecord.measure, "warned": WarningRecord.warned},
                  ranges={"periodStart": WarningRecord.period_start},
                  sorts={"period_start": WarningRecord.period_start, "value": WarningRecord.value},
                  order=(WarningRecord.period_start.desc(), WarningRecord.id.desc()))


# --- periods --------------------------------------------------------------------------------------------------

def period_of(mode: str, moment: datetime) -> tuple[datetime, datetime]:
    """The day, ISO week or month that holds `moment`: [start, end)."""
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    if mode == "day":
        return day, day + timedelta(days=1)
    if mode == "week":
        start = day - timedelta(days=day.weekday())
        return start, start + timedelta(days=7)
    start = day.replace(day=1)
    return start, (start + timedelta(days=32)).replace(day=1)


def last_complete(mode: str, now: datetime) -> tuple[datetime, datetime]:
    return period_of(mode, period_of(mode, now)[0] - timedelta(seconds=1))


def periods(mode: str, start: datetime, end: datetime) -> list[tuple[datetime, datetime]]:
    """The periods that cover [start, end), oldest first."""
    out = [period_of(mode, start)]
    while out[-1][1] < end:
        out.append(period_of(mode, out[-1][1]))
    return out


def label(mode: str, start: datetime) -> str:
    if mode == "day":
        return start.strftime("%Y-%m-%d")
    if mode == "week":
        year, week, _ = start.isocalendar()
        return f"{year}-W{week:02d}"
    return start.strftime("%Y-%m")


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise BadRequest("发布方式须为 day、week 或 month")
    return mode


def check_range(start: datetime, end: datetime) -> None:
    if end <= start:
        raise BadRequest("结束时间须晚于开始时间")
    if end - start > timedelta(days=MAX_DAYS):
        raise BadRequest(f"时间范围不能超过{MAX_DAYS}天")


# --- the alarms of a range ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Scope:
    level_id: int | None = None
    group_id: int | None = None
    device_id: int | None = None
    event_id: int | None = None


@dataclass(frozen=True, slots=True)
class Alarm:
    rule_id: int
    device_id: int
    level_id: int | None
    first_time: datetime
    ack_time: datetime | None
    clear_time: datetime | None

    def open_at(self, moment: datetime) -> bool:
        return self.clear_time is None or self.clear_time >= moment

    def unconfirmed_at(self, moment: datetime) -> bool:
        return self.ack_time is None or self.ack_time >= moment


def _scoped(stmt: Select, scope: Scope) -> Select:
    if scope.level_id is not None:
        stmt = stmt.where(AlarmRecord.level_id == scope.level_id)
    if scope.device_id is not None:
        stmt = stmt.where(AlarmRecord.device_id == scope.device_id)
    if scope.event_id is not None:
        stmt = stmt.where(AlarmRecord.rule_id == scope.event_id)
    if scope.group_id is not None:
        stmt = stmt.where(AlarmRecord.rule_id.in_(select(AlarmRule.id).where(AlarmRule.group_id == scope.group_id)
                                                  .execution_options(**{tenancy.INCLUDE_DELETED: True})))
    return stmt


async def alarms(db: AsyncSession, start: datetime, end: datetime, scope: Scope = Scope()) -> list[Alarm]:
    """The alarms raised in [start, end) within `scope`, oldest first."""
    stmt = select(AlarmRecord.rule_id, AlarmRecord.device_id, AlarmRecord.level_id, AlarmRecord.first_time,
                  AlarmRecord.ack_time, AlarmRecord.clear_time).where(
        AlarmRecord.first_time >= start, AlarmRecord.first_time < end).order_by(AlarmRecord.first_time)
    return [Alarm(*row) for row in (await db.execute(_scoped(stmt, scope))).all()]


def _minutes(pairs: Iterable[tuple[datetime, datetime | None]]) -> float | None:
    spans = [(later - first).total_seconds() / 60 for first, later in pairs if later is not None]
    return round(fmean(spans), 2) if spans else None


def measure(name: str, rows: Sequence[Alarm], end: datetime) -> float | None:
    """One measure of the alarms of a period that ends at `end`."""
    if name == "COUNT":
        return float(len(rows))
    if name == "OPEN":
        return float(sum(a.open_at(end) for a in rows))
    if name == "UNCONFIRMED":
        return float(sum(a.unconfirmed_at(end) for a in rows))
    if name == "CONFIRM_MINUTES":
        return _minutes((a.first_time, a.ack_time) for a in rows)
    return _minutes((a.first_time, a.clear_time) for a in rows)


# --- indicators -----------------------------------------------------------------------------------------------

async def save_indicator(db: AsyncSession, body: IndicatorWrite) -> WarningIndicator:
    row = WarningIndicator(enabled=1, period="day") if body.id is None \
        else await get_or_raise(db, WarningIndicator, body.id)
    for name in body.model_fields_set - {"id"}:
        setattr(row, name, getattr(body, name))
    if not (row.name or "").strip():
        raise BadRequest("请输入指标名称")
    if row.measure not in MEASURES:
        raise BadRequest("请选择指标度量")
    if row.threshold is None:
        raise BadRequest("请输入预警阈值")
    row.period = check_mode(row.period or "day")
    for model, value, message in ((AlarmLevel, row.level_id, "告警级别不存在"),
                                  (AlarmGroup, row.group_id, "告警分组不存在"), (Device, row.device_id, "设备不存在"),
                                  (AlarmRule, row.event_id, "告警事件不存在")):
        if value is not None and (await db.execute(select(model.id).where(model.id == value))).first() is None:
            raise NotFoundError(message)
    if body.id is None:
        db.add(row)
    await db.flush()
    await db.refresh(row)
    return row


async def indicator_reads(db: AsyncSession, rows: Sequence[WarningIndicator]) -> list[dict]:
    """Indicators with their scope's names and their newest published record."""
    names = await _names(db, level=(r.level_id for r in rows), group=(r.group_id for r in rows),
                         device=(r.device_id for r in rows), event=(r.event_id for r in rows))
    ids = [r.id for r in rows]
    newest: dict[int, WarningRecord] = {}
    if ids:
        for published in (await db.execute(select(WarningRecord).where(WarningRecord.indicator_id.in_(ids))
                                        .order_by(WarningRecord.period_start))).scalars():
            newest[published.indicator_id] = published
    out = []
    for row in rows:
        read = {a.key: getattr(row, a.key) for a in WarningIndicator.__mapper__.column_attrs}
        record = newest.get(row.id)
        read |= {"level_name": names["level"].get(row.level_id, ""), "group_name": names["group"].get(row.group_id, ""),
                 "device_name": names["device"].get(row.device_id, ""),
                 "event_name": names["event"].get(row.event_id, ""),
                 "last_value": record.value if record else None,
                 "last_period": label(record.mode, record.period_start) if record else None,
                 "last_status": (WARNED if record.warned else NORMAL) if record else None}
        out.append(read)
    return out


NAMED = {"level": (AlarmLevel.id, AlarmLevel.name), "group": (AlarmGroup.id, AlarmGroup.name),
         "device": (Device.id, Device.name), "point": (DataPoint.id, DataPoint.name),
         "event": (AlarmRule.id, AlarmRule.name)}


async def _names(db: AsyncSession, **wanted: Iterable[int | None]) -> dict[str, dict]:
    """The names of the rows `wanted` names by kind (level, group, device, point, event) and ids; a removed
    device, point or event keeps its name."""
    out: dict[str, dict] = {}
    for kind, ids in wanted.items():
        key, name = NAMED[kind]
        known = {i for i in ids if i is not None}
        out[kind] = dict((await db.execute(select(key, name).where(key.in_(known)).execution_options(
            **{tenancy.INCLUDE_DELETED: True}))).all()) if known else {}
    return out


# --- publishing -----------------------------------------------------------------------------------------------

async def publish(db: AsyncSession, mode: str, moment: datetime | None = None,
                  user_id: int | None = None) -> list[WarningRecord]:
    """Publish every enabled indicator of `mode` for the period that holds `moment` (by default the last complete
    one): one record each, replacing one published for that period before."""
    now = datetime.now().replace(microsecond=0)
    start, end = period_of(check_mode(mode), moment) if moment else last_complete(mode, now)
    indicators = (await db.execute(select(WarningIndicator).where(
        WarningIndicator.period == mode, WarningIndicator.enabled == 1))).scalars().all()
    earlier = {r.indicator_id: r for r in (await db.execute(select(WarningRecord).where(
        WarningRecord.indicator_id.in_([i.id for i in indicators]), WarningRecord.period_start == start)))
        .scalars()} if indicators else {}
    out = []
    for indicator in indicators:
        rows = await alarms(db, start, end, Scope(indicator.level_id, indicator.group_id, indicator.device_id,
                                                  indicator.event_id))
        value = measure(indicator.measure, rows, min(end, now))
        record = earlier.get(indicator.id) or WarningRecord(indicator_id=indicator.id, period_start=start)
        record.name, record.measure, record.mode, record.period_end = indicator.name, indicator.measure, mode, end
        record.value, record.threshold, record.alarms = value, indicator.threshold, len(rows)
        record.warned = int(value is not None and value >= indicator.threshold)
        record.publish_time, record.publish_user = now, user_id
        if indicator.id not in earlier:
            db.add(record)
        out.append(record)
    await db.flush()
    return out


async def publish_due(db: AsyncSession, now: datetime | None = None) -> None:
    """The `warning.publish` job (each tenant, daily): the day that ended, and the week or month that ended."""
    now = now or datetime.now()
    for mode in MODES:
        if period_of(mode, now)[0] == period_of("day", now)[0]:  # today begins a new one
            await publish(db, mode, last_complete(mode, now)[0])


def record_read(record: WarningRecord) -> dict:
    return {a.key: getattr(record, a.key) for a in WarningRecord.__mapper__.column_attrs} | {
        "period": label(record.mode, record.period_start), "status": WARNED if record.warned else NORMAL}


# --- metrics and analysis -------------------------------------------------------------------------------------

async def metrics(db: AsyncSession, start: datetime, end: datetime, scope: Scope) -> list[dict]:
    """Per event: its alarms raised in [start, end) and how they were handled, most alarms first."""
    check_range(start, end)
    rows = await alarms(db, start, end, scope)
    by_event: dict[int, list[Alarm]] = {}
    for alarm in rows:
        by_event.setdefault(alarm.rule_id, []).append(alarm)
    if not by_event:
        return []
    rules = {r.id: r for r in (await db.execute(select(AlarmRule).where(AlarmRule.id.in_(by_event)).execution_options(
        **{tenancy.INCLUDE_DELETED: True}))).scalars()}
    names = await _names(db, device=(g[0].device_id for g in by_event.values()),
                         point=(r.point_id for r in rules.values()), level=(r.level_id for r in rules.values()),
                         group=(r.group_id for r in rules.values()))
    now = datetime.now()
    out = []
    for rule_id, group in by_event.items():
        rule = rules.get(rule_id)
        out.append({
            "event_id": rule_id, "event_name": rule.name if rule else "",
            "device_name": names["device"].get(group[0].device_id, ""),
            "point_name": names["point"].get(rule.point_id, "") if rule else "",
            "level_name": names["level"].get(rule.level_id, "") if rule else "",
            "group_name": names["group"].get(rule.group_id, "") if rule else "",
            "count": len(group), "open": sum(a.open_at(now) for a in group),
            "unconfirmed": sum(a.unconfirmed_at(now) for a in group),
            "mean_confirm_minutes": measure("CONFIRM_MINUTES", group, end),
            "mean_clear_minutes": measure("CLEAR_MINUTES", group, end),
            "keep_minutes": int(sum(((a.clear_time or now) - a.first_time).total_seconds() for a in group) // 60),
            "last_time": group[-1].first_time,
        })
    out.sort(key=lambda m: (-m["count"], m["event_name"]))
    return out


async def analyse(db: AsyncSession, mode: str, start: datetime, end: datetime, scope: Scope) -> dict[str, Any]:
    """Counts and durations per period of `mode` over [start, end), the top devices and events, the count by
    level, and how many published records warned in each period."""
    check_mode(mode)
    check_range(start, end)
    spans = periods(mode, start, end)
    rows = await alarms(db, spans[0][0], spans[-1][1], scope)
    warned = Counter(label(mode, s) for (s,) in (await db.execute(select(WarningRecord.period_start).where(
        WarningRecord.mode == mode, WarningRecord.warned == 1, WarningRecord.period_start >= spans[0][0],
        WarningRecord.period_start < spans[-1][1]))).all())
    series = []
    for span_start, span_end in spans:
        inside = [a for a in rows if span_start <= a.first_time < span_end]
        key = label(mode, span_start)
        series.append({"period": key, "start": span_start, "count": len(inside),
                       "cleared": sum(not a.open_at(span_end) for a in inside),
                       "confirmed": sum(not a.unconfirmed_at(span_end) for a in inside),
                       "mean_confirm_minutes": measure("CONFIRM_MINUTES", inside, span_end),
                       "mean_clear_minutes": measure("CLEAR_MINUTES", inside, span_end),
                       "warned": warned.get(key, 0)})
    devices = Counter(a.device_id for a in rows)
    events = Counter(a.rule_id for a in rows)
    levels = Counter(a.level_id for a in rows)
    names = await _names(db, device=devices, event=events, level=levels)
    colors = dict((await db.execute(select(AlarmLevel.id, AlarmLevel.color).where(
        AlarmLevel.id.in_([k for k in levels if k is not None])))).all())
    return {
        "mode": mode, "series": series, "total": len(rows),
        "mean_confirm_minutes": measure("CONFIRM_MINUTES", rows, end),
        "mean_clear_minutes": measure("CLEAR_MINUTES", rows, end),
        "top_devices": [{"key": str(k), "name": names["device"].get(k, str(k)), "count": n}
                        for k, n in devices.most_common(TOP)],
        "top_events": [{"key": str(k), "name": names["event"].get(k, str(k)), "count": n}
                       for k, n in events.most_common(TOP)],
        "by_level": [{"key": str(k or ""), "name": names["level"].get(k, "-"), "count": n, "color": colors.get(k or 0)}
                     for k, n in levels.most_common()],
    }
