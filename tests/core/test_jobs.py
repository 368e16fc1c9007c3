"""core.jobs: jobs run in the scope they declare, on the embedded engine (every database) and on the queue
engine (PostgreSQL), on their schedules too; a job without a scope is refused."""

import asyncio
import os

import pytest
from sqlalchemy import select

from plantdesk.app import create_app
from plantdesk.core import ids, job_runs, jobs, tenancy
from plantdesk.core.leases import Lease
from plantdesk.modules.system.models import Post
from tests.core.conftest import OTHER_TENANT, PLATFORM
from tests.helpers import served

PG_URL = os.environ.get("PLANTDESK_TEST_DATABASE_URL", "")
EVERY_SECOND = "* * * * * *"


@pytest.fixture
def declared(monkeypatch):
    """Jobs declared by one test only (the app's own declarations stay as they were)."""
    monkeypatch.setattr(jobs, "_declared", dict(jobs._declared))
    return jobs


@pytest.fixture
async def posts(sessions, unique):
    """One post per tenant, tagged for this test."""
    async with sessions() as db:
        with tenancy.platform_scope(db):
            db.add_all(Post(tenant_id=t, post_code=unique, post_name=f"{t}-{unique}") for t in (PLATFORM, OTHER_TENANT))
            await db.commit()
    return unique


async def lease_holder(app, name: str) -> str | None:
    async with app.state.runtime.sessions() as db:
        with tenancy.platform_scope(db):
            return await db.scalar(select(Lease.holder).where(Lease.name == name))


def engine(app, mode: jobs.Mode = "embedded") -> jobs.Jobs:
    rt = app.state.runtime
    return jobs.Jobs(rt.unit_of_work_in, mode=mode, database_url=PG_URL or rt.settings.resolved_database_url)


def recorder(tag: str, seen: list, done: asyncio.Event | None = None):
    """A job that records (the tenant its session is held to, the tenants of the tagged posts it sees)."""
    async def job(session, **kwargs):
        visible = sorted((await session.execute(select(Post.tenant_id).where(Post.post_code == tag))).scalars())
        seen.append((tenancy.bound_tenant(session), visible, kwargs))
        if done is not None:
            done.set()
    return job


class TestScopes:
    async def test_each_tenant_runs_once_per_tenant_seeing_only_its_rows(self, app, declared, posts):
        seen = []
        declared.declare("test.each", recorder(posts, seen), scope=jobs.EACH_TENANT)
        await engine(app).run("test.each")
        assert (PLATFORM, [PLATFORM], {}) in seen and (OTHER_TENANT, [OTHER_TENANT], {}) in seen
        assert all(bound == visible[0] for bound, visible, _ in seen if visible)

    async def test_platform_scope_sees_every_tenant(self, app, declared, posts):
        seen = []
        declared.declare("test.platform", recorder(posts, seen), scope=jobs.PLATFORM)
        await engine(app).run("test.platform")
        assert seen == [(None, [PLATFORM, OTHER_TENANT], {})]

    async def test_caller_and_fixed_tenant(self, app, declared, posts):
        seen = []
        declared.declare("test.caller", recorder(posts, seen), scope=jobs.CALLER)
        declared.declare("test.fixed", recorder(posts, seen), scope=jobs.in_tenant(OTHER_TENANT))
        runner = engine(app)
        await runner.run("test.caller", tenant_id=PLATFORM, batch=7)
        await runner.run("test.fixed")
        assert seen == [(PLATFORM, [PLATFORM], {"batch": 7}), (OTHER_TENANT, [OTHER_TENANT], {})]

    async def test_one_tenants_failure_does_not_starve_the_others(self, app, declared, posts):
        seen = []
        record = recorder(posts, seen)

        async def job(session):
            if tenancy.bound_tenant(session) == PLATFORM:
                raise LookupError("broken in the platform tenant")
            await record(session)

        declared.declare("test.partly", job, scope=jobs.EACH_TENANT)
        with pytest.raises(RuntimeError, match=f"failed in tenant\\(s\\) {PLATFORM}$"):
            await engine(app).run("test.partly")
        assert (OTHER_TENANT, [OTHER_TENANT], {}) in seen

    def test_a_job_without_a_scope_is_refused(self, declared):
        async def job(session):
            return None

        with pytest.raises(jobs.ScopeError, match="declares no scope"):
            declared.declare("test.unscoped", job, scope=None)
        with pytest.raises(jobs.ScopeError, match="no caller"):
            declared.declare("test.periodic", job, scope=jobs.CALLER, cron=EVERY_SECOND)
        with pytest.raises(ValueError, match="tenant id"):
            jobs.in_tenant("")
        assert "test.unscoped" not in jobs.declared() and "test.periodic" not in jobs.declared()

    async def test_the_tenant_of_a_deferred_job_is_checked(self, app, declared):
        async def job(session):
            return None

        declared.declare("test.caller", job, scope=jobs.CALLER)
        declared.declare("test.platform", job, scope=jobs.PLATFORM)
        runner = engine(app)
        with pytest.raises(jobs.ScopeError, match="needs tenant_id"):
            await runner.defer("test.caller")
        with pytest.raises(jobs.ScopeError, match="takes no tenant_id"):
            await runner.run("test.platform", tenant_id=OTHER_TENANT)


class TestEngines:
    async def _runs(self, app, declared, posts, mode: jobs.Mode):
        seen, done = [], asyncio.Event()
        declared.declare("test.deferred", recorder(posts, seen, done), scope=jobs.CALLER)
        runner = engine(app, mode)
        await runner.start(run_here=True)
        try:
            await runner.defer("test.deferred", tenant_id=OTHER_TENANT, n=1)
            await asyncio.wait_for(done.wait(), 15)
        finally:
            await runner.stop()
        assert seen == [(OTHER_TENANT, [OTHER_TENANT], {"n": 1})]

    async def _periodic(self, app, declared, posts, mode: jobs.Mode):
        seen = []
        declared.declare("test.periodic", recorder(posts, seen), scope=jobs.EACH_TENANT, cron=EVERY_SECOND)
        runner = engine(app, mode)
        await runner.start(run_here=True)
        try:
            async with asyncio.timeout(15):
                while sum(bound == OTHER_TENANT for bound, _, _ in seen) < 2:  # two ticks
                    await asyncio.sleep(0.05)
        finally:
            await runner.stop()
        assert (PLATFORM, [PLATFORM], {}) in seen and (OTHER_TENANT, [OTHER_TENANT], {}) in seen
        assert all(visible in ([], [bound]) for bound, visible, _ in seen)

    async def test_embedded_runs_a_deferred_job_in_process(self, app, declared, posts):
        await self._runs(app, declared, posts, "embedded")

    async def test_embedded_runs_a_periodic_job_in_process(self, app, declared, posts):
        await self._periodic(app, declared, posts, "embedded")

    @pytest.mark.skipif(not PG_URL, reason="the queue engine needs PostgreSQL")
    async def test_queue_runs_a_deferred_job(self, app, declared, posts):
        await jobs.apply_queue_schema(PG_URL)
        await self._runs(app, declared, posts, "queue")

    @pytest.mark.skipif(not PG_URL, reason="the queue engine needs PostgreSQL")
    async def test_queue_runs_a_periodic_job(self, app, declared, posts):
        await jobs.apply_queue_schema(PG_URL)
        await self._periodic(app, declared, posts, "queue")

    @pytest.mark.skipif(not PG_URL, reason="the queue engine needs PostgreSQL")
    async def test_serve_in_the_queue_mode_runs_no_jobs_and_leases_its_worker_id(self, app, settings, monkeypatch):
        monkeypatch.setattr(ids, "generator", ids.Snowflake(0))
        await jobs.apply_queue_schema(PG_URL)
        queued = create_app(settings.model_copy(update={"jobs": "queue"}))
        async with served(queued):
            runner = queued.state.runtime.jobs
            assert runner.mode == "queue" and runner._worker is None
            assert await lease_holder(app, f"snowflake:{ids.generator.worker}") is not None
        assert await lease_holder(app, f"snowflake:{ids.generator.worker}") is None
        with pytest.raises(ids.LeaseLapsed):
            ids.next_id()

    def test_queue_needs_postgresql(self, app):
        with pytest.raises(ValueError, match="PostgreSQL"):
            jobs.Jobs(app.state.runtime.unit_of_work_in, mode="queue", database_url="sqlite+aiosqlite:///x.db")

    def test_the_app_runs_its_declared_jobs(self, app):
        runner = app.state.runtime.jobs
        assert runner.mode == "embedded" and "log.retention" in runner.jobs
        assert runner.jobs["log.retention"].scope is jobs.EACH_TENANT


async def runs_of(app, name: str) -> list[job_runs.JobRun]:
    async with app.state.runtime.sessions() as db:
        with tenancy.platform_scope(db):
            return list((await db.execute(select(job_runs.JobRun).where(job_runs.JobRun.job == name)
                                          .order_by(job_runs.JobRun.id))).scalars())


class TestRecordedRuns:
    """What the scheduled-jobs screen reads: each run the engine took, how it ended, and the operator's pause."""

    async def test_a_scheduled_run_and_a_manual_one_are_recorded_with_the_failure(self, app, declared, unique):
        name, calls = f"test.rec.{unique}", []

        async def flaky(session):
            calls.append(1)
            if len(calls) == 1:
                raise ValueError("第一次失败")

        declared.declare(name, flaky, scope=jobs.PLATFORM, cron=EVERY_SECOND)
        runner = engine(app)
        await runner.start(run_here=True)
        try:
            async with asyncio.timeout(30):
                while len(calls) < 1:
                    await asyncio.sleep(0.05)
                await runner.defer(name)  # the operator's "run now"
                while (job_runs.MANUAL, job_runs.SUCCEEDED) not in {(r.trigger, r.status)
                                                                    for r in await runs_of(app, name)}:
                    await asyncio.sleep(0.05)
        finally:
            await runner.stop()
        runs = [r for r in await runs_of(app, name) if r.status != job_runs.RUNNING]
        failed = [r for r in runs if r.status == job_runs.FAILED]
        assert len(failed) == 1 and failed[0].error == "ValueError: 第一次失败"
        assert failed[0].trigger == job_runs.SCHEDULE
        assert all(r.finished_at is not None and r.duration_ms is not None and r.host for r in runs)

    async def test_a_paused_job_skips_its_schedule_but_runs_when_asked(self, app, declared, unique):
        name, calls = f"test.pause.{unique}", []

        async def job(session):
            calls.append(1)

        declared.declare(name, job, scope=jobs.PLATFORM, cron=EVERY_SECOND)
        async with app.state.runtime.unit_of_work_in(None) as db:
            with tenancy.platform_scope(db):
                await job_runs.set_paused(db, name, True, "admin")
        runner = engine(app)
        await runner.start(run_here=True)
        try:
            await asyncio.sleep(2.2)  # two ticks skipped
            assert calls == []
            await runner.defer(name)
            async with asyncio.timeout(15):
                while not calls:
                    await asyncio.sleep(0.05)
        finally:
            await runner.stop()
        assert [r.trigger for r in await runs_of(app, name)] == [job_runs.MANUAL]

    async def test_only_the_newest_runs_are_kept(self, app, unique):
        name = f"test.keep.{unique}"
        for _ in range(job_runs.KEEP + 3):
            async with app.state.runtime.unit_of_work_in(None) as db:
                with tenancy.platform_scope(db):
                    run_id = await job_runs.begin(db, name, job_runs.SCHEDULE, "here")
                    await job_runs.end(db, run_id, None)
        assert len(await runs_of(app, name)) == job_runs.KEEP


@pytest.mark.skipif(not PG_URL, reason="the queue engine needs PostgreSQL")
class TestDeadWorkers:
    """A job whose worker died mid-run (its heartbeat stopped) is handed on once: retried when idempotent, else
    failed, and then its `abandoned` hook hears why, in the job's scope."""

    @pytest.fixture
    async def runner(self, app):
        await jobs.apply_queue_schema(PG_URL)
        runner = engine(app, "queue")
        await runner.engine.open_async()
        yield runner
        await runner.engine.close_async()

    @staticmethod
    async def running(runner: jobs.Jobs, name: str, *, silent_for: float = 3600, attempts: int = 0, **kwargs) -> int:
        """Defer `name` and make it running in a worker whose last heartbeat was `silent_for` seconds ago."""
        job_id = await runner.defer(name, **kwargs)
        worker = await runner.engine.job_manager.register_worker()
        connector = runner.engine.connector
        await connector.execute_query_async(
            "UPDATE procrastinate_workers SET last_heartbeat = NOW() - make_interval(secs => %(silent)s) "
            "WHERE id = %(worker)s", silent=silent_for, worker=worker)
        await connector.execute_query_async(
            "UPDATE procrastinate_jobs SET status = 'doing', worker_id = %(worker)s, attempts = %(attempts)s "
            "WHERE id = %(job)s", worker=worker, job=job_id, attempts=attempts)
        return job_id

    @staticmethod
    async def status(runner: jobs.Jobs, job_id: int) -> str:
        return (await runner.engine.job_manager.get_job_status_async(job_id)).value

    async def test_idempotent_is_retried_others_fail_and_are_told(self, declared, runner):
        heard = []

        async def job(session, **kwargs):
            return None

        async def abandoned(session, reason, **kwargs):
            heard.append((tenancy.bound_tenant(session), reason, kwargs))

        declared.declare("test.again", job, scope=jobs.CALLER, idempotent=True, abandoned=abandoned)
        declared.declare("test.once", job, scope=jobs.CALLER, abandoned=abandoned)
        runner.jobs = jobs.declared()
        again = await self.running(runner, "test.again", tenant_id=OTHER_TENANT, n=1)
        once = await self.running(runner, "test.once", tenant_id=OTHER_TENANT, n=2)
        spent = await self.running(runner, "test.again", tenant_id=OTHER_TENANT, n=3, attempts=jobs.RETRIES)
        alive = await self.running(runner, "test.once", silent_for=0, tenant_id=OTHER_TENANT, n=4)
        assert await runner.recover() >= 3
        assert await self.status(runner, again) == "todo"  # runs again in the next free worker
        assert await self.status(runner, once) == "failed" and await self.status(runner, spent) == "failed"
        assert await self.status(runner, alive) == "doing"  # its worker is alive: left alone
        assert sorted(heard, key=lambda h: h[2]["n"]) == [(OTHER_TENANT, jobs.ABANDONED, {"n": 2}),
                                                          (OTHER_TENANT, jobs.ABANDONED, {"n": 3})]
        await runner.recover()
        assert len(heard) == 2  # handed on once

    async def test_a_job_this_process_runs_is_never_taken_for_a_dead_workers(self, app, declared):
        """Work that holds the event loop for long holds back the heartbeat too: the process's own looking for
        dead workers' jobs must not hand on the job it is running (it did, and ran it twice)."""
        statuses, done = [], asyncio.Event()

        async def job(session):
            connector = runner.engine.connector
            await connector.execute_query_async(
                "UPDATE procrastinate_workers SET last_heartbeat = NOW() - INTERVAL '1 hour' WHERE id IN "
                "(SELECT worker_id FROM procrastinate_jobs WHERE id = %(job)s)", job=job_id)
            await runner.recover()
            statuses.append(await TestDeadWorkers.status(runner, job_id))
            done.set()

        declared.declare("test.held", job, scope=jobs.PLATFORM, idempotent=True)
        runner = engine(app, "queue")
        await jobs.apply_queue_schema(PG_URL)
        await runner.start(run_here=False)
        job_id = await runner.defer("test.held")
        worker = asyncio.create_task(runner.run_worker())
        try:
            await asyncio.wait_for(done.wait(), 30)
        finally:
            worker.cancel()
            await asyncio.gather(worker, return_exceptions=True)
            await runner.stop()
        assert statuses == ["doing"]
