"""The demo plant's early warning (tenant 356782): two months of alarm history on the demo rules (raised, cleared,
most confirmed; all cleared, so the live engine carries on from it), six warning indicators, and their records
published for each day, week and month the history covers, so the warning screens show real figures at once.
The history is drawn from a fixed seed: the same demo every time.

`seed_values`: the alarmed points' values around each history alarm the monitor data still keeps (the tenant's raw
retention), before, during and after it and crossing the rule's limit, so the alarm's detail draws its chart."""

import random
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy

if TYPE_CHECKING:
    from plantdesk.modules.alarm.models import AlarmRecord, AlarmRule

DAYS = 61
CONFIRMED = 0.9  # the share of the history's alarms someone confirmed
# the rule (device code, point code, kind: demo.data.alarm.RULES) → (relative weight, typical excess over the
# threshold)
HISTORY = {
    ("R101", "TEMP", "THRESHOLD"): (3, 4.0),
    ("P101A", "VIBRATION", "THRESHOLD"): (4, 1.2),
    ("K101", "DISCH_TEMP", "THRESHOLD"): (2, 3.0),
    ("TK201", "LEVEL", "RANGE"): (2, 5.0),
    ("R101", "PRES", "RATE"): (1, 8.0),
}
# name, measure, period, threshold, scope (level number, group name, device code)
INDICATORS = [
    ("全厂日告警数 Alarms per day, whole plant", "COUNT", "day", 8, (None, None, None)),
    ("日未确认告警数 Unconfirmed alarms per day", "UNCONFIRMED", "day", 2, (None, None, None)),
    ("超紧急告警平均确认时长 Mean time to confirm critical alarms", "CONFIRM_MINUTES", "day", 15, (1, None, None)),
    ("反应釜周告警数 Alarms per week, reactor R-101", "COUNT", "week", 18, (None, None, "R101")),
    ("维修组平均解除时长 Mean time to clear, Maintenance", "CLEAR_MINUTES", "week", 45, (None, "Maintenance", None)),
    ("全厂月告警数 Alarms per month, whole plant", "COUNT", "month", 150, (None, None, None)),
]


async def seed(db: AsyncSession, tenant_id: str, now: datetime | None = None) -> None:
    from plantdesk.modules.alarm.models import AlarmGroup, AlarmLevel, AlarmRecord, AlarmRule, AlarmTrail
    from plantdesk.modules.device.models import DataPoint, Device
    from plantdesk.modules.warning import service
    from plantdesk.modules.warning.models import WarningIndicator

    now = (now or datetime.now()).replace(microsecond=0)
    rng = random.Random(356782)
    with tenancy.tenant_scope(db, tenant_id):
        rules = {(device, point, r.kind): r for r, device, point in (await db.execute(
            select(AlarmRule, Device.code, DataPoint.code).join(Device, Device.id == AlarmRule.device_id)
            .join(DataPoint, DataPoint.id == AlarmRule.point_id))).all()}
        people = ["Zhang Wei", "Wang Qiang", "Administrator"]
        batches: dict[int, int] = {}
        today = now.replace(hour=0, minute=0, second=0)
        for day in range(DAYS, 0, -1):
            start = today - timedelta(days=day)
            for _ in range(rng.randint(2, 11)):
                key = rng.choices(list(HISTORY), weights=[w for w, _ in HISTORY.values()])[0]
                rule, excess = rules[key], HISTORY[key][1]
                first = start + timedelta(seconds=rng.randint(0, 86_399))
                confirmed = first + timedelta(minutes=rng.uniform(1, 40) * (3 if rng.random() < 0.15 else 1))
                cleared = first + timedelta(minutes=rng.uniform(3, 90))
                base = rule.threshold if rule.threshold is not None else (rule.high or 0)
                peak = round(base + rng.uniform(0.2, 1.0) * excess, 2)
                batches[rule.id] = batches.get(rule.id, 0) + 1
                record = AlarmRecord(rule_id=rule.id, point_id=rule.point_id, device_id=rule.device_id,
                                     batch=batches[rule.id], level_id=rule.level_id,
                                     first_time=first.replace(microsecond=0), last_time=cleared.replace(microsecond=0),
                                     first_value=round(base + excess * 0.2, 2), peak_value=peak,
                                     last_value=round(base - excess * 0.5, 2), frequency=rng.choice((1, 1, 1, 2, 3)),
                                     cleared=1, clear_time=cleared.replace(microsecond=0), clear_by="system",
                                     acknowledged=0, escalations=0)
                steps: list[tuple[datetime, str, str | None]] = [(first, "raised", None), (cleared, "cleared", None)]
                if rng.random() < CONFIRMED:
                    record.acknowledged, record.ack_time = 1, confirmed.replace(microsecond=0)
                    record.ack_person, record.ack_reason = rng.choice(people), "Checked on site"
                    steps.append((confirmed, "acknowledged", record.ack_person))
                db.add(record)
                await db.flush()
                for moment, action, person in sorted(steps):
                    db.add(AlarmTrail(record_id=record.id, rule_id=rule.id, batch=record.batch, action=action,
                                      value=record.peak_value if action == "raised" else record.last_value,
                                      person=person, remark=record.ack_reason if person else None,
                                      create_time=moment.replace(microsecond=0)))
        levels = dict((await db.execute(select(AlarmLevel.level, AlarmLevel.id))).all())
        groups = dict((await db.execute(select(AlarmGroup.name, AlarmGroup.id))).all())
        devices = dict((await db.execute(select(Device.code, Device.id))).all())
        for name, measure, period, threshold, (level, group, device) in INDICATORS:
            db.add(WarningIndicator(name=name, measure=measure, period=period, threshold=threshold, enabled=1,
                                    level_id=levels.get(level or 0), group_id=groups.get(group or ""),
                                    device_id=devices.get(device or "")))
        await db.flush()
        for mode in service.MODES:  # the periods the history covers whole
            for start, end in service.periods(mode, today - timedelta(days=DAYS), today):
                if start >= today - timedelta(days=DAYS) and end <= today:
                    await service.publish(db, mode, start)


SAMPLES = 48  # values per alarm window
PAD = timedelta(minutes=10)  # the least on each side (alarm.service.around shows as much again as the alarm lasted)


async def seed_values(db: AsyncSession, tenant_id: str, now: datetime | None = None, *, once: bool = False) -> int:
    """Values around the tenant's cleared threshold and range alarms within its raw retention whose window holds
    none yet (the seeded history; a live alarm was raised by values): over the limit while an alarm of the point
    lasted, peaking halfway, quiet below it before and after (`_value`). Answers how many were stored; run again,
    none (a window with values is left alone). `once`: stop at the first window that holds values (oldest first:
    the seeded history was given its values before), so a server start does not rework every later alarm."""
    from plantdesk.modules.alarm.models import AlarmRecord, AlarmRule
    from plantdesk.modules.device.monitor import retention
    from plantdesk.modules.device.monitor.models import MonitorRollup1m
    from plantdesk.modules.device.monitor.store import store

    now = now or datetime.now()
    rng = random.Random(tenant_id)
    samples: list[tuple[int, int, float]] = []
    with tenancy.tenant_scope(db, tenant_id):
        days = await retention.retention_days(db)
        rules = {r.id: r for r in (await db.execute(
            select(AlarmRule).where(AlarmRule.kind.in_(("THRESHOLD", "RANGE"))))).scalars()}
        records = list((await db.execute(select(AlarmRecord).where(
            AlarmRecord.rule_id.in_(list(rules)), AlarmRecord.cleared == 1,
            AlarmRecord.first_time >= now - timedelta(days=days or DAYS)).order_by(AlarmRecord.first_time)))
            .scalars()) if rules else []
        by_point: dict[int, list[AlarmRecord]] = {}
        for record in records:
            by_point.setdefault(record.point_id, []).append(record)
        for record in records:
            assert record.clear_time is not None  # cleared ones only
            pad = max(record.clear_time - record.first_time, PAD)
            start, stop = record.first_time - pad, min(record.clear_time + pad, now)
            # Asked of the minute rollups, which a backfill into closed minutes merges into at once (an alarm in
            # the open minute is backfilled again, and its rows are there: none stored): a read of the raw table
            # would hold a lock the creation of a missing day's partition (PostgreSQL) waits for.
            if await db.scalar(select(MonitorRollup1m.bucket).where(
                    MonitorRollup1m.point_id == record.point_id, MonitorRollup1m.bucket >= _ms(start) - 60_000,
                    MonitorRollup1m.bucket <= _ms(stop)).limit(1)) is not None:
                if once:
                    break
                continue
            for t in [record.first_time, *(start + (stop - start) * i / SAMPLES for i in range(SAMPLES + 1))]:
                # another alarm of the point may fall in this one's window: over its limit while it lasted
                lasting = next((r for r in by_point[record.point_id]
                                if r.clear_time is not None and r.first_time <= t <= r.clear_time), record)
                samples.append((record.point_id, _ms(t), _value(rules[lasting.rule_id], lasting, t, rng)))
        return await store.backfill(db, samples)


def _value(rule: "AlarmRule", record: "AlarmRecord", t: datetime, rng: random.Random) -> float:
    """The point's value at `t` near `record`: over the rule's limit (a range's high side: the history's
    excursions) from the raise to the clear, the record's peak halfway; quiet below the limit outside it."""
    limit = (rule.threshold if rule.kind == "THRESHOLD" else rule.high) or 0.0
    peak = record.peak_value if record.peak_value is not None else limit
    excess = max(abs(peak - limit), 0.5)
    first, clear = record.first_time, record.clear_time or record.first_time
    if t < first or t > clear:
        return round(limit - 1.5 * excess + rng.uniform(-0.2, 0.2) * excess, 2)  # beyond any hysteresis
    share = (t - first) / (clear - first) if clear > first else 0.0
    return round(limit + (peak - limit) * (1 - abs(2 * share - 1)) + 0.05 * excess, 2)


def _ms(t: datetime) -> int:
    return int(t.timestamp() * 1000)
