"""/api/blade-monitor: the scheduled jobs (list with their last runs, run now, pause, resume) and the server's
state, for platform administrators only. Online users are the auth area's `/api/blade-auth/session/list` and
`session/kick`."""

from typing import Annotated

from fastapi import APIRouter, Query

from plantdesk.core import job_runs
from plantdesk.core.context import Identity
from plantdesk.core.deps import Db, Rt, administrator_only
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import ServiceUnavailable
from plantdesk.core.jobs import Jobs
from plantdesk.core.runtime import Runtime
from plantdesk.modules.monitor import service
from plantdesk.modules.monitor.schemas import JobRead, ServerState

router = APIRouter(prefix="/blade-monitor", tags=["monitor"])
JobName = Annotated[str, Query(min_length=1, max_length=128)]
NO_ENGINE = "任务引擎未启动"


def _engine(rt: Runtime) -> Jobs:
    if rt.jobs is None:
        raise ServiceUnavailable(NO_ENGINE)
    return rt.jobs


@router.get("/job/list", response_model=R[list[JobRead]])
async def job_list(db: Db, rt: Rt, user: Identity = administrator_only()):
    """Each schedule in force with its scope, whether paused, its newest runs (errors included) and failures."""
    return ok(await service.job_list(db, _engine(rt)))


@router.post("/job/run", response_model=R[int])
async def job_run(rt: Rt, name: JobName, user: Identity = administrator_only()):
    """Queue one run now (paused or not); answers the queued job's id."""
    engine = _engine(rt)
    return ok(await engine.defer(service.known(engine, name)))


@router.post("/job/pause", response_model=R[bool])
async def job_pause(db: Db, rt: Rt, name: JobName, user: Identity = administrator_only()):
    """Its scheduled runs are skipped until resumed (every process reads the pause from the database)."""
    await job_runs.set_paused(db, service.known(_engine(rt), name), True, user.account)
    return ok(True)


@router.post("/job/resume", response_model=R[bool])
async def job_resume(db: Db, rt: Rt, name: JobName, user: Identity = administrator_only()):
    await job_runs.set_paused(db, service.known(_engine(rt), name), False, user.account)
    return ok(True)


@router.get("/server/state", response_model=R[ServerState])
async def server_state(db: Db, rt: Rt, user: Identity = administrator_only()):
    """Host (CPU, load, memory, disk of the data directory), this process, the database and its pool, Redis,
    the job queue, the collectors' sources by state and the open live streams."""
    return ok(await service.server_state(db, rt))
