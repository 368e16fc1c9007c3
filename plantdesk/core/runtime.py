"""What one running process holds: settings, engine, session factory, cache, audit writer, jobs, storage."""

import asyncio
import contextlib
import os
import socket
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from plantdesk.config import Settings
from plantdesk.core import generations, live, services, system_log, tenancy
from plantdesk.core.audit import AuditWriter
from plantdesk.core.cache import Cache, create_cache
from plantdesk.core.context import Identity
from plantdesk.core.jobs import Jobs
from plantdesk.core.leases import Leases, lease_worker_id
from plantdesk.db.session import create_engine, session_factory

SETTINGS_KEY = "plantdesk.settings"


@dataclass
class Runtime:
    settings: Settings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    cache: Cache
    audit: Any = None
    jobs: Jobs | None = None
    extras: dict[str, Any] = field(default_factory=dict)

    def unit_of_work(self, identity: Identity | None = None) -> AbstractAsyncContextManager[AsyncSession]:
        """One session in the identity's tenant scope (with no identity: no scope, so it sees and writes no tenant
        row; core.tenancy), committed on success and rolled back on any error; the generations its writes marked
        are bumped once the commit is done."""
        return self.unit_of_work_in(
            None if identity is None else tenancy.Scope(identity.tenant_id, identity.user_id, identity.dept_id))

    @asynccontextmanager
    async def unit_of_work_in(self, scope: tenancy.Scope | None) -> AsyncIterator[AsyncSession]:
        """`unit_of_work` for a scope of its own (a job's)."""
        async with self.sessions() as session:
            tenancy.bind(session, scope)
            session.info[SETTINGS_KEY] = self.settings
            try:
                yield session
                await session.commit()
            except BaseException:
                await session.rollback()
                raise
            await generations.bump_marked(session, self.cache)


@asynccontextmanager
async def started(settings: Settings, *, run_jobs: bool, run_services: bool | None = None, role: str = "serve"
                  ) -> AsyncIterator[Runtime]:
    """What `serve` and `worker` hold while they run. In the queue mode several processes issue ids, so this
    one leases its snowflake worker id. With `run_jobs`, jobs and their schedules run in this process; with
    `run_services` (by default where jobs run), the declared services (core.services) too."""
    engine = create_engine(settings.resolved_database_url, echo=settings.log_sql, pool_size=settings.db_pool_size)
    sessions = session_factory(engine)
    cache = create_cache(settings.redis_url)
    audit = AuditWriter(sessions, service_id=settings.service_id, flush_seconds=settings.audit_flush_seconds)
    rt = Runtime(settings=settings, engine=engine, sessions=sessions, cache=cache, audit=audit)
    rt.jobs = Jobs(rt.unit_of_work_in, mode=settings.jobs, database_url=settings.resolved_database_url,
                   schedules=settings.job_schedules, heartbeat=settings.jobs_heartbeat_seconds)
    leases = Leases(sessions, holder=f"{socket.gethostname()}:{os.getpid()}")
    worker_id = await lease_worker_id(leases) if settings.jobs == "queue" else None
    audit.start()
    system_log.attach(audit)
    system_log.install_handler()
    where = f"{socket.gethostname()} pid {os.getpid()}"
    system_log.record("info", "server", "start", f"{role} 已启动 ({where}, 任务模式 {settings.jobs})")
    await rt.jobs.start(run_here=run_jobs)
    try:
        async with live.running(settings.redis_url, cache=cache,
                                reader=lambda tenant_id: rt.unit_of_work_in(tenancy.Scope(tenant_id))), \
                services.running(rt, with_jobs=run_jobs if run_services is None else run_services):
            yield rt
    finally:
        await rt.jobs.stop()
        system_log.record("info", "server", "stop", f"{role} 已停止 ({where})")
        await audit.stop()
        system_log.detach(audit)
        if worker_id is not None:
            worker_id.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await worker_id
        await cache.close()
        await engine.dispose()


def settings_of(session: AsyncSession) -> Settings:
    """The settings of the runtime whose unit of work opened `session` (a job's: jobs are handed only their
    session)."""
    return session.info[SETTINGS_KEY]


async def runtime(request: Request) -> Runtime:
    return request.app.state.runtime
