"""The demo tenant's production (issue 25): two products, a craft flow through the plant's units, three shifts,
the feed pumps measured for OEE (their RUN point and drum counters, which the simulator writes), their last six
days and today up to the seeding (the pumps' values as the simulator makes them, from which the OEE results are
computed as the job computes them: a week's trend from the first minute) and a running batch on each pump, started
a few hours before, whose progress is its drum counter. Self-contained: one entry,
`seed(db, tenant_id)`, once per tenant (a tenant that ever had a product is left alone)."""

import json
import random
from datetime import datetime, time, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.demo.simulator import DUTY_SPELL, STANDBY_SPELL, drums

# code, name, specification, unit, ideal cycle time (s per unit), remark
PRODUCTS = [
    ("PR-200", "聚合树脂 Polymer resin PR-200", "200 L 桶装 / 200 L drum", "桶 / drum", 2.0,
     "Polymer resin PR-200, drummed at the feed pumps"),
    ("AD-15", "树脂助剂 Resin additive AD-15", "25 kg 袋装 / 25 kg bag", "袋 / bag", 3.0, "Resin additive AD-15"),
]
# name, device code, minutes, remark
STEPS = [
    ("投料 Feed", "P101A", 30, "原料经进料泵送入反应釜 / feed pumped into the reactor"),
    ("反应 Reaction", "R101", 240, "82 °C 保温反应 / held at 82 °C"),
    ("换热 Heat exchange", "E101", 45, "冷却至 78 °C / cooled to 78 °C"),
    ("储存 Storage", "TK203", 60, "成品罐 / product tank"),
]
# name, start, end, breaks (planned stops)
SHIFTS = [
    ("早班 Morning", "08:00", "16:00", [("12:00", "12:30")]),
    ("中班 Evening", "16:00", "00:00", [("20:00", "20:30")]),
    ("夜班 Night", "00:00", "08:00", [("04:00", "04:30")]),
]
COUNTERS = [("COUNT_TOTAL", "桶数计数 Drums counted"), ("COUNT_GOOD", "良品桶数 Good drums")]
PUMPS = ("P101A", "P101B")
HISTORY_DAYS = 6  # before today, whose values up to the seeding are history too
HISTORY_STEP = 600  # seconds between two of a pump's counter values in its history (its RUN: on each change)
BATCHES_AGO = (timedelta(hours=3), timedelta(hours=20))  # each pump's running batch started this long before


def history(start: datetime, end: datetime, points: dict[str, tuple[int, int, int]],
            seed: str) -> list[tuple[int, int, float]]:
    """(point id, ts ms, value) of the feed pumps from `start` to `end` as the simulator makes them (its spells and
    drums): the duty pump (the first) running, then tripped while the standby one runs; drums counted by the running
    one. `points`: pump code → (RUN, COUNT_TOTAL, COUNT_GOOD) point ids."""
    rng = random.Random(seed)
    counted = {code: [0.0, 0.0] for code in PUMPS}
    out: list[tuple[int, int, float]] = []
    t, stop, duty = int(start.timestamp()), int(end.timestamp()), True
    while t < stop:
        spell = min(int(rng.uniform(*(DUTY_SPELL if duty else STANDBY_SPELL))), stop - t)
        running = PUMPS[0] if duty else PUMPS[1]
        for code in PUMPS:
            out.append((points[code][0], t * 1000, float(code == running)))
        for at in [t, *range(t - t % HISTORY_STEP + HISTORY_STEP, t + spell, HISTORY_STEP)]:
            for code in PUMPS:
                out += [(points[code][1], at * 1000, float(int(counted[code][0]))),
                        (points[code][2], at * 1000, float(int(counted[code][1])))]
            made, good = drums(rng, min(at - at % HISTORY_STEP + HISTORY_STEP, t + spell) - at)
            counted[running][0] += made
            counted[running][1] += good
        t, duty = t + spell, not duty
    for code in PUMPS:  # the counters as they stand at `end`
        out += [(points[code][1], stop * 1000, float(int(counted[code][0]))),
                (points[code][2], stop * 1000, float(int(counted[code][1])))]
    return out


async def seed(db: AsyncSession, tenant_id: str) -> bool:
    from plantdesk.modules.device.models import DataPoint, Device
    from plantdesk.modules.device.monitor.store import store
    from plantdesk.modules.product import service
    from plantdesk.modules.product.models import (
        BatchProduct,
        OeeDevice,
        Product,
        ShiftCalendar,
        TechProcess,
    )

    with tenancy.tenant_scope(db, tenant_id):
        had = await db.scalar(select(Product.id).limit(1).execution_options(**{tenancy.INCLUDE_DELETED: True}))
        devices = dict((await db.execute(select(Device.code, Device.id))).all())
        if had or not all(code in devices for code in PUMPS):
            return False
        products = []
        for sort, (code, name, spec, unit, cycle, remark) in enumerate(PRODUCTS, start=1):
            products.append(Product(product_code=code, product_name=name, specification=spec, unit=unit,
                                    ideal_cycle_time=cycle, sort=sort, remark=remark))
        db.add_all(products)
        await db.flush()
        resin = products[0]
        steps = [{"name": name, "deviceId": str(devices[code]) if code in devices else None, "minutes": minutes,
                  "remark": remark} for name, code, minutes, remark in STEPS]
        flow = TechProcess(product_id=resin.id, process_name="PR-200 聚合工艺 / polymerisation", process_code="TP-200",
                           prot_list=json.dumps(steps, ensure_ascii=False), sort=1)
        db.add(flow)
        for sort, (name, start, end, breaks) in enumerate(SHIFTS, start=1):
            db.add(ShiftCalendar(shift_name=name, start_time=start, end_time=end, sort=sort,
                                 breaks=json.dumps([{"start": s, "end": e} for s, e in breaks])))
        points = {(d, c): p for d, c, p in (await db.execute(
            select(DataPoint.device_id, DataPoint.code, DataPoint.id)
            .where(DataPoint.device_id.in_([devices[c] for c in PUMPS])))).all()}
        await db.flush()
        now = datetime.now().replace(microsecond=0)
        for number, code in enumerate(PUMPS, start=1):
            device_id = devices[code]
            for point_code, name in COUNTERS:
                if (device_id, point_code) not in points:
                    point = DataPoint(device_id=device_id, code=point_code, name=name, data_type="int", unit="桶")
                    db.add(point)
                    await db.flush()
                    points[(device_id, point_code)] = point.id
            db.add(OeeDevice(device_id=device_id, product_id=resin.id, state_point_id=points[(device_id, "RUN")],
                             total_point_id=points[(device_id, "COUNT_TOTAL")],
                             good_point_id=points[(device_id, "COUNT_GOOD")]))
            started = (now - BATCHES_AGO[number - 1]).replace(second=0)
            db.add(BatchProduct(product_id=resin.id, process_id=flow.id,
                                batch_no=f"PR200-{started:%Y%m%d}-{number:02d}", device_id=device_id,
                                count_point_id=points[(device_id, "COUNT_TOTAL")], plan_quantity=20_000,
                                start_time=started))
        await db.flush()
        first = now.date() - timedelta(days=HISTORY_DAYS)
        pumps = {code: (points[(devices[code], "RUN")], points[(devices[code], "COUNT_TOTAL")],
                        points[(devices[code], "COUNT_GOOD")]) for code in PUMPS}
        await store.backfill(db, history(datetime.combine(first, time()), now, pumps, tenant_id))
        await service.compute_days(db, [first + timedelta(days=n) for n in range(HISTORY_DAYS + 1)], now)
    return True
