"""Unusual jobs (jobunusua): the alarm jobs that failed for good, kept so an operator sees them and sends them
round again. An e-mail is written here when its last attempt fails (its tenant's row, `ref_id` the outbox row);
a sweep that raised is the platform tenant's. Retrying an e-mail gives it its attempts back; retrying a sweep
runs one now (the job queue's)."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.errors import BadRequest
from plantdesk.core.jobs import Jobs
from plantdesk.modules.alarm.models import AlarmJobUnusual, AlarmMail

MAIL, SWEEP = "alarm.mail", "alarm.sweep"


def record(db: AsyncSession, *, tenant_id: str, job: str, summary: str, error: str | None, attempts: int = 1,
           ref_id: int | None = None) -> None:
    db.add(AlarmJobUnusual(tenant_id=tenant_id, job=job, ref_id=ref_id, summary=summary[:255],
                           error=(error or "")[:500], attempts=attempts, retried=0,
                           create_time=datetime.now().replace(microsecond=0)))


async def retry(db: AsyncSession, jobs: Jobs, row: AlarmJobUnusual) -> None:
    if row.retried:
        raise BadRequest("该任务已重试")
    now = datetime.now().replace(microsecond=0)
    if row.job == MAIL:
        message = await db.get(AlarmMail, row.ref_id) if row.ref_id else None
        if message is None:
            raise BadRequest("邮件已不存在")
        message.attempts, message.next_try = 0, now
    else:
        await jobs.defer(SWEEP)
    row.retried, row.retry_time = 1, now
    await db.flush()
