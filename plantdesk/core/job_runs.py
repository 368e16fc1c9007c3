"""What the operator sees of the jobs (the scheduled-jobs screen): each run the engine started, when, how it was
triggered (its schedule or an operator's "run now"), how it ended and the error it failed with; and the jobs an
operator paused, whose scheduled runs are skipped until resumed (an operator's "run now" still runs them).

Rows belong to no tenant (a job that runs in each tenant is one run, its error naming the tenants that failed),
so they live in core beside the engine that writes them. Each job keeps its newest KEEP runs: a job that runs
every ten seconds must not grow the table for ever.
"""

import traceback
from datetime import UTC, datetime

from sqlalchemy import BigInteger, Boolean, DateTime, Index, String, Text, delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import Base, IdMixin

KEEP = 20
ERROR_CHARS = 4000
RUNNING, SUCCEEDED, FAILED = "running", "succeeded", "failed"
SCHEDULE, MANUAL = "schedule", "manual"


class JobRun(IdMixin, Base):
    __tablename__ = "plantdesk_job_run"
    __table_args__ = (Index("ix_plantdesk_job_run_job", "job", "id"),)

    job: Mapped[str] = mapped_column(String(128))
    trigger: Mapped[str] = mapped_column(String(16))  # schedule, manual
    status: Mapped[str] = mapped_column(String(16))  # running, succeeded, failed
    host: Mapped[str] = mapped_column(String(128))  # the process that ran it (host:pid)
    started_at: Mapped[datetime] = mapped_column(DateTime)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime)
    duration_ms: Mapped[int | None] = mapped_column(BigInteger)
    error: Mapped[str | None] = mapped_column(Text)


class JobPause(Base):
    __tablename__ = "plantdesk_job_pause"

    job: Mapped[str] = mapped_column(String(128), primary_key=True)
    paused: Mapped[bool] = mapped_column(Boolean)
    changed_at: Mapped[datetime] = mapped_column(DateTime)
    changed_by: Mapped[str] = mapped_column(String(64))


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


async def begin(session: AsyncSession, job: str, trigger: str, host: str) -> int:
    run = JobRun(job=job, trigger=trigger, status=RUNNING, host=host, started_at=now())
    session.add(run)
    await session.flush()
    return run.id


async def end(session: AsyncSession, run_id: int, error: BaseException | None) -> None:
    run = await session.get(JobRun, run_id)
    if run is None:
        return
    run.finished_at = now()
    run.duration_ms = int((run.finished_at - run.started_at).total_seconds() * 1000)
    run.status = FAILED if error is not None else SUCCEEDED
    if error is not None:
        run.error = "".join(traceback.format_exception_only(error)).strip()[:ERROR_CHARS]
    kept = select(JobRun.id).where(JobRun.job == run.job).order_by(JobRun.id.desc()).limit(KEEP)
    await session.execute(delete(JobRun).where(JobRun.job == run.job, JobRun.id.not_in(kept.scalar_subquery())))


async def is_paused(session: AsyncSession, job: str) -> bool:
    return bool(await session.scalar(select(JobPause.paused).where(JobPause.job == job)))


async def paused(session: AsyncSession) -> set[str]:
    return set((await session.execute(select(JobPause.job).where(JobPause.paused))).scalars())


async def set_paused(session: AsyncSession, job: str, value: bool, by: str) -> None:
    row = await session.get(JobPause, job)
    if row is None:
        session.add(JobPause(job=job, paused=value, changed_at=now(), changed_by=by))
    else:
        row.paused, row.changed_at, row.changed_by = value, now(), by
    await session.flush()
