"""Live channel bench (issue 23): a value ingested → seen by an open channel (p99 budget 1 s), and the server's
CPU with N consoles showing one device's realtime values, pushed over the live channel against polled as the
console polls without it (GET datapoints-monitor/realtime every REALTIME_INTERVAL_MS, 3 s).

    uv run python bench/live.py --channels 500 --seconds 30 --out bench/results/<file>.md

A throwaway SQLite data dir, migrate + seed, one bench device with --points float points in the demo tenant, then
`python -m plantdesk serve --no-migrate` (one worker, no Redis: the embedded mode), logged in as the demo tenant's
admin. A writer posts one value per point every second (the same in both runs). Latency: from the POST's start
to the event seen, measured at the client, first with one channel, then on 5 probe channels while --holders
processes hold the others open (reading them), so the client's own parsing of 500 streams is not counted.
CPU: the server process's user + system seconds over --seconds with N channels open (and idle but for the
pushed values), against N pollers. Client and server share the machine: the load average is beside the figures.
"""

import argparse
import asyncio
import os
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

from bench.monitor import TENANT, login  # noqa: E402
from bench.run import ROOT, cpu_seconds, free_port, step, wait_ready  # noqa: E402

REALTIME = "/api/device-management/datapoints-monitor/realtime"
TELEMETRY = "/api/device-management/telemetry"
LIVE = "/api/blade-desk/live"
POLL_SECONDS = 3.0  # web/src/views/device/monitordata/monitor.ts REALTIME_INTERVAL_MS
DEVICE = "LIVE-BENCH"
PROBES = 5


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--channels", type=int, default=500)
    parser.add_argument("--points", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--holders", type=int, default=4, help="processes holding the channels not measured")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--hold", type=int, help=argparse.SUPPRESS)  # a holder process: this many streams
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--topic", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hold:
        asyncio.run(hold(args.url, orjson.loads(os.environ["LIVE_BENCH_HEADERS"]), args.topic, args.hold))
        return
    data_dir = Path(tempfile.mkdtemp(prefix="plantdesk-live-"))
    env = {**os.environ, "PLANTDESK_DATA_DIR": str(data_dir), "PLANTDESK_DATABASE_URL": "", "PLANTDESK_REDIS_URL": "",
           "PLANTDESK_JWT_SECRET": "bench-" + os.urandom(16).hex(), "PLANTDESK_WEB_DIST": str(data_dir / "no-web"),
           "PYTHONPATH": str(ROOT)}
    lines = [f"# Live channel bench ({time.strftime('%Y-%m-%d %H:%M')})", "",
             f"`uv run python bench/live.py {' '.join(sys.argv[1:])}`; SQLite, one worker; {os.cpu_count()} cores", ""]
    try:
        step("migrate + seed")
        for command in ("migrate", "seed"):
            subprocess.run([sys.executable, "-m", "plantdesk", command], env=env, cwd=ROOT, check=True,
                           capture_output=True)
        point_ids = asyncio.run(prepare(f"sqlite+aiosqlite:///{data_dir / 'plantdesk.db'}", args.points))
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([sys.executable, "-m", "plantdesk", "serve", "--no-migrate", "--host", "127.0.0.1",
                                   "--port", str(port)], env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
        try:
            wait_ready(base, timeout=120)
            headers = login(base)
            lines += asyncio.run(run(base, headers, point_ids, server.pid, args))
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text)


async def prepare(url: str, points: int) -> list[int]:
    from plantdesk.core import tenancy
    from plantdesk.db.session import create_engine, session_factory
    from plantdesk.modules.device.models import DataPoint, Device

    engine = create_engine(url)
    async with session_factory(engine)() as db:
        tenancy.bind(db, tenancy.PLATFORM)
        device = Device(tenant_id=TENANT, code=DEVICE, name="live bench")
        db.add(device)
        await db.flush()
        rows = [DataPoint(tenant_id=TENANT, device_id=device.id, code=f"P{n}", name=f"P{n}", data_type="float",
                          deadband=0.0, store=1) for n in range(points)]
        db.add_all(rows)
        await db.commit()
        ids = [row.id for row in rows]
    await engine.dispose()
    return ids


class Channel:
    """One open stream; records when each value's ts was first seen."""

    def __init__(self) -> None:
        self.seen: dict[int, float] = {}
        self.opened = asyncio.Event()

    async def run(self, client: httpx.AsyncClient, headers: dict, topic: str) -> None:
        async with client.stream("GET", LIVE, params={"topic": topic}, headers=headers) as response:
            response.raise_for_status()
            buffer = b""
            async for chunk in response.aiter_bytes():
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    if b"event: open" in block:
                        self.opened.set()
                    elif b"event: monitor.realtime" in block:
                        now = time.perf_counter()
                        for value in orjson.loads(block.split(b"data: ", 1)[1]):
                            self.seen.setdefault(value["ts"], now)


async def writer(client: httpx.AsyncClient, headers: dict, points: int, seconds: float) -> dict[int, float]:
    """One value per point every second; answers ts → when its POST started."""
    sent: dict[int, float] = {}
    ts = int(time.time() * 1000)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        tick = time.perf_counter()
        ts += 1000
        sent[ts] = tick
        body = {"deviceCode": DEVICE, "ts": ts, "values": {f"P{n}": n + (ts % 100_000) / 7 for n in range(points)}}
        response = await client.post(TELEMETRY, json=body, headers=headers)
        response.raise_for_status()
        await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - tick)))
    return sent


def latencies(sent: dict[int, float], channels: list[Channel]) -> tuple[list[float], int]:
    out, missed = [], 0
    for channel in channels:
        for ts, start in sent.items():
            if ts in channel.seen:
                out.append(channel.seen[ts] - start)
            else:
                missed += 1
    return out, missed


def start_holders(base: str, headers: dict, topic: str, streams: int, processes: int) -> list[subprocess.Popen]:
    """Processes holding `streams` open channels between them; answers once every one has opened."""
    if streams <= 0:
        return []
    env = {**os.environ, "LIVE_BENCH_HEADERS": orjson.dumps(headers).decode()}
    shares = [streams // processes + (1 if n < streams % processes else 0) for n in range(processes)]
    holders = [subprocess.Popen([sys.executable, __file__, "--hold", str(share), "--url", base, "--topic", topic],
                                env=env, stdout=subprocess.PIPE, text=True) for share in shares if share]
    for holder in holders:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready", "a holder failed"
    return holders


async def hold(base: str, headers: dict, topic: str, count: int) -> None:
    """Open `count` channels, say "ready", and read them until killed."""
    limits = httpx.Limits(max_connections=count + 5, max_keepalive_connections=count + 5)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=httpx.Timeout(60, read=None)) as client:
        opened = 0
        ready = asyncio.Event()

        async def one() -> None:
            nonlocal opened
            async with client.stream("GET", LIVE, params={"topic": topic}, headers=headers) as response:
                response.raise_for_status()
                first = True
                async for _chunk in response.aiter_raw():
                    if first:
                        first = False
                        opened += 1
                        if opened == count:
                            ready.set()

        tasks = [asyncio.create_task(one()) for _ in range(count)]
        await ready.wait()
        print("ready", flush=True)
        await asyncio.gather(*tasks)


def pct(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100)[p - 1] if len(values) > 1 else values[0]


async def run(base: str, headers: dict, point_ids: list[int], pid: int, args) -> list[str]:
    topic = f"monitor.realtime:{','.join(map(str, point_ids))}"
    limits = httpx.Limits(max_connections=args.channels + 10, max_keepalive_connections=args.channels + 10)
    timeout = httpx.Timeout(30, read=None)
    out = ["| run | load avg (1 min) before → after | server CPU s | CPU % of one core | value → channel p50 / p99 "
           "| missed |", "|---|---|---|---|---|---|"]
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:
        for label, count in (("1 channel", 1), (f"{args.channels} channels", args.channels)):
            step(f"{label}: open, then {args.seconds} s of values")
            # PROBES streams are measured here; the others are held by --holders processes that only read, so
            # the client's own parsing does not show up as latency.
            measured = min(count, PROBES)
            holders = start_holders(base, headers, topic, count - measured, args.holders)
            channels = [Channel() for _ in range(measured)]
            tasks = [asyncio.create_task(c.run(client, headers, topic)) for c in channels]
            await asyncio.wait_for(asyncio.gather(*(c.opened.wait() for c in channels)), 120)
            load, cpu = os.getloadavg()[0], cpu_seconds(pid)
            sent = await writer(client, headers, args.points, args.seconds)
            await asyncio.sleep(1.0)
            used = cpu_seconds(pid) - cpu
            got, missed = latencies(sent, channels)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for holder in holders:
                holder.terminate()
                holder.wait()
            p50, p99 = 1000 * pct(got, 50), 1000 * pct(got, 99)
            out.append(f"| push, {label} | {load:.1f} → {os.getloadavg()[0]:.1f} | {used:.1f} | "
                       f"{100 * used / args.seconds:.0f} % | {p50:.0f} / {p99:.0f} ms ({measured} measured) | "
                       f"{missed} of {len(sent) * measured} |")

    # A fresh pool: the cancelled streams' connections are not reused.
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:
        step(f"{args.channels} pollers every {POLL_SECONDS:.0f} s, {args.seconds} s")
        polls: list[float] = []
        errors = 0
        stop = time.perf_counter() + args.seconds

        async def poller(offset: float) -> None:
            await asyncio.sleep(offset)
            nonlocal errors
            while time.perf_counter() < stop:
                started = time.perf_counter()
                try:
                    response = await client.get(REALTIME, params={"pointIds": ",".join(map(str, point_ids))},
                                                headers=headers)
                    response.raise_for_status()
                    polls.append(time.perf_counter() - started)
                except httpx.HTTPError:
                    errors += 1
                await asyncio.sleep(max(0.0, POLL_SECONDS - (time.perf_counter() - started)))

        load, cpu = os.getloadavg()[0], cpu_seconds(pid)
        pollers = [asyncio.create_task(poller(POLL_SECONDS * n / args.channels)) for n in range(args.channels)]
        await asyncio.gather(writer(client, headers, args.points, args.seconds), *pollers)
        used = cpu_seconds(pid) - cpu
        out.append(f"| poll, {args.channels} clients every {POLL_SECONDS:.0f} s ({len(polls)} reads, "
                   f"p99 {1000 * pct(polls, 99):.0f} ms, {errors} failed) | {load:.1f} → {os.getloadavg()[0]:.1f} | "
                   f"{used:.1f} | "
                   f"{100 * used / args.seconds:.0f} % | (a value is seen up to {POLL_SECONDS:.0f} s late) | |")
    return out


if __name__ == "__main__":
    main()
