"""Jobs: work that runs outside a request (ingest, sweeps, timers, delivery, imports, retention), one interface
whichever engine runs it.

A module declares its jobs from its setup function (`declare(...)`), never as a side effect of an import, and
every declaration names the scope its session is bound to: `PLATFORM`, `EACH_TENANT` (once per live tenant,
each in its own tenant scope), `in_tenant(id)`, or `CALLER` (the tenant is given when the job is deferred).
A job cannot run unscoped: it gets its session from here, already bound.

The engine is procrastinate (docs/decisions.md "Jobs and workers"): in the embedded mode (`jobs=embedded`,
the default) its in-memory connector runs the jobs inside the serving process, so `make run` stays one
process on SQLite; in the queue mode (`jobs=queue`, PostgreSQL) jobs are rows in procrastinate's tables,
`serve` only defers them and `python -m plantdesk worker` processes run them and their schedules.

A worker that dies mid-job (killed, its host gone) stops its heartbeat; every worker looks, each heartbeat, for
the running jobs of workers silent for STALLED_HEARTBEATS heartbeats, and hands each on once: retried when its
declaration says it is `idempotent` (at most RETRIES times), else marked failed, and then its `abandoned` hook
is told why (ABANDONED), in the job's scope, so what the job keeps of its own (an import's log) never stays
"running". So a job is never running for longer than a few heartbeats after its worker died.

In the embedded mode the queue is in memory and dies with the process; what a job keeps of its own (an import's
log) is the only trace of it. A job that can find its own unfinished runs declares `left`; when the process starts
(`sweep`) each one found is deferred again when the job is `idempotent` (it resumes), else marked failed through
its `abandoned` hook. The embedded mode is one process per database (`serve --workers` above 1 needs the queue
mode), so at start every unfinished run belongs to a process that is gone.
"""

import asyncio
import contextlib
import json
import logging
import os
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

import procrastinate
from procrastinate.testing import InMemoryConnector
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import job_runs, metrics, system_log, tenancy

log = logging.getLogger("plantdesk.jobs")

QUEUE = "plantdesk"
HEARTBEAT_SECONDS = 10.0
STALLED_HEARTBEATS = 3  # a worker this many heartbeats silent is dead: its running jobs are handed on
RETRIES = 3  # a job that kills every worker running it must not go round for ever
ABANDONED = "执行该任务的进程已退出"
SCHEDULE, MANUAL = job_runs.SCHEDULE, job_runs.MANUAL
Mode = Literal["embedded", "queue"]
JobFunction = Callable[..., Awaitable[object]]
TenantLister = Callable[[AsyncSession], Awaitable[list[str]]]
UnitOfWork = Callable[[tenancy.Scope | None], contextlib.AbstractAsyncContextManager[AsyncSession]]


@dataclass(frozen=True, slots=True)
class JobScope:
    kind: Literal["platform", "each-tenant", "tenant", "caller"]
    tenant_id: str = ""


PLATFORM = JobScope("platform")
EACH_TENANT = JobScope("each-tenant")
CALLER = JobScope("caller")


def in_tenant(tenant_id: str) -> JobScope:
    if not tenant_id:
        raise ValueError("in_tenant needs a tenant id")
    return JobScope("tenant", tenant_id)


class ScopeError(ValueError):
    """A job declared or deferred without the scope it must run in."""


@dataclass(frozen=True, slots=True)
class Job:
    name: str
    run: JobFunction  # async (session, **kwargs): the session is bound to the job's scope
    scope: JobScope
    cron: str | None = None
    idempotent: bool = False  # run again from the start, it does no harm (it may resume)
    abandoned: Callable[..., Awaitable[object]] | None = None  # async (session, reason, **kwargs), given up on
    # async (platform session) -> [(tenant id, kwargs)]: the runs its own records say are queued or running (the
    # embedded mode's start-up sweep finds there what a killed process left)
    left: Callable[[AsyncSession], Awaitable[list[tuple[str, dict[str, Any]]]]] | None = None


_declared: dict[str, Job] = {}
_tenants: TenantLister | None = None


def declare(name: str, run: JobFunction, *, scope: JobScope, cron: str | None = None, idempotent: bool = False,
            abandoned: Callable[..., Awaitable[object]] | None = None,
            left: Callable[[AsyncSession], Awaitable[list[tuple[str, dict[str, Any]]]]] | None = None) -> None:
    """Declare a job; periodic when `cron` is given (five cron fields, or a sixth, the last, for seconds:
    `* * * * * */10` is every 10 seconds, `*/10 * * * * *` every second of every tenth minute). A job whose worker
    died is retried when `idempotent`, else failed; `abandoned` hears of a job given up on."""
    if not isinstance(scope, JobScope):
        raise ScopeError(f"job {name} declares no scope (PLATFORM, EACH_TENANT, in_tenant(id) or CALLER)")
    if cron and scope is CALLER:
        raise ScopeError(f"periodic job {name} has no caller to name its tenant")
    _declared[name] = Job(name, run, scope, cron, idempotent, abandoned, left)


def register_tenants(lister: TenantLister) -> None:
    """The live tenants an EACH_TENANT job runs in (the system module owns the tenant table)."""
    global _tenants
    _tenants = lister


def declared() -> dict[str, Job]:
    return dict(_declared)


class Jobs:
    """The engine for one process: defers jobs, and runs them here (embedded) or in `run_worker` (queue)."""

    def __init__(self, unit_of_work: UnitOfWork, *, mode: Mode, database_url: str,
                 schedules: dict[str, str] | None = None, heartbeat: float = HEARTBEAT_SECONDS):
        self.mode, self._unit_of_work, self.heartbeat = mode, unit_of_work, heartbeat
        # The jobs this process runs: never taken for a dead worker's, even when a long stretch of work without
        # an await held back this process's heartbeat.
        self._running: set[int | None] = set()
        self._deferred: set[tuple[str, str, str]] = set()  # what this process deferred: never swept as left over
        connector = _queue_connector(database_url) if mode == "queue" else InMemoryConnector()
        self.engine = procrastinate.App(connector=connector)
        self.jobs = declared()
        self.crons = {name: cron for name, job in self.jobs.items()
                      if (cron := (schedules or {}).get(name, job.cron))}  # the schedules in force
        self._host = f"{socket.gethostname()}:{os.getpid()}"
        for job in self.jobs.values():
            self._bind(job, self.crons.get(job.name))
        self._worker: asyncio.Task | None = None

    def _bind(self, job: Job, cron: str | None) -> None:
        async def task(context: procrastinate.JobContext, timestamp: int | None = None, tenant_id: str = "",
                       **kwargs: Any) -> None:
            running = context.job.id
            self._running.add(running)
            try:
                await self._recorded(job, SCHEDULE if timestamp is not None else MANUAL, tenant_id, kwargs)
            finally:
                self._running.discard(running)

        bound = self.engine.task(name=job.name, queue=QUEUE, pass_context=True)(task)
        if cron:
            self.engine.periodic(cron=cron, periodic_id=job.name)(bound)

    async def defer(self, name: str, *, tenant_id: str = "", **kwargs: Any) -> int:
        """Queue a job with JSON-able `kwargs`; a CALLER job needs `tenant_id`, any other must not be given one.
        Answers the queued job's id."""
        self._check_tenant(self.jobs[name], tenant_id)
        if self.mode == "embedded":
            self._deferred.add(_run_key(name, tenant_id, kwargs))
        return await self.engine.configure_task(name, queue=QUEUE).defer_async(tenant_id=tenant_id, **kwargs)

    async def _recorded(self, job: Job, trigger: str, tenant_id: str, kwargs: dict[str, Any]) -> None:
        """A run the engine took, recorded for the operator (core.job_runs; CALLER jobs are work a request
        deferred, not schedules, and keep no record); a scheduled run of a paused job is skipped."""
        if job.scope is CALLER:
            await self.run(job.name, tenant_id=tenant_id, **kwargs)
            return
        async with self._platform() as session:
            if trigger == SCHEDULE and await job_runs.is_paused(session, job.name):
                return
            run_id = await job_runs.begin(session, job.name, trigger, self._host)
        failure: Exception | None = None
        try:
            await self.run(job.name, tenant_id=tenant_id, **kwargs)
        except Exception as exc:
            failure = exc
            raise
        finally:
            async with self._platform() as session:
                await job_runs.end(session, run_id, failure)

    async def run(self, name: str, *, tenant_id: str = "", **kwargs: Any) -> None:
        """Run a job now, in this process, in its scope (what the engine calls; tests and operators too)."""
        job = self.jobs[name]
        self._check_tenant(job, tenant_id)
        try:
            await self._in_scope(job, tenant_id, lambda session: job.run(session, **kwargs))
        except Exception as exc:
            metrics.job_finished(job.name, failed=True)
            if job.scope.kind != "each-tenant":  # each tenant's failure is recorded on its own (_in_scope)
                system_log.failure("jobs", "failed", f"任务 {job.name} 执行失败", exc,
                                   tenant_id=tenant_id or job.scope.tenant_id or None)
            raise
        metrics.job_finished(job.name, failed=False)

    async def _in_scope(self, job: Job, tenant_id: str, call: Callable[[AsyncSession], Awaitable[object]]) -> None:
        if job.scope.kind == "platform":
            async with self._platform() as session:
                await call(session)
            return
        if job.scope.kind != "each-tenant":
            async with self._unit_of_work(tenancy.Scope(tenant_id or job.scope.tenant_id)) as session:
                await call(session)
            return
        if _tenants is None:
            raise ScopeError(f"job {job.name} runs in each tenant, but no tenant lister is registered")
        async with self._platform() as session:
            tenant_ids = await _tenants(session)
        failed = []
        for each in tenant_ids:  # one tenant's failure must not starve the others
            try:
                async with self._unit_of_work(tenancy.Scope(each)) as session:
                    await call(session)
            except Exception as exc:
                log.exception("job %s failed in tenant %s", job.name, each)
                system_log.failure("jobs", "failed", f"任务 {job.name} 执行失败", exc, tenant_id=each)
                failed.append(each)
        if failed:
            raise RuntimeError(f"job {job.name} failed in tenant(s) {', '.join(failed)}")

    async def recover(self) -> int:
        """Hand on the running jobs of dead workers (see the module's doc); answers how many this call handed on
        (another worker may hand on the same ones at the same moment: each is handed on by one)."""
        manager = self.engine.job_manager
        stalled = await manager.get_stalled_jobs(queue=QUEUE,
                                                 seconds_since_heartbeat=self.heartbeat * STALLED_HEARTBEATS)
        handed = 0
        for found in stalled:
            if found.id in self._running:
                continue
            job = self.jobs.get(found.task_name)
            retry = job is not None and job.idempotent and found.attempts < RETRIES
            try:
                if retry:
                    await manager.retry_job(found)
                else:
                    await manager.finish_job(found, procrastinate.jobs.Status.FAILED, delete_job=False)
            except procrastinate.exceptions.ConnectorException:  # another worker handed it on first
                continue
            handed += 1
            log.warning("job %s #%s: its worker died; %s", found.task_name, found.id, "retried" if retry else "failed")
            if job is not None and job.abandoned is not None and not retry:
                try:
                    await self._abandon(job, job.abandoned, dict(found.task_kwargs))
                except Exception:
                    log.exception("job %s #%s: its abandoned hook failed", found.task_name, found.id)
        return handed

    async def sweep(self) -> int:
        """The embedded mode's start: the runs a previous process left unfinished (its in-memory queue died with
        it; the job's `left` finds them) are deferred again when the job is idempotent, else failed through its
        `abandoned` hook with ABANDONED. Answers how many were handed on."""
        handed = 0
        for job in self.jobs.values():
            if job.left is None:
                continue
            async with self._platform() as session:
                found = await job.left(session)
            for tenant_id, kwargs in found:
                if _run_key(job.name, tenant_id, kwargs) in self._deferred:
                    continue  # this process's own
                try:
                    if job.idempotent:
                        await self.defer(job.name, tenant_id=tenant_id, **kwargs)
                    elif job.abandoned is not None:
                        await self._abandon(job, job.abandoned, {"tenant_id": tenant_id, **kwargs})
                    else:
                        continue
                except Exception:
                    log.exception("job %s %s: handing on what a stopped process left failed", job.name, kwargs)
                    continue
                handed += 1
                log.warning("job %s %s (tenant %s): left unfinished by a stopped process; %s", job.name, kwargs,
                            tenant_id, "resumed" if job.idempotent else "failed")
        return handed

    async def _abandon(self, job: Job, hook: Callable[..., Awaitable[object]], kwargs: dict[str, Any]) -> None:
        """Tell `hook` its job was given up on, in the scope the job ran in, with the job's own arguments."""
        tenant_id = str(kwargs.pop("tenant_id", "") or "")
        kwargs.pop("timestamp", None)  # a periodic job's tick
        await self._in_scope(job, tenant_id, lambda session: hook(session, ABANDONED, **kwargs))

    async def _recovering(self) -> None:
        while True:
            try:
                await self.recover()
            except Exception:  # the database away for a moment: the next heartbeat looks again
                log.warning("jobs: looking for the jobs of dead workers failed", exc_info=True)
            await asyncio.sleep(self.heartbeat)

    @contextlib.asynccontextmanager
    async def _platform(self) -> AsyncIterator[AsyncSession]:
        async with self._unit_of_work(None) as session:
            with tenancy.platform_scope(session):
                yield session
                await session.flush()  # its new rows are stamped while the platform scope holds

    @staticmethod
    def _check_tenant(job: Job, tenant_id: str) -> None:
        if (job.scope is CALLER) != bool(tenant_id):
            wanted = "needs" if job.scope is CALLER else "takes no"
            raise ScopeError(f"job {job.name} {wanted} tenant_id when deferred")

    async def start(self, *, run_here: bool) -> None:
        """Open the engine; with `run_here`, run the jobs and their schedules in this process too."""
        await self.engine.open_async()
        if run_here and self.mode == "embedded":
            try:
                await self.sweep()
            except Exception:  # the database away at start: nothing else of the start depends on it
                log.warning("jobs: looking for the runs a stopped process left failed", exc_info=True)
        if run_here:
            self._worker = asyncio.create_task(self.run_worker(), name="jobs-worker")

    @property
    def worker_alive(self) -> bool | None:
        """Whether this process's job worker runs; None when the jobs run elsewhere (the queue mode's workers)."""
        return None if self._worker is None else not self._worker.done()

    async def waiting(self) -> int:
        """Jobs deferred and not yet taken (the metrics' queue depth)."""
        return sum(row["todo"] for row in await self.engine.job_manager.list_queues_async(queue=QUEUE))

    async def run_worker(self, *, concurrency: int = 1, name: str = "plantdesk", own_signals: bool = False) -> None:
        """Run jobs until cancelled, or with `own_signals` until SIGINT/SIGTERM, finishing the running ones."""
        recovery = asyncio.create_task(self._recovering(), name="jobs-recovery") if self.mode == "queue" else None
        try:
            await self.engine.run_worker_async(
                queues=[QUEUE], concurrency=concurrency, name=name, wait=True, install_signal_handlers=own_signals,
                delete_jobs="successful", update_heartbeat_interval=self.heartbeat,
                stalled_worker_timeout=self.heartbeat * STALLED_HEARTBEATS)
        finally:
            if recovery is not None:
                recovery.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await recovery

    async def stop(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._worker
        await self.engine.close_async()


def _run_key(name: str, tenant_id: str, kwargs: dict[str, Any]) -> tuple[str, str, str]:
    return name, tenant_id, json.dumps(kwargs, sort_keys=True, default=str)


def _queue_connector(database_url: str) -> procrastinate.PsycopgConnector:
    url = make_url(database_url)
    if url.get_backend_name() != "postgresql":
        raise ValueError("the queue mode of jobs needs PostgreSQL (PLANTDESK_DATABASE_URL)")
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    return procrastinate.PsycopgConnector(conninfo=conninfo, min_size=1, max_size=4)


async def apply_queue_schema(database_url: str) -> None:
    """Create the queue engine's tables, once, on a PostgreSQL database (`migrate` calls this)."""
    engine = procrastinate.App(connector=_queue_connector(database_url))
    async with engine.open_async():
        if not await engine.job_manager.check_connection_async():
            await engine.schema_manager.apply_schema_async()
