"""/api/device-management: monitor data reads (datapoints-monitor/realtime, aggregate, page, export, status,
settings), telemetry ingest, and per-device ingest tokens.

Times in queries are epoch ms or "yyyy-MM-dd HH:mm:ss" (server time); in answers epoch ms plus `time`.
"""

from typing import Annotated, Literal

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import Response
from pydantic import Field

from plantdesk.core import excel, tenancy
from plantdesk.core.context import Identity
from plantdesk.core.crud import parse_ids, request_ids
from plantdesk.core.deps import TOKEN_IN_LINK, Rt, TenantDb, admin_only, authorize, need, optional_identity
from plantdesk.core.envelope import R, Schema, ok, status
from plantdesk.core.errors import BadRequest, Unauthorized
from plantdesk.core.paging import Page
from plantdesk.core.routing import include
from plantdesk.modules.device.collect.http import sources as http_sources
from plantdesk.modules.device.monitor import ingest, retention, service
from plantdesk.modules.device.monitor.models import DeviceToken
from plantdesk.modules.device.monitor.schemas import (
    AggregateAnswer,
    DeviceStatus,
    HistoryRow,
    IngestAnswer,
    RealtimeValue,
    TokenCreate,
    TokenCreated,
    TokenRead,
)
from plantdesk.modules.device.monitor.store import MAX_BUCKETS, now_ms

# Menu and button codes (device/seeds.py): the device ledger, the monitor-data and overview
# screens read; `device_device_ingest` writes telemetry; `device_device_token` manages ingest tokens.
VIEW = need("monitordata", "monitordata_view", "device_device", "device_device_view", "datapoint",
            "datapoint_view", "overview")
EXPORT = need("monitordata_export")
INGEST_CODES = ("device_device_ingest",)  # checked in the handler: the route also takes device tokens
TOKENS = need("device_device_token")
HOUR_MS = 3_600_000

IdList = Annotated[str | None, Query(max_length=40_000, description="comma-separated ids")]
TimeParam = Annotated[str | None, Query(max_length=32, description="epoch ms or yyyy-MM-dd HH:mm:ss")]

monitor = APIRouter(prefix="/device-management/datapoints-monitor", tags=["device-monitor"])


async def _refs(db, device_id: str | None, point_ids: str | None) -> list[service.PointRef]:
    devices, ids = parse_ids(device_id, required=False), parse_ids(point_ids, required=False)
    if not devices and not ids:
        raise BadRequest("请指定设备 (deviceId) 或点位 (pointIds)")
    return await service.points(db, device_ids=devices, point_ids=ids)


def _span(start_time: str | None, end_time: str | None) -> tuple[int, int]:
    end = service.parse_time(end_time, default=now_ms())
    start = service.parse_time(start_time, default=end - HOUR_MS)
    if end <= start:
        raise BadRequest("结束时间须晚于开始时间")
    return start, end


@monitor.get("/realtime", response_model=R[list[RealtimeValue]])
async def realtime(db: TenantDb, device_id: Annotated[str | None, Query(alias="deviceId", max_length=40_000)] = None,
                   point_ids: Annotated[IdList, Query(alias="pointIds")] = None, user: Identity = VIEW):
    """Latest value, time, quality and `stale` per point of the devices (`deviceId`, comma-separated) and/or
    the points (`pointIds`); a point with no value yet answers value null and stale true."""
    return ok(await service.realtime(db, await _refs(db, device_id, point_ids)))


@monitor.get("/aggregate", response_model=R[AggregateAnswer])
async def aggregate(
    db: TenantDb,
    start_time: Annotated[TimeParam, Query(alias="startTime")] = None,
    end_time: Annotated[TimeParam, Query(alias="endTime")] = None,
    point_ids: Annotated[IdList, Query(alias="pointIds")] = None,
    device_id: Annotated[str | None, Query(alias="deviceId", max_length=40_000)] = None,
    buckets: Annotated[int, Query(ge=1, le=MAX_BUCKETS)] = 500,
    interval: Annotated[int | None, Query(ge=1000, le=366 * 86_400_000, description="bucket width, ms")] = None,
    source: Literal["auto", "raw", "1m", "1h"] = "auto",
    user: Identity = VIEW,
):
    """min/max/avg/last/count per bucket of [startTime, endTime) (default: the last hour). `source` auto reads
    raw rows up to 6 h, 1-minute rollups up to 7 days, hourly rollups beyond; empty buckets are left out."""
    start, end = _span(start_time, end_time)
    refs = await _refs(db, device_id, point_ids)
    return ok(await service.aggregate(db, refs, start, end, buckets=buckets, interval=interval, source=source))


@monitor.get("/page", response_model=R[Page[HistoryRow]])
async def page(
    db: TenantDb,
    point_id: Annotated[int, Query(alias="pointId", ge=1, lt=2**63)],
    start_time: Annotated[TimeParam, Query(alias="startTime")] = None,
    end_time: Annotated[TimeParam, Query(alias="endTime")] = None,
    current: Annotated[int, Query(ge=1, le=10_000_000)] = 1,
    size: Annotated[int, Query(ge=1, le=1000)] = 10,
    order: Literal["asc", "desc"] = "desc",
    user: Identity = VIEW,
):
    """Raw history of one point, newest first unless `order=asc`."""
    start, end = _span(start_time, end_time)
    refs = await service.points(db, point_ids=[point_id])
    if not refs:
        raise BadRequest("点位不存在")
    return ok(await service.history_page(db, refs[0], start, end, current=current, size=size,
                                         descending=order == "desc"))


@monitor.get("/export", response_model=None, responses=excel.XLSX_RESPONSE | {200: {"content": {
    excel.XLSX: {}, "text/csv": {}}, "description": "xlsx or csv file"}}, dependencies=[TOKEN_IN_LINK])
async def export(
    db: TenantDb,
    start_time: Annotated[TimeParam, Query(alias="startTime")] = None,
    end_time: Annotated[TimeParam, Query(alias="endTime")] = None,
    point_ids: Annotated[IdList, Query(alias="pointIds")] = None,
    device_id: Annotated[str | None, Query(alias="deviceId", max_length=40_000)] = None,
    format: Literal["xlsx", "csv"] = "xlsx",
    user: Identity = EXPORT,
):
    """Raw rows of the points over the range, as an Excel sheet or CSV (UTF-8 with BOM)."""
    start, end = _span(start_time, end_time)
    rows = await service.export_rows(db, await _refs(db, device_id, point_ids), start, end)
    if format == "csv":
        return Response(service.csv_bytes(rows), media_type="text/csv; charset=utf-8", headers={
            "Content-Disposition": "attachment; filename*=UTF-8''monitor-data.csv", "Cache-Control": "no-store"})
    return excel.download(excel.workbook_bytes(service.EXPORT_COLUMNS, rows, sheet="监测数据"), "监测数据.xlsx")


@monitor.get("/status", response_model=R[list[DeviceStatus]])
async def device_status(db: TenantDb, rt: Rt, device_ids: Annotated[IdList, Query(alias="deviceIds")] = None,
                        user: Identity = VIEW):
    """online / offline / fault per device, from data freshness and the collectors' word (service.device_status);
    every device of the tenant when `deviceIds` is not given (the ledger's badges)."""
    ids = parse_ids(device_ids, required=False) or await service.device_ids(db)
    found = await service.device_status(db, ids, rt.cache)
    return ok([{"device_id": d, **entry} for d, entry in found.items()])


class MonitorSettings(Schema):
    retention_days: int = Field(ge=0, le=36_500)  # 0: raw data kept for ever


@monitor.get("/settings", response_model=R[MonitorSettings])
async def get_settings(db: TenantDb, user: Identity = VIEW):
    return ok({"retention_days": await retention.retention_days(db)})


@monitor.post("/settings", response_model=R[None])
async def save_settings(db: TenantDb, body: MonitorSettings, user: Identity = admin_only()):
    await retention.set_retention_days(db, body.retention_days)
    return status(True)


telemetry = APIRouter(prefix="/device-management", tags=["device-monitor"])

ENTRY = {"type": "object", "required": ["deviceCode", "values"], "properties": {
    "deviceCode": {"type": "string"},
    "ts": {"type": "integer", "description": "epoch ms; default: when received"},
    "values": {"type": "object", "additionalProperties": {"oneOf": [
        {"type": "number"}, {"type": "boolean"}, {"type": "string"}]}},
}}
TELEGRAF = {"type": "object", "properties": {"metrics": {"type": "array", "items": {"type": "object", "properties": {
    "name": {"type": "string"}, "tags": {"type": "object"}, "fields": {"type": "object"},
    "timestamp": {"type": "integer", "description": "epoch s (or ms, µs, ns)"}}}}}}
TELEMETRY_BODY = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": {"oneOf": [ENTRY, {"type": "array", "items": ENTRY}, TELEGRAF]}},
    "text/csv": {"schema": {"type": "string", "description": "rows deviceCode,pointCode,ts,value (header optional)"}},
    "text/plain": {"schema": {"type": "string", "description": "InfluxDB line protocol (measurement or `device` "
                                                                "tag = device code, fields = point codes), or CSV"}},
}}}


@telemetry.post("/telemetry", response_model=R[IngestAnswer], openapi_extra=TELEMETRY_BODY)
async def post_telemetry(request: Request, rt: Rt,
                         precision: Annotated[str | None, Query(max_length=8, description=(
                             "the line protocol's timestamp unit: ns (default), us, ms, s, m, h"))] = None):
    """Write values: a JSON object `{deviceCode, ts?, values: {pointCode: value}}`, a JSON array of them,
    `text/csv` rows `deviceCode,pointCode,ts,value`, the InfluxDB line protocol (`text/plain`, as Telegraf and
    Node-RED send it; `precision` as InfluxDB's) or Telegraf's JSON (`{"metrics": [...]}`); `Content-Encoding:
    gzip` bodies too. Times: epoch s, ms, µs or ns, or ISO-8601. Authenticated by a user token with the ingest
    permission (`blade-auth`) or a device token (`X-Device-Token: pdt_…` or `Authorization: Bearer pdt_…`), which
    writes its own device only. The answer counts accepted and rejected values (`reasons`: every rejection by
    reason) and lists why each one was rejected (the first 1,000)."""
    content_type = request.headers.get("content-type", "application/json").lower()
    device_token = request.headers.get("x-device-token") or _bearer(request.headers.get("authorization"))
    body = await request.body()
    user = None if device_token else await optional_identity(request)
    if not device_token and user is None:
        raise Unauthorized("缺失令牌,鉴权失败")
    body = ingest.inflate(body, request.headers.get("content-encoding"))
    for attempt in range(1, RETRIES + 1):
        try:
            if device_token:
                async with rt.unit_of_work(None) as db:
                    caller = await ingest.token_caller(db, device_token)
                    tenancy.bind(db, tenancy.Scope(caller.tenant_id))
                    answer = await ingest.ingest(db, caller, body, content_type, precision)
            else:
                assert user is not None
                async with rt.unit_of_work(user) as db:
                    await authorize(request, user, INGEST_CODES, db=db, cache=rt.cache)
                    caller = ingest.Caller(user.tenant_id, user.user_id)
                    answer = await ingest.ingest(db, caller, body, content_type, precision)
        except Exception as exc:
            # Two batches merging late rows into the same rollup buckets can deadlock on PostgreSQL; the database
            # aborts one, which is then written again from the start.
            if attempt == RETRIES or _sqlstate(exc) not in RETRY_STATES:
                raise
            continue
        await http_sources.record(rt.cache, caller.tenant_id, answer)  # committed: the HTTP sources' counters
        return ok(answer.wire())
    raise AssertionError("unreachable")


RETRIES, RETRY_STATES = 3, {"40P01", "40001"}  # deadlock detected, serialization failure


def _sqlstate(exc: BaseException) -> str | None:
    return getattr(exc, "sqlstate", None) or getattr(getattr(exc, "orig", None), "sqlstate", None)


def _bearer(header: str | None) -> str | None:
    if header and header[:7].lower() == "bearer " and header[7:].strip().startswith(ingest.TOKEN_PREFIX):
        return header[7:].strip()
    return None


tokens = APIRouter(prefix="/device-management/device-token", tags=["device-monitor"])


def _token_row(row: DeviceToken) -> dict:
    return {"id": row.id, "device_id": row.device_id, "name": row.name, "prefix": row.prefix,
            "create_time": row.create_time, "last_used_time": row.last_used_time, "revoke_time": row.revoke_time,
            "revoked": row.revoke_time is not None}


@tokens.post("/create", response_model=R[TokenCreated])
async def create_token(db: TenantDb, body: Annotated[TokenCreate, Body()], user: Identity = TOKENS):
    """A new ingest token for one device. The answer's `token` is the only time it is shown."""
    row, token = await ingest.create_token(db, body.device_id, body.name, user.user_id)
    return ok(_token_row(row) | {"token": token})


@tokens.get("/list", response_model=R[list[TokenRead]])
async def list_tokens(db: TenantDb, device_id: Annotated[int, Query(alias="deviceId", ge=1, lt=2**63)],
                      user: Identity = TOKENS):
    return ok([_token_row(r) for r in await ingest.device_tokens(db, device_id)])


@tokens.post("/revoke", response_model=R[None])
async def revoke_token(request: Request, db: TenantDb, user: Identity = TOKENS):
    """`ids` (comma-separated, query or form): revoked tokens are refused from the next request on."""
    ids = await request_ids(request)
    return status(await ingest.revoke_tokens(db, ids) > 0)


router = APIRouter()
include(router, monitor, telemetry, tokens)
