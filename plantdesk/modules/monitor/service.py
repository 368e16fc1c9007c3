"""What the monitoring screens read: the declared schedules with their recorded runs (core.job_runs) and the
server's state, each part asked with a bound so one that hangs (a Redis gone mute) answers "no answer" instead
of holding the screen."""

import asyncio
import os
import platform
import socket
import time
from collections import Counter
from datetime import timedelta
from typing import Any

import psutil
from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import job_runs, live, metrics, tenancy
from plantdesk.core.errors import NotFoundError
from plantdesk.core.jobs import CALLER, Jobs
from plantdesk.core.runtime import Runtime
from plantdesk.modules.device.collect.service import statuses
from plantdesk.modules.device.models import DataPointSource

RUNS_SHOWN = 10
PART_SECONDS = 2.0
NO_JOB = "定时任务不存在"
STARTED = time.time()


def schedules(engine: Jobs) -> dict[str, str]:
    """The jobs an operator can see and act on: the periodic ones (CALLER jobs are work a request deferred)."""
    return {name: cron for name, cron in engine.crons.items() if engine.jobs[name].scope is not CALLER}


async def job_list(db: AsyncSession, engine: Jobs) -> list[dict]:
    shown = schedules(engine)
    paused = await job_runs.paused(db)
    runs: dict[str, list[job_runs.JobRun]] = {name: [] for name in shown}
    found = await db.execute(select(job_runs.JobRun).where(job_runs.JobRun.job.in_(shown))
                             .order_by(job_runs.JobRun.id.desc()))
    for run in found.scalars():
        runs[run.job].append(run)
    return [{"name": name, "cron": cron, "scope": engine.jobs[name].scope.kind, "paused": name in paused,
             "runs": runs[name][:RUNS_SHOWN], "failures": sum(r.status == job_runs.FAILED for r in runs[name])}
            for name, cron in sorted(shown.items())]


def known(engine: Jobs, name: str) -> str:
    if name not in schedules(engine):
        raise NotFoundError(NO_JOB)
    return name


async def server_state(db: AsyncSession, rt: Runtime) -> dict[str, Any]:
    host, memory, disks = await asyncio.to_thread(_machine, rt.settings.data_dir)
    # One after the other: the parts that read the database share the request's session.
    database, cache = await _bounded(_database(db, rt)), await _bounded(rt.cache.about())
    queue, collectors = await _bounded(_jobs(db, rt)), await _bounded(_collectors(db, rt))
    if rt.settings.redis_url == "":
        cache["configured"] = False
    me = psutil.Process()
    return {"host": host, "memory": memory, "disks": disks, "database": database, "cache": cache, "jobs": queue,
            "collectors": collectors, "live": {"streams": live.hub().open_streams},
            "process": {"pid": me.pid, "startedAt": int(STARTED * 1000), "uptimeSeconds": int(time.time() - STARTED),
                        "rssBytes": me.memory_info().rss, "threads": me.num_threads(),
                        "python": platform.python_version()}}


async def _bounded(part) -> dict[str, Any]:
    try:
        return await asyncio.wait_for(part, PART_SECONDS)
    except TimeoutError:
        return {"error": f"no answer within {PART_SECONDS:g} s"}
    except Exception as exc:  # a part that fails is named on the screen, never a 500 for the whole state
        return {"error": type(exc).__name__}


def _machine(data_dir) -> tuple[dict, dict, list[dict]]:
    load = os.getloadavg()
    host = {"name": socket.gethostname(), "os": platform.platform(), "cpus": os.cpu_count() or 1,
            "cpuPercent": psutil.cpu_percent(interval=0.2), "load": [round(x, 2) for x in load],
            "bootTime": int(psutil.boot_time() * 1000)}
    vm, swap = psutil.virtual_memory(), psutil.swap_memory()
    memory = {"total": vm.total, "used": vm.total - vm.available, "available": vm.available,
              "percent": round(100 * (vm.total - vm.available) / vm.total, 1), "swapTotal": swap.total,
              "swapUsed": swap.used}
    usage = psutil.disk_usage(str(data_dir))
    disks = [{"path": str(data_dir), "total": usage.total, "used": usage.used, "free": usage.free,
              "percent": usage.percent}]
    return host, memory, disks


async def _database(db: AsyncSession, rt: Runtime) -> dict[str, Any]:
    dialect = db.get_bind().dialect.name
    if dialect == "postgresql":
        version = await db.scalar(text("SHOW server_version"))
        size = await db.scalar(text("SELECT pg_database_size(current_database())"))
    else:
        version = await db.scalar(text("SELECT sqlite_version()"))
        database = rt.engine.url.database
        size = os.path.getsize(database) if database and os.path.exists(database) else 0
    return {"dialect": dialect, "version": str(version), "sizeBytes": int(size or 0),
            "pool": metrics.pool(rt.engine)}


async def _jobs(db: AsyncSession, rt: Runtime) -> dict[str, Any]:
    engine = rt.jobs
    if engine is None:
        return {"mode": rt.settings.jobs}
    since = job_runs.now() - timedelta(days=1)
    failed = await db.scalar(select(func.count()).select_from(job_runs.JobRun)
                             .where(job_runs.JobRun.status == job_runs.FAILED, job_runs.JobRun.started_at >= since))
    alive = engine.worker_alive
    return {"mode": engine.mode, "waiting": await engine.waiting(), "failedLastDay": int(failed or 0),
            "paused": len(await job_runs.paused(db)), "schedules": len(schedules(engine)),
            # None: the jobs run in `worker` processes, not in this one
            "workerHere": alive}


async def _collectors(db: AsyncSession, rt: Runtime) -> dict[str, Any]:
    with tenancy.platform_scope(db):
        rows = list((await db.execute(select(DataPointSource).where(DataPointSource.status == 1))).scalars())
    found = await statuses(rt.cache, rows)
    states = Counter(state.get("state", "stopped") for state in found.values())
    states["stopped"] += len(rows) - len(found)
    return {"sources": len(rows), "states": dict(states)}
