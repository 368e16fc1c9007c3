"""Workflow benchmarks (issue 12 budgets): complete-task p50 including persistence, todo-list with 100,000 open
tasks across the tenant (p95), and the deploy of a 200-node model, on SQLite and PostgreSQL.

    uv run python bench/flow.py --db both --out bench/results/<file>.md

For each database: a throwaway data dir (PostgreSQL: DROP/CREATE the --pg-url database), migrate + seed, then
--tasks open tasks bulk-inserted in the demo tenant (one instance each, assigned round-robin to 1,000 task users
and to the demo admin for every 1,000th), `python -m plantdesk serve --no-migrate` (one worker), logged in as the
demo tenant's admin. Times are wall time at the client, sequential requests; beside them the worker's CPU per
request (user + system, /proc), which other load on a shared machine changes less. `--rounds` repeats the
todo-list and complete-task measurements, each with the load average at its start; `--profile` then py-spies one
more pass of each (bench/run.py's summary: self time and inclusive time in PlantDesk code).
"""

import argparse
import asyncio
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.run import (  # noqa: E402
    CLIENT,
    ROOT,
    cpu_seconds,
    finish_profile,
    free_port,
    recreate_pg_database,
    start_profile,
    step,
    wait_ready,
)

PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/bench_flow"
TENANT = "356782"
API = "/api/blade-flow"
BPMN = 'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"'


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--tasks", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="py-spy one more pass of each (needs py-spy)")
    parser.add_argument("--pg-url", default=PG_URL)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    lines = [f"# Workflow bench ({time.strftime('%Y-%m-%d %H:%M')})", "",
             f"`uv run python bench/flow.py {' '.join(sys.argv[1:])}`; load average before: "
             f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", ""]
    for database in ["sqlite", "postgres"] if args.db == "both" else [args.db]:
        lines += run_one(database, args)
        text = "\n".join(lines) + "\n"
        print(text)
        if args.out:
            args.out.write_text(text)


def run_one(database: str, args) -> list[str]:
    data_dir = Path(tempfile.mkdtemp(prefix=f"plantdesk-flow-{database}-"))
    url = args.pg_url if database == "postgres" else ""
    if url:
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
        step(f"[{database}] {args.tasks:,} open tasks")
        started = time.perf_counter()
        asyncio.run(insert_tasks(url or f"sqlite+aiosqlite:///{data_dir / 'plantdesk.db'}", args.tasks))
        out.append(f"- {args.tasks:,} open tasks inserted in {time.perf_counter() - started:.0f} s")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([sys.executable, "-m", "plantdesk", "serve", "--no-migrate", "--host", "127.0.0.1",
                                   "--port", str(port)], env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
        try:
            wait_ready(base, timeout=120)
            with httpx.Client(base_url=base, headers=login(base), timeout=60) as client:
                out += measure(Worker(client, server.pid, data_dir), args)
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    return out + [""]


async def insert_tasks(url: str, count: int) -> None:
    from sqlalchemy import insert, select

    from plantdesk.core.ids import next_id
    from plantdesk.db.session import create_engine
    from plantdesk.modules.flow.models import FlowDefinition, FlowInstance, FlowTask
    from plantdesk.modules.system.models import User

    engine = create_engine(url)
    async with engine.begin() as conn:
        admin = (await conn.execute(select(User.id).where(User.tenant_id == TENANT, User.account == "admin"))).scalar()
        definition = (await conn.execute(select(FlowDefinition.id, FlowDefinition.deployment_id)
                                         .where(FlowDefinition.tenant_id == TENANT))).first()
        now = datetime.now().replace(microsecond=0)
        for first in range(0, count, 5_000):
            instances, tasks = [], []
            for n in range(first, min(first + 5_000, count)):
                instance_id = next_id()
                user = f"taskUser_{admin}" if n % 1_000 == 0 else f"taskUser_{9_000_000 + n % 1_000}"
                created = now - timedelta(seconds=count - n)
                instances.append({"id": instance_id, "tenant_id": TENANT, "definition_id": definition.id,
                                  "deployment_id": definition.deployment_id, "process_key": "Leave",
                                  "name": "请假流程", "start_user": user, "start_time": created, "status": "running",
                                  "state": "{}", "row_version": 1})
                tasks.append({"id": next_id(), "tenant_id": TENANT, "instance_id": instance_id,
                              "engine_id": f"{n:036d}", "task_key": "managerApproval", "name": "部门经理审批",
                              "assignee": user, "create_time": created, "status": "open"})
            await conn.execute(insert(FlowInstance), instances)
            await conn.execute(insert(FlowTask), tasks)
    if engine.dialect.name == "postgresql":  # as autovacuum would after a bulk load: plans need statistics
        async with engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.exec_driver_sql("ANALYZE")
    await engine.dispose()


def login(base: str) -> dict:
    params = {"tenantId": TENANT, "username": "admin", "password": hashlib.md5(b"admin").hexdigest(),
              "grant_type": "password", "scope": "all", "type": "account"}
    response = httpx.post(f"{base}/api/blade-auth/oauth/token", params=params,
                          headers={"Authorization": CLIENT, "Tenant-Id": TENANT}, timeout=30)
    response.raise_for_status()
    return {"Authorization": CLIENT, "Tenant-Id": TENANT, "Blade-Auth": f"bearer {response.json()['access_token']}"}


def linear_model(key: str, tasks: int) -> str:
    """start → `tasks` user tasks assigned to the starter → end."""
    nodes = ['<bpmn:startEvent id="s"/>', '<bpmn:endEvent id="e"/>']
    nodes += [f'<bpmn:userTask id="t{n}" name="Step {n}" flowable:assignee="${{taskUser}}"/>' for n in range(tasks)]
    chain = ["s", *(f"t{n}" for n in range(tasks)), "e"]
    flows = [f'<bpmn:sequenceFlow id="f{n}" sourceRef="{a}" targetRef="{b}"/>'
             for n, (a, b) in enumerate(zip(chain, chain[1:], strict=False))]
    return (f'<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions {BPMN} id="d" targetNamespace="t">'
            f'<bpmn:process id="{key}" isExecutable="true">{"".join(nodes + flows)}</bpmn:process>'
            "</bpmn:definitions>")


def ok(response: httpx.Response):
    body = response.json()
    if not body.get("success"):
        raise RuntimeError(f"{response.request.url}: {body}")
    return body["data"]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


class Worker:
    """The client, the server's pid (its CPU time) and where py-spy writes."""

    def __init__(self, client: httpx.Client, pid: int, data_dir: Path):
        self.client, self.pid, self.data_dir = client, pid, data_dir

    def timed(self, request) -> tuple[float, float]:
        """Wall and worker CPU seconds of one request (`request()` answers the response)."""
        cpu, started = cpu_seconds(self.pid), time.perf_counter()
        ok(request())
        return time.perf_counter() - started, cpu_seconds(self.pid) - cpu


def figures(name: str, samples: list[tuple[float, float]], budget: str) -> str:
    wall = [w for w, _cpu in samples]
    cpu = sum(c for _w, c in samples) / len(samples)
    return (f"- {name}: median {statistics.median(wall) * 1000:.1f} ms, p95 {percentile(wall, 0.95) * 1000:.1f} ms, "
            f"worker CPU {cpu * 1000:.1f} ms per request ({budget})")


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def measure(worker: Worker, args) -> list[str]:
    client = worker.client
    # deploy of a 200-node model (198 user tasks, start, end and 199 flows)
    model = ok(client.post(f"{API}/model/submit", json={"modelKey": "bench200", "name": "bench200",
                                                        "modelEditorXml": linear_model("bench200", 198)}))
    started = time.perf_counter()
    ok(client.post(f"{API}/model/deploy", params={"modelId": model["id"]}))
    out = [f"- deploy of a 200-node model: {(time.perf_counter() - started) * 1000:.0f} ms (budget ≤ 1000 ms)"]
    small = ok(client.post(f"{API}/model/submit", json={"modelKey": "bench2", "name": "bench2",
                                                        "modelEditorXml": linear_model("bench2", 2)}))
    ok(client.post(f"{API}/model/deploy", params={"modelId": small["id"]}))
    definitions = {d["key"]: d for d in ok(client.get(f"{API}/manager/list", params={"size": 100}))["records"]}
    out += walk_long_model(worker, definitions["bench200"]["id"], min(args.runs, 198))
    for round_ in range(1, args.rounds + 1):
        out += ["", f"Round {round_} (load average {load()}):"]
        out.append(figures(f"todo-list (total {todo_total(client):,} of the tenant's open tasks)",
                           todo_list(worker, args.runs), "budget p95 ≤ 50 ms"))
        start_two_step(worker, definitions["bench2"]["id"], max(1, args.runs // 2))
        out.append(figures("complete-task on a two-step model", complete_two_step(worker), "budget p50 ≤ 20 ms"))
    if args.profile:  # after the timed rounds: py-spy slows the worker it samples
        passes = (("todo-list", lambda: None, lambda: todo_list(worker, args.runs)),
                  ("complete-task", lambda: start_two_step(worker, definitions["bench2"]["id"], 100),
                   lambda: complete_two_step(worker)))
        for name, prepare_pass, run in passes:
            prepare_pass()
            profile = start_profile(worker.pid, 15, worker.data_dir, name)
            time.sleep(0.5)  # py-spy attaches
            run()
            out += ["", f"Profile of {name} (py-spy, load average {load()}):", "", "```", finish_profile(profile),
                    "```"]
    return out


def todo_total(client: httpx.Client) -> int:
    return ok(client.get(f"{API}/work/todo-list", params={"size": 1}))["total"]


def todo_list(worker: Worker, runs: int) -> list[tuple[float, float]]:
    """The admin's todo pages 1–5 (the admin holds every 1,000th of the tenant's open tasks)."""
    for n in range(3):  # warm
        ok(worker.client.get(f"{API}/work/todo-list", params={"current": 1 + n, "size": 10}))
    return [worker.timed(lambda n=n: worker.client.get(f"{API}/work/todo-list",
                                                        params={"current": 1 + n % 5, "size": 10}))
            for n in range(runs)]


def open_tasks(client: httpx.Client, key: str) -> list[str]:
    rows = ok(client.get(f"{API}/work/todo-list", params={"size": 1000}))["records"]
    return [row["taskId"] for row in rows if row["processDefinitionKey"] == key]


def complete(worker: Worker, task_id: str) -> tuple[float, float]:
    return worker.timed(lambda: worker.client.post(f"{API}/work/complete-task", json={"taskId": task_id}))


def start_two_step(worker: Worker, definition_id: str, instances: int) -> None:
    for _ in range(instances):
        ok(worker.client.post(f"{API}/work/start-process", json={"processDefinitionId": definition_id}))


def complete_two_step(worker: Worker) -> list[tuple[float, float]]:
    """The started two-step instances (start → 2 user tasks → end): every first step, then every second."""
    samples = []
    for _step in range(2):
        samples += [complete(worker, task_id) for task_id in open_tasks(worker.client, "bench2")]
    return samples


def walk_long_model(worker: Worker, definition_id: str, steps: int) -> list[str]:
    """complete-task along one instance of the 198-step model (its state grows with every step)."""
    ok(worker.client.post(f"{API}/work/start-process", json={"processDefinitionId": definition_id}))
    samples = []
    for _ in range(steps):
        [task_id] = open_tasks(worker.client, "bench200")
        samples.append(complete(worker, task_id))
    return [figures("complete-task (restore, run, store state and tasks, commit; a 200-node model)", samples,
                    "budget p50 ≤ 20 ms")]


if __name__ == "__main__":
    main()
