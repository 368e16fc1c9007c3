"""Soak bench (issue 31): `serve --simulate` on PostgreSQL + Redis, the demo plant ingesting, driven at half its
measured capacity for an hour; memory growth ≤ 10 % and zero errors.

    uv run python bench/soak.py --minutes 60 --out bench/results/<file>.md

1. A fresh PostgreSQL database (--pg-url's, dropped first; it refuses `postgres` and `test`), `serve --simulate
   --workers N` with PLANTDESK_REDIS_URL and JSON logs into a file; the simulator writes the demo plant's values
   every second throughout.
2. Capacity, briefly: --probe-seconds each of the user page (`GET /api/blade-user/page?current=1&size=10` as the
   platform administrator) and the ingest (`POST /api/device-management/telemetry`, the demo compressor K101's
   seven points, as the demo tenant's admin), closed loop at 16 requests in flight, with the simulator running.
3. The soak: both loads open loop (requests sent on a fixed schedule, not when the previous answered) at a quarter
   of their capacity each, so together they use half the server, each capped (--max-user-rate, --max-ingest-rate;
   --user-rate / --ingest-rate fix the rates instead). Each minute: the RSS of every server process, requests sent,
   non-2xx answers, transport errors, late sends (more than --in-flight requests waiting), p50/p99 latency, the
   error lines of the log so far and the load average. The report is rewritten after every minute, so an
   interrupted run keeps what it measured.

Memory growth is the server processes' total RSS at the last minute against the first minute at the soak's rates
(minute 1: the first run, 2026-11-27, grew 30 % in that minute, from the probe's warm-up to its steady state, and
then not at all), with the growth from minute 0 (right after the probe) beside it; errors are non-2xx answers,
transport errors and log lines at level error or above (server and simulator share the log). The load generator
runs on the same machine: the load average is printed beside it.
"""

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scaleout import DEMO, DEVICE, POINTS, free_port, token, wait_ready  # noqa: E402

USER_PAGE = "/api/blade-user/page?current=1&size=10"
INGEST = "/api/device-management/telemetry"
BODY = {"deviceCode": DEVICE, "values": {point: i + 1.5 for i, point in enumerate(POINTS)}}
RELOGIN_SECONDS = 900  # access tokens last an hour (the seeded client's access_token_validity)


@dataclass
class Tally:
    sent: int = 0
    non_2xx: int = 0
    transport: int = 0
    late: int = 0
    statuses: dict[int | str, int] = field(default_factory=dict)  # a transport error by its exception's name
    latencies: list[float] = field(default_factory=list)


def error_lines(log: Path) -> list[str]:
    """Log lines at level error or above: JSON lines by their level, the simulator's and any stray text by name."""
    found = []
    for line in log.read_text(errors="replace").splitlines():
        try:
            level = str(json.loads(line).get("level", ""))
        except (ValueError, AttributeError):
            level = "error" if ("ERROR" in line or "CRITICAL" in line or "Traceback" in line) else ""
        if level.lower() in ("error", "critical"):
            found.append(line)
    return found


def rss(root: psutil.Process) -> dict[str, float]:
    """MB per process of the server: `serve` itself, its uvicorn workers, the simulator."""
    sizes = {}
    for proc in [root, *root.children(recursive=True)]:
        try:
            command = " ".join(proc.cmdline())
            name = ("simulator" if "plantdesk.demo.simulator" in command
                    else "serve" if proc.pid == root.pid else f"worker {proc.pid}")
            sizes[name] = proc.memory_info().rss / 2**20
        except psutil.NoSuchProcess:
            continue
    return sizes


async def closed_loop(http: httpx.AsyncClient, request: dict, seconds: float) -> tuple[float, int]:
    """Successful answers per second with 16 requests in flight (the capacity probe), and the failed ones."""
    done, failed, deadline = 0, 0, time.monotonic() + seconds

    async def client() -> None:
        nonlocal done, failed
        while time.monotonic() < deadline:
            answer = await http.request(**request)
            done += answer.is_success
            failed += not answer.is_success

    started = time.monotonic()
    await asyncio.gather(*(client() for _ in range(16)))
    return done / (time.monotonic() - started), failed


async def open_loop(http: httpx.AsyncClient, request: dict, rate: float, until: float, tally: Tally,
                    in_flight: asyncio.Semaphore) -> None:
    """One request every 1/rate s on a fixed schedule; a send that finds --in-flight requests waiting counts late."""
    tasks: set[asyncio.Task] = set()

    async def one() -> None:
        started = time.monotonic()
        try:
            answer = await http.request(**request)
            tally.statuses[answer.status_code] = tally.statuses.get(answer.status_code, 0) + 1
            tally.non_2xx += not answer.is_success
            tally.latencies.append(time.monotonic() - started)
        except httpx.HTTPError as exc:
            tally.transport += 1
            tally.statuses[type(exc).__name__] = tally.statuses.get(type(exc).__name__, 0) + 1
        finally:
            in_flight.release()

    step, next_send = 1 / rate, time.monotonic()
    while next_send < until:
        await asyncio.sleep(max(0.0, next_send - time.monotonic()))
        next_send += step
        if in_flight.locked():
            tally.late += 1
        await in_flight.acquire()
        tally.sent += 1
        task = asyncio.create_task(one())
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)


def percentile(values: list[float], share: float) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * share))] * 1000 if values else 0.0


def report(args, head: dict, rows: list[dict], errors: list[str]) -> str:
    lines = [f"Soak, started {head['started']}, {os.cpu_count()} cores shared with other work, PostgreSQL + Redis, "
             f"`serve --simulate --workers {args.workers}`; command: `uv run python {' '.join(sys.argv)}`.",
             "",
             f"Capacity ({args.probe_seconds} s each, 16 in flight, simulator running, load average before "
             f"{head['probe_load']}): user page {head['user_capacity']:.1f} req/s, ingest "
             f"{head['ingest_capacity']:.1f} req/s (non-2xx during the probe: {head['user_failed']} and "
             f"{head['ingest_failed']}). Soak rates: user page {head['user_rate']:.2f} req/s, ingest "
             f"{head['ingest_rate']:.2f} req/s, plus the simulator: "
             f"{(head['user_rate'] / head['user_capacity'] + head['ingest_rate'] / head['ingest_capacity']):.0%} of "
             f"the probed capacity (a quarter of each, capped at {args.max_user_rate:g} and "
             f"{args.max_ingest_rate:g} req/s).", "",
             "| minute | load avg 1 min | server RSS MB | simulator RSS MB | sent | non-2xx | transport errors | late "
             "| p50 ms | p99 ms | log errors (total) |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        lines.append(f"| {row['minute']} | {row['load']:.2f} | {row['server_rss']:.1f} | {row['simulator_rss']:.1f} "
                     f"| {row['sent']} | {row['non_2xx']} | {row['transport']} | {row['late']} | {row['p50']:.0f} | "
                     f"{row['p99']:.0f} | {row['log_errors']} |")
    if rows:
        probed, first, last = rows[0], rows[min(1, len(rows) - 1)], rows[-1]
        growth = (last["server_rss"] / first["server_rss"] - 1) * 100
        peak = max(row["server_rss"] for row in rows)
        failures = sum(row["non_2xx"] + row["transport"] for row in rows) + last["log_errors"]
        statuses: dict[int | str, int] = {}
        for row in rows:
            for status, count in row["statuses"].items():
                statuses[status] = statuses.get(status, 0) + count
        lines += ["", f"**Server RSS {first['server_rss']:.1f} → {last['server_rss']:.1f} MB from minute 1 to "
                      f"{last['minute']}: {growth:+.1f} % (budget ≤ 10 %), peak {peak:.1f} MB; from minute 0 "
                      f"{(last['server_rss'] / probed['server_rss'] - 1) * 100:+.1f} %. Errors: {failures} (budget 0)."
                      f"** Requests sent {sum(row['sent'] for row in rows):,}, statuses "
                      f"{dict(sorted(statuses.items(), key=str))}, late sends {sum(row['late'] for row in rows)}; "
                      f"load average (1/5/15) at the end {tuple(round(x, 2) for x in os.getloadavg())}."]
    if errors:
        lines += ["", "Log errors (first 10):", "", "```", *[e[:400] for e in errors[:10]], "```"]
    return "\n".join(lines) + "\n"

def sample(root: psutil.Process, tally: Tally, log: Path) -> dict:
    sizes = rss(root)
    return {"server_rss": sum(v for k, v in sizes.items() if k != "simulator"),
            "simulator_rss": sizes.get("simulator", 0.0), "sent": tally.sent, "non_2xx": tally.non_2xx,
            "transport": tally.transport, "late": tally.late, "statuses": tally.statuses,
            "p50": statistics.median(tally.latencies) * 1000 if tally.latencies else 0.0,
            "p99": percentile(tally.latencies, 0.99), "log_errors": len(error_lines(log))}


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=int, default=60)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--probe-seconds", type=int, default=20)
    parser.add_argument("--user-rate", type=float, help="user page req/s (default: a quarter of its capacity, at "
                                                        "most --max-user-rate)")
    parser.add_argument("--ingest-rate", type=float, help="ingest req/s (default: a quarter of its capacity, at "
                                                          "most --max-ingest-rate)")
    parser.add_argument("--max-user-rate", type=float, default=20.0)
    parser.add_argument("--max-ingest-rate", type=float, default=4.0)
    parser.add_argument("--in-flight", type=int, default=64)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--pg-url", default="postgresql+asyncpg://postgres@127.0.0.1:5432/bench_pd_soak")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/4")
    parser.add_argument("--out")
    args = parser.parse_args()

    url = make_url(args.pg_url)
    if url.database in ("postgres", "test"):
        sys.exit(f"refusing to drop {url.database}")
    host = ["-h", url.host or "127.0.0.1", "-p", str(url.port or 5432), "-U", url.username or "postgres"]
    subprocess.run(["dropdb", *host, "--if-exists", "--force", url.database], capture_output=True)
    subprocess.run(["createdb", *host, url.database], check=True)
    subprocess.run(["redis-cli", "-u", args.redis_url, "flushdb"], capture_output=True)
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    data = Path(tempfile.mkdtemp(prefix="pd-soak-"))
    log = data / "server.log"
    env = {**os.environ, "PLANTDESK_DATABASE_URL": args.pg_url, "PLANTDESK_REDIS_URL": args.redis_url,
           "PLANTDESK_LOG_FORMAT": "json", "PLANTDESK_DATA_DIR": str(data),
           "PLANTDESK_JWT_SECRET": "soak-" + "x" * 40, "PLANTDESK_JOBS": "queue" if args.workers > 1 else "embedded"}
    commands = [[sys.executable, "-m", "plantdesk", "serve", "--simulate", "--workers", str(args.workers), "--port",
                 str(port)]]
    if args.workers > 1:  # the queue mode's jobs and collectors run in a `worker` process
        commands.append([sys.executable, "-m", "plantdesk", "worker"])
    with log.open("w") as sink:  # the children keep their own copies of the descriptor
        server, *workers = [subprocess.Popen(command, env=env, stdout=sink, stderr=sink, start_new_session=True)
                            for command in commands]
    root = psutil.Process(server.pid)
    head: dict = {"started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    rows: list[dict] = []
    try:
        limits = httpx.Limits(max_connections=args.in_flight + 16, max_keepalive_connections=args.in_flight + 16)
        async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
            if not await wait_ready(http):
                sys.exit(f"server not ready; see {log}")
            admin, demo = await token(http, "000000"), await token(http, DEMO)
            requests = {"user": {"method": "GET", "url": USER_PAGE, "headers": admin},
                        "ingest": {"method": "POST", "url": INGEST, "headers": demo, "json": BODY}}
            await asyncio.sleep(10)  # the simulator's first writes and the collectors' first reads
            head["probe_load"] = tuple(round(x, 2) for x in os.getloadavg())
            head["user_capacity"], head["user_failed"] = await closed_loop(http, requests["user"],
                                                                           args.probe_seconds)
            head["ingest_capacity"], head["ingest_failed"] = await closed_loop(http, requests["ingest"],
                                                                               args.probe_seconds)
            # A quarter of each, so both together use half the server; capped, because on a shared machine the
            # neighbours' load changes over the hour and a rate probed in a quiet minute could exceed a busy one's.
            head["user_rate"] = args.user_rate or min(head["user_capacity"] / 4, args.max_user_rate)
            head["ingest_rate"] = args.ingest_rate or min(head["ingest_capacity"] / 4, args.max_ingest_rate)
            print(f"capacity {head}", flush=True)
            in_flight = asyncio.Semaphore(args.in_flight)
            logged_in = time.monotonic()
            for minute in range(1, args.minutes + 1):
                if time.monotonic() - logged_in > RELOGIN_SECONDS:
                    requests["user"]["headers"] = await token(http, "000000")
                    requests["ingest"]["headers"] = await token(http, DEMO)
                    logged_in = time.monotonic()
                if minute == 1:  # the baseline, after the probe warmed the caches
                    rows.append({"minute": 0, "load": os.getloadavg()[0], **sample(root, Tally(), log)})
                tally = Tally()
                until = time.monotonic() + 60
                await asyncio.gather(open_loop(http, requests["user"], head["user_rate"], until, tally, in_flight),
                                     open_loop(http, requests["ingest"], head["ingest_rate"], until, tally, in_flight))
                rows.append({"minute": minute, "load": os.getloadavg()[0], **sample(root, tally, log)})
                print(f"minute {minute}: {rows[-1]}", flush=True)
                if args.out:
                    Path(args.out).write_text(report(args, head, rows, error_lines(log)))
    finally:
        for process in [server, *workers]:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=60)
        subprocess.run(["dropdb", *host, "--if-exists", "--force", url.database], capture_output=True)
    text = report(args, head, rows, error_lines(log))
    print(text)
    if args.out:
        Path(args.out).write_text(text)



if __name__ == "__main__":
    asyncio.run(main())
