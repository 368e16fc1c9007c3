"""/api/warning/alarm/manager: warning indicators (index), the per-event alarm metrics, publishing warning records
by mode (day, week, month) and the analysis of the alarms by period (analyse) with the published records
(analyse/page). Every route acts in the caller's tenant."""

from datetime import datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Body, Query, Request

from plantdesk.core import query
from plantdesk.core.context import Identity
from plantdesk.core.crud import mark_deleted, parse_ids
from plantdesk.core.deps import TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BadRequest
from plantdesk.core.paging import Page, Paging
from plantdesk.modules.warning import service
from plantdesk.modules.warning.models import WarningIndicator
from plantdesk.modules.warning.schemas import Analysis, EventMetrics, IndicatorRead, IndicatorWrite, RecordRead

View = need("warnIndicators", "warnIndicators_view", "warnManagement", "warnManagement_view")
Add, Edit, Delete = need("warnIndicators_add"), need("warnIndicators_edit"), need("warnIndicators_delete")
Publish = need("warnManagement_publish")
StartTime = Annotated[str, Query(alias="startTime", max_length=19)]
EndTime = Annotated[str, Query(alias="endTime", max_length=19)]
LevelId = Annotated[int | None, Query(alias="levelId", ge=1, lt=2**63)]
GroupId = Annotated[int | None, Query(alias="groupId", ge=1, lt=2**63)]
DeviceId = Annotated[int | None, Query(alias="deviceId", ge=1, lt=2**63)]
EventId = Annotated[int | None, Query(alias="eventId", ge=1, lt=2**63)]

router = APIRouter(prefix="/warning/alarm/manager", tags=["warning-manager"])


def _scope(level_id: int | None, group_id: int | None, device_id: int | None, event_id: int | None) -> service.Scope:
    return service.Scope(level_id, group_id, device_id, event_id)


def _range(start: str, end: str, days: int) -> tuple[datetime, datetime]:
    """`startTime` / `endTime` (dates or date-times); by default the `days` up to the end of today."""
    stop = query.parse_date(end, "endTime") if end else \
        datetime.now().replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
    if end and len(end) <= 10:  # a date: to the end of that day
        stop += timedelta(days=1)
    return (query.parse_date(start, "startTime") if start else stop - timedelta(days=days)), stop


# --- indicators -----------------------------------------------------------------------------------------------

@router.get("/index/page", response_model=R[Page[IndicatorRead]])
async def index_page(request: Request, db: TenantDb, paging: Paging, user: Identity = View):
    """Filters: name (contains), measure, period, enabled, levelId, groupId, deviceId, eventId."""
    page = await service.INDICATORS.page(db, service.INDICATORS.select(request.query_params), paging)
    page["records"] = await service.indicator_reads(db, page["records"])
    return ok(page)


@router.post("/index", response_model=R[IndicatorRead])
async def index_add(db: TenantDb, body: Annotated[IndicatorWrite, Body()], user: Identity = Add):
    body.id = None
    return ok((await service.indicator_reads(db, [await service.save_indicator(db, body)]))[0], "新增成功")


@router.put("/index", response_model=R[IndicatorRead])
async def index_update(db: TenantDb, body: Annotated[IndicatorWrite, Body()], user: Identity = Edit):
    if body.id is None:
        raise BadRequest("缺少必要的请求参数: id")
    return ok((await service.indicator_reads(db, [await service.save_indicator(db, body)]))[0], "更新成功")


@router.delete("/index", response_model=R[bool])
async def index_delete(db: TenantDb, id: Annotated[str, Query(max_length=4000)] = "", user: Identity = Delete):
    """Remove indicators (`id`, comma-separated for several); their published records stay."""
    await mark_deleted(db, WarningIndicator, WarningIndicator.id.in_(parse_ids(id)))
    return ok(True, "删除成功")


# --- metrics, publishing, analysis ----------------------------------------------------------------------------

@router.get("/alarmMetrics/page", response_model=R[Page[EventMetrics]])
async def alarm_metrics_page(db: TenantDb, paging: Paging, start: StartTime = "", end: EndTime = "",
                             level_id: LevelId = None, group_id: GroupId = None, device_id: DeviceId = None,
                             event_id: EventId = None, user: Identity = View):
    """Per event, its alarms raised in startTime … endTime (default: the last 7 days), most first: count, still
    open, unconfirmed, mean minutes to confirm and to clear, total minutes open."""
    rows = await service.metrics(db, *_range(start, end, 7), _scope(level_id, group_id, device_id, event_id))
    total = len(rows)
    return ok({"records": rows[paging.offset:paging.offset + paging.size], "total": total, "size": paging.size,
               "current": paging.current, "pages": -(-total // paging.size)})


@router.post("/publish/{mode}", response_model=R[list[RecordRead]])
async def publish(db: TenantDb, mode: str, date: Annotated[str, Query(max_length=19)] = "",
                  user: Identity = Publish):
    """Publish every enabled indicator of `mode` (day, week, month) for the period holding `date` (by default the
    last complete one): one record each, replacing that period's earlier record."""
    moment = query.parse_date(date, "date") if date else None
    records = await service.publish(db, service.check_mode(mode), moment, user.user_id)
    return ok([service.record_read(r) for r in records], service.PUBLISHED)


@router.get("/analyse", response_model=R[Analysis])
async def analyse(db: TenantDb, mode: Annotated[str, Query(max_length=8)] = "day",
                  start: StartTime = "", end: EndTime = "", level_id: LevelId = None, group_id: GroupId = None,
                  device_id: DeviceId = None, event_id: EventId = None, user: Identity = View):
    """Alarms per period of `mode` over startTime … endTime (default: 14 days, 12 weeks or 12 months): counts,
    cleared, confirmed, mean minutes to confirm and clear, published records that warned; top devices and
    events; count by level."""
    days = {"day": 14, "week": 84, "month": 365}.get(mode, 14)
    return ok(await service.analyse(db, mode, *_range(start, end, days),
                                    _scope(level_id, group_id, device_id, event_id)))


@router.get("/analyse/page", response_model=R[Page[RecordRead]])
async def analyse_page(request: Request, db: TenantDb, paging: Paging, user: Identity = View):
    """Published warning records, newest period first. Filters: name, indicatorId, mode, measure, warned (1, 0),
    periodStart_datege / periodStart_datele."""
    page = await service.RECORDS.page(db, service.RECORDS.select(request.query_params), paging)
    page["records"] = [service.record_read(r) for r in page["records"]]
    return ok(page)

