"""/api/alarm tracking: sourcegroup (third-party sources by system), metrics on their tables, timelydetect (the
schedule metrics are checked on), relationdata, and the per-source census, timely and event views.

`publish/{sourceId}/{tableName}/{timeColumn}` publishes a table of a source for tracking, with the date or time
column that stamps its rows; `cancel/{sourceId}/{tableName}` withdraws it. Published tables are what the census
and timely views count and what `relationdata/getTable/{id}` lists; metrics may use any table of the source.
Every route acts in the caller's tenant; a source, metric or table of another tenant is not found.
"""

from typing import Annotated

from fastapi import APIRouter, Body, Path, Query, Request

from plantdesk.core import excel
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise, parse_ids, request_ids
from plantdesk.core.deps import TOKEN_IN_LINK, IdQuery, Rt, TenantDb, authorize, form_or_query, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BadRequest
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.alarm import service as alarms
from plantdesk.modules.alarm.schemas import ResultRead
from plantdesk.modules.alarm.tracking import remote, service
from plantdesk.modules.alarm.tracking.models import AlarmMetric, AlarmSource
from plantdesk.modules.alarm.tracking.schemas import (
    NAME,
    AlarmSourceNode,
    AlarmSourceRead,
    AlarmSourceWrite,
    Category,
    CheckResult,
    ColumnInfo,
    MetricOption,
    MetricRead,
    MetricWrite,
    PublishedTable,
    ServerInfo,
    SourceCensus,
    SourceData,
    SourceTimely,
    TableInfo,
    TimelyRead,
    TimelyWrite,
)

PREFIX = "/alarm"
View = need("tracking", "tracking_view")
Add, Edit, Delete = need("tracking_add"), need("tracking_edit"), need("tracking_delete")
SourceId = Annotated[int, Query(alias="sourceId", ge=1, lt=2**63)]
TableName = Annotated[str, Query(alias="tableName", min_length=1, max_length=NAME)]
METRICS = Listing(AlarmMetric, filters={"name": AlarmMetric.name, "tableName": AlarmMetric.table_name},
                  exact={"sourceId": AlarmMetric.source_id, "levelId": AlarmMetric.level_id,
                         "enabled": AlarmMetric.enabled},
                  order=(AlarmMetric.create_time.desc(), AlarmMetric.id.desc()))


# --- source groups --------------------------------------------------------------------------------------------

sources = APIRouter(prefix=f"{PREFIX}/sourcegroup", tags=["alarm-sourcegroup"])


@sources.get("/tree", response_model=R[list[AlarmSourceNode]])
async def source_tree(db: TenantDb, user: Identity = View):
    """The systems MES, OA, QMS and SCADA, each with its sources."""
    return ok(await service.tree(db))


@sources.post("/save", response_model=R[AlarmSourceRead])
async def source_save(db: TenantDb, rt: Rt, body: Annotated[AlarmSourceWrite, Body()], user: Identity = Add):
    body.id = None
    return ok(service.source_read(await service.save_source(db, rt.settings, body)))


@sources.post("/update", response_model=R[AlarmSourceRead])
async def source_update(db: TenantDb, rt: Rt, body: Annotated[AlarmSourceWrite, Body()], user: Identity = Edit):
    """A blank password keeps the stored one."""
    if body.id is None:
        raise BadRequest("缺少必要的请求参数: id")
    return ok(service.source_read(await service.save_source(db, rt.settings, body)))


@sources.post("/delete/{id}", response_model=R[bool])
async def source_delete(db: TenantDb, id: Annotated[int, Path(ge=1, lt=2**63)], user: Identity = Delete):
    """Refused while metrics use the source."""
    await service.remove_source(db, id)
    return ok(True)


@sources.post("/server", response_model=R[ServerInfo])
async def source_server(db: TenantDb, rt: Rt, body: Annotated[AlarmSourceWrite, Body()], user: Identity = View):
    """Connect with the form's settings (a saved source's password when the form leaves it blank) and answer the
    server's version and the number of tables: the connection test."""
    return ok(await service.server(rt.settings, await service.target_of(db, rt.settings, body)))


@sources.get("/tableInfo", response_model=R[list[TableInfo]])
async def source_tables(db: TenantDb, rt: Rt, source_id: SourceId, user: Identity = View):
    """The source's tables and views, with whether each is published and its time column."""
    return ok(await service.table_info(db, rt.settings, source_id))


@sources.get("/tableColumnInfo", response_model=R[list[ColumnInfo]])
async def source_columns(db: TenantDb, rt: Rt, source_id: SourceId, table_name: TableName, user: Identity = View):
    return ok(await service.column_info(db, rt.settings, source_id, table_name))


@sources.get("/sourceData", response_model=R[SourceData])
async def source_data(db: TenantDb, rt: Rt, source_id: SourceId, table_name: TableName,
                      current: Annotated[int, Query(ge=1, le=100_000)] = 1,
                      size: Annotated[int, Query(ge=1, le=200)] = 10, user: Identity = View):
    """A page of the table's rows, newest first when the table is published."""
    return ok(await service.source_data(db, rt.settings, source_id, table_name, current, size))


@sources.post("/publish/{sourceId}/{tableName}/{timeColumn}", response_model=R[PublishedTable])
async def source_publish(db: TenantDb, rt: Rt, source_id: Annotated[int, Path(alias="sourceId", ge=1, lt=2**63)],
                         table_name: Annotated[str, Path(alias="tableName", max_length=NAME)],
                         time_column: Annotated[str, Path(alias="timeColumn", max_length=NAME)],
                         user: Identity = Edit):
    """Publish table `tableName` of source `sourceId` for tracking, its rows stamped by `timeColumn`."""
    return ok(await service.publish(db, rt.settings, source_id, table_name, time_column))


@sources.post("/cancel/{sourceId}/{tableName}", response_model=R[bool])
async def source_cancel(db: TenantDb, source_id: Annotated[int, Path(alias="sourceId", ge=1, lt=2**63)],
                        table_name: Annotated[str, Path(alias="tableName", max_length=NAME)], user: Identity = Edit):
    """Withdraw a published table."""
    await service.cancel(db, source_id, table_name)
    return ok(True)


@sources.get("/export", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def source_export(db: TenantDb, user: Identity = View):
    """The tenant's sources as 告警追踪数据源.xlsx (never a password)."""
    rows = await service.export_rows(db)
    return excel.download(excel.workbook_bytes(service.EXPORT_COLS, rows, sheet="sources"), "告警追踪数据源.xlsx")


# --- metrics --------------------------------------------------------------------------------------------------

metrics = APIRouter(prefix=f"{PREFIX}/metrics", tags=["alarm-metrics"])


@metrics.get("/list", response_model=R[Page[MetricRead]])
async def metric_list(request: Request, db: TenantDb, paging: Paging, user: Identity = View):
    """Filters: name, tableName (contains), sourceId, levelId, enabled."""
    page = await METRICS.page(db, METRICS.select(request.query_params), paging)
    page["records"] = await service.metric_reads(db, page["records"])
    return ok(page)


@metrics.get("/tables", response_model=R[list[TableInfo]])
async def metric_tables(db: TenantDb, rt: Rt, source_id: SourceId, user: Identity = View):
    return ok(await service.table_info(db, rt.settings, source_id))


@metrics.get("/columns", response_model=R[list[ColumnInfo]])
async def metric_columns(db: TenantDb, rt: Rt, source_id: SourceId, table_name: TableName, user: Identity = View):
    return ok(await service.column_info(db, rt.settings, source_id, table_name))


@metrics.post("/submit", response_model=R[MetricRead])
async def metric_submit(request: Request, db: TenantDb, rt: Rt, body: Annotated[MetricWrite, Body()],
                        user: Identity = View):
    """Add (no id) or change a metric; its table and columns must be the source's own and one measurement
    must work."""
    await authorize(request, user, ("tracking_edit",) if body.id is not None else ("tracking_add",), db=db,
                    cache=rt.cache)
    return ok((await service.metric_reads(db, [await service.save_metric(db, rt.settings, body)]))[0])


@metrics.get("/detail", response_model=R[MetricRead])
async def metric_detail(db: TenantDb, id: IdQuery, user: Identity = View):
    return ok((await service.metric_reads(db, [await get_or_raise(db, AlarmMetric, id)]))[0])


@metrics.post("/remove", response_model=R[bool])
async def metric_remove(request: Request, db: TenantDb, user: Identity = Delete):
    await service.remove_metrics(db, await request_ids(request))
    return ok(True)


@metrics.get("/search", response_model=R[list[MetricOption]])
async def metric_search(db: TenantDb, name: Annotated[str, Query(max_length=100)] = "",
                        source_id: Annotated[int | None, Query(alias="sourceId", ge=1, lt=2**63)] = None,
                        user: Identity = View):
    """Metrics whose name contains `name` (at most 50), for a select."""
    return ok(await service.search_metrics(db, name, source_id))


# --- timely detection ----------------------------------------------------------------------------------------

detection = APIRouter(prefix=f"{PREFIX}/timelydetect", tags=["alarm-timelydetect"])


@detection.get("/detail", response_model=R[TimelyRead])
async def timely_detail(db: TenantDb, user: Identity = View):
    return ok(await service.timely(db))


@detection.post("/submit", response_model=R[TimelyRead])
async def timely_submit(db: TenantDb, body: Annotated[TimelyWrite, Body()], user: Identity = Edit):
    """Whether metrics are checked, every how many seconds, and how old a published table's newest row may be."""
    return ok(await service.save_timely(db, body))


@detection.get("/isEnabled", response_model=R[bool])
async def timely_enabled(db: TenantDb, user: Identity = View):
    return ok(bool((await service.timely(db)).enabled))


@detection.post("/check", response_model=R[list[CheckResult]])
async def timely_check(request: Request, db: TenantDb, rt: Rt, user: Identity = View):
    """Check the metrics now (the chosen `ids`, or every enabled one), as the schedule does."""
    ids = parse_ids(await form_or_query(request, "ids"), required=False)
    return ok(await service.check(db, rt.settings, ids or None))


# --- relation data and the per-source views -------------------------------------------------------------------

relation = APIRouter(prefix=f"{PREFIX}/relationdata", tags=["alarm-relationdata"])


@relation.get("/getAllCategory", response_model=R[list[Category]])
async def relation_categories(db: TenantDb, user: Identity = View):
    """The source systems, each with its sources."""
    rows = await service.sources(db)
    return ok([{"system": s, "sources": [service.source_read(r) for r in rows if r.system == s]}
               for s in remote.SYSTEMS])


@relation.get("/getTable/{id}", response_model=R[list[PublishedTable]])
async def relation_tables(db: TenantDb, id: Annotated[int, Path(ge=1, lt=2**63)], user: Identity = View):
    """The published tables of source `id`."""
    await get_or_raise(db, AlarmSource, id)
    return ok(await service.published(db, id))


views = APIRouter(prefix=PREFIX, tags=["alarm-tracking-views"])


@views.get("/sourcecensus", response_model=R[SourceCensus])
async def source_census(db: TenantDb, rt: Rt, source_id: SourceId, user: Identity = View):
    return ok(await service.census(db, rt.settings, source_id))


@views.get("/sourcetimely", response_model=R[SourceTimely])
async def source_timely(db: TenantDb, rt: Rt, source_id: SourceId, user: Identity = View):
    return ok(await service.timely_view(db, rt.settings, source_id))


@views.get("/sourceevent", response_model=R[Page[ResultRead]])
async def source_event(request: Request, db: TenantDb, rt: Rt, paging: Paging, source_id: SourceId,
                       user: Identity = View):
    """The alarm results of the source's metrics, newest first (the results' filters, sorts and data scope apply);
    another tenant's source has none here."""
    stmt = service.source_events(alarms.results_statement(request.query_params), source_id)
    page = await alarms.RESULTS.page(db, stmt, paging, user=user, cache=rt.cache)
    page["records"] = await alarms.result_reads(db, page["records"])
    return ok(page)


router = APIRouter()
include(router, sources, metrics, detection, relation, views)
