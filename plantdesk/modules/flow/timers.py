"""Timer events: every minute, per tenant, the scheduler runs each running instance whose next timer is due
(core.jobs runs a periodic job once across workers)."""

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.modules.flow import service

JOB = "flow.timers"
CRON = "* * * * *"


async def fire(db: AsyncSession) -> int:
    return await service.fire_due_timers(db)
