"""The alarm engine (design/industrial.md §5): rules evaluated as values arrive, in the process that wrote them,
plus a sweeper for what needs no new value (a DURATION window that elapsed, NO_DATA, a clear delay, an
escalation that fell due).

`on_values` is the monitor write path's listener (device.monitor.listeners): it runs once the writer's unit of
work has committed, in the same session, and commits its own transitions. `sweep` is the `alarm.sweep` job.

Rule progress (`alarm_rule_state`) is written through on every change, so a restart keeps a DURATION window's
start and a REPEATING count. At most one record per (rule, point) is open (a partial unique index), so a repeat
updates the open record (frequency, peak, last value) instead of raising again.

Ownership (design/industrial.md §5): a device's rule state has exactly one owner. Devices fall into PARTITIONS
partitions (device id modulo); the `alarm.partitions` service decides what its process owns: in the embedded
mode (one process) every partition, scaled out (`jobs=queue`) a fair share of them (core.ownership, leases
`alarm:partition:<n>`). A process evaluates in place the values of the partitions it owns and hands the
others to `alarm_pending`, which their owner drains every DRAIN_SECONDS; a process that owns nothing (a `serve`
beside workers) hands everything over. A partition taken over is read afresh from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Table, bindparam, delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import generations, live, metrics, system_log, tenancy
from plantdesk.core.ids import next_id
from plantdesk.core.leases import Leases, process_holder
from plantdesk.core.ownership import Change, Share
from plantdesk.db import write_lock
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.modules.alarm import mail, templates, unusual
from plantdesk.modules.alarm.models import (
    AlarmGroup,
    AlarmLevel,
    AlarmPending,
    AlarmRecord,
    AlarmRule,
    AlarmRuleState,
    AlarmSetting,
    AlarmTemplate,
    AlarmTimeCycle,
    AlarmTrail,
    RuleCondition,
)
from plantdesk.modules.desk import service as desk
from plantdesk.modules.device.models import DataPoint, Device
from plantdesk.modules.system.models import User

log = logging.getLogger("plantdesk.alarm")

SWEEP_JOB = "alarm.sweep"
SWEEP_CRON = "* * * * * */5"  # every 5 seconds (croniter: the sixth field is the seconds)
RULES_SECONDS = 10.0  # a rule saved in another process is seen within this time (this process: at once)
REMOVED, NOT_REMOVED = "已解除", "未解除"
AFFIRMED, NOT_AFFIRMED = "已确认", "未确认"
PARTITIONS = 16
LEASE_KIND = "alarm:partition"
LEASE_TTL = 20.0  # a dead worker's partitions move within this, plus a drain
DRAIN_SECONDS = 1.0
DRAIN_BATCH = 5_000
SWEEP_SECONDS = 5.0
OFFLINE = "OFFLINE"  # the built-in device-offline rule kind: on a device (point_id 0), raised and cleared by the sweep
OFFLINE_POINT = "设备离线"  # what the point's place in its notifications says
# A device silent since before this process started listening is judged offline only this long after the start:
# its collector connects and reads in that time (a restart after a stop is the platform's silence, not the device's).
LISTENING_GRACE_MS = 60_000
LAG_WARN_MS = 60_000  # values evaluated this long after their time: the engine lags (a system-log row)
LAG_EVERY = 300.0  # seconds between two such rows of one engine
# The live channel's alarm topic (core.live): a raise, clear, confirmation or escalation, for the alarm screens.
LIVE_TOPIC = "alarm"
# Who hears it: the alarm screens' codes (the home page's alarm section asks for the same)...
VIEW_CODES = ("alarm_overview", "alarm_overview_view", "database", "database_view", "config", "config_view")
# ...and the visual area's maps and large screens (visual.router.SCREEN_CODES), which show the alarms and reload
# on each transition. Named here because the alarm area does not depend on the visual one.
LIVE_CODES = (*VIEW_CODES, "map", "map_view", "batchMonitor", "flowMonitor", "largepage")
LIVE_ACTIONS = {"raised", "cleared", "acknowledged", "escalated"}  # a repeat ("retriggered") is not news


def partition(device_id: int) -> int:
    return device_id % PARTITIONS


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
    group_name: str
    recipients: tuple[int, ...]
    notify_on: frozenset[str]
    notify: bool
    emails: tuple[str, ...]  # the recipients' addresses when the group hears by e-mail and SMTP is set
    escalate_ms: int  # 0: the group never escalates
    escalate_steps: int
    escalate_recipients: tuple[int, ...]
    escalate_emails: tuple[str, ...]

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


# --- ownership ----------------------------------------------------------------------------------------------

class _Everything:
    """The embedded mode's ownership: the one process owns every partition."""

    owned = frozenset(range(PARTITIONS))

    @staticmethod
    def owns(partition: int) -> bool:
        return True


EVERYTHING = _Everything()


# --- the engine ---------------------------------------------------------------------------------------------

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


_version = 0  # bumped by `invalidate`: every engine in the process reloads


def invalidate(db: AsyncSession | None = None) -> None:
    """A rule, group, level, time cycle, template or setting changed: reload before the next evaluation. Given the
    writing session, once more after its commit: a load that ran between the write and the commit read the rules
    without it and would otherwise be kept until `RULES_SECONDS` pass."""
    global _version
    _version += 1
    if db is not None:
        async def again() -> None:
            invalidate()
        generations.after_commit(db, again)


def split_ids(raw: str | None) -> list[int]:
    return [int(part) for part in (raw or "").split(",") if part.strip().isdigit()]


class Engine:
    """Rules, their progress and the partitions owned, in one process. `ownership` None: nothing is owned yet
    (values are handed over to `alarm_pending`)."""

    def __init__(self, ownership: Share[int] | _Everything | None = None):
        self.ownership = ownership
        self.lock = asyncio.Lock()  # one evaluation at a time
        self._lag_noted = 0.0  # when a lag was last recorded (time.time())
        self.by_point: dict[int, list[Rule]] = {}
        self.by_id: dict[int, Rule] = {}
        self.loaded_until, self.loaded_version = 0.0, -1
        self.templates: dict[tuple[str, str, str], templates.Text] = {}
        self.levels: dict[int, tuple[str, int, str]] = {}  # level id → (name, level, tenant)
        self.last: dict[int, tuple[int, float]] = {}  # rule id → the last (ts, value): RATE's previous value
        self.states: dict[int, _State] = {}  # rule id → progress: read from the database once, then written through
        self.cache = None  # the runtime's cache (alarm.partitions sets it): the collectors' word on devices
        self.listening_since = 0  # when alarm.partitions started (epoch ms): the start of LISTENING_GRACE_MS

    def owns(self, device_id: int) -> bool:
        return self.ownership is not None and self.ownership.owns(partition(device_id))

    def reset(self) -> None:
        """Forget everything held in memory (what a restart does)."""
        self.loaded_until = 0.0
        self.last.clear()
        self.states.clear()

    def forget(self, partitions: set[int]) -> None:
        """Forget the progress of these partitions' rules (taken over or lost: the database has the truth)."""
        for rule_id in [r for r in self.states if r in self.by_id and partition(self.by_id[r].device_id) in partitions]:
            self.states.pop(rule_id, None)
            self.last.pop(rule_id, None)

    def rule(self, rule_id: int) -> Rule | None:
        """A rule as the last `rules_for` loaded it."""
        return self.by_id.get(rule_id)

    async def rules_for(self, db: AsyncSession) -> dict[int, list[Rule]]:
        if time.monotonic() < self.loaded_until and self.loaded_version == _version:
            return self.by_point
        version = _version
        with tenancy.platform_scope(db):
            rows = (await db.execute(
                select(AlarmRule, Device.name, DataPoint.name)
                .outerjoin(DataPoint, DataPoint.id == AlarmRule.point_id)
                .join(Device, Device.id == AlarmRule.device_id)
                .where((DataPoint.id.is_not(None)) | (AlarmRule.kind == OFFLINE))
                .where(AlarmRule.enabled == 1))).all()
            ctx = await context(db)
            texts = {(t.tenant_id, t.channel, t.action): templates.Text(t.title or "", t.content)
                     for t in (await db.execute(select(AlarmTemplate).where(AlarmTemplate.enabled == 1))).scalars()}
        by_point: dict[int, list[Rule]] = {}
        by_id: dict[int, Rule] = {}
        for rule, device_name, point_name in rows:
            found = snapshot(rule, ctx, rule_id=rule.id, tenant_id=rule.tenant_id, device_id=rule.device_id,
                             point_id=rule.point_id, device_name=device_name,
                             point_name=OFFLINE_POINT if rule.kind == OFFLINE else point_name)
            if found is not None:
                if found.kind != OFFLINE:  # the device-offline rules hear no values: the sweep asks the device
                    by_point.setdefault(rule.point_id, []).append(found)
                by_id[rule.id] = found
        self.by_point, self.by_id, self.templates, self.levels = by_point, by_id, texts, ctx.levels
        self.loaded_until, self.loaded_version = time.monotonic() + RULES_SECONDS, version
        return self.by_point

    # --- values ---------------------------------------------------------------------------------------------

    async def on_values(self, db: AsyncSession, values: Sequence[tuple]) -> None:
        """The monitor listener: evaluate the values of the devices this engine owns, hand the others to their
        owner, and commit."""
        rules = await self.rules_for(db)
        touched = [v for v in values if v[0] in rules]
        if not touched:
            return
        mine, theirs = self._split(rules, touched)
        if theirs:
            with tenancy.platform_scope(db):
                await db.execute(insert(AlarmPending), [
                    {"id": next_id(), "partition": partition(rules[pid][0].device_id), "point_id": pid, "ts": ts,
                     "value": value} for pid, ts, value, *_ in theirs])
        async with self._locked(db), self._forgetting_on_failure():
            if mine:
                with tenancy.platform_scope(db):
                    await self._evaluate(db, _readings(rules, mine))
            await db.commit()

    async def evaluate(self, db: AsyncSession, readings: Sequence[tuple[Rule, int, float | None]]) -> None:
        """Each (rule, ts, value) through the lifecycle, and commit: the third-party metrics' checks
        (alarm.tracking), evaluated where they are checked (their job runs in one process)."""
        if not readings:
            return
        await self.rules_for(db)  # the levels and templates the notifications use
        async with self._locked(db), self._forgetting_on_failure():
            with tenancy.platform_scope(db):
                await self._evaluate(db, readings)
            await db.commit()

    async def raise_now(self, db: AsyncSession, rule: Rule, value: float | None, remark: str | None) -> AlarmRecord:
        """Raise `rule` for a caller that is not a value (a workflow's alarm action), in the caller's transaction
        (nothing is committed): a new alarm with its trail and notifications, or a repeat of the one open. Memory
        then forgets the rule, so the next evaluation reads it back from the database whether the caller commits
        or rolls back. Another process that owns the device reads it back after its next failed or taken-over
        round (a raise of its own meets the open record's unique index)."""
        async with self._locked(db):
            try:
                evaluation = _Round(self, db, [rule])
                with tenancy.platform_scope(db):
                    await evaluation.load()
                    ts = now_ms()
                    if self.states[rule.id].record_id is None:
                        record = await evaluation.raise_(rule, ts, value, remark)
                    else:
                        record = await evaluation.repeat(rule, ts, value, remark)
                    await evaluation.save()
            finally:
                self.states.pop(rule.id, None)
        return record

    def _split(self, rules: dict[int, list[Rule]], values: list[tuple]) -> tuple[list[tuple], list[tuple]]:
        """The values of the devices this engine owns, and the others."""
        if self.ownership is EVERYTHING:  # the embedded mode: no test per value
            return values, []
        mine: list[tuple] = []
        theirs: list[tuple] = []
        for value in values:
            (mine if self.owns(rules[value[0]][0].device_id) else theirs).append(value)
        return mine, theirs

    async def drain(self, db: AsyncSession) -> int:
        """Evaluate the values handed over for the partitions this engine owns (oldest first), delete them and
        commit; answers how many."""
        if self.ownership is None or not self.ownership.owned:
            return 0
        rules = await self.rules_for(db)
        async with self._locked(db), self._forgetting_on_failure():
            with tenancy.platform_scope(db):
                rows = (await db.execute(
                    select(AlarmPending.id, AlarmPending.point_id, AlarmPending.ts, AlarmPending.value)
                    .where(AlarmPending.partition.in_(sorted(self.ownership.owned)))
                    .order_by(AlarmPending.id).limit(DRAIN_BATCH))).all()
                if not rows:
                    return 0
                values = sorted(((pid, ts, value) for _, pid, ts, value in rows if pid in rules),
                                key=lambda v: (v[0], v[1]))
                await self._evaluate(db, _readings(rules, [v for v in values if self.owns(rules[v[0]][0].device_id)]))
                await db.execute(delete(AlarmPending).where(AlarmPending.id.in_([r[0] for r in rows])))
            await db.commit()
        return len(rows)

    async def _evaluate(self, db: AsyncSession, readings: Sequence[tuple[Rule, int, float | None]]) -> None:
        self._note_lag(readings)
        evaluation = _Round(self, db, list({rule.id: rule for rule, _, _ in readings}.values()))
        with db.no_autoflush:  # the round's rows go out in one flush at the end (`save`)
            await evaluation.load()
            for rule, ts, value in readings:  # in order of point, then time
                if not evaluation.quiet(rule, value):
                    await evaluation.value(rule, ts, value)
        await evaluation.save()

    def _note_lag(self, readings: Sequence[tuple[Rule, int, float | None]]) -> None:
        """A system-log row when the values evaluated are older than LAG_WARN_MS (at most every LAG_EVERY)."""
        if not readings:
            return
        now = time.time()
        lag = now * 1000 - min(ts for _, ts, _ in readings)
        metrics.alarm_lag(lag / 1000)
        if lag > LAG_WARN_MS and now - self._lag_noted >= LAG_EVERY:
            self._lag_noted = now
            system_log.record("warn", "alarm", "lag", f"告警引擎滞后 {lag / 1000:.0f} 秒 ({len(readings)} 个值)",
                              tenant_id=readings[0][0].tenant_id)

    @contextlib.asynccontextmanager
    async def _locked(self, db: AsyncSession):
        """The engine's lock, taken after the database's write lock (db.write_lock): the callers that write before
        they ask the engine (a workflow's raise, the tracking checks) hold them in this order too, and a round that
        took the engine's lock first then waited for the database's would wait on them until the busy timeout."""
        await write_lock.take(db)
        async with self.lock:
            yield

    @contextlib.asynccontextmanager
    async def _forgetting_on_failure(self):
        """A failed evaluation rolls back: what memory holds of it is forgotten, to be read back. The commit belongs
        inside: a commit that fails or is cancelled (a client that hung up) left memory naming records that never
        reached the database, and every later value of their rules failed on them."""
        try:
            yield
        except BaseException:
            self.states.clear()
            raise

    # --- the sweep ------------------------------------------------------------------------------------------

    async def sweep(self, db: AsyncSession, now: int | None = None) -> None:
        """Raise DURATION rules whose window elapsed without a new value, NO_DATA rules whose point went
        quiet and OFFLINE rules whose device went offline (clearing them when it is back), clear open alarms
        whose clear delay elapsed, and take the escalation steps that fell due: for the devices this engine
        owns."""
        from plantdesk.modules.device.monitor.store import store

        await self.rules_for(db)
        now = now or now_ms()
        rules = {i: r for i, r in self.by_id.items() if self.owns(r.device_id)}
        if not rules:
            return
        async with self._locked(db), self._forgetting_on_failure():
            # Progress a restart left in the database is read back first; then memory is the truth.
            stored = (await db.execute(select(AlarmRuleState.rule_id).where(
                (AlarmRuleState.bad_since.is_not(None)) | (AlarmRuleState.good_since.is_not(None))))).scalars().all()
            quiet = [r for r in rules.values() if r.kind == "NO_DATA" and r.no_data_ms > 0]
            watched = [r for r in rules.values() if r.kind == OFFLINE]
            candidates = {r.id: r for r in [rules[i] for i in stored if i in rules] + quiet + watched}
            evaluation = _Round(self, db, list(candidates.values()))
            await evaluation.load()
            pending = [rules[i] for i, st in self.states.items() if i in rules and (st.bad_since or st.good_since)
                       and rules[i].kind != OFFLINE]
            evaluation.rules = list({r.id: r for r in [*candidates.values(), *pending]}.values())
            for rule in pending:
                state = self.states[rule.id]
                last = self.last.get(rule.id)
                if state.record_id is None and rule.mode == "DURATION" and state.bad_since is not None \
                        and now - state.bad_since >= rule.duration_ms and rule.active(now):
                    await evaluation.raise_(rule, now, last[1] if last else None)
                elif state.record_id is not None and state.good_since is not None \
                        and now - state.good_since >= rule.clear_ms:
                    await evaluation.clear(rule, await evaluation.record(state), now, last[1] if last else None)
            if quiet:
                latest = await store.latest(db, [r.point_id for r in quiet])
                for rule in quiet:
                    seen = latest[rule.point_id].ts if rule.point_id in latest else None
                    state = self.states[rule.id]
                    silent = seen is not None and now - seen >= rule.no_data_ms  # never reported: not lost
                    if silent and state.record_id is None and rule.active(now):
                        await evaluation.raise_(rule, now, None)
                    elif not silent and state.record_id is not None:
                        await evaluation.clear(rule, await evaluation.record(state), seen or now, None)
            if watched:
                await self._offline(db, evaluation, watched, now)
            await evaluation.escalate([r for r in rules.values() if r.escalate_ms], now)
            await evaluation.save()
            await db.commit()

    async def _offline(self, db: AsyncSession, evaluation: _Round, rules: list[Rule], now: int) -> None:
        """The device-offline rules: a device that reported once and is offline now (monitor.device_status: no
        fresh value, or its collector's word) raises, after `duration` in the DURATION mode; online again, it
        clears. A device that never reported is not lost, nor one silent since before this process listened, until
        its collector had LISTENING_GRACE_MS to reach it."""
        from plantdesk.modules.device.monitor.service import OFFLINE as GONE
        from plantdesk.modules.device.monitor.service import device_status

        found: dict[int, dict] = {}
        for tenant_id in sorted({r.tenant_id for r in rules}):  # device codes are per tenant (the collectors' word)
            with tenancy.tenant_scope(db, tenant_id):
                found |= await device_status(db, sorted({r.device_id for r in rules if r.tenant_id == tenant_id}),
                                             self.cache)
        for rule in rules:
            entry = found.get(rule.device_id)
            if entry is None:
                continue
            state = self.states[rule.id]
            if entry["status"] == GONE and entry["last_ts"] is not None:
                if state.record_id is not None or (entry["last_ts"] < self.listening_since
                                                   and now - self.listening_since < LISTENING_GRACE_MS):
                    continue
                if state.bad_since is None:
                    evaluation.state(rule).bad_since = now
                if (rule.mode != "DURATION" or now - (state.bad_since or now) >= rule.duration_ms) \
                        and rule.active(now):
                    await evaluation.raise_(rule, now, None)
            else:
                if state.record_id is not None:
                    await evaluation.clear(rule, await evaluation.record(state), now, None)
                elif state.bad_since is not None:
                    evaluation.state(rule).bad_since = None

    # --- notifications --------------------------------------------------------------------------------------

    async def notify(self, db: AsyncSession, rule: Rule, record: AlarmRecord, action: str) -> None:
        """One bell notification per recipient of the rule's group, and one e-mail per address when the group
        hears by e-mail, when the group hears `action`; an escalation is always heard, by the group and its
        escalation recipients. The words are the tenant's templates' (or the built-in ones)."""
        escalating = action == "escalate"
        if action not in rule.notify_on and not escalating:
            return
        values = self.fields(rule, record, action)
        recipients = rule.recipients + rule.escalate_recipients if escalating else rule.recipients
        if rule.notify and recipients:
            text = self.text(rule.tenant_id, "bell", action)
            # `rank`: the level (1 most urgent), for a console that heralds the most urgent ones.
            level = self.levels.get(record.level_id or 0)
            content = notification(rule, record, action, str(values["levelName"])) | {
                "text": templates.render(text.content, values), "rank": level[1] if level else None}
            await desk.notify(db, tenant_id=rule.tenant_id, user_ids=recipients, alarm_id=rule.id,
                              batch=str(record.batch), content=content, flush=False)
        emails = rule.emails + rule.escalate_emails if escalating else rule.emails
        if emails:
            text = self.text(rule.tenant_id, "email", action)
            mail.queue(db, rule.tenant_id, emails, templates.render(text.title, values),
                       templates.render(text.content, values))

    def text(self, tenant_id: str, channel: str, action: str) -> templates.Text:
        return self.templates.get((tenant_id, channel, action)) or templates.DEFAULTS[(channel, action)]

    def fields(self, rule: Rule, record: AlarmRecord, action: str) -> dict[str, object]:
        """The model fields' values for one transition of `record` (`time`: when it happened; an escalation's is
        now)."""
        moments = {"raise": record.first_time, "clear": record.clear_time, "affirm": record.ack_time}
        return {"eventName": rule.name, "levelName": self.levels.get(record.level_id or 0, (rule.level_name,))[0],
                "groupName": rule.group_name, "deviceName": rule.device_name, "pointName": rule.point_name,
                "value": record.last_value, "firstValue": record.first_value, "peakValue": record.peak_value,
                "action": action, "actionName": templates.ACTION_NAMES[action],
                "time": (moments.get(action) or datetime.now()).strftime("%Y-%m-%d %H:%M:%S"),
                "firstTime": record.first_time.strftime("%Y-%m-%d %H:%M:%S"),
                "removeStatus": REMOVED if record.cleared else NOT_REMOVED,
                "affirmStatus": AFFIRMED if record.acknowledged else NOT_AFFIRMED, "batch": record.batch,
                "frequency": record.frequency, "escalations": record.escalations or 0}

    def more_urgent(self, level_id: int | None) -> int | None:
        """The level one step more urgent than `level_id` in its tenant (None at the top, or without a level)."""
        current = self.levels.get(level_id or 0)
        if current is None:
            return None
        above = [(lv, i) for i, (_, lv, tenant) in self.levels.items() if tenant == current[2] and lv < current[1]]
        return max(above)[1] if above else None


class _Round:
    """One evaluation: the progress of the rules it touches (from memory, or loaded once), the open records it
    needs, and the progress rows it changed, written at the end."""

    def __init__(self, engine: Engine, db: AsyncSession, rules: Sequence[Rule]):
        self.engine, self.db, self.rules = engine, db, rules
        self.states = engine.states
        self.records: dict[int, AlarmRecord] = {}
        self.before: dict[int, tuple] = {}

    async def load(self) -> None:
        missing = [r.id for r in self.rules if r.id not in self.states]
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
            self.states.update(found)

    def state(self, rule: Rule) -> _State:
        state = self.states[rule.id]
        if rule.id not in self.before:
            self.before[rule.id] = state.key()
        return state

    async def record(self, state: _State) -> AlarmRecord:
        """The open record of `state`; the first one a round needs brings every open record of its rules, in one
        read (a round of many clears reads once, not once each)."""
        assert state.record_id is not None
        if state.record_id not in self.records:
            wanted = {s.record_id for r in self.rules if (s := self.states.get(r.id)) and s.record_id} | {
                state.record_id}
            missing = sorted(wanted - self.records.keys())
            for chunk in range(0, len(missing), 500):
                found = (await self.db.execute(select(AlarmRecord).where(
                    AlarmRecord.id.in_(missing[chunk:chunk + 500])))).scalars()
                self.records.update((r.id, r) for r in found)
        return self.records[state.record_id]

    def quiet(self, rule: Rule, value: float | None) -> bool:
        """A value that changes nothing, told without a coroutine (most values): no open record, no progress, and
        not bad. RATE and DURATION rules remember every value, so theirs are never quiet."""
        if value is None:
            return True
        if rule.kind == "RATE" or rule.mode == "DURATION":
            return False
        state = self.states[rule.id]
        return state.record_id is None and not state.count and state.bad_since is None and \
            not is_bad(excess(rule, value, None))

    async def value(self, rule: Rule, ts: int, value: float | None) -> None:
        if value is None:
            return
        rate = None
        if rule.kind == "RATE" or rule.mode == "DURATION":  # the sweeper raises a DURATION with the last value
            previous = self.engine.last.get(rule.id)
            self.engine.last[rule.id] = (ts, value)
            if previous is not None and ts > previous[0]:
                rate = (value - previous[1]) / ((ts - previous[0]) / 60_000)
        x = excess(rule, value, rate)
        state = self.states[rule.id]
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

    async def raise_(self, rule: Rule, ts: int, value: float | None, remark: str | None = None) -> AlarmRecord:
        state = self.state(rule)
        state.batch += 1
        moment = _time(ts)
        record = AlarmRecord(id=next_id(), tenant_id=rule.tenant_id, rule_id=rule.id, point_id=rule.point_id,
                             device_id=rule.device_id, batch=state.batch, level_id=rule.level_id, first_time=moment,
                             last_time=moment, first_value=value, peak_value=value, last_value=value, frequency=1,
                             cleared=0, acknowledged=0, escalations=0)
        self.db.add(record)
        self.records[record.id] = record
        state.record_id = record.id
        self.trail(record, "raised", value, ts, remark=remark)
        await self.engine.notify(self.db, rule, record, "raise")
        return record

    async def repeat(self, rule: Rule, ts: int, value: float | None, remark: str | None = None) -> AlarmRecord:
        """The open alarm of `rule` happened again: counted on it, not raised a second time."""
        record = await self.record(self.state(rule))
        record.frequency += 1
        record.last_time = _time(ts)
        if value is not None:
            record.last_value = value
        self.trail(record, "retriggered", value, ts, remark=remark)
        return record

    async def clear(self, rule: Rule, record: AlarmRecord, ts: int, value: float | None) -> None:
        record.cleared, record.clear_time, record.clear_by = 1, _time(ts), "system"
        if value is not None:
            record.last_value = value
        state = self.state(rule)
        state.count, state.bad_since, state.good_since, state.record_id = 0, None, None, None
        self.trail(record, "cleared", value, ts)
        await self.engine.notify(self.db, rule, record, "clear")

    async def escalate(self, rules: Sequence[Rule], now: int) -> None:
        """One step for each open, unconfirmed alarm of `rules` whose next step fell due: step n is due n delays
        after the raise, at most the group's steps; each goes one level more urgent (while there is one)."""
        by_id = {r.id: r for r in rules}
        if not by_id:
            return
        moment = _time(now)
        due = (await self.db.execute(select(AlarmRecord).where(
            AlarmRecord.rule_id.in_(by_id), AlarmRecord.cleared == 0, AlarmRecord.acknowledged == 0))).scalars()
        for record in due:
            rule = by_id[record.rule_id]
            steps = record.escalations or 0
            if steps >= rule.escalate_steps or \
                    record.first_time + timedelta(milliseconds=rule.escalate_ms * (steps + 1)) > moment:
                continue
            record.escalations = steps + 1
            record.level_id = self.engine.more_urgent(record.level_id) or record.level_id
            self.trail(record, "escalated", record.last_value, now,
                       remark=self.engine.levels.get(record.level_id or 0, ("",))[0] or None)
            await self.engine.notify(self.db, rule, record, "escalate")

    def trail(self, record: AlarmRecord, action: str, value: float | None, ts: int, person: str | None = None,
              remark: str | None = None) -> None:
        self.db.add(AlarmTrail(tenant_id=record.tenant_id, record_id=record.id, rule_id=record.rule_id,
                               batch=record.batch, action=action, value=value, person=person, remark=remark,
                               create_time=_time(ts)))
        announce(self.db, record, action)

    async def save(self) -> None:
        """Write the progress rows that changed (only those: a quiet rule costs no write)."""
        table = AlarmRuleState.__table__
        assert isinstance(table, Table)
        changed: list[dict] = []
        added: list[dict] = []
        by_id = {r.id: r for r in self.rules}
        for rid, before in self.before.items():
            state = self.states.get(rid)
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


def announce(db: AsyncSession, record: AlarmRecord, action: str) -> None:
    """Tell the live channel's alarm subscribers of the record's tenant, once `db` commits."""
    if action in LIVE_ACTIONS:
        live.publish_on_commit(db, LIVE_TOPIC, record.tenant_id, None, {
            "action": action, "recordId": str(record.id), "ruleId": str(record.rule_id),
            "deviceId": str(record.device_id) if record.device_id else None, "batch": record.batch})


def _time(ts: int) -> datetime:
    return datetime.fromtimestamp(ts / 1000).replace(microsecond=0)


def now_ms() -> int:
    return int(time.time() * 1000)


def notification(rule: Rule, record: AlarmRecord, action: str, level_name: str) -> dict:
    return {"type": "alarm", "action": action, "level": level_name, "name": rule.name,
            "firstTime": record.first_time.strftime("%Y-%m-%d %H:%M:%S"),
            "removeStatus": REMOVED if record.cleared else NOT_REMOVED,
            "affirmStatus": AFFIRMED if record.acknowledged else NOT_AFFIRMED,
            "eventId": str(rule.id), "batch": record.batch, "recordId": str(record.id),
            "deviceName": rule.device_name, "pointName": rule.point_name, "value": record.last_value}


def _readings(rules: dict[int, list[Rule]], values: Sequence[tuple]) -> list[tuple[Rule, int, float | None]]:
    """The values (point, ts, value, ...) in the store's order (point, then time), once per rule of the point."""
    return [(rule, ts, value) for pid, ts, value, *_ in values for rule in rules[pid]]


@dataclass(frozen=True, slots=True)
class Context:
    """What a rule's snapshot needs besides the rule: levels (name, level, tenant), groups, time cycles, each
    tenant's settings and the e-mail addresses of the recipients who hear by e-mail."""

    levels: dict[int, tuple[str, int, str]]
    groups: dict[int, AlarmGroup]
    cycles: dict[int, Cycle]
    settings: dict[str, AlarmSetting]
    addresses: dict[int, str]


async def context(db: AsyncSession) -> Context:
    """The session's tenant's, or every tenant's under the platform scope."""
    levels = {r.id: (r.name, r.level, r.tenant_id) for r in (await db.execute(select(AlarmLevel))).scalars()}
    groups = {g.id: g for g in (await db.execute(select(AlarmGroup))).scalars()}
    cycles = {c.id: parse_cycle(c.days, c.start_time, c.end_time)
              for c in (await db.execute(select(AlarmTimeCycle))).scalars()}
    settings = {s.tenant_id: s for s in (await db.execute(select(AlarmSetting))).scalars()}
    mailed = {i for g in groups.values() if g.email for i in split_ids(g.user_ids) + split_ids(g.escalate_user_ids)}
    found = (await db.execute(select(User.id, User.email).where(User.id.in_(mailed)))).all() if mailed else []
    return Context(levels, groups, cycles, settings, {uid: email for uid, email in found if email})


def snapshot(row: RuleCondition, ctx: Context, *, rule_id: int, tenant_id: str, device_id: int, point_id: int,
             device_name: str, point_name: str) -> Rule | None:
    """A rule as the evaluation uses it; None when its tenant turned alarms off."""
    setting = ctx.settings.get(tenant_id)
    if setting is not None and not setting.enabled:
        return None
    group = ctx.groups.get(row.group_id) if row.group_id else None
    mails = group is not None and bool(group.email) and setting is not None and bool(setting.smtp_host)
    recipients = tuple(split_ids(group.user_ids)) if group else ()
    escalate_to = tuple(split_ids(group.escalate_user_ids)) if group else ()
    return Rule(
        id=rule_id, tenant_id=tenant_id, name=row.name, device_id=device_id, point_id=point_id,
        device_name=device_name, point_name=point_name, level_id=row.level_id,
        level_name=ctx.levels.get(row.level_id or 0, ("",))[0], kind=row.kind, operator=row.operator,
        threshold=row.threshold, low=row.low, high=row.high, mode=row.mode,
        duration_ms=row.duration_seconds * 1000, repeat_count=max(1, row.repeat_count),
        no_data_ms=row.no_data_seconds * 1000, hysteresis=row.hysteresis or 0.0,
        clear_ms=row.clear_seconds * 1000, cycle=ctx.cycles.get(row.time_cycle_id or 0),
        group_name=group.name if group else "", recipients=recipients,
        notify_on=frozenset((group.notify_on or "").split(",")) if group else frozenset(),
        notify=setting is None or bool(setting.notify),
        emails=tuple(ctx.addresses[i] for i in recipients if i in ctx.addresses) if mails else (),
        escalate_ms=(group.escalate_seconds or 0) * 1000 if group else 0,
        escalate_steps=max(1, group.escalate_steps or 1) if group else 1,
        escalate_recipients=escalate_to,
        escalate_emails=tuple(ctx.addresses[i] for i in escalate_to if i in ctx.addresses) if mails else ())


# --- the process's engine -----------------------------------------------------------------------------------

default = Engine()


async def on_values(db: AsyncSession, values: Sequence[tuple]) -> None:
    await default.on_values(db, values)


async def sweep(db: AsyncSession, now: int | None = None) -> None:
    """The `alarm.sweep` job (platform scope); a sweep that fails is written down as an unusual job."""
    try:
        await default.sweep(db, now)
    except Exception as exc:
        await db.rollback()
        unusual.record(db, tenant_id=PLATFORM_TENANT, job=SWEEP_JOB, summary="alarm sweep", error=repr(exc))
        await db.commit()
        raise


async def rules_for(db: AsyncSession) -> dict[int, list[Rule]]:
    return await default.rules_for(db)


async def evaluate(db: AsyncSession, readings: Sequence[tuple[Rule, int, float | None]]) -> None:
    await default.evaluate(db, readings)


def rule(rule_id: int) -> Rule | None:
    return default.rule(rule_id)


async def notify(db: AsyncSession, rule: Rule, record: AlarmRecord, action: str) -> None:
    await default.notify(db, rule, record, action)


async def raise_now(db: AsyncSession, rule: Rule, value: float | None, remark: str | None) -> AlarmRecord:
    return await default.raise_now(db, rule, value, remark)


def reset() -> None:
    default.reset()


async def partitions(runtime) -> None:
    """The `alarm.partitions` service: in the embedded mode this process owns every device; scaled out it
    leases its share of the partitions, drains what was handed over for them and sweeps them."""
    default.cache = runtime.cache
    default.listening_since = now_ms()
    if runtime.settings.jobs != "queue":
        default.ownership = EVERYTHING
        async with runtime.sessions() as db:  # what a process that owned nothing handed over before
            while await default.drain(db) == DRAIN_BATCH:
                pass
        return
    share = Share(Leases(runtime.sessions, process_holder(), ttl=LEASE_TTL), LEASE_KIND, on_change=_changed)
    default.ownership = share
    swept = 0.0
    try:
        while True:
            try:
                await share.claim(range(PARTITIONS))
                async with runtime.sessions() as db:
                    while await default.drain(db) == DRAIN_BATCH:
                        pass
                    if time.monotonic() - swept >= SWEEP_SECONDS:
                        swept = time.monotonic()
                        with tenancy.platform_scope(db):
                            await sweep(db)  # a failure is written down as an unusual job
                            await db.commit()
            except Exception:  # the database away for a moment: the leases lapse if it stays away
                log.warning("alarm partitions: a round failed", exc_info=True)
            await asyncio.sleep(DRAIN_SECONDS)
    finally:
        default.ownership = None
        await asyncio.shield(share.release())


async def _changed(change: Change[int]) -> None:
    """Partitions taken over or lost: what memory holds of them is forgotten (the database has the truth), between
    two evaluations (a sweep reads a rule's state after awaits, and must find it)."""
    async with default.lock:
        default.forget(set(change.gained | change.lost))
