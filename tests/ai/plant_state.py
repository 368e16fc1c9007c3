"""The plant the question set asks about: the demo plant (demo.data.plant, its knowledge base and alarm rules)
seeded into a tenant of its own, so no other test's devices or values change its answers, in a known state:

- R-101, P-101A, P-101B, E-101 and K-101 report now (online); the three tanks last reported two hours ago
  (offline), with a day of history each;
- seven alarms: three open (R-101 Critical 10 min ago, P-101A Serious 20 min ago, TK-201 General 50 min ago),
  four cleared (K-101 Urgent 3 h ago, P-101A 5 h and 30 h ago, TK-201 two days ago); all confirmed, so the
  engine's sweep escalates none of them while the tests run;
- today's OEE of both feed pumps.

The collect groups' periods are ten minutes here, so "online" (a value within three periods) holds for the whole
run. The counts a period implies (today, this shift, this week) are worked out from the same offsets with the
period's own boundaries, so the answers are known whatever the hour the tests run at."""

import json
import time
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from sqlalchemy import delete, select, update

from plantdesk.core import tenancy
from plantdesk.demo.seed import seed_knowledge, seed_plant
from plantdesk.modules.alarm.models import AlarmLevel, AlarmRecord, AlarmRule
from plantdesk.modules.device.models import CollectGroup, DataPoint, DataPointSource, Device
from plantdesk.modules.product.models import OeeResult
from plantdesk.modules.system.param.seeds import PARAMS
from tests.helpers import Api, login, platform_session
from tests.security.routetable import body_model, minimal_body, ops

TELEMETRY = "/api/device-management/telemetry"
ONLINE = ("R101", "P101A", "P101B", "E101", "K101")
OFFLINE = ("TK201", "TK202", "TK203")
# device, the point of its limit rule (demo.data.alarm.RULES), minutes ago, cleared
ALARMS = [("R101", "TEMP", 10, False),
          ("P101A", "VIBRATION", 20, False),
          ("TK201", "LEVEL", 50, False),
          ("K101", "DISCH_TEMP", 180, True),
          ("P101A", "VIBRATION", 300, True),
          ("P101A", "VIBRATION", 1800, True),
          ("TK201", "LEVEL", 2880, True)]
# the history each device reports: (hours ago, {point: value}); the tanks stop two hours ago
HISTORY = {
    "R101": [(20, {"TEMP": 70.0, "PRES": 2.0}), (12, {"TEMP": 76.0, "PRES": 2.2}), (6, {"TEMP": 80.0, "PRES": 2.4}),
             (0, {"TEMP": 82.5, "PRES": 2.5})],
    "P101A": [(20, {"VIBRATION": 2.0, "BEARING_TEMP": 55.0}), (12, {"VIBRATION": 3.0, "BEARING_TEMP": 58.0}),
              (6, {"VIBRATION": 4.5, "BEARING_TEMP": 60.0}), (0, {"VIBRATION": 5.5, "BEARING_TEMP": 62.0})],
    "P101B": [(20, {"VIBRATION": 2.2}), (0, {"VIBRATION": 2.1})],
    "E101": [(20, {"COLD_OUT_TEMP": 77.0}), (0, {"COLD_OUT_TEMP": 78.0})],
    "K101": [(20, {"DISCH_TEMP": 88.0, "LOAD": 70.0}), (12, {"DISCH_TEMP": 86.0, "LOAD": 65.0}),
             (6, {"DISCH_TEMP": 84.0, "LOAD": 60.0}), (0, {"DISCH_TEMP": 80.0, "LOAD": 55.0})],
    "TK201": [(20, {"LEVEL": 40.0}), (12, {"LEVEL": 50.0}), (6, {"LEVEL": 60.0}), (2, {"LEVEL": 72.0})],
    "TK202": [(20, {"LEVEL": 55.0}), (2, {"LEVEL": 52.0})],
    "TK203": [(20, {"LEVEL": 38.0}), (2, {"LEVEL": 44.0})],
}
# device, planned, run, ideal seconds, total, good (today's OEE; demo.data.product's feed pumps)
OEE = [("P101A", 28800, 25200, 21000, 10500, 10290), ("P101B", 28800, 14400, 12000, 6000, 5700)]


@dataclass
class State:
    api: Api
    now: datetime
    counts: dict = field(default_factory=dict)  # period -> alarms raised in it


def _within(now: datetime) -> dict[str, datetime]:
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return {"today": midnight, "shift": now - timedelta(hours=8), "week": midnight - timedelta(days=now.weekday()),
            "24h": now - timedelta(hours=24), "7d": now - timedelta(days=7)}


async def build(app, client, admin: Api, unique: str) -> State:
    submit = "/api/blade-system/tenant/submit"
    body = {**minimal_body(body_model(ops("POST", suffix=(submit,))[0]), "tenant"), "tenantName": f"问答工厂{unique}"}
    tenant = (await admin.data("POST", submit, json=body))["tenantId"]
    password = next(value for key, _, value, _ in PARAMS if key == "tenant.default.password")
    api = await login(client, "admin", password, tenant)
    async with platform_session(app.state.runtime.sessions) as db:
        assert await seed_plant(db, tenant) and await seed_knowledge(db, tenant)
        await db.commit()
    async with app.state.runtime.unit_of_work_in(tenancy.Scope(tenant)) as db:
        await db.execute(update(CollectGroup).values(period_ms=600_000))
        # No collector speaks for these devices (their values come over the telemetry API): the demo's collected
        # sources (demo.data.collect) would call every device offline once their timeouts passed, and the alarm
        # engine raise its offline alarms, as the run's length and the machine's load decide.
        await db.execute(delete(DataPointSource))
        known = {(d, p) for p, d in (await db.execute(
            select(DataPoint.code, Device.code).join(Device, Device.id == DataPoint.device_id))).all()}
    # the values first: the alarm engine clears an open alarm whose point reads normal again
    moment = int(time.time() * 1000) // 1000 * 1000
    for device, rows in HISTORY.items():
        for hours, values in rows:
            assert all((device, p) in known for p in values), (device, values)
            ts = moment - hours * 3600_000 - (60_000 if hours == 0 else 0)
            answer = await api.data("POST", TELEMETRY, json={"deviceCode": device, "ts": ts, "values": values})
            assert answer["accepted"] == len(values), answer
    runtime = app.state.runtime
    now = datetime.now().replace(microsecond=0)
    async with runtime.unit_of_work_in(tenancy.Scope(tenant)) as db:
        await db.execute(delete(AlarmRecord))  # the demo's week of alarm history: these seven instead
        devices = {d.code: d for d in (await db.execute(select(Device))).scalars()}
        rules = {(device, point): r for r, device, point in (await db.execute(
            select(AlarmRule, Device.code, DataPoint.code).join(Device, Device.id == AlarmRule.device_id)
            .join(DataPoint, DataPoint.id == AlarmRule.point_id)
            .where(AlarmRule.kind.in_(("THRESHOLD", "RANGE"))))).all()}
        levels = {lv.id: lv for lv in (await db.execute(select(AlarmLevel))).scalars()}
        batches: dict[int, int] = {}
        for device, point, minutes, cleared in ALARMS:
            rule = rules[(device, point)]
            batches[rule.id] = batches.get(rule.id, 0) + 1
            raised = now - timedelta(minutes=minutes)
            db.add(AlarmRecord(rule_id=rule.id, point_id=rule.point_id, device_id=devices[device].id,
                               batch=batches[rule.id], level_id=rule.level_id, first_time=raised,
                               last_time=raised + timedelta(minutes=5), first_value=1.0, peak_value=1.0,
                               last_value=1.0, cleared=int(cleared),
                               clear_time=raised + timedelta(minutes=5) if cleared else None,
                               clear_by="system" if cleared else None,
                               # confirmed: the engine's sweep escalates an unconfirmed one after 15 min
                               acknowledged=1, ack_time=raised + timedelta(minutes=1), ack_person="admin"))
        for n, (device, planned, run, ideal, total, good) in enumerate(OEE, start=1):
            a, p, q = run / planned, ideal / run, good / total
            db.add(OeeResult(oee_device_id=-n, device_id=devices[device].id, line="Line 1", shift_id=-1,
                             day=date.today(), period_start=now.replace(hour=0, minute=0, second=0), period_end=now,
                             planned_seconds=planned, run_seconds=run, ideal_seconds=ideal, total_count=total,
                             good_count=good, availability=a, performance=p, quality=q, oee=a * p * q,
                             losses=json.dumps({"breakdown": planned - run}), compute_time=now))
        assert len(levels) == 5
    state = State(api, now)
    for key, start in _within(now).items():
        state.counts[key] = sum(now - timedelta(minutes=m) >= start for _, _, m, _ in ALARMS)
    return state
