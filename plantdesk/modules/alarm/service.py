"""Alarm configuration, results, confirmation and the views over them.

`open_alarms(db, device_id=None)` is the one read other areas (the assistant's typed tool) call for a tenant's
alarms that are not cleared yet; `raise_event` is how another area (a workflow's alarm action) raises one.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import outbound, query, tenancy
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise, mark_deleted
from plantdesk.core.envelope import DATETIME_FORMAT
from plantdesk.core.errors import BadRequest, BusinessError, NotFoundError
from plantdesk.core.jobs import Jobs
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams, paginate
from plantdesk.core.security import revocation
from plantdesk.core.security.passwords import verify_password
from plantdesk.modules.alarm import engine, templates, unusual
from plantdesk.modules.alarm.engine import AFFIRMED, NOT_AFFIRMED, NOT_REMOVED, OFFLINE, REMOVED
from plantdesk.modules.alarm.models import (
    AlarmGroup,
    AlarmJobUnusual,
    AlarmLevel,
    AlarmRecord,
    AlarmRule,
    AlarmSetting,
    AlarmTemplate,
    AlarmTimeCycle,
    AlarmTrail,
    AlarmUserSetting,
    RuleCondition,
)
from plantdesk.modules.alarm.schemas import (
    EventWrite,
    GroupWrite,
    LevelWrite,
    MailParamsWrite,
    SettingWrite,
    TemplateWrite,
    TimeCycleWrite,
    UserSettingWrite,
)
from plantdesk.modules.alarm.tracking import rules as tracking
from plantdesk.modules.alarm.tracking.models import AlarmMetric
from plantdesk.modules.alarm.tracking.rules import Described
from plantdesk.modules.device.models import DataPoint, Device
from plantdesk.modules.device.monitor import service as monitor
from plantdesk.modules.system.models import User
from plantdesk.modules.system.param import service as params

LOCKOUT_SECONDS = 30 * 60  # the login's lockout window (auth.service): one counter for both
CONFIRMED = "确认成功"
OPERATORS = {"gt": ">", "ge": "≥", "lt": "<", "le": "≤"}
TRAIL_COLS = [("时间", "createTime"), ("动作", "action"), ("数值", "value"), ("人员", "person"), ("说明", "remark")]
EXPORT_COLS = [("batch", "批次"), ("deviceName", "设备"), ("pointName", "测点"), ("levelName", "级别"),
               ("firstTime", "首次时间"), ("removeStatus", "解除状态"), ("removeTime", "解除时间"),
               ("keepTime", "持续时间(分钟)"), ("affirmStatus", "确认状态"), ("affirmTime", "确认时间"),
               ("affirmPerson", "确认人"), ("affirmReason", "确认原因"), ("frequency", "频次"),
               ("peakValue", "峰值")]

RESULTS = Listing(AlarmRecord, exact={
    "eventId": AlarmRecord.rule_id, "batch": AlarmRecord.batch, "deviceId": AlarmRecord.device_id,
    "levelId": AlarmRecord.level_id, "removeStatus": AlarmRecord.cleared, "affirmStatus": AlarmRecord.acknowledged},
    ranges={"firstTime": AlarmRecord.first_time},
    sorts={"first_time": AlarmRecord.first_time, "frequency": AlarmRecord.frequency},
    order=(AlarmRecord.first_time.desc(), AlarmRecord.id.desc()),
    # The alarm database's rules (docs/decisions.md "Plant data scopes"); an alarm has no department of its own:
    # a rule on `dept_id` reads its device's (a third-party metric's alarm has no device, so no department).
    scope="database",
    scope_columns={"dept_id": select(Device.dept_id).where(Device.id == AlarmRecord.device_id)
                   .scalar_subquery().label("dept_id")})
EVENTS = Listing(AlarmRule, filters={"name": AlarmRule.name},
                 exact={"deviceId": AlarmRule.device_id, "pointId": AlarmRule.point_id,
                        "levelId": AlarmRule.level_id, "groupId": AlarmRule.group_id, "kind": AlarmRule.kind},
                 order=(AlarmRule.create_time.desc(), AlarmRule.id.desc()))
TRAIL = Listing(AlarmTrail, exact={"eventId": AlarmTrail.rule_id, "batch": AlarmTrail.batch,
                                   "recordId": AlarmTrail.record_id, "action": AlarmTrail.action},
                filters={"person": AlarmTrail.person}, ranges={"createTime": AlarmTrail.create_time},
                order=(AlarmTrail.create_time.desc(), AlarmTrail.id.desc()))


@dataclass(frozen=True, slots=True)
class Filters:
    """What the event overview narrows its counts, trend and list to: a level, a group (its events' and metrics'
    alarms), a device, and a state (STATES)."""

    level_id: int | None = None
    group_id: int | None = None
    device_id: int | None = None
    state: str | None = None
    scope: ColumnElement[bool] | None = None  # the caller's data scope (RESULTS'): every counter narrows by it

    @classmethod
    def of(cls, params: Mapping[str, str], scope: ColumnElement[bool] | None = None) -> "Filters":
        """From a query string (levelId, groupId, deviceId, state), as the results page reads it."""
        ids = {name: query.to_int(params[name], name) if params.get(name) else None
               for name in ("levelId", "groupId", "deviceId")}
        state = params.get("state") or None
        if state is not None and state not in STATES:
            raise BadRequest("请求参数类型错误: state")
        return cls(ids["levelId"], ids["groupId"], ids["deviceId"], state, scope)

    @classmethod
    async def scoped(cls, db: AsyncSession, cache: Cache, user: Identity, params: Mapping[str, str]) -> "Filters":
        """`of(params)` within the user's data scope of the alarm results."""
        return cls.of(params, await RESULTS.scope_clause(db=db, user=user, cache=cache))

    def clauses(self, *, but: str = "") -> list[ColumnElement[bool]]:
        """The clauses on alarm_record, leaving out the dimension `but` (level, state): a counter of that
        dimension shows each of its values, whichever is chosen."""
        out: list[ColumnElement[bool]] = []
        if self.level_id is not None and but != "level":
            out.append(AlarmRecord.level_id == self.level_id)
        if self.group_id is not None:
            out.append(AlarmRecord.rule_id.in_(select(AlarmRule.id).where(AlarmRule.group_id == self.group_id)
                                               .union_all(select(AlarmMetric.id)
                                                          .where(AlarmMetric.group_id == self.group_id))))
        if self.device_id is not None:
            out.append(AlarmRecord.device_id == self.device_id)
        if self.state is not None and but != "state":
            out.extend(STATES[self.state])
        if self.scope is not None:
            out.append(self.scope)
        return out


# The states an overview counter stands for, as clauses on alarm_record.
STATES: dict[str, tuple[ColumnElement[bool], ...]] = {
    "open": (AlarmRecord.cleared == 0,),
    "unaffirmed": (AlarmRecord.acknowledged == 0,),
    "active_unack": (AlarmRecord.cleared == 0, AlarmRecord.acknowledged == 0),
    "active_ack": (AlarmRecord.cleared == 0, AlarmRecord.acknowledged == 1),
    "cleared_unack": (AlarmRecord.cleared == 1, AlarmRecord.acknowledged == 0),
    "cleared_ack": (AlarmRecord.cleared == 1, AlarmRecord.acknowledged == 1),
}
TREND_STEPS = {"hour": (timedelta(hours=1), 24), "day": (timedelta(days=1), 30)}


def assign(row: Any, body: Any, *, keep_blank: tuple[str, ...] = ()) -> None:
    """Copy the fields the body carries onto the row; a null for a column that cannot hold one is left out
    (the row keeps its value, or the column's default), and so is an empty value of `keep_blank`."""
    columns = row.__table__.c
    for name in body.model_fields_set - {"id"}:
        value = getattr(body, name)
        if (value is None and name in columns and not columns[name].nullable) or (name in keep_blank and not value):
            continue
        setattr(row, name, value)


# --- events (rules) -------------------------------------------------------------------------------------------

def rule_text(rule: RuleCondition, point_name: str = "") -> str:
    """The trigger condition in words (the detail dialog's rules)."""
    subject = point_name or "value"
    if rule.kind == "RANGE":
        condition = f"{subject} ∉ [{_num(rule.low)}, {_num(rule.high)}]"
    elif rule.kind == "RATE":
        condition = f"|Δ{subject}|/min > {_num(rule.threshold)}"
    elif rule.kind == "NO_DATA":
        condition = f"{subject}: no data {rule.no_data_seconds}s"
    elif rule.kind == OFFLINE:
        condition = "device offline"
    else:
        condition = f"{subject} {OPERATORS.get(rule.operator, '>')} {_num(rule.threshold)}"
    return f"{condition}; {interval_text(rule)}; hysteresis {_num(rule.hysteresis)}" + (
        f", clear after {rule.clear_seconds}s" if rule.clear_seconds else "")


def interval_text(rule: RuleCondition) -> str:
    if rule.mode == "DURATION":
        return f"DURATION {rule.duration_seconds}s"
    if rule.mode == "REPEATING":
        return f"REPEATING ×{rule.repeat_count}"
    return "SIMPLE"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


async def event_reads(db: AsyncSession, rules: Sequence[AlarmRule]) -> list[dict]:
    names = await _names(db, rules)
    ids = [r.id for r in rules]
    opened = dict((await db.execute(select(AlarmRecord.rule_id, func.count()).where(
        AlarmRecord.rule_id.in_(ids), AlarmRecord.cleared == 0).group_by(AlarmRecord.rule_id))).all()) if ids else {}
    out = []
    for rule in rules:
        row = {a.key: getattr(rule, a.key) for a in AlarmRule.__mapper__.column_attrs}
        row |= {"device_name": names["device"].get(rule.device_id, ""),
                "point_name": engine.OFFLINE_POINT if rule.kind == OFFLINE else names["point"].get(rule.point_id, ""),
                "level_name": names["level"].get(rule.level_id, ("", None, None))[0],
                "group_name": names["group"].get(rule.group_id, ""),
                "rules": rule_text(rule, names["point"].get(rule.point_id, "")),
                "open_count": opened.get(rule.id, 0)}
        out.append(row)
    return out


async def _names(db: AsyncSession, rows: Sequence[Any]) -> dict[str, dict]:
    devices = {r.device_id for r in rows}
    points = {r.point_id for r in rows}
    return {
        "device": dict((await db.execute(select(Device.id, Device.name).where(Device.id.in_(devices)))).all())
        if devices else {},
        "point": dict((await db.execute(select(DataPoint.id, DataPoint.name).where(DataPoint.id.in_(points)))).all())
        if points else {},
        "level": {lv.id: (lv.name, lv.level, lv.color) for lv in (await db.execute(select(AlarmLevel))).scalars()},
        "group": dict((await db.execute(select(AlarmGroup.id, AlarmGroup.name))).all()),
    }


async def save_event(db: AsyncSession, body: EventWrite) -> AlarmRule:
    rule = AlarmRule() if body.id is None else await get_or_raise(db, AlarmRule, body.id)
    assign(rule, body)
    if not (rule.name or "").strip():
        raise BadRequest("请输入事件名称")
    if (rule.kind or body.kind) == OFFLINE:
        # The device-offline alarm watches a device, not a point: the device named, or the given point's.
        if body.device_id is None and rule.point_id:
            rule.device_id = (await db.execute(select(DataPoint.device_id).where(
                DataPoint.id == rule.point_id))).scalar_one_or_none() or 0
        if not rule.device_id:
            raise BadRequest("请选择设备")
        if (await db.execute(select(Device.id).where(Device.id == rule.device_id))).first() is None:
            raise NotFoundError("设备不存在")
        rule.point_id = 0
    else:
        if not rule.point_id:
            raise BadRequest("请选择测点")
        point = (await db.execute(select(DataPoint).where(DataPoint.id == rule.point_id))).scalar_one_or_none()
        if point is None:
            raise NotFoundError("测点不存在")
        rule.device_id = point.device_id
    await check_condition(db, rule)
    if body.id is None:
        db.add(rule)
    await db.flush()
    await db.refresh(rule)
    engine.invalidate(db)
    return rule


async def check_condition(db: AsyncSession, rule: RuleCondition) -> None:
    """The condition's defaults and checks, for a data-point rule and a third-party metric alike."""
    rule.kind, rule.mode = rule.kind or "THRESHOLD", rule.mode or "SIMPLE"
    rule.operator = rule.operator or "gt"
    if rule.kind in ("THRESHOLD", "RATE") and rule.threshold is None:
        raise BadRequest("请输入阈值")
    if rule.kind == "RANGE" and rule.low is None and rule.high is None:
        raise BadRequest("请输入上限或下限")
    if rule.kind == "RANGE" and rule.low is not None and rule.high is not None and rule.low >= rule.high:
        raise BadRequest("下限须小于上限")
    if rule.kind == "NO_DATA" and not rule.no_data_seconds:
        raise BadRequest("请输入无数据时长")
    if rule.mode == "DURATION" and not rule.duration_seconds:
        raise BadRequest("请输入持续时间")
    for model, value, message in ((AlarmLevel, rule.level_id, "告警级别不存在"),
                                  (AlarmGroup, rule.group_id, "告警分组不存在")):
        if value is not None and (await db.execute(select(model.id).where(model.id == value))).first() is None:
            raise NotFoundError(message)


async def in_use(db: AsyncSession, column: str, ids: list[int]) -> bool:
    """Whether a data-point event or a third-party metric names one of these levels or groups (`column`)."""
    for model in (AlarmRule, AlarmMetric):
        if (await db.execute(select(model.id).where(getattr(model, column).in_(ids)).limit(1))).first():
            return True
    return False


async def remove_events(db: AsyncSession, ids: list[int]) -> None:
    await mark_deleted(db, AlarmRule, AlarmRule.id.in_(ids))
    engine.invalidate(db)


async def event_results(db: AsyncSession, rule_id: int) -> list[dict]:
    """Every result of one event, newest batch first (at most 1,000)."""
    records = (await db.execute(select(AlarmRecord).where(AlarmRecord.rule_id == rule_id)
                                .order_by(AlarmRecord.batch.desc()).limit(1000))).scalars().all()
    return await result_reads(db, records)


# --- levels, groups, time cycles ------------------------------------------------------------------------------

async def save_level(db: AsyncSession, body: LevelWrite) -> AlarmLevel:
    row = AlarmLevel() if body.id is None else await get_or_raise(db, AlarmLevel, body.id)
    assign(row, body)
    if not (row.name or "").strip() or row.level is None:
        raise BadRequest("请输入级别和名称")
    if body.id is None:
        db.add(row)
    await db.flush()
    engine.invalidate(db)
    return row


async def remove_levels(db: AsyncSession, ids: list[int]) -> None:
    if await in_use(db, "level_id", ids):
        raise BadRequest("该级别正被告警事件使用")
    await mark_deleted(db, AlarmLevel, AlarmLevel.id.in_(ids))
    engine.invalidate(db)


async def group_reads(db: AsyncSession, rows: Sequence[AlarmGroup]) -> list[dict]:
    ids = {i for g in rows for i in engine.split_ids(g.user_ids)}
    names = dict((await db.execute(select(User.id, User.real_name).where(User.id.in_(ids)))).all()) if ids else {}
    return [{"id": g.id, "parent_id": g.parent_id, "name": g.name, "user_ids": g.user_ids, "notify_on": g.notify_on,
             "email": g.email, "escalate_seconds": g.escalate_seconds or 0, "escalate_user_ids": g.escalate_user_ids,
             "escalate_steps": g.escalate_steps or 1, "sort": g.sort, "remark": g.remark,
             "user_names": ",".join(names.get(i) or str(i) for i in engine.split_ids(g.user_ids))} for g in rows]


def _groups() -> Select:
    return select(AlarmGroup).order_by(AlarmGroup.sort, AlarmGroup.id)


async def all_groups(db: AsyncSession) -> list[dict]:
    return await group_reads(db, list((await db.execute(_groups())).scalars()))


async def group_page(db: AsyncSession, name: str, paging: PageParams) -> dict:
    """Groups whose name contains `name`."""
    clause = query.keyword(name, AlarmGroup.name)
    page = await paginate(db, _groups() if clause is None else _groups().where(clause), paging)
    page["records"] = await group_reads(db, page["records"])
    return page


async def save_group(db: AsyncSession, body: GroupWrite) -> AlarmGroup:
    row = AlarmGroup() if body.id is None else await get_or_raise(db, AlarmGroup, body.id)
    assign(row, body)
    if not (row.name or "").strip():
        raise BadRequest("请输入分组名称")
    wanted = engine.split_ids(row.user_ids) + engine.split_ids(row.escalate_user_ids)
    if wanted:
        known = set((await db.execute(select(User.id).where(User.id.in_(wanted)))).scalars())
        if known != set(wanted):
            raise BadRequest("用户不存在")
    row.parent_id = row.parent_id or 0
    row.notify_on = row.notify_on if row.notify_on is not None else "raise,clear"
    if body.id is None:
        db.add(row)
    await db.flush()
    engine.invalidate(db)
    return row


async def remove_groups(db: AsyncSession, ids: list[int]) -> None:
    if await in_use(db, "group_id", ids):
        raise BadRequest("该分组正被告警事件使用")
    await mark_deleted(db, AlarmGroup, AlarmGroup.id.in_(ids))
    engine.invalidate(db)


async def active_users(db: AsyncSession) -> list[User]:
    """The tenant's active users, to authorise in a group."""
    return list((await db.execute(select(User).where(User.status == 1).order_by(User.account).limit(1000)))
                .scalars())


async def time_cycles(db: AsyncSession) -> list[AlarmTimeCycle]:
    return list((await db.execute(select(AlarmTimeCycle).order_by(AlarmTimeCycle.id))).scalars())


async def save_time_cycle(db: AsyncSession, body: TimeCycleWrite) -> AlarmTimeCycle:
    """Insert (no id) or update a time cycle."""
    row = AlarmTimeCycle() if body.id is None else await get_or_raise(db, AlarmTimeCycle, body.id)
    assign(row, body)
    if not (row.name or "").strip():
        raise BadRequest("请输入时间周期名称")
    if body.id is None:
        db.add(row)
    await db.flush()
    await db.refresh(row)
    engine.invalidate(db)
    return row


# --- results --------------------------------------------------------------------------------------------------

async def result_reads(db: AsyncSession, records: Sequence[AlarmRecord]) -> list[dict]:
    names = await _names(db, records)
    rules, metrics = await rules_of(db, {r.rule_id for r in records})
    now = datetime.now()
    out = []
    for rec in records:
        rule = rules.get(rec.rule_id)
        level_name, level, color = names["level"].get(rec.level_id, ("", None, None))
        metric = metrics.get(rec.rule_id)
        device_name = metric.source_name if metric else names["device"].get(rec.device_id, "")
        point_name = metric.subject if metric else engine.OFFLINE_POINT if rule is not None and \
            rule.kind == OFFLINE else names["point"].get(rec.point_id, "")
        out.append({
            "id": rec.id, "event_id": rec.rule_id, "event_name": rule.name if rule else "",
            "level_id": rec.level_id, "level_name": level_name, "level": level, "color": color,
            "group_name": names["group"].get(rule.group_id, "") if rule else "",
            "device_id": rec.device_id, "device_name": device_name, "point_name": point_name, "batch": rec.batch,
            "first_time": rec.first_time, "last_time": rec.last_time,
            "remove_status": REMOVED if rec.cleared else NOT_REMOVED, "remove_time": rec.clear_time,
            "keep_time": int(((rec.clear_time or now) - rec.first_time).total_seconds() // 60),
            "affirm_status": AFFIRMED if rec.acknowledged else NOT_AFFIRMED, "affirm_time": rec.ack_time,
            "affirm_person": rec.ack_person, "affirm_reason": rec.ack_reason, "frequency": rec.frequency,
            "frequency_content": f"{rec.frequency}", "interval_content": interval_text(rule) if rule else "",
            "first_value": rec.first_value, "peak_value": rec.peak_value, "last_value": rec.last_value,
        })
    return out


async def rules_of(db: AsyncSession, ids: set[int]) -> tuple[dict[int, RuleCondition], dict[int, Described]]:
    """The rules of these ids, removed ones too: data-point events, and third-party metrics (alarm.tracking)
    with their names."""
    rules: dict[int, RuleCondition] = {r.id: r for r in (await db.execute(
        select(AlarmRule).where(AlarmRule.id.in_(ids)).execution_options(
            **{tenancy.INCLUDE_DELETED: True}))).scalars()} if ids else {}
    metrics = await tracking.described(db, ids - rules.keys())
    return rules | {i: d.metric for i, d in metrics.items()}, metrics


async def _rule(db: AsyncSession, rule_id: int) -> RuleCondition:
    rules, _ = await rules_of(db, {rule_id})
    if rule_id not in rules:
        raise NotFoundError("告警事件不存在")
    return rules[rule_id]


async def result_page(db: AsyncSession, cache: Cache, user: Identity, params: Mapping[str, str],
                      paging: PageParams) -> dict:
    page = await RESULTS.page(db, results_statement(params), paging, user=user, cache=cache)
    page["records"] = await result_reads(db, page["records"])
    return page


async def authorised_for_all(db: AsyncSession, user: Identity, ids: list[int]) -> bool:
    """Whether the user is an authorised user of the group of every chosen result's event."""
    rule_ids = set((await db.execute(select(AlarmRecord.rule_id).where(AlarmRecord.id.in_(ids)))).scalars())
    rules, _ = await rules_of(db, rule_ids)  # data-point events and third-party metrics
    group_ids = {rule.group_id for rule in rules.values() if rule.group_id}
    users = dict((await db.execute(select(AlarmGroup.id, AlarmGroup.user_ids)
                                   .where(AlarmGroup.id.in_(group_ids)))).all()) if group_ids else {}
    return bool(rule_ids) and all(i in rules and user.user_id in engine.split_ids(users.get(rules[i].group_id or 0))
                                  for i in rule_ids)


def results_statement(query: Mapping[str, str]) -> Select:
    """The results the query string asks for: the listing's filters, and the overview's group and state."""
    return RESULTS.select(query).where(*Filters.of({k: query[k] for k in ("groupId", "state") if k in query})
                                       .clauses())


async def alarm_record(db: AsyncSession, event_id: int, batch: int | None) -> dict:
    """The event result and alarm record of (eventId, batch); without a batch, the newest."""
    stmt = select(AlarmRecord).where(AlarmRecord.rule_id == event_id)
    stmt = stmt.where(AlarmRecord.batch == batch) if batch is not None else stmt.order_by(AlarmRecord.batch.desc())
    record = (await db.execute(stmt.limit(1))).scalar_one_or_none()
    if record is None:
        raise NotFoundError("告警记录不存在")
    detail = (await result_reads(db, [record]))[0]
    rule = await _rule(db, event_id)
    trail = (await db.execute(select(AlarmTrail).where(AlarmTrail.record_id == record.id)
                              .order_by(AlarmTrail.create_time, AlarmTrail.id))).scalars().all()
    detail["rules"] = rule_text(rule, detail["point_name"])
    detail["cols"] = [{"name": name, "prop": prop} for name, prop in TRAIL_COLS]
    detail["row_data"] = [trail_read(t, rule.name) for t in trail]
    detail["chart"] = await around(db, rule, record) if isinstance(rule, AlarmRule) and rule.kind != OFFLINE else None
    return detail


AROUND_BUCKETS = 120
AROUND_MIN = timedelta(minutes=10)  # the least shown before the raise and after the clear


async def around(db: AsyncSession, rule: AlarmRule, record: AlarmRecord) -> dict | None:
    """The alarm's point before, during and after the alarm (as long again as it lasted on each side, at least
    AROUND_MIN, never past now) in AROUND_BUCKETS steps, with the rule's limits; None for a point gone."""
    refs = await monitor.points(db, point_ids=[record.point_id])
    if not refs:
        return None
    now = datetime.now()
    end = record.clear_time or now
    pad = max(end - record.first_time, AROUND_MIN)
    start, stop = record.first_time - pad, min(end + pad, now)
    series = (await monitor.aggregate(db, refs, _ms(start), _ms(stop), buckets=AROUND_BUCKETS, interval=None,
                                      source="auto"))["series"]
    limits = {"THRESHOLD": [("threshold", rule.threshold)], "RANGE": [("low", rule.low), ("high", rule.high)]}
    return {"unit": refs[0].unit, "start": _ms(start), "end": _ms(stop), "raised": _ms(record.first_time),
            "cleared": _ms(record.clear_time) if record.clear_time else None,
            "limits": [{"name": name, "value": value} for name, value in limits.get(rule.kind, [])
                       if value is not None],
            "buckets": [{"ts": b["ts"], "avg": b["avg"], "min": b["min"], "max": b["max"]}
                        for b in (series[0]["buckets"] if series else [])]}


def _ms(t: datetime) -> int:
    return int(t.timestamp() * 1000)


def trail_read(t: AlarmTrail, event_name: str) -> dict:
    return {"id": t.id, "record_id": t.record_id, "event_id": t.rule_id, "event_name": event_name,
            "batch": t.batch, "action": t.action, "value": t.value, "person": t.person, "remark": t.remark,
            "create_time": t.create_time}


async def trail_page(db: AsyncSession, params: Mapping[str, str], paging: PageParams) -> dict:
    page = await TRAIL.page(db, TRAIL.select(params), paging)
    page["records"] = await trail_reads(db, page["records"])
    return page


async def trail_reads(db: AsyncSession, rows: Sequence[AlarmTrail]) -> list[dict]:
    rules, _ = await rules_of(db, {t.rule_id for t in rows})
    return [trail_read(t, rules[t.rule_id].name if t.rule_id in rules else "") for t in rows]


async def affirm(db: AsyncSession, cache: Cache, caller: Identity, *, user_name: str | None, password: str | None,
                 reason: str | None, ids: list[int]) -> int:
    """Confirm the chosen results in one transaction, once the named user's password (md5 hex, as at login)
    checks out; a wrong one confirms nothing and counts against the account as a failed login does."""
    if not (user_name or "").strip():
        raise BadRequest("请输入活动名称")
    if not password:
        raise BadRequest("请输入密码")
    if not (reason or "").strip():
        raise BadRequest("请输入确认原因")
    if not ids:
        raise BadRequest("缺少必要的请求参数: dataList")
    account = (user_name or "").strip()
    account_key = revocation.fail_key(caller.tenant_id, account)
    if (await cache.get(account_key) or 0) >= (await params.get_int(db, "account.failCount") or 5):
        raise BusinessError("登录错误次数过多,请稍后再试")
    user = (await db.execute(select(User).where(User.account == account, User.status == 1))).scalar_one_or_none()
    matches, _rehash = await verify_password(password, user.password if user else None)
    if user is None or not matches:
        await cache.incr(account_key, LOCKOUT_SECONDS)
        raise BusinessError("用户名或密码错误")
    await cache.delete(account_key)
    records = (await db.execute(select(AlarmRecord).where(AlarmRecord.id.in_(ids)))).scalars().all()
    if len(records) != len(set(ids)):
        raise NotFoundError("告警记录不存在")
    now = datetime.now().replace(microsecond=0)
    person = user.real_name or user.account
    await engine.rules_for(db)
    confirmed = 0
    for record in records:
        if record.acknowledged:
            continue
        record.acknowledged, record.ack_time, record.ack_user_id = 1, now, user.id
        record.ack_person, record.ack_reason = person, (reason or "").strip()
        db.add(AlarmTrail(record_id=record.id, rule_id=record.rule_id, batch=record.batch, action="acknowledged",
                          value=record.last_value, person=person, remark=record.ack_reason, create_time=now))
        engine.announce(db, record, "acknowledged")
        confirmed += 1
        rule = engine.rule(record.rule_id) or await tracking.rule(db, record.rule_id)
        if rule is not None:
            await engine.notify(db, rule, record, "affirm")
    await db.flush()
    return confirmed


async def raise_event(db: AsyncSession, event: str, value: float | None, remark: str | None) -> AlarmRecord:
    """Raise an alarm event of the session's tenant, named by id or by name, for a caller that is not a value (a
    workflow's alarm action): a new alarm of the event on its device and point, heard by its group as any raise,
    or a repeat of its open one; in the caller's transaction. It clears as the event's alarms do."""
    event = event.strip()
    row = await db.scalar(select(AlarmRule).where(
        AlarmRule.id == int(event) if event.isdigit() else AlarmRule.name == event).order_by(AlarmRule.id).limit(1))
    if row is None:
        raise BusinessError(f"告警事件不存在: {event}")
    await engine.rules_for(db)
    rule = engine.rule(row.id)
    if rule is None:  # disabled, its point removed, or the tenant's alarms are off
        raise BusinessError(f"告警事件未启用: {row.name}")
    return await engine.raise_now(db, rule, value, remark)


async def export_rows(db: AsyncSession, event_id: int, batch: int | None) -> tuple[str, list[dict]]:
    rule = await _rule(db, event_id)
    stmt = select(AlarmRecord).where(AlarmRecord.rule_id == event_id).order_by(AlarmRecord.batch.desc()).limit(10_000)
    if batch is not None:
        stmt = stmt.where(AlarmRecord.batch == batch)
    reads = await result_reads(db, (await db.execute(stmt)).scalars().all())
    rows = [{"batch": r["batch"], "deviceName": r["device_name"], "pointName": r["point_name"],
             "levelName": r["level_name"], "firstTime": r["first_time"].strftime(DATETIME_FORMAT),
             "removeStatus": r["remove_status"],
             "removeTime": r["remove_time"].strftime(DATETIME_FORMAT) if r["remove_time"] else "",
             "keepTime": r["keep_time"], "affirmStatus": r["affirm_status"],
             "affirmTime": r["affirm_time"].strftime(DATETIME_FORMAT) if r["affirm_time"] else "",
             "affirmPerson": r["affirm_person"] or "", "affirmReason": r["affirm_reason"] or "",
             "frequency": r["frequency"], "peakValue": r["peak_value"]} for r in reads]
    return f"{rule.name}结果.xlsx", rows


# --- overview, open alarms, settings --------------------------------------------------------------------------

async def overview(db: AsyncSession, filters: Filters = Filters(), newest: int = 10) -> dict:
    """The counters of the alarms `filters` choose (each family of counters leaves its own dimension out: the
    levels show every level, the states every state) and the newest of them."""
    counters = filters.clauses(but="state")
    by_status = {(c, a): n for c, a, n in (await db.execute(
        select(AlarmRecord.cleared, AlarmRecord.acknowledged, func.count()).where(*counters)
        .group_by(AlarmRecord.cleared, AlarmRecord.acknowledged))).all()}
    levels = (await db.execute(select(AlarmLevel).order_by(AlarmLevel.level))).scalars().all()
    counted = dict((await db.execute(select(AlarmRecord.level_id, func.count()).where(*filters.clauses(but="level"))
                                     .group_by(AlarmRecord.level_id))).all())
    records = (await db.execute(RESULTS.ordered(select(AlarmRecord).where(*filters.clauses())).limit(newest))
               ).scalars().all()
    statuses = [("active_unack", "未解除 / 未确认", (0, 0)), ("active_ack", "未解除 / 已确认", (0, 1)),
                ("cleared_unack", "已解除 / 未确认", (1, 0)), ("cleared_ack", "已解除 / 已确认", (1, 1))]
    return {
        "total": sum(by_status.values()),
        "open": by_status.get((0, 0), 0) + by_status.get((0, 1), 0),
        "unaffirmed": by_status.get((0, 0), 0) + by_status.get((1, 0), 0),
        "by_level": [{"key": str(lv.id), "name": lv.name, "count": counted.get(lv.id, 0)} for lv in levels],
        "by_status": [{"key": key, "name": name, "count": by_status.get(pair, 0)} for key, name, pair in statuses],
        "newest": await result_reads(db, records),
    }


async def trend(db: AsyncSession, unit: str, filters: Filters, now: datetime | None = None) -> dict:
    """Alarms raised and cleared per hour (the last 24) or per day (the last 30), the current one last."""
    step, count = TREND_STEPS[unit]
    now = now or datetime.now()
    current = now.replace(minute=0, second=0, microsecond=0)
    if unit == "day":
        current = current.replace(hour=0)
    start = current - step * (count - 1)
    where = filters.clauses()

    async def counted(column) -> Counter[int]:
        times = (await db.execute(select(column).where(column >= start, *where))).scalars()
        return Counter(int((t - start) / step) for t in times)

    raised, cleared = await counted(AlarmRecord.first_time), await counted(AlarmRecord.clear_time)
    return {"unit": unit, "buckets": [{"start": start + step * i, "raised": raised.get(i, 0),
                                       "cleared": cleared.get(i, 0)} for i in range(count)]}


async def open_alarms(db: AsyncSession, device_id: int | None = None, limit: int = 100,
                      scope: ColumnElement[bool] | None = None) -> list[dict]:
    """The tenant's alarms not cleared yet (the session's tenant), most urgent level first then newest; with
    `device_id`, that device's only; with `scope`, those the caller's data scope shows. Each: id, event (the rule)
    and its name, level name, device and point names, first time, affirm status, peak value."""
    stmt = select(AlarmRecord).where(AlarmRecord.cleared == 0, *(() if scope is None else (scope,)))
    if device_id is not None:
        stmt = stmt.where(AlarmRecord.device_id == device_id)
    records = (await db.execute(stmt.order_by(AlarmRecord.first_time.desc()).limit(limit))).scalars().all()
    reads = await result_reads(db, records)
    reads.sort(key=lambda r: (r["level"] if r["level"] is not None else 99))
    return [{"id": r["id"], "event_id": r["event_id"], "event_name": r["event_name"], "level_name": r["level_name"],
             "device_name": r["device_name"], "point_name": r["point_name"], "first_time": r["first_time"],
             "affirm_status": r["affirm_status"], "peak_value": r["peak_value"]} for r in reads]


async def raised_between(db: AsyncSession, start: datetime, end: datetime, *, device_ids: Sequence[int] = (),
                         level_ids: Sequence[int] = (), limit: int = 1000) -> list[dict]:
    """The alarms raised from `start` to `end` (the session's tenant), newest first, optionally of some devices and
    levels, read as the results list reads them."""
    stmt = select(AlarmRecord).where(AlarmRecord.first_time >= start, AlarmRecord.first_time < end)
    if device_ids:
        stmt = stmt.where(AlarmRecord.device_id.in_(list(device_ids)))
    if level_ids:
        stmt = stmt.where(AlarmRecord.level_id.in_(list(level_ids)))
    records = (await db.execute(stmt.order_by(AlarmRecord.first_time.desc()).limit(limit))).scalars().all()
    return await result_reads(db, records)


async def user_setting(db: AsyncSession, user: Identity) -> AlarmUserSetting:
    """The caller's own way of hearing new urgent alarms, or an unsaved row with the defaults (silent)."""
    row = (await db.execute(select(AlarmUserSetting).where(AlarmUserSetting.user_id == user.user_id))
           ).scalar_one_or_none()
    return row if row is not None else AlarmUserSetting(user_id=user.user_id, sound=0, flash=0, levels=2)


async def save_user_setting(db: AsyncSession, user: Identity, body: UserSettingWrite) -> AlarmUserSetting:
    row = await user_setting(db, user)
    db.add(row)
    assign(row, body)
    await db.flush()
    return row


async def levels(db: AsyncSession) -> list[AlarmLevel]:
    return list((await db.execute(select(AlarmLevel).order_by(AlarmLevel.level))).scalars())


# A new tenant's alarm levels (design/industrial.md §1.2) and its one time cycle.
DEFAULT_LEVELS = [(1, "超紧急", "#cf1322"), (2, "紧急", "#fa541c"), (3, "严重", "#faad14"), (4, "一般", "#1677ff"),
                  (5, "提醒", "#8c8c8c")]
DEFAULT_CYCLE = ("全天", "1,2,3,4,5,6,7", "00:00", "24:00")


async def tenant_init(db: AsyncSession) -> dict:
    """The caller's tenant's readiness (`tenantInit/apikey/check`)."""
    levels = await db.scalar(select(func.count()).select_from(AlarmLevel)) or 0
    cycles = await db.scalar(select(func.count()).select_from(AlarmTimeCycle)) or 0
    return {"initialized": levels > 0 and cycles > 0, "levels": levels, "cycles": cycles}


async def initialize_tenant(db: AsyncSession) -> dict:
    """Give the caller's tenant the default levels and time cycle where it has none; what it has stays."""
    if not await db.scalar(select(func.count()).select_from(AlarmLevel)):
        db.add_all(AlarmLevel(level=level, name=name, color=color, sort=level) for level, name, color in DEFAULT_LEVELS)
    if not await db.scalar(select(func.count()).select_from(AlarmTimeCycle)):
        name, days, start, end = DEFAULT_CYCLE
        db.add(AlarmTimeCycle(name=name, days=days, start_time=start, end_time=end))
    await db.flush()
    engine.invalidate(db)
    return await tenant_init(db)


async def setting(db: AsyncSession) -> AlarmSetting:
    """The tenant's settings row, or an unsaved one with the defaults (a save adds it)."""
    row = (await db.execute(select(AlarmSetting))).scalar_one_or_none()
    return row if row is not None else AlarmSetting(enabled=1, notify=1, keep_days=180, smtp_port=25, smtp_tls=0)


async def save_setting(db: AsyncSession, body: SettingWrite) -> AlarmSetting:
    row = await setting(db)
    db.add(row)
    assign(row, body)
    await db.flush()
    engine.invalidate(db)
    return row


def mail_params(row: AlarmSetting) -> dict:
    return {"smtp_host": row.smtp_host, "smtp_port": row.smtp_port or 25, "smtp_user": row.smtp_user,
            "smtp_from": row.smtp_from, "smtp_tls": row.smtp_tls or 0, "password_set": bool(row.smtp_password)}


async def save_mail_params(db: AsyncSession, policy: outbound.Policy, body: MailParamsWrite) -> AlarmSetting:
    """Save the SMTP parameters; a host the outbound rule refuses (loopback, private) is refused here."""
    row = await setting(db)
    db.add(row)
    assign(row, body, keep_blank=("smtp_password",))
    if row.smtp_host:
        await outbound.check(policy, f"{row.smtp_host}:{row.smtp_port or 25}", tenant=tenancy.writing_tenant(db, row),
                             kind="smtp")
    await db.flush()
    engine.invalidate(db)
    return row


async def notify_templates(db: AsyncSession) -> list[AlarmTemplate]:
    """The tenant's templates, by channel then action."""
    return list((await db.execute(select(AlarmTemplate).order_by(
        AlarmTemplate.channel, AlarmTemplate.action, AlarmTemplate.id))).scalars())


async def remove_templates(db: AsyncSession, ids: list[int]) -> None:
    """Their channel and action go back to the built-in text."""
    await mark_deleted(db, AlarmTemplate, AlarmTemplate.id.in_(ids))
    engine.invalidate(db)


async def save_template(db: AsyncSession, body: TemplateWrite) -> AlarmTemplate:
    row = AlarmTemplate(enabled=1) if body.id is None else await get_or_raise(db, AlarmTemplate, body.id)
    assign(row, body)
    if not row.channel or not row.action:
        raise BadRequest("请选择渠道和动作")
    if not (row.content or "").strip():
        raise BadRequest("请输入模板内容")
    if row.channel == "email" and not (row.title or "").strip():
        raise BadRequest("请输入邮件标题")
    if unknown := templates.unknown_fields(row.title, row.content):
        raise BadRequest(f"未知的模板字段: {', '.join(unknown)}")
    taken = select(AlarmTemplate.id).where(AlarmTemplate.channel == row.channel, AlarmTemplate.action == row.action)
    if body.id is not None:
        taken = taken.where(AlarmTemplate.id != body.id)
    if (await db.execute(taken.limit(1))).first() is not None:
        raise BadRequest("该渠道和动作已有模板")
    row.name = (row.name or "").strip() or f"{row.channel} {row.action}"
    if body.id is None:
        db.add(row)
    await db.flush()
    await db.refresh(row)
    engine.invalidate(db)
    return row


# --- unusual jobs ---------------------------------------------------------------------------------------------

UNUSUAL = Listing(AlarmJobUnusual, exact={"job": AlarmJobUnusual.job, "retried": AlarmJobUnusual.retried},
                  ranges={"createTime": AlarmJobUnusual.create_time},
                  order=(AlarmJobUnusual.create_time.desc(), AlarmJobUnusual.id.desc()))


async def unusual_page(db: AsyncSession, params: Mapping[str, str], paging: PageParams) -> dict:
    return await UNUSUAL.page(db, UNUSUAL.select(params), paging)


async def retry_unusual(db: AsyncSession, jobs: Jobs | None, ids: list[int]) -> int:
    """Send the chosen jobs round again; answers how many."""
    rows = (await db.execute(select(AlarmJobUnusual).where(AlarmJobUnusual.id.in_(ids)))).scalars().all()
    if len(rows) != len(set(ids)):
        raise NotFoundError("任务不存在")
    assert jobs is not None
    for row in rows:
        await unusual.retry(db, jobs, row)
    return len(rows)
