"""/api/blade-desk/home: the plant home's summary (one read for every card) and the caller's card layout."""

from typing import Annotated

from fastapi import APIRouter, Body

from plantdesk.core.deps import CurrentUser, Db, Rt
from plantdesk.core.envelope import R, ok
from plantdesk.modules.home import service
from plantdesk.modules.home.schemas import HomeLayoutRead, HomeLayoutWrite, HomeSummary

router = APIRouter(prefix="/blade-desk/home", tags=["home"])


@router.get("/summary", response_model=R[HomeSummary])
async def summary(db: Db, rt: Rt, user: CurrentUser):
    """The plant at a glance for the caller: `devices` (by state), `trend` (key points, 24 h), `alarms` (open by
    level, newest), `production` (today's OEE, batches), `tasks` (to do, to claim), `admin` (administrative
    counters, administrators only); a section the caller may not read is null, `sections` names the rest."""
    return ok(await service.summary(db, user, rt.cache))


@router.get("/layout", response_model=R[HomeLayoutRead])
async def layout(db: Db, user: CurrentUser):
    """The caller's home cards in order (hidden ones flagged): their own, or their role's default."""
    return ok(await service.layout(db, user))


@router.post("/layout", response_model=R[HomeLayoutRead])
async def save_layout(db: Db, user: CurrentUser, body: Annotated[HomeLayoutWrite, Body()]):
    """Keeps the caller's card order and hidden cards; `cards: []` goes back to the role's default."""
    return ok(await service.save_layout(db, user, body))
