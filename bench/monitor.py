"""Monitor-data benchmarks (issue 9 budgets): HTTP batch ingest sustained for 60 s with one worker, the realtime
read of 1,000 points, and one point's 24 h at 1 s (86,400 raw rows) aggregated to 500 buckets, on SQLite and
PostgreSQL, with the history table at its pre-filled size and again after the ingest run grew it.

    uv run python bench/monitor.py --db both --seconds 60 --rows 1000000 --out bench/results/<file>.md

For each database: a throwaway data dir (PostgreSQL: DROP/CREATE the --pg-url database), migrate + seed,
100 bench devices × 50 float points (deadband 0, so every changed value is stored) in the demo tenant, one point
with 86,400 rows over the last 24 h written through the store (so its rollups exist) and filler rows of other
points up to --rows, then `python -m plantdesk serve --no-migrate` (one worker, as `make run`), logged in as the
demo tenant's admin. Reads are timed at the client, sequentially (median and p95). Ingest: --inflight
concurrent POSTs of JSON arrays (100 devices × 50 values = 5,000 values per request, every value a new random
number at the current time, a millisecond after the previous request's at least, as a live plant sends them),
counting the `accepted` of every answer. Side by side in the same run (issue 30): a plain COPY (PostgreSQL,
asyncpg binary) or executemany (SQLite) of as many rows of the same shape, 5,000 a transaction, into a narrow
(point_id, ts, value) table keyed like monitor_data, from this process.
"""

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.run import CLIENT, ROOT, cpu_seconds, free_port, recreate_pg_database, step, wait_ready  # noqa: E402

PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/bench_monitor"
TENANT = "356782"
DEVICES, POINTS = 100, 50
DAY_MS = 86_400_000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--rows", type=int, default=1_000_000, help="raw rows before the ingest run")
    parser.add_argument("--inflight", type=int, default=2)
    parser.add_argument("--pg-url", default=PG_URL)
    parser.add_argument("--profile", action="store_true", help="py-spy the worker during ingest")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    dbs = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    lines = [f"# Monitor data bench ({time.strftime('%Y-%m-%d %H:%M')})", "",
             f"`uv run python bench/monitor.py {' '.join(sys.argv[1:])}`; load average before: "
             f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", ""]
    for database in dbs:  # written after each database, so a failure later keeps what was measured
        lines += run_one(database, args)
        text = "\n".join(lines) + "\n"
        print(text)
        if args.out:
            args.out.write_text(text)


def run_one(database: str, args) -> list[str]:
    data_dir = Path(tempfile.mkdtemp(prefix=f"plantdesk-monitor-{database}-"))
    url = ""
    if database == "postgres":
        url = args.pg_url
        recreate_pg_database(url)
    env = {**os.environ, "PLANTDESK_DATA_DIR": str(data_dir), "PLANTDESK_DATABASE_URL": url,
           "PLANTDESK_REDIS_URL": "", "PLANTDESK_JWT_SECRET": "bench-" + os.urandom(16).hex(),
           "PLANTDESK_WEB_DIST": str(data_dir / "no-web"), "PYTHONPATH": str(ROOT)}
    out = [f"## {database}", ""]
    try:
        step(f"[{database}] migrate + seed")
        for command in ("migrate", "seed"):
            subprocess.run([sys.executable, "-m", "plantdesk", command], env=env, cwd=ROOT, check=True,
                           capture_output=True)
        step(f"[{database}] {DEVICES} devices × {POINTS} points, {args.rows:,} history rows")
        started = time.perf_counter()
        devices, target = asyncio.run(prepare(url or f"sqlite+aiosqlite:///{data_dir / 'plantdesk.db'}", args.rows))
        out.append(f"- prepared in {time.perf_counter() - started:.0f} s: {DEVICES * POINTS:,} points, "
                   f"{args.rows:,} raw rows (one point with 86,400 rows over 24 h)")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([sys.executable, "-m", "plantdesk", "serve", "--no-migrate", "--host", "127.0.0.1",
                                   "--port", str(port)], env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
        try:
            wait_ready(base, timeout=120)
            headers = login(base)
            worker = server.pid  # `serve` with one worker answers in its own process
            out += reads(base, headers, devices, target, f"{args.rows / 1e6:.1f}M rows", worker)
            out += ingest(base, headers, devices, args, worker, data_dir)
            out += copy_rows(url, data_dir, devices, args.seconds)
            rows = asyncio.run(count_rows(url or f"sqlite+aiosqlite:///{data_dir / 'plantdesk.db'}"))
            out += reads(base, headers, devices, target, f"{rows / 1e6:.1f}M rows, after the ingest run", worker)
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    return out + [""]


async def prepare(url: str, rows: int) -> tuple[list[tuple[str, list[int]]], int]:
    """Bench devices and points (Core inserts under the platform scope), the target point's 24 h through the
    store, filler rows straight into monitor_data."""
    from sqlalchemy import insert, text

    from plantdesk.core import tenancy
    from plantdesk.core.ids import next_id
    from plantdesk.db.session import create_engine, session_factory
    from plantdesk.modules.device.models import DataPoint, Device
    from plantdesk.modules.device.monitor.store import Sample, store

    engine = create_engine(url)
    sessions = session_factory(engine)
    devices: list[tuple[str, list[int]]] = []
    async with sessions() as db:
        tenancy.bind(db, tenancy.PLATFORM)
        device_rows, point_rows = [], []
        for d in range(DEVICES):
            device_id, code = next_id(), f"BENCH{d:03d}"
            device_rows.append({"id": device_id, "tenant_id": TENANT, "code": code, "name": f"Bench device {d}"})
            ids = [next_id() for _ in range(POINTS)]
            point_rows += [{"id": pid, "tenant_id": TENANT, "device_id": device_id, "code": f"P{p:02d}",
                            "name": f"Point {p}", "data_type": "float", "deadband": 0.0}
                           for p, pid in enumerate(ids)]
            devices.append((code, ids))
        await db.execute(insert(Device), device_rows)
        await db.execute(insert(DataPoint), point_rows)
        await db.commit()
    target = devices[-1][1][-1]
    now = int(time.time() * 1000) // 1000 * 1000
    start = now - DAY_MS
    rng = random.Random(1)
    async with sessions() as db:
        tenancy.bind(db, tenancy.Scope(TENANT))
        for chunk in range(0, 86_400, 7_200):
            await store.write_batch(db, [Sample(target, start + i * 1000, 50 + 20 * rng.random())
                                         for i in range(chunk, chunk + 7_200)])
            await db.commit()
    filler = max(0, rows - 86_400)
    others = [pid for _code, ids in devices for pid in ids if pid != target][:1000]
    per_point = -(-filler // len(others)) if filler else 0
    step_ms = max(1000, DAY_MS // max(per_point, 1) // 1000 * 1000)
    async with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            await conn.execute(text(
                "INSERT INTO monitor_data (point_id, ts, value) "
                "SELECT p, CAST(:start AS bigint) + s * CAST(:step AS bigint), random() * 100 "
                "FROM unnest(CAST(:points AS bigint[])) AS p, generate_series(0, :n - 1) AS s"),
                {"start": start, "step": step_ms, "points": others, "n": per_point})
        else:
            raw = await conn.get_raw_connection()
            for pid in others:
                await raw.driver_connection.executemany(
                    "INSERT INTO monitor_data (point_id, ts, value) VALUES (?, ?, ?)",
                    [(pid, start + s * step_ms, rng.random() * 100) for s in range(per_point)])
    async with engine.begin() as conn:
        await conn.execute(text("ANALYZE"))
    await engine.dispose()
    return devices, target


async def count_rows(url: str) -> int:
    from sqlalchemy import text

    from plantdesk.db.session import create_engine

    engine = create_engine(url)
    async with engine.connect() as conn:
        count = (await conn.execute(text("SELECT count(*) FROM monitor_data"))).scalar_one()
    await engine.dispose()
    return count


def login(base: str) -> dict:
    import hashlib

    params = {"tenantId": TENANT, "username": "admin", "password": hashlib.md5(b"admin").hexdigest(),
              "grant_type": "password", "scope": "all", "type": "account"}
    response = httpx.post(f"{base}/api/blade-auth/oauth/token", params=params,
                          headers={"Authorization": CLIENT, "Tenant-Id": TENANT}, timeout=30)
    response.raise_for_status()
    return {"Authorization": CLIENT, "Tenant-Id": TENANT, "Blade-Auth": f"bearer {response.json()['access_token']}"}


def timed(client: httpx.Client, path: str, params: dict, runs: int, pid: int) -> tuple[float, float, float]:
    """Median and p95 wall time at the client, and the worker's CPU per request (which the machine's other load
    changes less than wall time)."""
    times = []
    cpu = 0.0
    for n in range(runs + 3):
        if n == 3:
            cpu = cpu_seconds(pid)
        started = time.perf_counter()
        response = client.get(path, params=params)
        elapsed = (time.perf_counter() - started) * 1000
        body = response.json()
        assert response.status_code == 200 and body["success"], response.text[:300]
        times.append(elapsed)
    cpu_ms = (cpu_seconds(pid) - cpu) / runs * 1000
    times = sorted(times[3:])  # the first calls warm caches and connections
    return statistics.median(times), times[int(len(times) * 0.95) - 1], cpu_ms


def reads(base: str, headers: dict, devices, target: int, label: str, pid: int) -> list[str]:
    now = int(time.time() * 1000)
    with httpx.Client(base_url=base, headers=headers, timeout=60) as client:
        realtime = timed(client, "/api/device-management/datapoints-monitor/realtime",
                         {"pointIds": ",".join(str(p) for _c, ids in devices[:20] for p in ids)}, 50, pid)
        agg = {"pointIds": target, "startTime": now - DAY_MS, "endTime": now, "buckets": 500}
        raw = timed(client, "/api/device-management/datapoints-monitor/aggregate", agg | {"source": "raw"}, 20, pid)
        auto = timed(client, "/api/device-management/datapoints-monitor/aggregate", agg, 20, pid)
        check = client.get("/api/device-management/datapoints-monitor/aggregate",
                           params=agg | {"source": "raw"}).json()["data"]["series"][0]["buckets"]
    counted = sum(b["count"] for b in check)
    return [f"### reads ({label})", "",
            "| read | median | p95 | worker CPU per request | budget |", "|---|---|---|---|---|",
            f"| realtime, 1,000 points | {realtime[0]:.1f} ms | {realtime[1]:.1f} ms | {realtime[2]:.1f} ms "
            "| ≤ 20 ms |",
            f"| aggregate 24 h → 500 buckets from raw ({counted:,} rows) | {raw[0]:.1f} ms | {raw[1]:.1f} ms "
            f"| {raw[2]:.1f} ms | ≤ 100 ms |",
            f"| aggregate 24 h → 500 buckets, source auto (1-minute rollups) | {auto[0]:.1f} ms | {auto[1]:.1f} ms "
            f"| {auto[2]:.1f} ms | — |", ""]


def ingest(base: str, headers: dict, devices, args, pid: int, data_dir: Path) -> list[str]:
    profile = None
    if args.profile:
        profile = subprocess.Popen(["py-spy", "record", "-p", str(pid), "-d", str(args.seconds), "-r", "50", "-f",
                                    "raw", "-o", str(data_dir / "ingest.txt")], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
    cpu_before = cpu_seconds(pid)
    load_before = os.getloadavg()[0]
    accepted, stored, requests, elapsed = asyncio.run(drive(base, headers, devices, args.seconds, args.inflight))
    cpu = cpu_seconds(pid) - cpu_before
    lines = ["### ingest (HTTP batch path, one worker)", "",
             f"- {accepted:,} values accepted ({stored:,} stored) in {requests:,} requests of {DEVICES * POINTS:,} "
             f"values over {elapsed:.1f} s, {args.inflight} in flight: **{accepted / elapsed:,.0f} points/s** "
             f"(budget: PostgreSQL ≥ 100,000 and ≥ 50 % of COPY's rate, SQLite ≥ 40,000)",
             f"- worker CPU {cpu:.1f} s = {cpu / max(accepted, 1) * 1e6:.1f} µs per value; load average "
             f"{load_before:.1f} → {os.getloadavg()[0]:.1f}", ""]
    if profile is not None:
        profile.wait()
        lines += ["worker profile (py-spy, top frames by own samples):", "", "```",
                  top_frames(data_dir / "ingest.txt"), "```", ""]
    return lines


async def drive(base: str, headers: dict, devices, seconds: int, inflight: int) -> tuple[int, int, int, float]:
    """Each request: one second of every bench point; the next request the next second."""
    rng = random.Random(2)
    previous = [0]
    totals = [0, 0, 0]
    headers = headers | {"Content-Type": "application/json"}

    def body() -> bytes:
        ts = previous[0] = max(previous[0] + 1, int(time.time() * 1000))
        return orjson.dumps([{"deviceCode": code, "ts": ts, "values": {f"P{p:02d}": round(rng.random() * 100, 3)
                                                                        for p in range(len(ids))}}
                             for code, ids in devices])

    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=120) as client:
        started = time.perf_counter()
        deadline = started + seconds

        async def loop() -> None:
            while time.perf_counter() < deadline:
                response = await client.post("/api/device-management/telemetry", content=body())
                data = response.json()["data"]
                assert data["rejected"] == 0, data["rejections"][:3]
                totals[0] += data["accepted"]
                totals[1] += data["stored"]
                totals[2] += 1

        await asyncio.gather(*(loop() for _ in range(inflight)))
        return totals[0], totals[1], totals[2], time.perf_counter() - started


def copy_rows(url: str, data_dir: Path, devices, seconds: int) -> list[str]:
    """The database's own rate for rows of the ingest's shape, for `seconds` (the partner of the ingest figure)."""
    load_before = os.getloadavg()[0]
    rows, elapsed = asyncio.run(_copy(url, data_dir, [pid for _code, ids in devices for pid in ids], seconds))
    how = "COPY (asyncpg binary)" if url else "executemany"
    return [f"### {how} of the same rows into a narrow (point_id, ts, value) table, side by side", "",
            f"- {rows:,} rows in {elapsed:.1f} s, 5,000 a transaction: **{rows / elapsed:,.0f} rows/s**; load average "
            f"{load_before:.1f} → {os.getloadavg()[0]:.1f}", ""]


async def _copy(url: str, data_dir: Path, points: list[int], seconds: int) -> tuple[int, float]:
    import aiosqlite
    import asyncpg

    rng = random.Random(3)
    table = "CREATE TABLE bench_copy (point_id bigint, ts bigint, value float8, PRIMARY KEY (point_id, ts))"
    if url:
        conn = await asyncpg.connect(url.replace("postgresql+asyncpg", "postgresql"))
        await conn.execute(table)
    else:
        conn = await aiosqlite.connect(data_dir / "plantdesk.db")
        await conn.execute(table + " WITHOUT ROWID")
    rows, ts = 0, int(time.time() * 1000)
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        ts += 1
        batch = [(pid, ts, round(rng.random() * 100, 3)) for pid in points]
        if url:
            await conn.copy_records_to_table("bench_copy", records=batch, columns=("point_id", "ts", "value"))
        else:
            await conn.executemany("INSERT INTO bench_copy (point_id, ts, value) VALUES (?, ?, ?)", batch)
            await conn.commit()
        rows += len(batch)
    elapsed = time.perf_counter() - started
    await conn.close()
    return rows, elapsed


def top_frames(path: Path, top: int = 15) -> str:
    own: dict[str, int] = {}
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack:
            continue
        frame = stack.split(";")[-1]
        own[frame] = own.get(frame, 0) + int(count)
        total += int(count)
    ranked = sorted(own.items(), key=lambda item: -item[1])[:top]
    return "\n".join(f"{n / max(total, 1):6.1%}  {frame[:150]}" for frame, n in ranked)


if __name__ == "__main__":
    main()
