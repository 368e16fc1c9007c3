"""The demo plant's early warning (tenant 356782): two months of alarm history on the demo rules (raised, cleared,
most confirmed; all cleared, so the live engine carries on from it), six warning indicators, and their records
published for each day, week and month the history covers, so the warning screens show real figures at once.
The history is drawn from a fixed seed: the same demo every time."""

import random
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy

DAYS = 61
CONFIRMED = 0.9  # the share of the history's alarms someone confirmed
# rule name → (relative weight, typical excess over the threshold)
HISTORY = {
    "Reactor R-101 high temperature": (3, 4.0),
    "Pump P-101A high vibration": (4, 1.2),
    "Compressor K-101 discharge temperature high": (2, 3.0),
    "Tank TK-201 level out of range": (2, 5.0),
    "Reactor R-101 pressure rising fast": (1, 8.0),
}
# name, measure, period, threshold, scope (level number, group name, device code)
INDICATORS = [
    ("Alarms per day, whole plant", "COUNT", "day", 8, (None, None, None)),
    ("Unconfirmed alarms per day", "UNCONFIRMED", "day", 2, (None, None, None)),
    ("Mean time to confirm critical alarms", "CONFIRM_MINUTES", "day", 15, (1, None, None)),
    ("Alarms per week, reactor R-101", "COUNT", "week", 18, (None, None, "R101")),
    ("Mean time to clear, Maintenance", "CLEAR_MINUTES", "week", 45, (None, "Maintenance", None)),
    ("Alarms per month, whole plant", "COUNT", "month", 150, (None, None, None)),
]


async def seed(db: AsyncSession, tenant_id: str, now: datetime | None = None) -> None:
    from plantdesk.modules.alarm.models import AlarmGroup, AlarmLevel, AlarmRecord, AlarmRule, AlarmTrail
    from plantdesk.modules.device.models import Device
    from plantdesk.modules.warning import service
    from plantdesk.modules.warning.models import WarningIndicator

    now = (now or datetime.now()).replace(microsecond=0)
    rng = random.Random(356782)
    with tenancy.tenant_scope(db, tenant_id):
        rules = {r.name: r for r in (await db.execute(select(AlarmRule))).scalars()}
        people = ["Zhang Wei", "Wang Qiang", "Administrator"]
        batches: dict[int, int] = {}
        today = now.replace(hour=0, minute=0, second=0)
        for day in range(DAYS, 0, -1):
            start = today - timedelta(days=day)
            for _ in range(rng.randint(2, 11)):
                name = rng.choices(list(HISTORY), weights=[w for w, _ in HISTORY.values()])[0]
                rule, excess = rules[name], HISTORY[name][1]
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
