"""Scale-out bench (issue 31): throughput per core of the user page, the HTTP ingest and the live channel with
`serve --workers 1` and `--workers 2` on PostgreSQL + Redis (jobs in the queue mode), on one port.

    uv run python bench/scaleout.py --seconds 10 --out bench/results/<file>.md

Each run: a fresh PostgreSQL database (`<--pg-url's database>_scale`, dropped first), `serve --workers N` (which
migrates and seeds it, the demo tenant included), then with wrk (Debian package):
- user page: `GET /api/blade-user/page?current=1&size=10` as the platform administrator, 16 connections;
- ingest: `POST /api/device-management/telemetry` of the demo compressor K101's seven points, as the demo
  tenant's admin, 16 connections;
- live channel: --streams streams open on `monitor.realtime` (all keys of the demo tenant) while the ingest load
  runs; the events the streams received, per second.
"Per core" is per CPU-second the server's processes spent (user + system, all workers and the supervisor),
read from /proc before and after each load: on a machine shared with other work, wall-clock throughput says
how busy the neighbours were, CPU-seconds what one request costs. The load average is printed beside them.
"""

import argparse
import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psutil
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers import CLIENT, md5  # noqa: E402  (the console's client id and password hashing)

DEMO = "356782"
DEVICE, POINTS = "K101", ("DISCH_PRES", "DISCH_TEMP", "LOAD", "MOTOR_CURRENT", "OIL_PRES", "RUN", "RUN_HOURS")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(root: psutil.Process) -> float:
    total = 0.0
    for proc in [root, *root.children(recursive=True)]:
        try:
            times = proc.cpu_times()
            total += times.user + times.system
        except psutil.NoSuchProcess:
            continue
    return total


def wrk(url: str, seconds: int, headers: dict[str, str], script: str | None = None) -> int:
    """Requests completed (wrk's count, non-2xx included and reported apart)."""
    command = ["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    if script:
        command += ["-s", script]
    out = subprocess.run([*command, url], capture_output=True, text=True, timeout=seconds + 60).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        print(f"  non-2xx: {errors.group(1)}", file=sys.stderr)
    return int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]


async def wait_ready(http: httpx.AsyncClient) -> bool:
    """Whether the server's /readyz answered 200 within ten minutes (a first start migrates and seeds)."""
    for _ in range(600):
        try:
            if (await http.get("/readyz")).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        await asyncio.sleep(1)
    return False


async def token(http: httpx.AsyncClient, tenant: str) -> dict[str, str]:
    answer = await http.post("/api/blade-auth/oauth/token", params={
        "tenantId": tenant, "username": "admin", "password": md5("admin"), "grant_type": "password", "scope": "all",
        "type": "account"}, headers={"Authorization": CLIENT, "Tenant-Id": tenant})
    body = answer.json()
    return {"Authorization": CLIENT, "Blade-Auth": f"bearer {body['access_token']}", "Tenant-Id": tenant}


async def hold_streams(base: str, headers: dict[str, str], count: int, seen: list[int], stop: asyncio.Event):
    async def one(http: httpx.AsyncClient) -> None:
        async with http.stream("GET", "/api/blade-desk/live", params={"topic": "monitor.realtime"},
                               headers=headers) as stream:
            async for line in stream.aiter_lines():
                if line.startswith("event: monitor.realtime"):
                    seen[0] += 1
                if stop.is_set():
                    return

    async with httpx.AsyncClient(base_url=base, timeout=None, limits=httpx.Limits(max_connections=count + 4)) as http:
        tasks = [asyncio.create_task(one(http)) for _ in range(count)]
        await stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def run(workers: int, args) -> dict[str, float]:
    url = make_url(args.pg_url)
    database = f"{url.database}_scale"
    host = ["-h", url.host or "127.0.0.1", "-p", str(url.port or 5432), "-U", url.username or "postgres"]
    subprocess.run(["dropdb", *host, "--if-exists", "--force", database], capture_output=True)
    subprocess.run(["createdb", *host, database], check=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PLANTDESK_DATABASE_URL": url.set(database=database).render_as_string(False),
           "PLANTDESK_REDIS_URL": args.redis_url, "PLANTDESK_JOBS": "queue", "PLANTDESK_DEMO": "0",
           "PLANTDESK_DATA_DIR": tempfile.mkdtemp(prefix="pd-scale-"), "PLANTDESK_JWT_SECRET": "scale-" + "x" * 40}
    server = subprocess.Popen([sys.executable, "-m", "plantdesk", "serve", "--workers", str(workers), "--port",
                               str(port)], env=env, stdout=subprocess.DEVNULL, start_new_session=True)
    root = psutil.Process(server.pid)
    figures: dict[str, float] = {}
    try:
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            await wait_ready(http)
            admin, demo = await token(http, "000000"), await token(http, DEMO)
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
            values = ",".join(f'"{p}":{i + 1}.5' for i, p in enumerate(POINTS))
            script.write(f'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                         f'wrk.body = \'{{"deviceCode":"{DEVICE}","values":{{{values}}}}}\'\n')
        loads = {"user page": (f"{base}/api/blade-user/page?current=1&size=10", admin, None),
                 "ingest": (f"{base}/api/device-management/telemetry", demo, script.name)}
        for name, (target, headers, lua) in loads.items():
            wrk(target, 2, headers, lua)  # warm every worker
            before, started = cpu_seconds(root), time.monotonic()
            done = wrk(target, args.seconds, headers, lua)
            cpu, wall = cpu_seconds(root) - before, time.monotonic() - started
            figures[f"{name} req/s"] = done / wall
            figures[f"{name} req per CPU-s"] = done / cpu
        seen, stop = [0], asyncio.Event()
        holder = asyncio.create_task(hold_streams(base, demo, args.streams, seen, stop))
        await asyncio.sleep(3)
        seen[0] = 0
        before, started = cpu_seconds(root), time.monotonic()
        posted = await asyncio.to_thread(wrk, loads["ingest"][0], args.seconds, demo, script.name)
        cpu, wall = cpu_seconds(root) - before, time.monotonic() - started
        stop.set()
        await holder
        figures["live events delivered/s"] = seen[0] / wall
        figures["live: ingest req/s meanwhile"] = posted / wall
        figures["live events per CPU-s"] = seen[0] / cpu
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
        subprocess.run(["dropdb", *host, "--if-exists", "--force", database], capture_output=True)
    return figures


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--streams", type=int, default=50)
    parser.add_argument("--pg-url", default="postgresql+asyncpg://postgres@127.0.0.1:5432/bench_pd")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/4")
    parser.add_argument("--out")
    args = parser.parse_args()
    results = {}
    loads = []
    for workers in (1, 2):
        loads.append(os.getloadavg())
        results[workers] = await run(workers, args)
    loads.append(os.getloadavg())
    lines = [f"Scale-out, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
             f"{args.seconds} s per load, {args.streams} live streams; load average (1/5/15 min) before 1 worker "
             f"{loads[0]}, before 2 {loads[1]}, after {loads[2]}: measured under load (other engineers' work).", "",
             "| figure | 1 worker | 2 workers | ratio |", "|---|---|---|---|"]
    for key in results[1]:
        one, two = results[1][key], results[2][key]
        lines.append(f"| {key} | {one:,.1f} | {two:,.1f} | {two / one:.2f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text)


if __name__ == "__main__":
    asyncio.run(main())
