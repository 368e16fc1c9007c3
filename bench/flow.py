"""Workflow benchmarks (issue 12 budgets): complete-task p50 including persistence, todo-list with 100,000 open
tasks across the tenant (p95), and the deploy of a 200-node model, on SQLite and PostgreSQL.

    uv run python bench/flow.py --db both --out bench/results/<file>.md

For each database: a throwaway data dir (PostgreSQL: DROP/CREATE the --pg-url database), migrate + seed, then
--tasks open tasks bulk-inserted in the demo tenant (one instance each, assigned round-robin to 1,000 task users
and to the demo admin for every 1,000th), `python -m plantdesk serve --no-migrate` (one worker), logged in as the
demo tenant's admin. Times are wall time at the client, sequential requests.
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

from bench.run import CLIENT, ROOT, free_port, recreate_pg_database, step, wait_ready  # noqa: E402

PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/bench_flow"
TENANT = "356782"
API = "/api/blade-flow"
BPMN = 'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"'


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--tasks", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=200)
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
                out += measure(client, args.runs)
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
    from plantdesk.modules.user.models import User

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


def measure(client: httpx.Client, runs: int) -> list[str]:
    out = []
    # deploy of a 200-node model (198 user tasks, start, end and 199 flows)
    model = ok(client.post(f"{API}/model/submit", json={"modelKey": "bench200", "name": "bench200",
                                                        "modelEditorXml": linear_model("bench200", 198)}))
    started = time.perf_counter()
    ok(client.post(f"{API}/model/deploy", params={"modelId": model["id"]}))
    deploy = time.perf_counter() - started
    out.append(f"- deploy of a 200-node model: {deploy * 1000:.0f} ms (budget ≤ 1000 ms)")

    # todo-list over the tenant's open tasks (the admin holds every 1,000th)
    times = []
    for n in range(runs + 3):
        started = time.perf_counter()
        page = ok(client.get(f"{API}/work/todo-list", params={"current": 1 + n % 5, "size": 10}))
        if n >= 3:
            times.append(time.perf_counter() - started)
    out.append(f"- todo-list (total {page['total']:,} of the tenant's open tasks): median "
               f"{statistics.median(times) * 1000:.1f} ms, p95 {percentile(times, 0.95) * 1000:.1f} ms "
               "(budget p95 ≤ 50 ms)")

    # complete-task: walk one instance of the 198-step model and one of a short one
    definitions = ok(client.get(f"{API}/manager/list", params={"size": 100}))["records"]
    bench = next(d for d in definitions if d["key"] == "bench200")
    instance = ok(client.post(f"{API}/work/start-process", json={"processDefinitionId": bench["id"]}))
    times = []
    for _ in range(min(runs, 198)):
        todo = ok(client.get(f"{API}/work/todo-list", params={"size": 1}))["records"]
        task = next(t for t in todo if t["processInstanceId"] == instance["processInstanceId"]) if todo else None
        if task is None:
            rows = ok(client.get(f"{API}/work/todo-list", params={"size": 100}))["records"]
            task = next(t for t in rows if t["processInstanceId"] == instance["processInstanceId"])
        started = time.perf_counter()
        ok(client.post(f"{API}/work/complete-task", json={"taskId": task["taskId"]}))
        times.append(time.perf_counter() - started)
    out.append(f"- complete-task (restore, run, store state and tasks, commit; a 200-node model): median "
               f"{statistics.median(times) * 1000:.1f} ms, p95 {percentile(times, 0.95) * 1000:.1f} ms "
               "(budget p50 ≤ 20 ms)")

    # complete-task on a small model: start → 2 user tasks → end, one instance per pair of steps
    small = ok(client.post(f"{API}/model/submit", json={"modelKey": "bench2", "name": "bench2",
                                                        "modelEditorXml": linear_model("bench2", 2)}))
    ok(client.post(f"{API}/model/deploy", params={"modelId": small["id"]}))
    definitions = ok(client.get(f"{API}/manager/list", params={"size": 100}))["records"]
    two = next(d for d in definitions if d["key"] == "bench2")
    times = []
    for _ in range(max(1, runs // 2)):
        ok(client.post(f"{API}/work/start-process", json={"processDefinitionId": two["id"]}))
        for _step in range(2):
            task = ok(client.get(f"{API}/work/todo-list", params={"size": 1}))["records"][0]
            started = time.perf_counter()
            ok(client.post(f"{API}/work/complete-task", json={"taskId": task["taskId"]}))
            times.append(time.perf_counter() - started)
    out.append(f"- complete-task on a two-step model: median {statistics.median(times) * 1000:.1f} ms, p95 "
               f"{percentile(times, 0.95) * 1000:.1f} ms (budget p50 ≤ 20 ms)")
    return out


if __name__ == "__main__":
    main()
