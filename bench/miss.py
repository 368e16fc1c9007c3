"""The user page's cache miss and hit, side by side with an earlier commit, on PostgreSQL (issue 30).

    uv run python bench/miss.py --old /path/to/checkout-of-7d0fd96 [--seconds 10] [--rounds 2] [--port 19210]

Each side (this tree, and the checkout given as `--old`, e.g. `git worktree add /tmp/old 7d0fd96`) gets its own
database (`<--pg-prefix>_new`, `<--pg-prefix>_old`: dropped, migrated, seeded, 10,000 users by bench/run.py's bulk
insert, analysed) and its own worker (`bench.asgi:app` of its own tree, one uvicorn worker, the memory cache), on
two ports next to each other. Then, alternating the sides in every round so that the box's load falls on both:

  miss   GET /api/blade-user/page?current=1&size=10&_=<unique>: the admin's first page with a parameter no list
         reads, so every request misses the response cache (the old side has none) — 32 connections
  hit    GET /api/blade-user/page?current=1&size=10, the same path every time — 32 connections

and per request: the worker's CPU time and the CPU time of the PostgreSQL backends connected to the side's database
(both read from /proc, so this runs on the database's host), and the load average beside each figure.
"""

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.run import (  # noqa: E402  (the shared bench helpers)
    FIRST_PAGE,
    PG_URL,
    check,
    cpu_seconds,
    finish_profile,
    login,
    recreate_pg_database,
    start_profile,
    wait_ready,
    wrk,
)

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", type=Path, required=True, help="a checkout of the earlier commit")
    parser.add_argument("--pg-prefix", default=PG_URL, help="database URL; the sides append _new and _old")
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--port", type=int, default=19210, help="the new side's port; the old one's is the next")
    parser.add_argument("--keep", action="store_true", help="reuse the prepared databases of an earlier run")
    parser.add_argument("--redis", default="", help="a Redis URL both sides cache in (flushed first) instead of memory")
    parser.add_argument("--profile", action="store_true", help="py-spy the new side's first miss run")
    args = parser.parse_args()
    sides = {"new": ROOT, "old": args.old.resolve()}
    work = Path(tempfile.mkdtemp(prefix="plantdesk-miss-"))
    if args.redis:
        subprocess.run(["redis-cli", "-u", args.redis, "flushdb"], check=True, capture_output=True)
    servers = {}
    try:
        for offset, (name, tree) in enumerate(sides.items()):
            url = f"{args.pg_prefix}_{name}"
            env = environment(tree, url, work / name, args.redis)
            if not args.keep:
                prepare(tree, url, env, args.users)
            port = args.port + offset
            servers[name] = (serve(tree, env, port), f"http://127.0.0.1:{port}", database(url))
        rows = []
        tokens = {}
        for name, (_, base, _) in servers.items():
            wait_ready(base, timeout=180)
            tokens[name] = login(base)
            check(base, FIRST_PAGE, tokens[name], "records")
            wrk(base, [FIRST_PAGE], work, conns=32, seconds=3, token=tokens[name], unique=True)  # warm-up, the pool
        for round_ in range(1, args.rounds + 1):
            for load, unique in (("miss", True), ("hit", False)):
                order = list(servers.items()) if round_ % 2 else list(reversed(servers.items()))
                for name, (server, base, db) in order:
                    profile = None
                    if args.profile and (round_, load, name) == (1, "miss", "new"):
                        profile = start_profile(server.pid, args.seconds, work)
                    rows.append((round_, load, name, *measure(server.pid, base, db, tokens[name], work, args.seconds,
                                                               unique)))
                    print(format_row(rows[-1]), flush=True)
                    if profile is not None:
                        print(finish_profile(profile), flush=True)
        print()
        print("| round | load | side | load average | req/s | p99 ms | worker CPU ms/req | PostgreSQL CPU ms/req |")
        print("|---|---|---|---|---|---|---|---|")
        for row in rows:
            print(format_row(row))
    finally:
        for server, _, _ in servers.values():
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()


def environment(tree: Path, url: str, data_dir: Path, redis: str) -> dict:
    data_dir.mkdir(parents=True, exist_ok=True)
    return {**os.environ, "PLANTDESK_DATA_DIR": str(data_dir), "PLANTDESK_DATABASE_URL": url,
            "PLANTDESK_REDIS_URL": redis, "PLANTDESK_JWT_SECRET": "bench-" + os.urandom(16).hex(),
            "PLANTDESK_WEB_DIST": str(data_dir / "no-web"), "PYTHONPATH": str(tree)}


def prepare(tree: Path, url: str, env: dict, users: int) -> None:
    """A fresh database migrated and seeded by the side's own code, with its users inserted by its own bench."""
    print(f"== preparing {url} from {tree}", flush=True)
    recreate_pg_database(url)
    for command in (["migrate"], ["seed"]):
        subprocess.run([sys.executable, "-m", "plantdesk", *command], env=env, cwd=tree, check=True,
                       capture_output=True)
    subprocess.run([sys.executable, "-c", "import asyncio, sys; from bench.run import insert_users; "
                    "asyncio.run(insert_users(sys.argv[1], int(sys.argv[2])))", url, str(users)],
                   env=env, cwd=tree, check=True)


def serve(tree: Path, env: dict, port: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "bench.asgi:app", "--host", "127.0.0.1", "--port", str(port),
         "--loop", "uvloop", "--http", "httptools", "--log-level", "warning", "--no-access-log"], env=env, cwd=tree)


def database(url: str) -> str:
    return url.rsplit("/", 1)[1]


def measure(pid: int, base: str, db: str, token: str, work: Path, seconds: int, unique: bool) -> tuple:
    load = Path("/proc/loadavg").read_text().split()[0]
    worker, backends = cpu_seconds(pid), backend_cpu(db)
    result = wrk(base, [FIRST_PAGE], work, conns=32, seconds=seconds, token=token, unique=unique)
    if result.non_2xx:
        raise RuntimeError(f"{base}: {result.non_2xx} answers were not 2xx/3xx")
    requests = max(result.requests, 1)
    after = backend_cpu(db)
    pg = sum(after[p] - backends.get(p, 0.0) for p in after)
    return load, result.rps, result.p99, (cpu_seconds(pid) - worker) * 1000 / requests, pg * 1000 / requests


def backend_cpu(db: str) -> dict[int, float]:
    """CPU seconds of each PostgreSQL backend connected to `db` (the side's pool), from /proc."""
    listed = subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-Atc",
                             f"SELECT pid FROM pg_stat_activity WHERE datname = '{db}'"],
                            check=True, capture_output=True, text=True).stdout.split()
    found = {}
    for pid in map(int, listed):
        with contextlib.suppress(FileNotFoundError):  # a backend that closed meanwhile
            found[pid] = cpu_seconds(pid)
    return found


def format_row(row: tuple) -> str:
    round_, load, side, loadavg, rps, p99, worker, pg = row
    return f"| {round_} | {load} | {side} | {loadavg} | {rps:,.1f} | {p99:.0f} | {worker:.2f} | {pg:.2f} |"


if __name__ == "__main__":
    main()
