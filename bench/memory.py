"""Memory of `make run`: `serve --simulate` on a throwaway SQLite data dir, the server's and the demo simulator's
RSS once the demo runs (every collector connected, the simulator feeding), figures to Markdown.

    uv run python bench/memory.py [--seconds 60] [--rounds 1] [--out bench/results/<date>-memory.md]

For a before/after, run it from a copy of the other commit (`git archive <commit> | tar -x -C /tmp/<side>`, then
`PYTHONPATH=/tmp/<side> uv run python bench/memory.py`); it starts `python -m plantdesk` from the PYTHONPATH it
is given. The demo's Modbus and OPC UA ports must be free (PLANTDESK_DEMO_MODBUS_PORT / _OPCUA_PORT move them on
commits that read them)."""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import free_port, rss_mb, wait_ready  # noqa: E402


def status(pid: int, field: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return 0.0


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def one_round(seconds: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="pd-memory-") as data_dir:
        port = free_port()
        env = os.environ | {"PLANTDESK_DATA_DIR": data_dir}
        for name in ("PLANTDESK_DATABASE_URL", "PLANTDESK_REDIS_URL", "PLANTDESK_JOBS"):
            env.pop(name, None)
        server = subprocess.Popen([sys.executable, "-m", "plantdesk", "serve", "--port", str(port), "--simulate"],
                                  env=env, cwd=os.environ.get("PYTHONPATH") or None, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, start_new_session=True)
        try:
            wait_ready(f"http://127.0.0.1:{port}", 300)
            ready = rss_mb(server.pid)
            time.sleep(seconds)
            [simulator] = children(server.pid)
            return {"ready": ready, "server": rss_mb(server.pid), "server_peak": status(server.pid, "VmHWM"),
                    "simulator": rss_mb(simulator), "simulator_peak": status(simulator, "VmHWM")}
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
            log = server.stderr.read().decode(errors="replace") if server.stderr else ""
            if "Traceback" in log:
                print(log, file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="how long the demo runs before the reading")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rows = []
    for n in range(args.rounds):
        load = os.getloadavg()[0]
        figures = one_round(args.seconds)
        rows.append(f"| {n + 1} | {load:.1f} | {figures['ready']:.0f} | {figures['server']:.0f} "
                    f"({figures['server_peak']:.0f}) | {figures['simulator']:.0f} ({figures['simulator_peak']:.0f}) |")
        print(rows[-1], flush=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    report = "\n".join([
        f"# Memory of `serve --simulate` — {datetime.now():%Y-%m-%d %H:%M}",
        "",
        f"`{' '.join(['bench/memory.py', *sys.argv[1:]])}`, PYTHONPATH={os.environ.get('PYTHONPATH') or '(tree)'}, "
        f"HEAD {commit}; SQLite, {args.seconds:.0f} s of the running demo before each reading.",
        "",
        "| round | load average | server RSS when ready, MB | server RSS (peak), MB | simulator RSS (peak), MB |",
        "|---|---|---|---|---|",
        *rows, ""])
    if args.out:
        args.out.write_text(report)
    print(report)


if __name__ == "__main__":
    main()
