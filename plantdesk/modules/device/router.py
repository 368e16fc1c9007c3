"""/api/device-management: device models (library, components, template points), devices and their parts, data
points, data-point sources, alarm settings and collect groups, Excel import/export with import logs, and the
operation log. (`datapoints-monitor/*` and `telemetry` belong to the monitor sub-package.)

Conventions (BladeX): paging `current`/`size` answers `records`/`total`; `remove` takes `ids=1,2` in the query
or a form; `save` inserts (with an `id` it updates, as `update` does). Every route acts in the caller's tenant,
or for the platform administrator in the one named by `tenantId`. The verbs come from core.crud; the rules
behind them, and every query, from the service.
"""

from typing import Annotated

from fastapi import APIRouter, Body, File, Path, Query, Request, UploadFile

from plantdesk.core import excel, language, permissions
from plantdesk.core.audit_models import ApiLog
from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, add_verbs, crud_router, get_or_raise, page_of, parse_ids
from plantdesk.core.deps import TOKEN_IN_LINK, IdQuery, OptionalId, Rt, TenantDb, form_or_query, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BusinessError
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.device import io, service
from plantdesk.modules.device.models import (
    CollectGroup,
    DataPoint,
    DataPointAlarm,
    DataPointSource,
    Device,
    DeviceComponent,
    EquipmentModel,
    ImportLog,
    ModelComponent,
    ModelPoint,
)
from plantdesk.modules.device.schemas import (
    AlarmRead,
    AlarmWrite,
    CollectRead,
    CollectWrite,
    ComponentRead,
    ComponentWrite,
    CopyModel,
    CopyProcess,
    DataPointRead,
    DataPointWrite,
    DeviceComponentRead,
    DeviceComponentWrite,
    DeviceRead,
    DeviceTreeNode,
    DeviceWrite,
    ImportErrorRead,
    ImportLogRead,
    ImportStarted,
    ModelPointRead,
    ModelPointWrite,
    ModelRead,
    ModelWrite,
    SourceRead,
    SourceWrite,
)
from plantdesk.modules.log import service as log_service
from plantdesk.modules.log.schemas import ApiLogRead, LogFilter

PREFIX = "/device-management"
Keyword = Annotated[str, Query(max_length=100)]
Stem = Annotated[str, Path(min_length=1, max_length=100, pattern=r"^[^/\\:*?\"<>|\x00-\x1f]+$")]

# Menu codes (docs/decisions.md "Permission codes"): a resource's verbs need `<menu>`/`<menu>_view`, `_add`,
# `_edit`, `_delete` (core.crud); the other routes need the menu's other buttons.
ModelExport, ModelImport, ModelCopy = need("model_export"), need("model_import"), need("model_copy")
DeviceView, DeviceExport, DeviceImport = (need("device_device", "device_device_view"), need("device_device_export"),
                                          need("device_device_import"))
PointView, PointEdit = need("datapoint", "datapoint_view"), need("datapoint_edit")
PointExport, PointImport = need("datapoint_export"), need("datapoint_import")
LogView = need("importExportManagement", "importExportManagement_view")
LogDownload = need("importExportManagement_download", "importExportManagement_view")
OplogView = need("log_api", "log_api_view", "device_device", "device_device_view", "datapoint", "datapoint_view")


# --- device-model-lib ------------------------------------------------------------------------------------------

MODEL = Resource(
    name="model", model=EquipmentModel, read=ModelRead, write=ModelWrite,
    filters={"code": EquipmentModel.code, "name": EquipmentModel.name, "category": EquipmentModel.category,
             "manufacturer": EquipmentModel.manufacturer},
    exact={"parentId": EquipmentModel.parent_id}, order=(EquipmentModel.sort, EquipmentModel.code, EquipmentModel.id),
    save=service.save_model, remove=service.remove_models,
    reads=lambda db, rows, _cache: service.model_reads(db, rows))

models = crud_router(MODEL, f"{PREFIX}/device-model-lib", tags=["device-model-lib"], ops=("list", "page"),
                     names={"list": "model_list", "page": "model_page"},
                     docs={"list": "Filters: code, name, category, manufacturer (contains), parentId."})


@models.get("/search", response_model=R[list[ModelRead]])
async def model_search(db: TenantDb, keyword: Keyword = "", user: Identity = need(*MODEL.codes("view"))):
    """Models whose code, name, category or manufacturer contains `keyword` (at most 100)."""
    return ok(await service.search_models(db, keyword))


add_verbs(models, MODEL, ("detail", "save", "update", "remove"),
          names={"detail": "model_detail", "save": "model_save", "update": "model_update", "remove": "model_remove"},
          docs={"remove": "Refused while a device uses one of the models; removes their components and template "
                          "points too."})


@models.post("/copy-model", response_model=R[ModelRead])
async def model_copy(db: TenantDb, body: Annotated[CopyModel, Body()], user: Identity = ModelCopy):
    """A new model with the source's components and template points; code defaults to `<code>-COPY`."""
    copy = await service.copy_model(db, body.id, code=body.code, name=body.name)
    return ok((await service.model_reads(db, [copy]))[0])


@models.post("/copy-process", response_model=R[int])
async def model_copy_process(db: TenantDb, body: Annotated[CopyProcess, Body()], user: Identity = ModelCopy):
    """Append the source model's components and template points to the target model; answers the number of
    points copied (codes the target already has are skipped)."""
    return ok(await service.copy_process(db, body.source_id, body.target_id))


@models.get("/export-model", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def model_export(request: Request, db: TenantDb, rt: Rt, user: Identity = ModelExport):
    """`ids` (optional) or the list filters; one row per template point."""
    rows = await service.export_rows(db, MODEL.listing, request.query_params, user=user, cache=rt.cache)
    return excel.download(await io.export_models(db, rows), "device-models.xlsx")


@models.get("/export-template", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def model_template(user: Identity = ModelImport):
    return excel.download(io.template("model"), "device-model-template.xlsx")


@models.post("/import-model", response_model=R[ImportStarted])
async def model_import(db: TenantDb, rt: Rt, file: Annotated[UploadFile, File()], user: Identity = ModelImport):
    """Starts the import job; poll import-log/detail (or oplog/import-datapoint-status) with the answered id."""
    return ok(await service.start_import(db, rt.jobs, "model", file))


# --- device-model-component ------------------------------------------------------------------------------------

MODEL_COMPONENT = Resource(name="model", model=ModelComponent, read=ComponentRead, write=ComponentWrite,
                           save=service.save_component, remove=service.remove_components)
components = APIRouter(prefix=f"{PREFIX}/device-model-component", tags=["device-model-component"])


@components.get("/list", response_model=R[list[ComponentRead]])
async def component_list(db: TenantDb, model_id: Annotated[int | None, Query(alias="modelId", ge=1, lt=2**63)] = None,
                         user: Identity = need(*MODEL.codes("view"))):
    return ok(await service.model_components(db, model_id))


add_verbs(components, MODEL_COMPONENT, ("detail", "save", "update", "remove"),
          names={"detail": "component_detail", "save": "component_save", "update": "component_update",
                 "remove": "component_remove"},
          docs={"remove": "Template points of a removed component stay in the model, without a component."})


# --- device-model-data-points ----------------------------------------------------------------------------------

TEMPLATE = Resource(name="model", model=ModelPoint, read=ModelPointRead, write=ModelPointWrite,
                    filters={"code": ModelPoint.code, "name": ModelPoint.name, "linkId": ModelPoint.link_id,
                             "componentId": ModelPoint.component_id},
                    order=(ModelPoint.sort, ModelPoint.id), save=service.save_model_point)
templates = APIRouter(prefix=f"{PREFIX}/device-model-data-points", tags=["device-model-data-points"])


@templates.get("/queryByLinkId", response_model=R[list[ModelPointRead]])
async def template_by_model(db: TenantDb, link_id: Annotated[int, Query(alias="linkId", ge=1, lt=2**63)],
                            user: Identity = need(*MODEL.codes("view"))):
    """The template points of model `linkId`."""
    return ok(await service.model_points(db, link_id))


add_verbs(templates, TEMPLATE, ("list", "detail", "save", "update", "remove"),
          names={"list": "template_list", "detail": "template_detail", "save": "template_save",
                 "update": "template_update", "remove": "template_remove"},
          docs={"list": "Filters: linkId, componentId, code, name.",
                "remove": "Device points copied from a removed template stay with their devices."})


# --- device ----------------------------------------------------------------------------------------------------

DEVICE = Resource(
    name="device_device", model=Device, read=DeviceRead, write=DeviceWrite,
    filters={"code": Device.code, "name": Device.name, "deviceName": Device.name, "category": Device.category,
             "line": Device.line, "area": Device.area, "location": Device.location,
             "manufacturer": Device.manufacturer},
    exact={"modelId": Device.model_id, "deptId": Device.dept_id, "status": Device.status},
    sorts={"code": Device.code, "name": Device.name, "create_time": Device.create_time, "sort": Device.sort},
    order=(Device.sort, Device.code, Device.id),
    save=service.save_device, remove=service.remove_devices, reads=service.device_reads,
    data_scope=True)  # by the device's department (dept_id): docs/decisions.md "Plant data scopes"
devices = crud_router(
    DEVICE, f"{PREFIX}/device", tags=["device"], ops=("list", "page", "detail", "save", "update", "remove"),
    names={"list": "device_list", "page": "device_page", "detail": "device_detail", "save": "device_save",
           "update": "device_update", "remove": "device_remove"},
    docs={"list": "Filters: code, name (or deviceName), category, line, area, location, manufacturer (contains); "
                  "modelId,\ndeptId, status (exact).",
          "save": "With `modelId`, the model's components and template points are copied to the new device; "
                  "`dataPoints`\noverride copies by code (unit, range, address, collect group, deadband, ...) or add "
                  "points.",
          "remove": "Removes the devices with their components, data points and alarm settings."})


@devices.get("/searchByDeviceName", response_model=R[list[DeviceRead]])
async def device_search(db: TenantDb, rt: Rt,
                        device_name: Annotated[str, Query(alias="deviceName", max_length=100)] = "",
                        user: Identity = DeviceView):
    """Devices whose name or code contains `deviceName` (at most 100)."""
    return ok(await service.search_devices(db, device_name, rt.cache, await _visible(db, rt, user)))


@devices.get("/department", response_model=R[list[DeviceTreeNode]])
async def device_department(db: TenantDb, rt: Rt, user: Identity = DeviceView):
    """Organisation view: the department tree with each department's devices as leaves (type dept / device)."""
    return ok(await service.department_tree(db, await _visible(db, rt, user)))


@devices.get("/framework", response_model=R[list[DeviceTreeNode]])
async def device_framework(db: TenantDb, rt: Rt, user: Identity = DeviceView):
    """Framework view: the model tree (families by parentId) with each model's devices (type model / device);
    devices without a model come last under 无模型 (titleEn No model)."""
    return ok(await service.framework_tree(db, await _visible(db, rt, user)))


async def _visible(db, rt, user: Identity) -> service.Visible:
    """The ledger's data scope, for its views beside the list."""
    clause = await DEVICE.listing.scope_clause(db=db, user=user, cache=rt.cache)
    return () if clause is None else (clause,)


@devices.get("/parts", response_model=R[list[DeviceTreeNode]])
async def device_parts(db: TenantDb, device_id: Annotated[int, Query(alias="deviceId", ge=1, lt=2**63)],
                       user: Identity = DeviceView):
    """The device's components as a tree, each with its data points as leaves (type component / point)."""
    return ok(await service.parts_tree(db, device_id))


@devices.get("/export-device", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def device_export(request: Request, db: TenantDb, rt: Rt, user: Identity = DeviceExport):
    """`ids` (optional) or the list filters."""
    rows = await service.export_rows(db, DEVICE.listing, request.query_params, user=user, cache=rt.cache)
    return excel.download(await io.export_devices(db, rows), "devices.xlsx")


@devices.get("/export-template", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def device_template(user: Identity = DeviceImport):
    return excel.download(io.template("device"), "device-template.xlsx")


@devices.post("/import-device", response_model=R[ImportStarted])
async def device_import(db: TenantDb, rt: Rt, file: Annotated[UploadFile, File()], user: Identity = DeviceImport):
    """Starts the import job: a row whose code exists updates that device, a new code creates one (from its
    model code, copying the model's points). Poll import-log/detail with the answered id."""
    return ok(await service.start_import(db, rt.jobs, "device", file))


# --- components (a device's parts) ------------------------------------------------------------------------------

DEVICE_COMPONENT = Resource(
    name="device_device", model=DeviceComponent, read=DeviceComponentRead, write=DeviceComponentWrite,
    filters={"code": DeviceComponent.code, "name": DeviceComponent.name}, order=(DeviceComponent.sort,),
    statement=service.narrow_device_components, before_save=service.check_device_component,
    before_remove=service.free_device_components)
device_components = crud_router(DEVICE_COMPONENT, f"{PREFIX}/components", tags=["components"])


# --- datapoints --------------------------------------------------------------------------------------------------

POINT = Resource(
    name="datapoint", model=DataPoint, read=DataPointRead, write=DataPointWrite,
    filters={"code": DataPoint.code, "name": DataPoint.name, "unit": DataPoint.unit, "address": DataPoint.address,
             "pointClass": DataPoint.point_class},
    exact={"deviceId": DataPoint.device_id, "componentId": DataPoint.component_id,
           "collectGroupId": DataPoint.collect_group_id, "dataType": DataPoint.data_type},
    order=(DataPoint.device_id, DataPoint.sort, DataPoint.code, DataPoint.id), statement=service.narrow_points,
    save=service.save_point, remove=service.remove_points, reads=lambda db, rows, _cache: service.point_reads(db, rows))
points = crud_router(
    POINT, f"{PREFIX}/datapoints", tags=["datapoints"], ops=("list",), names={"list": "point_list"},
    docs={"list": "Filters: deviceId, componentId, collectGroupId, dataType (exact); code, name, unit, address, "
                  "pointClass\n(contains); keyword (point code/name or device code/name)."})


@points.get("/search", response_model=R[Page[DataPointRead]])
async def point_search(request: Request, db: TenantDb, rt: Rt, paging: Paging, user: Identity = PointView):
    """As list; `keyword` matches the point's code or name or its device's code or name."""
    return ok(await page_of(POINT, db, request, paging, user=user, cache=rt.cache))


add_verbs(points, POINT, ("detail", "save", "update", "remove"),
          names={"detail": "point_detail", "save": "point_save", "update": "point_update", "remove": "point_remove"},
          docs={"save": "A point added to device `deviceId` (with an `id`: an update).",
                "update": "Override a device's point: code, name, unit, data type, scale/offset, range, address, "
                          "collect group,\ndeadband, store flag. A point stays with its device."})


@points.get("/export-datapoints", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def point_export(request: Request, db: TenantDb, rt: Rt, user: Identity = PointExport):
    """`ids` (optional) or the list filters."""
    keyword = request.query_params.get("keyword")
    rows = await service.export_rows(db, POINT.listing, request.query_params,
                                     lambda stmt: service.point_keyword(stmt, keyword), user=user, cache=rt.cache)
    return excel.download(await io.export_points(db, rows), "datapoints.xlsx")


@points.get("/export-template", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def point_template(user: Identity = PointImport):
    return excel.download(io.template("datapoint"), "datapoint-template.xlsx")


@points.post("/import-datapoints", response_model=R[ImportStarted])
async def point_import(db: TenantDb, rt: Rt, file: Annotated[UploadFile, File()], user: Identity = PointImport):
    """Starts the import job: rows are (deviceCode, point code, ...); an existing point of the device is updated,
    a new code is added. A device code that does not exist becomes a device (named by its code) when the user
    also holds the device ledger's add authority; otherwise its rows are refused naming it. Poll
    oplog/import-datapoint-status or import-log/detail with the answered id."""
    adds = user.is_administrator or not (await permissions.codes_for(user, db=db, cache=rt.cache)).isdisjoint(
        DEVICE.codes("add"))
    return ok(await service.start_import(db, rt.jobs, "datapoint", file, create_devices=adds))


# --- data-point-source -------------------------------------------------------------------------------------------

SOURCE = Resource(name="datapoint", model=DataPointSource, read=SourceRead, write=SourceWrite,
                  filters={"code": DataPointSource.code, "name": DataPointSource.name},
                  order=(DataPointSource.type, DataPointSource.code), statement=service.narrow_sources,
                  before_save=service.check_source)
sources = crud_router(SOURCE, f"{PREFIX}/data-point-source", tags=["data-point-source"])
add_verbs(sources, SOURCE, ("page",), names={"page": "source_page"},
          docs={"page": "The sources of `type` (all types without it), paged: the list's pipeline."})


# --- datapoints-collects ------------------------------------------------------------------------------------------

COLLECT = Resource(name="datapoint", model=CollectGroup, read=CollectRead, write=CollectWrite,
                   filters={"code": CollectGroup.code, "name": CollectGroup.name, "protocol": CollectGroup.protocol},
                   order=(CollectGroup.code,), before_save=service.check_group, before_remove=service.free_groups)
collects = crud_router(COLLECT, f"{PREFIX}/datapoints-collects", tags=["datapoints-collects"])


# --- datapoints-alarm ---------------------------------------------------------------------------------------------

ALARM = Resource(name="datapoint", model=DataPointAlarm, read=AlarmRead, write=AlarmWrite,
                 exact={"pointId": DataPointAlarm.point_id}, order=(DataPointAlarm.id.desc(),),
                 statement=service.narrow_alarms, save=service.save_alarm)
alarms = crud_router(ALARM, f"{PREFIX}/datapoints-alarm", tags=["datapoints-alarm"], ops=("list",),
                     names={"list": "alarm_list"}, docs={"list": "Filters: pointId, deviceId, switchFlag."})


@alarms.get("/detail", response_model=R[AlarmRead | None])
async def alarm_detail(db: TenantDb, id: OptionalId = None,
                       point_id: Annotated[int | None, Query(alias="pointId", ge=1, lt=2**63)] = None,
                       user: Identity = PointView):
    """By `id`, or by `pointId` (a point without settings answers null)."""
    if id is not None:
        return ok(await get_or_raise(db, DataPointAlarm, id))
    if point_id is None:
        raise BusinessError("缺少必要的请求参数: id")
    return ok(await service.alarm_of_point(db, point_id))


add_verbs(alarms, ALARM, ("submit",), names={"submit": "alarm_submit"},
          docs={"submit": "One settings row per point (a submit for a point that has one updates it). Limits must "
                          "be ordered\nlowLow ≤ low ≤ high ≤ highHigh."})


@alarms.post("/switch", response_model=R[int])
async def alarm_switch(request: Request, db: TenantDb, user: Identity = PointEdit):
    """Turn the alarm of points `ids` (or `pointId`) on (`switchFlag=1`) or off (0); answers how many."""
    raw = await form_or_query(request, "ids") or await form_or_query(request, "pointId")
    flag = await form_or_query(request, "switchFlag")
    if flag not in ("0", "1"):
        raise BusinessError("switchFlag 须为 0 或 1")
    return ok(await service.switch_alarms(db, parse_ids(raw), int(flag)))


add_verbs(alarms, ALARM, ("remove",), names={"remove": "alarm_remove"})


# --- import-log --------------------------------------------------------------------------------------------------

logs = APIRouter(prefix=f"{PREFIX}/import-log", tags=["import-log"])


@logs.get("/page", response_model=R[Page[ImportLogRead]])
async def import_log_page(request: Request, db: TenantDb, paging: Paging, user: Identity = LogView):
    """Filters: type (device, datapoint, model), state (0 queued, 1 running, 2 done, 3 failed), fileName."""
    return ok(await service.import_log_page(db, request.query_params, paging))


@logs.get("/search", response_model=R[Page[ImportLogRead]])
async def import_log_search(request: Request, db: TenantDb, paging: Paging, user: Identity = LogView):
    """As page; `keyword` matches the file name."""
    return ok(await service.import_log_page(db, request.query_params, paging, keyword=True))


@logs.get("/detail", response_model=R[ImportLogRead])
async def import_log_detail(db: TenantDb, id: IdQuery, user: Identity = LogView):
    """One import with its progress (percent), counts and state: what the console polls."""
    return ok(await get_or_raise(db, ImportLog, id))


@logs.get("/download", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def import_log_download(db: TenantDb, file_url: Annotated[str, Query(alias="fileUrl", min_length=1,
                                                                            max_length=500)],
                              user: Identity = LogDownload):
    """The uploaded file of an import, by the log's `fileUrl`."""
    return excel.download(*await service.import_file(db, file_url))


@logs.get("/err-page/{id}", response_model=R[Page[ImportErrorRead]])
async def import_log_errors(db: TenantDb, paging: Paging, id: Annotated[int, Path(ge=1, lt=2**63)],
                            user: Identity = LogView):
    """The rejected rows of import `id`: row number (as in the file, header = 1), cells (JSON) and reason."""
    return ok(await service.rejected_page(db, id, paging))


@logs.get("/err-export/{id}", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def import_log_error_export(request: Request, db: TenantDb, id: Annotated[int, Path(ge=1, lt=2**63)],
                                  user: Identity = LogDownload):
    """The rejected rows of import `id` as a sheet: the row's cells plus its row number and reason, in the
    request's language (Accept-Language; Chinese by default)."""
    return excel.download(*await service.rejected_sheet(db, id, language.language(request)))


# --- oplog ---------------------------------------------------------------------------------------------------------

oplog = APIRouter(prefix=f"{PREFIX}/oplog", tags=["oplog"])


@oplog.get("/page", response_model=R[Page[ApiLogRead]])
async def oplog_page(request: Request, db: TenantDb, paging: Paging, user: Identity = OplogView):
    """The device-management operation log: the API log rows of /api/device-management/... calls, newest
    first; filters as the API log (requestUri, method, createBy, logStartTime, logEndTime)."""
    return ok(await service.oplog_page(db, request.query_params, paging))


@oplog.get("/import-datapoint-status", response_model=R[ImportLogRead | None])
async def oplog_import_status(db: TenantDb, id: OptionalId = None, user: Identity = PointView):
    """The state and progress of data-point import `id`, or of the latest one (null when there was none)."""
    return ok(await service.import_status(db, id))


@oplog.post("/export/{x}", response_model=None, responses=excel.XLSX_RESPONSE)
async def oplog_export(db: TenantDb, x: Stem, body: Annotated[LogFilter | None, Body()] = None,
                       user: Identity = need("log_api_export", "device_device_export", "datapoint_export")):
    """The operation log as `<x>.xlsx` (at most 10 000 rows, newest first), filtered as oplog/page (JSON body)."""
    params = {} if body is None else {k: v for k, v in body.model_dump(by_alias=True, exclude_none=True).items()
                                      if v != ""}
    rows = await log_service.export_rows(db, ApiLog, ApiLogRead, params, uri_prefix=log_service.DEVICE_MANAGEMENT)
    return excel.download(excel.workbook_bytes(log_service.COLUMNS[ApiLog], rows), f"{x}.xlsx")


router = APIRouter()
include(router, models, components, templates, devices, device_components, points, sources, collects, alarms,
        logs, oplog)
