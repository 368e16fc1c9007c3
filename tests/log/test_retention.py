"""The log retention job: each tenant's API, error and usual logs older than `log.retentionDays` go, in that
tenant's scope only; newer rows and other tenants' rows stay; 0 keeps everything."""

from datetime import datetime, timedelta

import pytest
from sqlalchemy import select, update

from plantdesk.core import tenancy
from plantdesk.core.audit_models import ApiLog, ErrorLog, UsualLog
from plantdesk.modules.log.retention import JOB, purge_old_logs
from plantdesk.modules.system.models import Param

PLATFORM, DEMO = "000000", "356782"
MODELS = (ApiLog, ErrorLog, UsualLog)


@pytest.fixture
async def rows(app, unique):
    """For each tenant and log table: one row 200 days old and one a day old, tagged with `unique`."""
    sessions = app.state.runtime.sessions
    now = datetime.now().replace(microsecond=0)
    async with sessions() as db:
        with tenancy.platform_scope(db):
            db.add_all(model(tenant_id=tenant, create_by=unique, create_time=now - timedelta(days=age))
                       for tenant in (PLATFORM, DEMO) for model in MODELS for age in (200, 1))
            await db.commit()
    return unique


async def survivors(app, tag: str) -> set[tuple[str, str, int]]:
    now = datetime.now()
    async with app.state.runtime.sessions() as db:
        with tenancy.platform_scope(db):
            found = set()
            for model in MODELS:
                for tenant, created in (await db.execute(
                        select(model.tenant_id, model.create_time).where(model.create_by == tag))).all():
                    found.add((model.__tablename__, tenant, (now - created).days))
            return found


async def set_days(app, value: str) -> None:
    async with app.state.runtime.sessions() as db:
        with tenancy.platform_scope(db):
            await db.execute(update(Param).where(Param.param_key == "log.retentionDays").values(param_value=value))
            await db.commit()


class TestRetention:
    async def test_the_job_purges_old_rows_of_every_tenant(self, app, rows):
        await app.state.runtime.jobs.run(JOB)
        assert await survivors(app, rows) == {(m.__tablename__, t, 1) for m in MODELS for t in (PLATFORM, DEMO)}

    async def test_one_tenants_run_leaves_the_others_rows(self, app, rows):
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO)) as db:
            assert await purge_old_logs(db) >= 3
        left = await survivors(app, rows)
        assert {(m.__tablename__, PLATFORM, 200) for m in MODELS} <= left
        assert not {(m.__tablename__, DEMO, 200) for m in MODELS} & left

    async def test_zero_keeps_everything(self, app, rows):
        await set_days(app, "0")
        try:
            await app.state.runtime.jobs.run(JOB)
        finally:
            await set_days(app, "180")
        assert len(await survivors(app, rows)) == 12
