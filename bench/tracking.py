"""Alarm tracking benchmark: what one check of third-party metrics costs, on the machine's MariaDB and
PostgreSQL (the accounts of scripts/mariadb-demo-accounts.sql; PostgreSQL as postgres on loopback).

    uv run python bench/tracking.py --rows 1000000 --metrics 20

For each database: a throw-away database with a production report table of --rows rows (three lines, one row
per line every 10 s back in time, an index on the time column), then, through alarm.tracking.remote as the
checks use it: connecting (open a read-only session and close it), one metric measured on an open connection
(SUM of scrap over the last 5 minutes for one line: the demo's metric), one metric whose window covers the whole
table (a full scan), and a round of --metrics metrics on one connection (what the `alarm.tracking` job does per
source). Medians of --repeat runs.
"""

import argparse
import asyncio
import statistics
import sys
import time
import uuid
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from plantdesk.config import Settings  # noqa: E402
from plantdesk.modules.alarm.tracking import remote  # noqa: E402

SCRAP = [{"column": "line", "op": "eq", "value": "L2"}]


async def fill(kind: str, name: str, rows: int) -> remote.Target:
    now = datetime.now().replace(microsecond=0)
    batch = [(("L1", "L2", "L3")[n % 3], int(n % 5 == 0), 10 + n % 4, now - timedelta(seconds=(n // 3) * 10))
             for n in range(rows)]
    if kind == "mysql":
        import asyncmy

        owner = {"host": "127.0.0.1", "port": 3306, "user": "plantdesk_mes", "password": "plantdesk_mes"}
        conn = await asyncmy.connect(**owner)
        async with conn.cursor() as cur:
            await cur.execute(f"CREATE DATABASE {name}")
            await cur.execute(f"USE {name}")
            await cur.execute("CREATE TABLE production_report (id BIGINT AUTO_INCREMENT PRIMARY KEY, line "
                              "VARCHAR(16), scrap_qty INT, good_qty INT, reported_at DATETIME, "
                              "INDEX (reported_at))")
            for start in range(0, rows, 10_000):
                await cur.executemany("INSERT INTO production_report (line, scrap_qty, good_qty, reported_at) "
                                      "VALUES (%s, %s, %s, %s)", batch[start:start + 10_000])
        await conn.commit()
        await conn.ensure_closed()
        return remote.Target("mysql", "127.0.0.1", 3306, name, "plantdesk_reader", "plantdesk-read-only", "000000")
    import asyncpg

    admin = await asyncpg.connect("postgresql://postgres@127.0.0.1:5432/postgres")
    await admin.execute(f"CREATE DATABASE {name}")
    await admin.close()
    conn = await asyncpg.connect(f"postgresql://postgres@127.0.0.1:5432/{name}")
    await conn.execute("CREATE TABLE production_report (id bigserial PRIMARY KEY, line text, scrap_qty int, "
                       "good_qty int, reported_at timestamp)")
    await conn.copy_records_to_table("production_report", records=batch,
                                     columns=["line", "scrap_qty", "good_qty", "reported_at"])
    await conn.execute("CREATE INDEX ON production_report (reported_at)")
    await conn.execute("ANALYZE production_report")
    await conn.close()
    return remote.Target("postgresql", "127.0.0.1", 5432, name, "postgres", None, "000000")


async def drop(kind: str, name: str) -> None:
    if kind == "mysql":
        import asyncmy

        conn = await asyncmy.connect(host="127.0.0.1", port=3306, user="plantdesk_mes", password="plantdesk_mes")
        async with conn.cursor() as cur:
            await cur.execute(f"DROP DATABASE IF EXISTS {name}")
        await conn.ensure_closed()
    else:
        import asyncpg

        admin = await asyncpg.connect("postgresql://postgres@127.0.0.1:5432/postgres")
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


async def timed(repeat: int, work) -> float:
    """Median milliseconds of `work()` over `repeat` runs."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        await work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


async def measure(kind: str, rows: int, metrics: int, repeat: int, settings: Settings) -> dict:
    name = f"{'plantdesk_mes' if kind == 'mysql' else 'bench_tracking'}_b{uuid.uuid4().hex[:6]}"
    started = time.perf_counter()
    target = await fill(kind, name, rows)
    filled = time.perf_counter() - started
    window = remote.Measure("production_report", "SUM", "scrap_qty", "reported_at", 300, SCRAP)
    whole = remote.Measure("production_report", "AVG", "good_qty", None, 0, SCRAP)
    try:
        async def connect_only():
            async with remote.connect(settings, target):
                pass

        async def one(spec):
            async def run():
                async with remote.connect(settings, target) as connection:
                    await remote.measure(connection, spec, datetime.now())
            return run

        async def round_of_metrics():
            async with remote.connect(settings, target) as connection:
                for _ in range(metrics):
                    await remote.measure(connection, window, datetime.now())

        return {"db": kind, "rows": rows, "fill_s": filled, "connect_ms": await timed(repeat, connect_only),
                "window_ms": await timed(repeat, await one(window)),
                "full_scan_ms": await timed(repeat, await one(whole)),
                "round_ms": await timed(repeat, round_of_metrics), "metrics": metrics}
    finally:
        await drop(kind, name)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--metrics", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--db", choices=["mysql", "postgresql", "both"], default="both")
    args = parser.parse_args()
    settings = Settings(outbound_allow="127.0.0.1:3306,127.0.0.1:5432")
    kinds = ["mysql", "postgresql"] if args.db == "both" else [args.db]
    print("| database | rows | connect | one metric (5 min window) | one metric (whole table) | "
          f"{args.metrics} metrics, one connection |")
    print("|---|---|---|---|---|---|")
    for kind in kinds:
        r = await measure(kind, args.rows, args.metrics, args.repeat, settings)
        print(f"| {kind} | {r['rows']:,} | {r['connect_ms']:.1f} ms | {r['window_ms']:.1f} ms | "
              f"{r['full_scan_ms']:.1f} ms | {r['round_ms']:.1f} ms |", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
