"""/api/blade-log/{usual,api,error,system}: lists, details and Excel exports of the audit logs (the device-management
operation log lives in the device module). Logs are tenant-scoped; the platform
administrator may pass `tenantId` in the query or the body (core.deps.TenantDb).

`export/{x}`: `x` is the file name stem; the file is `<x>.xlsx` (at most 10 000 rows, newest first).
"""

from typing import Annotated

from fastapi import APIRouter, Body, Path, Request

from plantdesk.core import excel
from plantdesk.core.audit_models import ApiLog, ErrorLog, SystemLog, UsualLog
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise
from plantdesk.core.deps import TOKEN_IN_LINK, IdQuery, TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.log import service
from plantdesk.modules.log.schemas import ApiLogRead, ErrorLogRead, LogFilter, SystemLogRead, UsualLogRead

Stem = Annotated[str, Path(min_length=1, max_length=100, pattern=r"^[^/\\:*?\"<>|\x00-\x1f]+$")]

logs = APIRouter(prefix="/blade-log", tags=["log"])


def _views(code: str):
    return need(code, f"{code}_view")


UsualView, ApiView, ErrorView = _views("log_usual"), _views("log_api"), _views("log_error")
SystemView = _views("log_system")


@logs.get("/usual/list", response_model=R[Page[UsualLogRead]])
async def usual_list(request: Request, db: TenantDb, paging: Paging, user: Identity = UsualView):
    """Filters: serviceId, serverHost, logStartTime, logEndTime (also requestUri, logLevel)."""
    return ok(await service.page(db, UsualLog, request.query_params, paging))


@logs.post("/usual/page", response_model=R[Page[UsualLogRead]])
async def usual_page(request: Request, db: TenantDb, paging: Paging, body: Annotated[LogFilter | None, Body()] = None,
                     user: Identity = UsualView):
    """Paging in the query, filters in the JSON body."""
    params = _body_params(body)
    return ok(await service.page(db, UsualLog, params, paging))


@logs.get("/api/list", response_model=R[Page[ApiLogRead]])
async def api_list(request: Request, db: TenantDb, paging: Paging, user: Identity = ApiView):
    return ok(await service.page(db, ApiLog, request.query_params, paging))


@logs.get("/error/list", response_model=R[Page[ErrorLogRead]])
async def error_list(request: Request, db: TenantDb, paging: Paging, user: Identity = ErrorView):
    return ok(await service.page(db, ErrorLog, request.query_params, paging))


@logs.get("/usual/detail", response_model=R[UsualLogRead])
async def usual_detail(db: TenantDb, id: IdQuery, user: Identity = UsualView):
    return ok(await get_or_raise(db, UsualLog, id))


@logs.get("/api/detail", response_model=R[ApiLogRead])
async def api_detail(db: TenantDb, id: IdQuery, user: Identity = ApiView):
    return ok(await get_or_raise(db, ApiLog, id))


@logs.get("/error/detail", response_model=R[ErrorLogRead])
async def error_detail(db: TenantDb, id: IdQuery, user: Identity = ErrorView):
    return ok(await get_or_raise(db, ErrorLog, id))


@logs.post("/usual/export/{x}", response_model=None, responses=excel.XLSX_RESPONSE)
async def usual_export(request: Request, db: TenantDb, x: Stem, body: Annotated[LogFilter | None, Body()] = None,
                       user: Identity = need("log_usual_export")):
    """Filters in the JSON body, as usual/page."""
    params = _body_params(body)
    rows = await service.export_rows(db, UsualLog, UsualLogRead, params)
    return excel.download(excel.workbook_bytes(service.COLUMNS[UsualLog], rows), f"{x}.xlsx")


@logs.get("/api/export/{x}", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def api_export(request: Request, db: TenantDb, x: Stem, user: Identity = need("log_api_export")):
    """Filters in the query, as api/list."""
    rows = await service.export_rows(db, ApiLog, ApiLogRead, request.query_params)
    return excel.download(excel.workbook_bytes(service.COLUMNS[ApiLog], rows), f"{x}.xlsx")


@logs.get("/error/export/{x}", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def error_export(request: Request, db: TenantDb, x: Stem, user: Identity = need("log_error_export")):
    rows = await service.export_rows(db, ErrorLog, ErrorLogRead, request.query_params)
    return excel.download(excel.workbook_bytes(service.COLUMNS[ErrorLog], rows), f"{x}.xlsx")


@logs.get("/system/list", response_model=R[Page[SystemLogRead]])
async def system_list(request: Request, db: TenantDb, paging: Paging, user: Identity = SystemView):
    """The server's own events (core.system_log). Filters: level, source, event (equal), text (in the message,
    event or detail), logStartTime, logEndTime (also createTime_datege / _datele, serverHost)."""
    return ok(await service.page(db, SystemLog, request.query_params, paging))


@logs.get("/system/detail", response_model=R[SystemLogRead])
async def system_detail(db: TenantDb, id: IdQuery, user: Identity = SystemView):
    return ok(await get_or_raise(db, SystemLog, id))


@logs.get("/system/export/{x}", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def system_export(request: Request, db: TenantDb, x: Stem, user: Identity = need("log_system_export")):
    """Filters in the query, as system/list."""
    rows = await service.export_rows(db, SystemLog, SystemLogRead, request.query_params)
    return excel.download(excel.workbook_bytes(service.COLUMNS[SystemLog], rows), f"{x}.xlsx")


router = APIRouter()
include(router, logs)


def _body_params(body: LogFilter | None) -> dict[str, str]:
    if body is None:
        return {}
    return {k: v for k, v in body.model_dump(by_alias=True, exclude_none=True).items() if v != ""}
