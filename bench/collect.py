"""Collector benchmarks (issue 10 budgets), in one process that is the worker: the supervisor and its collectors
with the monitor store on PostgreSQL (or SQLite), against real servers in other processes.

    uv run python bench/collect.py --seconds 20 [--db sqlite] [--out bench/results/<date>-collect-pg.md]

- **MQTT → visible**: a publisher process sends `plantdesk/bench/{device}/telemetry` messages (50 devices × 20
  values each, new ts every round) to the machine's Mosquitto at --rate values per second for --seconds; the worker's
  MQTT source writes them. Throughput = values accepted by the source ÷ time; latency = for a probe point
  published every 50 ms with its publish time as ts, the time until `monitor_latest` shows that ts (p50/p99).
- **Modbus CPU**: 20 Modbus sources (one per device, each its own connection) × 100 int16 holding registers
  polled every second against a pymodbus server process; the worker's CPU time ÷ wall time.

The database is recreated (PostgreSQL: DROP/CREATE --pg-url; it refuses `test` and `postgres`).
"""

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson
from sqlalchemy import select, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import plantdesk.db.models  # noqa: E402,F401  (every table, for create_all)
from bench.run import cpu_seconds, free_port, recreate_pg_database  # noqa: E402
from plantdesk.config import Settings  # noqa: E402
from plantdesk.core import tenancy  # noqa: E402
from plantdesk.core.runtime import started  # noqa: E402
from plantdesk.db.base import Base  # noqa: E402
from plantdesk.modules.device.collect.supervisor import Supervisor  # noqa: E402
from plantdesk.modules.device.models import CollectGroup, DataPoint, DataPointSource, Device  # noqa: E402
from plantdesk.modules.device.monitor.store import store  # noqa: E402

PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/bench_collect"
TENANT = "bench"
MQTT_DEVICES, MQTT_POINTS = 50, 20
MODBUS_DEVICES, MODBUS_REGISTERS = 20, 100

PUBLISHER = r"""
import asyncio, sys, time, orjson, aiomqtt
seconds, devices, points, rate = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
async def main():
    async with aiomqtt.Client("127.0.0.1", 1883, identifier="plantdesk-bench-pub") as mqtt:
        start = time.monotonic()
        end, sent, n = start + seconds, 0, 0
        next_probe = 0.0
        while time.monotonic() < end:
            await asyncio.sleep(max(0.0, start + sent / rate - time.monotonic()))  # paced: values per second
            n += 1
            ts = int(time.time() * 1000)
            for d in range(devices):
                values = {f"P{p}": n + p * 0.001 + d for p in range(points)}
                await mqtt.publish(f"plantdesk/bench/D{d}/telemetry", orjson.dumps({"ts": ts, "values": values}))
                sent += points
            if time.monotonic() >= next_probe:
                next_probe = time.monotonic() + 0.05
                await mqtt.publish("plantdesk/bench/PROBE/telemetry",
                                   orjson.dumps({"ts": int(time.time() * 1000), "values": {"P0": n}}))
        print(sent)
asyncio.run(main())
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="postgres")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=float, default=20_000, help="MQTT values published per second")
    parser.add_argument("--pg-url", default=PG_URL)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    data_dir = Path(tempfile.mkdtemp(prefix="bench-collect-"))
    if args.db == "postgres":
        recreate_pg_database(args.pg_url)
    url = args.pg_url if args.db == "postgres" else ""
    lines = asyncio.run(run(Settings(data_dir=data_dir, database_url=url, redis_url="",
                                     outbound_allow="127.0.0.1"), args))
    text_out = "\n".join([f"# Collector bench ({time.strftime('%Y-%m-%d %H:%M')}, {args.db})", "",
                          f"`uv run python bench/collect.py {' '.join(sys.argv[1:])}`; load average before: "
                          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", "", *lines]) + "\n"
    print(text_out)
    if args.out:
        args.out.write_text(text_out)


async def prepare(rt, modbus_port: int) -> tuple[int, int]:
    async with rt.engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)
    async with rt.sessions() as db:
        tenancy.bind(db, tenancy.Scope(TENANT))
        mqtt = DataPointSource(type="mqtt", code="MQTT", name="bench", config=orjson.dumps(
            {"url": "mqtt://127.0.0.1:1883", "clientId": "plantdesk-bench-sub"}).decode())
        group = CollectGroup(code="1S", name="1 s", period_ms=1000, timeout_ms=2000, retries=1)
        db.add_all([mqtt, group])
        await db.flush()
        for d in [*range(MQTT_DEVICES), "PROBE"]:
            device = Device(code=f"D{d}" if d != "PROBE" else "PROBE", name=f"D{d}")
            db.add(device)
            await db.flush()
            db.add_all([DataPoint(device_id=device.id, code=f"P{p}", name=f"P{p}", collect_group_id=group.id)
                        for p in range(MQTT_POINTS if d != "PROBE" else 1)])
        probe = (await db.execute(text("SELECT id FROM data_point WHERE device_id = (SELECT id FROM device "
                                       "WHERE code = 'PROBE')"))).scalar_one()
        for d in range(MODBUS_DEVICES):
            source = DataPointSource(type="modbus", code=f"MB{d}", name=f"MB{d}", config=orjson.dumps(
                {"host": "127.0.0.1", "port": modbus_port, "unitId": 1, "enabled": False}).decode())
            device = Device(code=f"M{d}", name=f"M{d}")
            db.add_all([source, device])
            await db.flush()
            db.add_all([DataPoint(device_id=device.id, code=f"R{r}", name=f"R{r}", address=str(40001 + r),
                                  source_id=source.id, collect_group_id=group.id) for r in range(MODBUS_REGISTERS)])
        await db.commit()
        return mqtt.id, probe


async def run(settings: Settings, args) -> list[str]:
    modbus_port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "plantdesk.demo.servers", str(modbus_port),
                               *(f"{40001 + r}={r}" for r in range(MODBUS_REGISTERS))],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        async with started(settings, run_jobs=False, run_services=False) as rt:
            mqtt_source, probe = await prepare(rt, modbus_port)
            supervisor = Supervisor(rt, poll_seconds=0.5, tenant_id=TENANT)
            task = asyncio.create_task(supervisor.run())
            while mqtt_source not in supervisor.running or supervisor.running[mqtt_source].status.state != "online":
                await asyncio.sleep(0.1)
            lines = await mqtt_run(rt, supervisor, mqtt_source, probe, args.seconds, args.rate)
            lines += await modbus_run(rt, supervisor, args.seconds)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            return lines
    finally:
        server.terminate()
        server.wait()


async def mqtt_run(rt, supervisor, source_id: int, probe: int, seconds: float, rate: float) -> list[str]:
    status = supervisor.running[source_id].status
    latencies: list[float] = []
    publisher = await asyncio.create_subprocess_exec(
        sys.executable, "-c", PUBLISHER, str(seconds), str(MQTT_DEVICES), str(MQTT_POINTS), str(rate),
        stdout=asyncio.subprocess.PIPE)
    before_values, started_at = status.values, time.monotonic()
    cpu_before = cpu_seconds(os.getpid())
    last_ts = 0

    async def watch() -> None:
        nonlocal last_ts
        while True:
            async with rt.sessions() as db:
                row = (await store.latest(db, [probe])).get(probe)
            if row is not None and row.ts != last_ts:
                last_ts = row.ts
                latencies.append(time.time() * 1000 - row.ts)
            await asyncio.sleep(0.01)

    watcher = asyncio.create_task(watch())
    out, _ = await publisher.communicate()
    published = int(out.strip() or 0)
    published_at = time.monotonic()
    # Drained when every published value is accepted (the broker's and the queue's backlog written), or when
    # the count has not moved for 5 s (a write of a large backlog batch takes more than a second).
    moved_at, previous = time.monotonic(), -1
    while status.values - before_values < published and time.monotonic() - moved_at < 5.0:
        if status.values != previous:
            moved_at, previous = time.monotonic(), status.values
        await asyncio.sleep(0.05)
    elapsed = time.monotonic() - started_at
    cpu = cpu_seconds(os.getpid()) - cpu_before
    watcher.cancel()
    values = status.values - before_values
    p50 = statistics.median(latencies) if latencies else float("nan")
    p99 = statistics.quantiles(latencies, n=100)[98] if len(latencies) >= 100 else max(latencies, default=0.0)
    return [f"## MQTT → visible (published at {rate:,.0f} values/s)", "",
            "| published values | accepted | rejected | seconds (until drained) | values/s | p50 ms | p99 ms | "
            "worker CPU |", "|---|---|---|---|---|---|---|---|",
            f"| {published:,} | {values:,} | {sum(status.rejected.values()):,} | {elapsed:.1f} "
            f"(publisher {published_at - started_at:.1f}) | {values / elapsed:,.0f} | {p50:.0f} | {p99:.0f} | "
            f"{cpu / elapsed:.0%} |", ""]


async def modbus_run(rt, supervisor, seconds: float) -> list[str]:
    async with rt.sessions() as db:
        tenancy.bind(db, tenancy.Scope(TENANT))
        for source in (await db.execute(select(DataPointSource).where(DataPointSource.type == "modbus"))).scalars():
            source.config = (source.config or "").replace('"enabled":false', '"enabled":true')
        await db.commit()
    modbus = lambda: [r for r in supervisor.running.values() if r.spec.kind == "modbus"]  # noqa: E731
    while len(modbus()) < MODBUS_DEVICES or any(r.status.values == 0 for r in modbus()):
        await asyncio.sleep(0.2)
    await asyncio.sleep(2)
    before = sum(r.status.values for r in modbus())
    cpu_before, wall_before = cpu_seconds(os.getpid()), time.monotonic()
    await asyncio.sleep(seconds)
    wall = time.monotonic() - wall_before
    cpu = cpu_seconds(os.getpid()) - cpu_before
    values = sum(r.status.values for r in modbus()) - before
    return ["## Modbus polling", "",
            "| sources × registers | period | seconds | values/s | worker CPU (share of one core) |",
            "|---|---|---|---|---|",
            f"| {MODBUS_DEVICES} × {MODBUS_REGISTERS} | 1 s | {wall:.0f} | {values / wall:,.0f} | {cpu / wall:.0%} |",
            ""]


if __name__ == "__main__":
    main()
