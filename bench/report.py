"""A monthly report over 50 points and 30 days of minute data renders to PDF in ≤ 5 s (issue 26).

The data: 50 data points of 5 devices, a value every minute for 30 days (2,160,000 values), held as the monitor
store holds a month of them for reading: its hourly rollups (min, max, sum, count, last of each hour's 60 values;
the store reads the 1-hour rollups for any span past 7 days). The figure is the whole generation of a `points`
report for that month: the store's aggregate (50 points × 30 daily buckets), the Excel and the PDF (fpdf2, Noto
Sans CJK SC embedded as a subset), as `report.service.render` runs it, median of three.

    uv run python -m bench.report --database-url sqlite+aiosqlite:////tmp/report-bench.db
    uv run python -m bench.report --database-url postgresql+asyncpg://postgres@127.0.0.1:5432/<scratch db>
"""

import argparse
import asyncio
import math
import random
import statistics
import time
from datetime import datetime

from sqlalchemy import delete, insert

from plantdesk.core import tenancy
from plantdesk.db.models import Base
from plantdesk.db.session import create_engine, session_factory
from plantdesk.modules.device.models import CollectGroup, DataPoint, Device
from plantdesk.modules.device.monitor.models import MonitorRollup1h
from plantdesk.modules.report import render, service
from plantdesk.modules.report.models import ReportFile

TENANT = "bench1"
DEVICES, POINTS_PER_DEVICE, DAYS = 5, 10, 30
MONTH = datetime(2026, 10, 1)
HOUR_MS = 3_600_000


async def build(url: str) -> list[int]:
    engine = create_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all,
                            tables=[Device.__table__, DataPoint.__table__, CollectGroup.__table__,
                                    MonitorRollup1h.__table__])
    rng = random.Random(26)
    devices, points, rollups = [], [], []
    start_ms = int(MONTH.timestamp() * 1000)
    for d in range(1, DEVICES + 1):
        devices.append({"id": d, "tenant_id": TENANT, "code": f"BD{d:02}", "name": f"反应釜 {d} 号"})
        for p in range(POINTS_PER_DEVICE):
            pid = d * 100 + p
            points.append({"id": pid, "tenant_id": TENANT, "device_id": d, "code": f"T{p:02}", "name": f"温度 {p}",
                           "unit": "°C", "data_type": "float", "sort": p})
            base = rng.uniform(20, 90)
            for hour in range(DAYS * 24):
                values = [base + 5 * math.sin((hour * 60 + m) / 300) + rng.gauss(0, 0.5) for m in range(60)]
                bucket = start_ms + hour * HOUR_MS
                rollups.append({"point_id": pid, "bucket": bucket, "min": min(values), "max": max(values),
                                "sum": sum(values), "count": 60, "last": values[-1],
                                "last_ts": bucket + 59 * 60_000})
    sessions = session_factory(engine)
    async with sessions() as db:
        tenancy.bind(db, tenancy.PLATFORM)
        for model in (MonitorRollup1h, DataPoint, Device):
            await db.execute(delete(model))
        await db.execute(insert(Device), devices)
        await db.execute(insert(DataPoint), points)
        for i in range(0, len(rollups), 10_000):
            await db.execute(insert(MonitorRollup1h), rollups[i:i + 10_000])
        await db.commit()
    await engine.dispose()
    return [p["id"] for p in points]


async def measure(url: str, point_ids: list[int]) -> dict:
    engine = create_engine(url)
    sessions = session_factory(engine)
    report = ReportFile(id=1, tenant_id=TENANT, name="月度点位报表 Monthly points report", kind="points",
                        period="month", point_ids=",".join(map(str, point_ids)))
    start, end = service.period_of("month", MONTH)
    times, parts = [], {}
    async with sessions() as db:
        tenancy.bind(db, tenancy.Scope(TENANT))
        for _ in range(3):
            began = time.perf_counter()
            excel, pdf = await service.render(db, report, start, end)
            times.append(time.perf_counter() - began)
        began = time.perf_counter()
        doc = await service.build(db, report, start, end)
        parts["query"] = time.perf_counter() - began
    began = time.perf_counter()
    render.pdf(doc)
    parts["pdf"] = time.perf_counter() - began
    began = time.perf_counter()
    render.xlsx(doc)
    parts["xlsx"] = time.perf_counter() - began
    await engine.dispose()
    rows = len(doc.sections[0].rows)
    return {"median_s": statistics.median(times), "runs_s": times, "parts_s": parts, "pdf_bytes": len(pdf),
            "xlsx_bytes": len(excel), "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default="sqlite+aiosqlite:////tmp/report-bench.db")
    args = parser.parse_args()
    point_ids = asyncio.run(build(args.database_url))
    result = asyncio.run(measure(args.database_url, point_ids))
    print(f"monthly report, {len(point_ids)} points × {DAYS} days of minute data: "
          f"median {result['median_s']:.2f} s (runs {', '.join(f'{t:.2f}' for t in result['runs_s'])}); "
          f"parts: query {result['parts_s']['query']:.2f} s, PDF {result['parts_s']['pdf']:.2f} s, "
          f"Excel {result['parts_s']['xlsx']:.2f} s; PDF {result['pdf_bytes'] // 1024} KiB, "
          f"Excel {result['xlsx_bytes'] // 1024} KiB; {result['rows']} table rows; budget ≤ 5 s")


if __name__ == "__main__":
    main()
