"""The alarm engine (design/industrial.md §5): rules evaluated as values arrive, in the process that wrote them,
plus a sweeper for what needs no new value (a DURATION window that elapsed, NO_DATA, a clear delay).

`on_values` is the monitor write path's listener (device.monitor.listeners): it runs once the writer's unit of
work has committed, in the same session, and commits its own transitions. `sweep` is the `alarm.sweep` job.

Rule progress (`alarm_rule_state`) is written through on every change, so a restart keeps a DURATION window's
start and a REPEATING count. At most one record per (rule, point) is open (a partial unique index), so a repeat
updates the open record (frequency, peak, last value) instead of raising again.

Ownership: one evaluation at a time per process (`_lock`). In the embedded mode the listener and the sweeper
run in the one serving process, so each device's rule state has exactly one owner. Scaled out (several API
workers, `jobs=queue`) the seam is `on_values`: it would defer an `alarm.evaluate` job partitioned by device
(a core.leases lease per device partition names the worker that owns it) instead of evaluating in place; the
partial unique index keeps a raise single meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Table, bindparam, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.core.ids import next_id
from plantdesk.modules.alarm import mail
from plantdesk.modules.alarm.models import (
    AlarmGroup,
    AlarmLevel,
    AlarmRecord,
    AlarmRule,
    AlarmRuleState,
    AlarmSetting,
    AlarmTimeCycle,
    AlarmTrail,
    RuleCondition,
)
from plantdesk.modules.desk import service as desk
from plantdesk.modules.device.models import DataPoint, Device
from plantdesk.modules.user.models import User

SWEEP_JOB = "alarm.sweep"
SWEEP_CRON = "* * * * * */5"  # every 5 seconds (croniter: the sixth field is the seconds)
RULES_SECONDS = 10.0  # a rule saved in another process is seen within this time (this process: at once)
REMOVED, NOT_REMOVED = "已解除", "未解除"
AFFIRMED, NOT_AFFIRMED = "已确认", "未确认"

_lock = asyncio.Lock()


@dataclass(frozen=True, slots=True)
class Cycle:
    days: frozenset[int]
    start: int  # minutes of the day
    end: int

    def contains(self, ts: int) -> bool:
        t = datetime.fromtimestamp(ts / 1000)
        minute = t.hour * 60 + t.minute
        if self.start <= self.end:
            return t.isoweekday() in self.days and self.start <= minute < self.end
        # over midnight: the part after midnight belongs to the previous day's window
        if minute >= self.start:
            return t.isoweekday() in self.days
        return minute < self.end and (t.isoweekday() - 2) % 7 + 1 in self.days


@dataclass(frozen=True, slots=True)
class Rule:
    id: int
    tenant_id: str
    name: str
    device_id: int
    point_id: int
    device_name: str
    point_name: str
    level_id: int | None
    level_name: str
    kind: str
    operator: str
    threshold: float | None
    low: float | None
    high: float | None
    mode: str
    duration_ms: int
    repeat_count: int
    no_data_ms: int
    hysteresis: float
    clear_ms: int
    cycle: Cycle | None
    recipients: tuple[int, ...]
    notify_on: frozenset[str]
    notify: bool
    emails: tuple[str, ...]  # the recipients' addresses when the group hears by e-mail and SMTP is set

    def active(self, ts: int) -> bool:
        return self.cycle is None or self.cycle.contains(ts)


def parse_cycle(days: str, start: str, end: str) -> Cycle:
    return Cycle(frozenset(int(d) for d in days.split(",") if d.strip().isdigit()), _minutes(start), _minutes(end))


def _minutes(hhmm: str) -> int:
    hours, _, minutes = (hhmm or "0:0").partition(":")
    return int(hours or 0) * 60 + int(minutes or 0)


# --- conditions ---------------------------------------------------------------------------------------------

def excess(rule: Rule, value: float, rate: float | None) -> float | None:
    """How far past its limit the value is (> 0: bad); None when it cannot be told (a RATE rule's first value)."""
    if rule.kind == "THRESHOLD" and rule.threshold is not None:
        beyond = value - rule.threshold if rule.operator in ("gt", "ge") else rule.threshold - value
        return beyond if rule.operator in ("gt", "lt") or beyond != 0 else 1e-12  # ge/le: equal is bad
    if rule.kind == "RANGE":
        return max((rule.low - value) if rule.low is not None else -1e300,
                   (value - rule.high) if rule.high is not None else -1e300)
    if rule.kind == "RATE" and rule.threshold is not None:
        return None if rate is None else abs(rate) - rule.threshold
    return -1.0  # NO_DATA: a value arrived


def is_bad(x: float | None) -> bool:
    return x is not None and x > 0


def is_clear(rule: Rule, x: float | None) -> bool:
    """The clear condition: back inside the limit by the hysteresis."""
    return x is not None and not is_bad(x) and x <= -rule.hysteresis


# --- rules of the points ------------------------------------------------------------------------------------

_rules: dict[int, list[Rule]] = {}
_rules_by_id: dict[int, Rule] = {}
_loaded_until = 0.0
_last: dict[int, tuple[int, float]] = {}  # rule id → the last (ts, value) seen: the RATE rules' previous value


def invalidate() -> None:
    """A rule, group, level, time cycle or setting changed: reload before the next evaluation."""
    global _loaded_until
    _loaded_until = 0.0


def reset() -> None:
    """Forget everything held in memory (what a restart does)."""
    invalidate()
    _last.clear()
    _states.clear()


@dataclass(frozen=True, slots=True)
class Context:
    """What a rule's snapshot needs besides the rule: level names, groups, time cycles, each tenant's settings
    and the e-mail addresses of the recipients who hear by e-mail."""

    levels: dict[int, str]
    groups: dict[int, AlarmGroup]
    cycles: dict[int, Cycle]
    settings: dict[str, AlarmSetting]
    addresses: dict[int, str]


async def context(db: AsyncSession) -> Context:
    """The session's tenant's, or every tenant's under the platform scope."""
    levels = {r.id: r.name for r in (await db.execute(select(AlarmLevel))).scalars()}
    groups = {g.id: g for g in (await db.execute(select(AlarmGroup))).scalars()}
    cycles = {c.id: parse_cycle(c.days, c.start_time, c.end_time)
              for c in (await db.execute(select(AlarmTimeCycle))).scalars()}
    settings = {s.tenant_id: s for s in (await db.execute(select(AlarmSetting))).scalars()}
    mailed = {i for g in groups.values() if g.email for i in split_ids(g.user_ids)}
    found = (await db.execute(select(User.id, User.email).where(User.id.in_(mailed)))).all() if mailed else []
    return Context(levels, groups, cycles, settings, {uid: email for uid, email in found if email})


def snapshot(row: RuleCondition, ctx: Context, *, rule_id: int, tenant_id: str, device_id: int, point_id: int,
             device_name: str, point_name: str) -> Rule | None:
    """A rule as the evaluation uses it; None when its tenant turned alarms off."""
    setting = ctx.settings.get(tenant_id)
    if setting is not None and not setting.enabled:
        return None
    group = ctx.groups.get(row.group_id) if row.group_id else None
    return Rule(
        id=rule_id, tenant_id=tenant_id, name=row.name, device_id=device_id, point_id=point_id,
        device_name=device_name, point_name=point_name, level_id=row.level_id,
        level_name=ctx.levels.get(row.level_id or 0, ""), kind=row.kind, operator=row.operator,
        threshold=row.threshold, low=row.low, high=row.high, mode=row.mode,
        duration_ms=row.duration_seconds * 1000, repeat_count=max(1, row.repeat_count),
        no_data_ms=row.no_data_seconds * 1000, hysteresis=row.hysteresis or 0.0,
        clear_ms=row.clear_seconds * 1000, cycle=ctx.cycles.get(row.time_cycle_id or 0),
        recipients=tuple(split_ids(group.user_ids)) if group else (),
        notify_on=frozenset((group.notify_on or "").split(",")) if group else frozenset(),
        notify=setting is None or bool(setting.notify),
        emails=tuple(ctx.addresses[i] for i in split_ids(group.user_ids) if i in ctx.addresses)
        if group is not None and group.email and setting is not None and setting.smtp_host else ())


async def rules_for(db: AsyncSession) -> dict[int, list[Rule]]:
    global _rules, _rules_by_id, _loaded_until
    if time.monotonic() < _loaded_until:
        return _rules
    with tenancy.platform_scope(db):
        rows = (await db.execute(
            select(AlarmRule, Device.name, DataPoint.name)
            .join(DataPoint, DataPoint.id == AlarmRule.point_id)
            .join(Device, Device.id == AlarmRule.device_id)
            .where(AlarmRule.enabled == 1))).all()
        ctx = await context(db)
    by_point: dict[int, list[Rule]] = {}
    by_id: dict[int, Rule] = {}
    for rule, device_name, point_name in rows:
        found = snapshot(rule, ctx, rule_id=rule.id, tenant_id=rule.tenant_id, device_id=rule.device_id,
                         point_id=rule.point_id, device_name=device_name, point_name=point_name)
        if found is not None:
            by_point.setdefault(rule.point_id, []).append(found)
            by_id[rule.id] = found
    _rules, _rules_by_id, _loaded_until = by_point, by_id, time.monotonic() + RULES_SECONDS
    return _rules


def rule(rule_id: int) -> Rule | None:
    """A rule as the last `rules_for` loaded it."""
    return _rules_by_id.get(rule_id)


def split_ids(raw: str | None) -> list[int]:
    return [int(part) for part in (raw or "").split(",") if part.strip().isdigit()]


# --- evaluation ---------------------------------------------------------------------------------------------

@dataclass(slots=True)
class _State:
    """A rule's progress as `alarm_rule_state` holds it, and its open record's id."""

    count: int = 0
    bad_since: int | None = None
    good_since: int | None = None
    record_id: int | None = None
    batch: int = 0  # the rule's last raise → clear cycle
    stored: bool = False  # a row exists

    def key(self) -> tuple:
        return self.count, self.bad_since, self.good_since


_states: dict[int, _State] = {}  # rule id → progress: read from the database once, then written through


class _Round:
    """One evaluation: the progress of the rules it touches (from memory, or loaded once), the open records it
    needs, and the progress rows it changed, written at the end."""

    def __init__(self, db: AsyncSession, rules: Sequence[Rule]):
        self.db, self.rules = db, rules
        self.records: dict[int, AlarmRecord] = {}
        self.before: dict[int, tuple] = {}

    async def load(self) -> None:
        missing = [r.id for r in self.rules if r.id not in _states]
        for chunk in range(0, len(missing), 500):
            part = missing[chunk:chunk + 500]
            found = {rid: _State() for rid in part}
            for row in (await self.db.execute(select(
                    AlarmRuleState.rule_id, AlarmRuleState.count, AlarmRuleState.bad_since,
                    AlarmRuleState.good_since).where(AlarmRuleState.rule_id.in_(part)))).all():
                found[row[0]] = _State(row[1] or 0, row[2], row[3], stored=True)
            for rid, record_id in (await self.db.execute(select(AlarmRecord.rule_id, AlarmRecord.id).where(
                    AlarmRecord.rule_id.in_(part), AlarmRecord.cleared == 0))).all():
                found[rid].record_id = record_id
            for rid, batch in (await self.db.execute(select(AlarmRecord.rule_id, func.max(AlarmRecord.batch)).where(
                    AlarmRecord.rule_id.in_(part)).group_by(AlarmRecord.rule_id))).all():
                found[rid].batch = batch or 0
            _states.update(found)

    def state(self, rule: Rule) -> _State:
        state = _states[rule.id]
        if rule.id not in self.before:
            self.before[rule.id] = state.key()
        return state

    async def record(self, state: _State) -> AlarmRecord:
        assert state.record_id is not None
        record = self.records.get(state.record_id)
        if record is None:
            record = await self.db.get_one(AlarmRecord, state.record_id)
            self.records[state.record_id] = record
        return record

    async def value(self, rule: Rule, ts: int, value: float | None) -> None:
        if value is None:
            return
        rate = None
        if rule.kind == "RATE" or rule.mode == "DURATION":  # the sweeper raises a DURATION with the last value
            previous = _last.get(rule.id)
            _last[rule.id] = (ts, value)
            if previous is not None and ts > previous[0]:
                rate = (value - previous[1]) / ((ts - previous[0]) / 60_000)
        x = excess(rule, value, rate)
        state = _states[rule.id]
        if state.record_id is None:
            if is_bad(x) and rule.active(ts):
                state = self.state(rule)
                state.count += 1
                state.bad_since = state.bad_since or ts
                state.good_since = None
                if rule.mode == "SIMPLE" or (rule.mode == "REPEATING" and state.count >= rule.repeat_count) or \
                        (rule.mode == "DURATION" and ts - state.bad_since >= rule.duration_ms):
                    await self.raise_(rule, ts, value)
            elif state.count or state.bad_since is not None:
                state = self.state(rule)
                state.count, state.bad_since = 0, None
            return
        if is_bad(x):
            state = self.state(rule)
            record = await self.record(state)
            if not state.count:  # bad again after a good value while open: a repeat, not a new alarm
                record.frequency += 1
                self.trail(record, "retriggered", value, ts)
            state.count += 1
            state.good_since = None
            record.last_time = _time(ts)
            record.last_value = value
            if record.peak_value is None or (x or 0) > (excess(rule, record.peak_value, None) or 0):
                record.peak_value = value
            return
        if state.count:
            self.state(rule).count = 0
        if is_clear(rule, x):
            state = self.state(rule)
            state.good_since = state.good_since or ts
            if ts - state.good_since >= rule.clear_ms:
                await self.clear(rule, await self.record(state), ts, value)
        elif state.good_since is not None:
            self.state(rule).good_since = None

    async def raise_(self, rule: Rule, ts: int, value: float | None) -> None:
        state = self.state(rule)
        state.batch += 1
        moment = _time(ts)
        record = AlarmRecord(id=next_id(), tenant_id=rule.tenant_id, rule_id=rule.id, point_id=rule.point_id,
                             device_id=rule.device_id, batch=state.batch, level_id=rule.level_id, first_time=moment,
                             last_time=moment, first_value=value, peak_value=value, last_value=value, frequency=1,
                             cleared=0, acknowledged=0)
        self.db.add(record)
        self.records[record.id] = record
        state.record_id = record.id
        self.trail(record, "raised", value, ts)
        await notify(self.db, rule, record, "raise")

    async def clear(self, rule: Rule, record: AlarmRecord, ts: int, value: float | None) -> None:
        record.cleared, record.clear_time, record.clear_by = 1, _time(ts), "system"
        if value is not None:
            record.last_value = value
        state = self.state(rule)
        state.count, state.bad_since, state.good_since, state.record_id = 0, None, None, None
        self.trail(record, "cleared", value, ts)
        await notify(self.db, rule, record, "clear")

    def trail(self, record: AlarmRecord, action: str, value: float | None, ts: int, person: str | None = None,
              remark: str | None = None) -> None:
        self.db.add(AlarmTrail(tenant_id=record.tenant_id, record_id=record.id, rule_id=record.rule_id,
                               batch=record.batch, action=action, value=value, person=person, remark=remark,
                               create_time=_time(ts)))

    async def save(self) -> None:
        """Write the progress rows that changed (only those: a quiet rule costs no write)."""
        table = AlarmRuleState.__table__
        assert isinstance(table, Table)
        changed: list[dict] = []
        added: list[dict] = []
        by_id = {r.id: r for r in self.rules}
        for rid, before in self.before.items():
            state = _states.get(rid)
            if state is None or state.key() == before:
                continue
            row = {"rid": rid, "count": state.count, "bad_since": state.bad_since, "good_since": state.good_since}
            (changed if state.stored else added).append(row)
            state.stored = True
        if changed:
            await self.db.execute(table.update().where(table.c.rule_id == bindparam("rid")).values(
                count=bindparam("count"), bad_since=bindparam("bad_since"), good_since=bindparam("good_since")),
                changed)
        if added:
            await self.db.execute(table.insert(), [
                {"rule_id": r["rid"], "tenant_id": by_id[r["rid"]].tenant_id, "count": r["count"],
                 "bad_since": r["bad_since"], "good_since": r["good_since"]} for r in added])
        await self.db.flush()


def _time(ts: int) -> datetime:
    return datetime.fromtimestamp(ts / 1000).replace(microsecond=0)


def now_ms() -> int:
    return int(time.time() * 1000)


async def notify(db: AsyncSession, rule: Rule, record: AlarmRecord, action: str) -> None:
    """One bell notification per recipient of the rule's group, and one e-mail per address when the group hears
    by e-mail, when the group hears `action`."""
    if action not in rule.notify_on:
        return
    content = notification(rule, record, action)
    if rule.notify and rule.recipients:
        await desk.notify(db, tenant_id=rule.tenant_id, user_ids=rule.recipients, alarm_id=rule.id,
                          batch=str(record.batch), content=content)
    if rule.emails:
        subject = f"[{rule.level_name or 'alarm'}] {rule.name}: {action}"
        body = "\n".join(f"{key}: {value}" for key, value in content.items() if key != "type")
        mail.queue(db, rule.tenant_id, rule.emails, subject, body)


def notification(rule: Rule, record: AlarmRecord, action: str) -> dict:
    return {"type": "alarm", "action": action, "level": rule.level_name, "name": rule.name,
            "firstTime": record.first_time.strftime("%Y-%m-%d %H:%M:%S"),
            "removeStatus": REMOVED if record.cleared else NOT_REMOVED,
            "affirmStatus": AFFIRMED if record.acknowledged else NOT_AFFIRMED,
            "eventId": str(rule.id), "batch": record.batch, "recordId": str(record.id),
            "deviceName": rule.device_name, "pointName": rule.point_name, "value": record.last_value}


async def on_values(db: AsyncSession, values: Sequence[tuple]) -> None:
    """The monitor listener: evaluate the rules of the points these values belong to, and commit."""
    rules = await rules_for(db)
    await evaluate(db, [(rule, ts, value) for pid, ts, value, *_ in values for rule in rules.get(pid, ())])


async def evaluate(db: AsyncSession, readings: Sequence[tuple[Rule, int, float | None]]) -> None:
    """Each (rule, ts, value) in order, through the lifecycle (raise, repeat, clear, trail, notifications), and
    commit: the data points' values, and the third-party metrics' checks (alarm.tracking)."""
    if not readings:
        return
    async with _lock, _forgetting_on_failure():
        with tenancy.platform_scope(db):
            evaluation = _Round(db, list({rule.id: rule for rule, _, _ in readings}.values()))
            await evaluation.load()
            for rule, ts, value in readings:  # the store hands values in order of point, then time
                await evaluation.value(rule, ts, value)
            await evaluation.save()
        await db.commit()


@contextlib.asynccontextmanager
async def _forgetting_on_failure():
    """A failed evaluation rolls back: what memory holds of it is forgotten, to be read back from the database."""
    try:
        yield
    except BaseException:
        _states.clear()
        raise


async def sweep(db: AsyncSession, now: int | None = None) -> None:
    """The `alarm.sweep` job (platform scope): raise DURATION rules whose window elapsed without a new value and
    NO_DATA rules whose point went quiet, and clear open alarms whose clear delay elapsed."""
    from plantdesk.modules.device.monitor.models import MonitorLatest

    await rules_for(db)
    now = now or now_ms()
    rules = _rules_by_id
    async with _lock, _forgetting_on_failure():
        # Progress a restart left in the database is read back first; then memory is the truth.
        stored = (await db.execute(select(AlarmRuleState.rule_id).where(
            (AlarmRuleState.bad_since.is_not(None)) | (AlarmRuleState.good_since.is_not(None))))).scalars().all()
        quiet = [r for r in rules.values() if r.kind == "NO_DATA" and r.no_data_ms > 0]
        candidates = {r.id: r for r in [rules[i] for i in stored if i in rules] + quiet}
        evaluation = _Round(db, list(candidates.values()))
        await evaluation.load()
        pending = [rules[i] for i, st in _states.items() if i in rules and (st.bad_since or st.good_since)]
        evaluation.rules = list({r.id: r for r in [*candidates.values(), *pending]}.values())
        for rule in pending:
            state = _states[rule.id]
            last = _last.get(rule.id)
            if state.record_id is None and rule.mode == "DURATION" and state.bad_since is not None \
                    and now - state.bad_since >= rule.duration_ms and rule.active(now):
                await evaluation.raise_(rule, now, last[1] if last else None)
            elif state.record_id is not None and state.good_since is not None \
                    and now - state.good_since >= rule.clear_ms:
                await evaluation.clear(rule, await evaluation.record(state), now, last[1] if last else None)
        if quiet:
            latest = dict((await db.execute(select(MonitorLatest.point_id, MonitorLatest.ts).where(
                MonitorLatest.point_id.in_([r.point_id for r in quiet])))).all())
            for rule in quiet:
                seen = latest.get(rule.point_id)
                state = _states[rule.id]
                silent = seen is not None and now - seen >= rule.no_data_ms  # never reported: not lost
                if silent and state.record_id is None and rule.active(now):
                    await evaluation.raise_(rule, now, None)
                elif not silent and state.record_id is not None:
                    await evaluation.clear(rule, await evaluation.record(state), seen or now, None)
        await evaluation.save()
