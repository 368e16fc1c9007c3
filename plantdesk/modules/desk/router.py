"""/api/blade-desk/notice (notices, via core.crud), /api/blade-desk/live (the console's live channel, core.live)
and /api/system/systemNotice (the header bell)."""

from typing import Annotated

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import StreamingResponse

from plantdesk.core import live, responses
from plantdesk.core.context import Identity
from plantdesk.core.crud import crud_router, request_ids
from plantdesk.core.deps import CurrentUser, Db, Rt, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import ServiceUnavailable
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.core.security import revocation
from plantdesk.modules.desk import service
from plantdesk.modules.desk.schemas import NoticeRead, NoticeWrite, SystemNoticeRead

NOTICE = service.NOTICE
notice_router = crud_router(NOTICE, "/blade-desk/notice", ops=("list", "detail", "remove"), tags=["notice"])


@notice_router.post("/submit", response_model=R[NoticeRead])
async def submit_notice(db: Db, body: Annotated[NoticeWrite, Body()],
                        user: Identity = need(*NOTICE.codes("submit"))):
    """Insert or update; releaseTime defaults to now, and a new notice rings every tenant user's bell."""
    return ok(await service.submit_notice(db, body))


bell_router = APIRouter(prefix="/system/systemNotice", tags=["systemNotice"])


# The bell polls these every few seconds: an unchanged poll is a 304 after one generation lookup. They open their
# unit of work themselves, only on a miss: the `Db` dependency would cost every 304 more than the lookup.

@bell_router.get("/page", response_model=R[Page[SystemNoticeRead]])
@responses.cached(service.BELL)
async def page(rt: Rt, user: CurrentUser, paging: Paging,
               all_: Annotated[bool, Query(alias="all")] = False):
    """The caller's unread notifications, newest first; `all=true` adds the read ones after them."""
    async with rt.unit_of_work(user) as db:
        return ok(await service.my_notifications(db, user, paging, include_read=all_))


@bell_router.get("/realTimeNotice", response_model=R[int])
@responses.cached(service.BELL)
async def real_time_notice(rt: Rt, user: CurrentUser):
    """How many unread notifications the caller has (the bell's red dot)."""
    async with rt.unit_of_work(user) as db:
        return ok(await service.unread_count(db, user))


@bell_router.post("/updateStatus", response_model=R[int])
async def update_status(request: Request, db: Db, user: CurrentUser):
    """Marks the given notifications read; only the caller's own rows change. Answers how many did."""
    return ok(await service.mark_read(db, user, await request_ids(request)))


live_router = APIRouter(prefix="/blade-desk", tags=["live"])
LIVE_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}  # nginx would buffer the stream


@live_router.get("/live", response_class=StreamingResponse,
                 responses={200: {"content": {"text/event-stream": {}}, "description": "Server-Sent Events"}})
async def live_channel(rt: Rt, user: CurrentUser,
                       topic: Annotated[list[str], Query(max_length=40_000)] = []):  # noqa: B006 (FastAPI copies it)
    """The console's one server-push stream: `topic=name` or `topic=name:key1,key2` (the points on screen), one
    per topic. Sends `open` (the topics granted and refused), then each topic's events as they happen, and
    `resync` when events were lost; ends when the token expires or is revoked (the console reconnects)."""
    if not await live.hub().wait_up(1.0):
        raise ServiceUnavailable
    asked = live.parse_topics(topic)
    async with rt.unit_of_work(user) as db:
        sub, refused = await live.open_subscription(user, asked, db=db, cache=rt.cache)

    async def still_valid() -> bool:
        return not await revocation.is_revoked(rt.cache, rt.sessions, user.session_id)

    events = live.stream(sub, topics=sorted(sub.topics), refused=refused,
                         expires_at=float(user.claims.get("exp") or 0) or float("inf"), still_valid=still_valid)
    return StreamingResponse(events, media_type="text/event-stream", headers=LIVE_HEADERS)


router = APIRouter()
include(router, notice_router, bell_router, live_router)
