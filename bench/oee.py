"""OEE for 100 devices over 30 days (budget ≤ 2 s), two ways:

1. the analysis the OEE screen asks for (`product.service.analyse`: summary, per device, line, shift, the daily
   trend and the loss Pareto) over the stored results of 100 devices × 3 shifts × 30 days = 9,000 `oee_result`
   rows, on the database given;
2. the arithmetic the job runs (`product.oee.compute`) for the same 9,000 device-shifts, on synthetic samples: a
   state change every ~15 min and a counter value every minute (a store-on-change counter with a 60 s heartbeat
   at ~1 unit a minute), without the database reads.

    uv run python -m bench.oee --database-url sqlite+aiosqlite:////tmp/oee.db
    uv run python -m bench.oee --database-url postgresql+asyncpg://postgres@127.0.0.1:5432/<scratch db>
"""

import argparse
import asyncio
import json
import os
import random
import statistics
import time
from datetime import date, datetime, timedelta

from sqlalchemy import delete, insert

from plantdesk.core import tenancy
from plantdesk.db.models import Base
from plantdesk.db.session import create_engine, session_factory
from plantdesk.modules.device.models import Device
from plantdesk.modules.product import oee, service
from plantdesk.modules.product.models import OeeResult, ShiftCalendar

TENANT = "bench1"
DEVICES, DAYS, SHIFTS = 100, 30, 3
FIRST = date(2026, 10, 1)


async def build(url: str) -> None:
    engine = create_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all,
                            tables=[OeeResult.__table__, Device.__table__, ShiftCalendar.__table__])
    rng = random.Random(25)
    rows = []
    for device in range(1, DEVICES + 1):
        for shift in range(1, SHIFTS + 1):
            for n in range(DAYS):
                day = FIRST + timedelta(days=n)
                start = datetime(day.year, day.month, day.day) + timedelta(hours=8 * (shift - 1))
                run = rng.uniform(0.6, 0.95) * 27000
                total = run / 60 * rng.uniform(0.8, 1.0)
                good = total * rng.uniform(0.9, 1.0)
                losses = dict(zip(oee.CAUSES, (rng.uniform(0, 3000) for _ in oee.CAUSES), strict=True))
                rows.append({"id": len(rows) + 1, "tenant_id": TENANT, "oee_device_id": device, "device_id": device,
                             "line": f"Line {device % 5}", "shift_id": shift, "day": day, "period_start": start,
                             "period_end": start + timedelta(hours=8), "planned_seconds": 27000, "run_seconds": run,
                             "ideal_seconds": total * 60, "total_count": total, "good_count": good,
                             "availability": run / 27000, "performance": total * 60 / run, "quality": good / total,
                             "oee": 60 * good / 27000, "losses": json.dumps(losses),
                             "compute_time": start + timedelta(hours=8)})
    sessions = session_factory(engine)
    async with sessions() as db:
        tenancy.bind(db, tenancy.PLATFORM)
        await db.execute(delete(OeeResult).where(OeeResult.tenant_id == TENANT))
        for start in range(0, len(rows), 2000):
            await db.execute(insert(OeeResult), rows[start:start + 2000])
        await db.commit()
    await engine.dispose()


async def measure_analysis(url: str, rounds: int) -> list[float]:
    engine = create_engine(url)
    sessions = session_factory(engine)
    timings = []
    async with sessions() as db:
        tenancy.bind(db, tenancy.Scope(TENANT))
        for _ in range(rounds + 1):
            started = time.perf_counter()
            answer = await service.analyse(db, FIRST, FIRST + timedelta(days=DAYS - 1))
            timings.append(time.perf_counter() - started)
        assert len(answer["devices"]) == DEVICES and len(answer["trend"]) == DAYS
    await engine.dispose()
    return timings[1:]


def measure_arithmetic() -> float:
    rng = random.Random(7)
    shift = oee.Shift(1, oee.minutes("08:00"), oee.minutes("16:00"), frozenset(range(1, 8)),
                      ((oee.minutes("12:00"), oee.minutes("12:30")),))
    planned = shift.planned(FIRST)
    start = planned[0][0] - 60_000
    state = [(start + n * 900_000 + rng.randint(0, 60_000), rng.choice((1, 1, 1, 0, 2, 3))) for n in range(33)]
    total = [(start + n * 60_000, float(n)) for n in range(8 * 60 + 2)]
    good = [(ts, value * 0.97) for ts, value in total]
    started = time.perf_counter()
    for _ in range(DEVICES * DAYS * SHIFTS):
        oee.compute(planned, planned[-1][1], state, total, good, 55.0)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(build(args.database_url))
    timings = asyncio.run(measure_analysis(args.database_url, args.rounds))
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"analysis of {DEVICES * DAYS * SHIFTS} stored results: median {statistics.median(timings) * 1000:.0f} ms,"
          f" max {max(timings) * 1000:.0f} ms (budget 2000 ms)")
    print(f"arithmetic of {DEVICES * DAYS * SHIFTS} device-shifts: {measure_arithmetic() * 1000:.0f} ms")


if __name__ == "__main__":
    main()
