"""Alarm-engine benchmark (issue 11 budgets): what rule evaluation adds to ingest CPU, and how long a value takes
from the write to a notification the bell can read.

    uv run python bench/alarm.py --db sqlite --rules 10000 --batches 40
    uv run python bench/alarm.py --db postgres --pg-url postgresql+asyncpg://postgres@127.0.0.1:5432/bench_alarm

In one process, on a fresh database: 200 devices × 50 points = 10,000 points, one THRESHOLD rule per point (up to
--rules) in one group with one recipient. Batches of 5,000 values (every point once per two batches, each value
over its threshold with probability --bad, so alarms raise and clear) are written through the monitor store in a
unit of work, as HTTP ingest does: first with no listener (the ingest alone), then with the alarm engine
listening. The worker's CPU (process time, all threads) per batch is compared; the latency of a batch with the
listener is the time from the write's start to the notification rows being committed (the listener runs
before the unit of work returns, so an ingest's answer means its notifications are readable).
"""

import argparse
import asyncio
import cProfile
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from plantdesk.config import Settings  # noqa: E402
from plantdesk.core import (
    listeners,  # noqa: E402
    tenancy,  # noqa: E402
)
from plantdesk.core.cache import create_cache  # noqa: E402
from plantdesk.core.runtime import Runtime  # noqa: E402
from plantdesk.db.models import Base  # noqa: E402
from plantdesk.db.session import create_engine, session_factory  # noqa: E402
from plantdesk.modules.alarm import engine as alarms  # noqa: E402
from plantdesk.modules.alarm.models import AlarmGroup, AlarmRule  # noqa: E402
from plantdesk.modules.device.models import DataPoint, Device  # noqa: E402
from plantdesk.modules.device.monitor.store import store  # noqa: E402

TENANT = "356782"
DEVICES, POINTS, BATCH = 200, 50, 5_000


async def prepare(url: str, rules: int):
    engine = create_engine(url)
    async with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            await conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
            await conn.execute(text("CREATE SCHEMA public"))
        await conn.run_sync(Base.metadata.create_all)
        devices = [{"id": d + 1, "tenant_id": TENANT, "code": f"B{d}", "name": f"Bench {d}", "is_deleted": 0,
                    "status": 1} for d in range(DEVICES)]
        await conn.execute(insert(Device.__table__), devices)
        points = [{"id": 1000 + d * POINTS + p, "tenant_id": TENANT, "device_id": d + 1, "code": f"P{p}",
                   "name": f"P{p}", "data_type": "float", "scale": 1.0, "offset": 0.0, "deadband": 0.0, "store": 1,
                   "sort": 0, "is_deleted": 0, "status": 1} for d in range(DEVICES) for p in range(POINTS)]
        await conn.execute(insert(DataPoint.__table__), points)
        await conn.execute(insert(AlarmGroup.__table__), [{"id": 1, "tenant_id": TENANT, "name": "bench",
                                                           "user_ids": "1", "notify_on": "raise,clear",
                                                           "parent_id": 0, "email": 0, "sort": 0, "is_deleted": 0,
                                                           "status": 1}])
        await conn.execute(insert(AlarmRule.__table__), [
            {"id": 10 + i, "tenant_id": TENANT, "name": f"rule {i}", "device_id": p["device_id"],
             "point_id": p["id"], "group_id": 1, "kind": "THRESHOLD", "operator": "gt", "threshold": 90.0,
             "mode": "SIMPLE", "duration_seconds": 0, "repeat_count": 1, "no_data_seconds": 0, "hysteresis": 2.0,
             "clear_seconds": 0, "enabled": 1, "is_deleted": 0, "status": 1}
            for i, p in enumerate(points[:rules])])
    return engine, [p["id"] for p in points]


_listener_cpu = [0.0]


async def _timed(db, values) -> None:
    """The engine's listener, its CPU counted apart (nothing else runs in the process meanwhile)."""
    start = time.process_time()
    await alarms.on_values(db, values)
    _listener_cpu[0] += time.process_time() - start


async def run(engine, point_ids: list[int], batches: int, bad: float, listen: bool, start_ts: int) -> list:
    settings = Settings(database_url=str(engine.url), redis_url="")
    rt = Runtime(settings=settings, engine=engine, sessions=session_factory(engine), cache=create_cache(""))
    listeners._listeners.clear()
    alarms.default.ownership = alarms.EVERYTHING  # one process owns every device, as `serve` does embedded
    if listen:
        listeners.on_written(_timed)
    rng = random.Random(7)
    timings = []
    for n in range(batches):
        half = point_ids[(n % 2) * BATCH:(n % 2) * BATCH + BATCH]
        ts = start_ts + n * 1000
        samples = [(pid, ts, 95.0 if rng.random() < bad else 50.0 + rng.random(), None, 0) for pid in half]
        cpu, wall = time.process_time(), time.perf_counter()
        async with rt.unit_of_work_in(tenancy.Scope(TENANT)) as db:
            await store.write_batch(db, samples)
        timings.append((time.process_time() - cpu, time.perf_counter() - wall))
    return timings


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--pg-url", default="postgresql+asyncpg://postgres@127.0.0.1:5432/bench_alarm")
    parser.add_argument("--rules", type=int, default=10_000)
    parser.add_argument("--batches", type=int, default=40)
    parser.add_argument("--bad", type=float, default=0.01)
    parser.add_argument("--profile", action="store_true", help="print where the engine's run spends its CPU")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.pg_url if args.db == "postgres" else f"sqlite+aiosqlite:///{tmp}/bench.db"
        engine, point_ids = await prepare(url, args.rules)
        now = int(time.time() * 1000)
        # Warm both paths (connections, statement caches, the engine's rule index), then measure each.
        await run(engine, point_ids, 4, args.bad, False, now - 3_600_000)
        bare = await run(engine, point_ids, args.batches, args.bad, False, now - 3_000_000)
        await run(engine, point_ids, 4, args.bad, True, now - 2_000_000)
        profile = cProfile.Profile() if args.profile else None
        if profile:
            profile.enable()
        _listener_cpu[0] = 0.0
        alarmed = await run(engine, point_ids, args.batches, args.bad, True, now - 1_000_000)
        listener = _listener_cpu[0] / args.batches
        if profile:
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        async with engine.connect() as conn:
            records = (await conn.execute(text("SELECT count(*) FROM alarm_record"))).scalar_one()
            notices = (await conn.execute(text("SELECT count(*) FROM plantdesk_system_notice"))).scalar_one()
        await engine.dispose()
    cpu_bare = statistics.mean(c for c, _ in bare)
    cpu_alarm = statistics.mean(c for c, _ in alarmed)
    walls = sorted(w for _, w in alarmed)
    p99 = walls[min(len(walls) - 1, int(len(walls) * 0.99))]
    print(f"# Alarm bench ({time.strftime('%Y-%m-%d %H:%M')}), {args.db}, {args.rules} rules, "
          f"{args.batches} batches of {BATCH} values, {args.bad:.1%} over the threshold")
    print(f"- ingest CPU per batch: {cpu_bare * 1000:.1f} ms alone, {cpu_alarm * 1000:.1f} ms with the engine "
          f"(+{(cpu_alarm / cpu_bare - 1) * 100:.0f} %); {BATCH / cpu_bare:,.0f} values/s of CPU alone")
    print(f"- the engine's listener: {listener * 1000:.1f} ms CPU per batch, {listener / cpu_bare * 100:.0f} % of the "
          f"ingest alone")
    print(f"- write → notification committed: p50 {statistics.median(walls) * 1000:.0f} ms, "
          f"p99 {p99 * 1000:.0f} ms per batch")
    print(f"- {records} alarm records, {notices} notifications written")


if __name__ == "__main__":
    asyncio.run(main())
