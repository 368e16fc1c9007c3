"""/api/device-management: device models (library, components, template points), devices and their parts, data
points, data-point sources, alarm settings and collect groups, Excel import/export with import logs, and the
operation log. (`datapoints-monitor/*` and `telemetry` belong to the monitor sub-package.)

Conventions (BladeX): paging `current`/`size` answers `records`/`total`; `remove` takes `ids=1,2` in the query
or a form; `save` inserts (with an `id` it updates, as `update` does). Every route acts in the caller's tenant,
or for the platform administrator in the one named by `tenantId`.
"""

from typing import Annotated

from fastapi import APIRouter, Body, File, Path, Query, Request, UploadFile
from sqlalchemy import Select, inspect, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import excel, query, tenancy
from plantdesk.core.audit_models import ApiLog
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, crud_router, get_or_raise, mark_deleted, parse_ids, request_ids
from plantdesk.core.deps import TOKEN_IN_LINK, IdQuery, OptionalId, Rt, TenantDb, form_or_query, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BusinessError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, Paging, paginate
from plantdesk.core.query import to_int
from plantdesk.core.routing import include
from plantdesk.core.runtime import settings_of
from plantdesk.modules.device import io, service
from plantdesk.modules.device.collect import connection, specs
from plantdesk.modules.device.models import (
    CollectGroup,
    DataPoint,
    DataPointAlarm,
    DataPointSource,
    Device,
    DeviceComponent,
    EquipmentModel,
    ImportErrorRow,
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


def _codes(menu: str):
    view = (menu, f"{menu}_view")
    return {"view": need(*view), "add": need(f"{menu}_add"), "edit": need(f"{menu}_edit"),
            "save": need(f"{menu}_add", f"{menu}_edit"), "delete": need(f"{menu}_delete"),
            "import": need(f"{menu}_import"), "export": need(f"{menu}_export")}


MODEL, DEVICE, POINT = _codes("model"), _codes("device_device"), _codes("datapoint")
ModelCopy = need("model_copy")
LogView = need("importExportManagement", "importExportManagement_view")
LogDownload = need("importExportManagement_download", "importExportManagement_view")
OplogView = need("log_api", "log_api_view", "device_device", "device_device_view", "datapoint", "datapoint_view")


# --- device-model-lib ------------------------------------------------------------------------------------------

models = APIRouter(prefix=f"{PREFIX}/device-model-lib", tags=["device-model-lib"])
MODELS = Listing(EquipmentModel, filters={
    "code": EquipmentModel.code, "name": EquipmentModel.name, "category": EquipmentModel.category,
    "manufacturer": EquipmentModel.manufacturer}, exact={"parentId": EquipmentModel.parent_id},
    order=(EquipmentModel.sort, EquipmentModel.code, EquipmentModel.id))


async def _model_page(db: AsyncSession, request: Request, paging) -> dict:
    page = await MODELS.page(db, MODELS.select(request.query_params), paging)
    page["records"] = await service.model_reads(db, page["records"])
    return page


@models.get("/list", response_model=R[Page[ModelRead]])
async def model_list(request: Request, db: TenantDb, paging: Paging, user: Identity = MODEL["view"]):
    """Filters: code, name, category, manufacturer (contains), parentId."""
    return ok(await _model_page(db, request, paging))


@models.get("/page", response_model=R[Page[ModelRead]])
async def model_page(request: Request, db: TenantDb, paging: Paging, user: Identity = MODEL["view"]):
    return ok(await _model_page(db, request, paging))


@models.get("/search", response_model=R[list[ModelRead]])
async def model_search(db: TenantDb, keyword: Keyword = "", user: Identity = MODEL["view"]):
    """Models whose code, name, category or manufacturer contains `keyword` (at most 100)."""
    stmt = select(EquipmentModel).order_by(EquipmentModel.code).limit(100)
    clause = query.keyword(keyword, EquipmentModel.code, EquipmentModel.name, EquipmentModel.category,
                           EquipmentModel.manufacturer)
    if clause is not None:
        stmt = stmt.where(clause)
    return ok(await service.model_reads(db, list((await db.execute(stmt)).scalars())))


@models.get("/detail", response_model=R[ModelRead])
async def model_detail(db: TenantDb, id: IdQuery, user: Identity = MODEL["view"]):
    return ok((await service.model_reads(db, [await get_or_raise(db, EquipmentModel, id)]))[0])


@models.post("/save", response_model=R[ModelRead])
async def model_save(db: TenantDb, body: Annotated[ModelWrite, Body()], user: Identity = MODEL["save"]):
    return ok((await service.model_reads(db, [await service.save_model(db, body)]))[0])


@models.post("/update", response_model=R[ModelRead])
async def model_update(db: TenantDb, body: Annotated[ModelWrite, Body()], user: Identity = MODEL["edit"]):
    _need_id(body)
    return ok((await service.model_reads(db, [await service.save_model(db, body)]))[0])


@models.post("/remove", response_model=R[bool])
async def model_remove(request: Request, db: TenantDb, user: Identity = MODEL["delete"]):
    """Refused while a device uses one of the models; removes their components and template points too."""
    await service.remove_models(db, await request_ids(request))
    return ok(True)


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
async def model_export(request: Request, db: TenantDb, user: Identity = MODEL["export"]):
    """`ids` (optional) or the list filters; one row per template point."""
    rows = await MODELS.rows(db, _chosen_or_filtered(MODELS, request), limit=excel.MAX_IMPORT_ROWS)
    return excel.download(await io.export_models(db, rows), "device-models.xlsx")


@models.get("/export-template", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def model_template(user: Identity = MODEL["import"]):
    return excel.download(io.template("model"), "device-model-template.xlsx")


@models.post("/import-model", response_model=R[ImportStarted])
async def model_import(db: TenantDb, rt: Rt, file: Annotated[UploadFile, File()], user: Identity = MODEL["import"]):
    """Starts the import job; poll import-log/detail (or oplog/import-datapoint-status) with the answered id."""
    return ok(await _start_import(db, rt, "model", file))


def _chosen_or_filtered(listing: Listing, request: Request) -> Select:
    """What an export writes: the rows `ids` names, or else those the list's filters find."""
    raw = request.query_params.get("ids")
    return select(listing.model).where(listing.model.id.in_(parse_ids(raw))) if raw else \
        listing.select(request.query_params)


def _need_id(body) -> None:
    if body.id is None:
        raise BusinessError("缺少必要的请求参数: id")


# --- device-model-component ------------------------------------------------------------------------------------

components = APIRouter(prefix=f"{PREFIX}/device-model-component", tags=["device-model-component"])


@components.get("/list", response_model=R[list[ComponentRead]])
async def component_list(db: TenantDb, model_id: Annotated[int | None, Query(alias="modelId", ge=1, lt=2**63)] = None,
                         user: Identity = MODEL["view"]):
    stmt = select(ModelComponent).order_by(ModelComponent.sort, ModelComponent.id).limit(5000)
    if model_id:
        stmt = stmt.where(ModelComponent.model_id == model_id)
    return ok(list((await db.execute(stmt)).scalars()))


@components.get("/detail", response_model=R[ComponentRead])
async def component_detail(db: TenantDb, id: IdQuery, user: Identity = MODEL["view"]):
    return ok(await get_or_raise(db, ModelComponent, id))


@components.post("/save", response_model=R[ComponentRead])
async def component_save(db: TenantDb, body: Annotated[ComponentWrite, Body()], user: Identity = MODEL["save"]):
    return ok(await service.save_component(db, body))


@components.post("/update", response_model=R[ComponentRead])
async def component_update(db: TenantDb, body: Annotated[ComponentWrite, Body()], user: Identity = MODEL["edit"]):
    _need_id(body)
    return ok(await service.save_component(db, body))


@components.post("/remove", response_model=R[bool])
async def component_remove(request: Request, db: TenantDb, user: Identity = MODEL["delete"]):
    """Template points of a removed component stay in the model, without a component."""
    ids = await request_ids(request)
    await mark_deleted(db, ModelComponent, ModelComponent.id.in_(ids))
    await service.clear_component(db, ModelPoint, ids)
    return ok(True)


# --- device-model-data-points ----------------------------------------------------------------------------------

templates = APIRouter(prefix=f"{PREFIX}/device-model-data-points", tags=["device-model-data-points"])


@templates.get("/queryByLinkId", response_model=R[list[ModelPointRead]])
async def template_by_model(db: TenantDb, link_id: Annotated[int, Query(alias="linkId", ge=1, lt=2**63)],
                            user: Identity = MODEL["view"]):
    """The template points of model `linkId`."""
    stmt = select(ModelPoint).where(ModelPoint.link_id == link_id).order_by(ModelPoint.sort, ModelPoint.id)
    return ok(list((await db.execute(stmt)).scalars()))


TEMPLATES = Listing(ModelPoint, filters={"code": ModelPoint.code, "name": ModelPoint.name,
                                         "linkId": ModelPoint.link_id, "componentId": ModelPoint.component_id},
                    order=(ModelPoint.sort, ModelPoint.id))


@templates.get("/list", response_model=R[Page[ModelPointRead]])
async def template_list(request: Request, db: TenantDb, paging: Paging, user: Identity = MODEL["view"]):
    """Filters: linkId, componentId, code, name."""
    return ok(await TEMPLATES.page(db, TEMPLATES.select(request.query_params), paging))


@templates.get("/detail", response_model=R[ModelPointRead])
async def template_detail(db: TenantDb, id: IdQuery, user: Identity = MODEL["view"]):
    return ok(await get_or_raise(db, ModelPoint, id))


@templates.post("/save", response_model=R[ModelPointRead])
async def template_save(db: TenantDb, body: Annotated[ModelPointWrite, Body()], user: Identity = MODEL["save"]):
    return ok(await service.save_model_point(db, body))


@templates.post("/update", response_model=R[ModelPointRead])
async def template_update(db: TenantDb, body: Annotated[ModelPointWrite, Body()], user: Identity = MODEL["edit"]):
    _need_id(body)
    return ok(await service.save_model_point(db, body))


@templates.post("/remove", response_model=R[bool])
async def template_remove(request: Request, db: TenantDb, user: Identity = MODEL["delete"]):
    """Device points copied from a removed template stay with their devices."""
    await mark_deleted(db, ModelPoint, ModelPoint.id.in_(await request_ids(request)))
    return ok(True)


# --- device ----------------------------------------------------------------------------------------------------

devices = APIRouter(prefix=f"{PREFIX}/device", tags=["device"])
DEVICES = Listing(
    Device,
    filters={"code": Device.code, "name": Device.name, "deviceName": Device.name, "category": Device.category,
             "line": Device.line, "area": Device.area, "location": Device.location,
             "manufacturer": Device.manufacturer},
    exact={"modelId": Device.model_id, "deptId": Device.dept_id, "status": Device.status},
    sorts={"code": Device.code, "name": Device.name, "create_time": Device.create_time, "sort": Device.sort},
    order=(Device.sort, Device.code, Device.id))


async def _device_page(db: AsyncSession, cache: Cache, request: Request, paging) -> dict:
    page = await DEVICES.page(db, DEVICES.select(request.query_params), paging)
    page["records"] = await service.device_reads(db, page["records"], cache)
    return page


@devices.get("/list", response_model=R[Page[DeviceRead]])
async def device_list(request: Request, db: TenantDb, rt: Rt, paging: Paging, user: Identity = DEVICE["view"]):
    """Filters: code, name (or deviceName), category, line, area, location, manufacturer (contains); modelId,
    deptId, status (exact)."""
    return ok(await _device_page(db, rt.cache, request, paging))


@devices.get("/page", response_model=R[Page[DeviceRead]])
async def device_page(request: Request, db: TenantDb, rt: Rt, paging: Paging, user: Identity = DEVICE["view"]):
    return ok(await _device_page(db, rt.cache, request, paging))


@devices.get("/detail", response_model=R[DeviceRead])
async def device_detail(db: TenantDb, rt: Rt, id: IdQuery, user: Identity = DEVICE["view"]):
    return ok((await service.device_reads(db, [await get_or_raise(db, Device, id)], rt.cache))[0])


@devices.post("/save", response_model=R[DeviceRead])
async def device_save(db: TenantDb, rt: Rt, body: Annotated[DeviceWrite, Body()], user: Identity = DEVICE["save"]):
    """With `modelId`, the model's components and template points are copied to the new device; `dataPoints`
    override copies by code (unit, range, address, collect group, deadband, ...) or add points."""
    return ok((await service.device_reads(db, [await service.save_device(db, body)], rt.cache))[0])


@devices.post("/update", response_model=R[DeviceRead])
async def device_update(db: TenantDb, rt: Rt, body: Annotated[DeviceWrite, Body()], user: Identity = DEVICE["edit"]):
    _need_id(body)
    return ok((await service.device_reads(db, [await service.save_device(db, body)], rt.cache))[0])


@devices.post("/remove", response_model=R[bool])
async def device_remove(request: Request, db: TenantDb, user: Identity = DEVICE["delete"]):
    """Removes the devices with their components, data points and alarm settings."""
    await service.remove_devices(db, await request_ids(request))
    return ok(True)


@devices.get("/searchByDeviceName", response_model=R[list[DeviceRead]])
async def device_search(db: TenantDb, rt: Rt,
                        device_name: Annotated[str, Query(alias="deviceName", max_length=100)] = "",
                        user: Identity = DEVICE["view"]):
    """Devices whose name or code contains `deviceName` (at most 100)."""
    stmt = select(Device).order_by(Device.sort, Device.code).limit(100)
    clause = query.keyword(device_name, Device.name, Device.code)
    if clause is not None:
        stmt = stmt.where(clause)
    return ok(await service.device_reads(db, list((await db.execute(stmt)).scalars()), rt.cache))


@devices.get("/department", response_model=R[list[DeviceTreeNode]])
async def device_department(db: TenantDb, user: Identity = DEVICE["view"]):
    """Organisation view: the department tree with each department's devices as leaves (type dept / device)."""
    return ok(await service.department_tree(db))


@devices.get("/framework", response_model=R[list[DeviceTreeNode]])
async def device_framework(db: TenantDb, user: Identity = DEVICE["view"]):
    """Framework view: the model tree (families by parentId) with each model's devices (type model / device);
    devices without a model come last under 无模型 (titleEn No model)."""
    return ok(await service.framework_tree(db))


@devices.get("/parts", response_model=R[list[DeviceTreeNode]])
async def device_parts(db: TenantDb, device_id: Annotated[int, Query(alias="deviceId", ge=1, lt=2**63)],
                       user: Identity = DEVICE["view"]):
    """The device's components as a tree, each with its data points as leaves (type component / point)."""
    return ok(await service.parts_tree(db, device_id))


@devices.get("/export-device", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def device_export(request: Request, db: TenantDb, user: Identity = DEVICE["export"]):
    """`ids` (optional) or the list filters."""
    rows = await DEVICES.rows(db, _chosen_or_filtered(DEVICES, request), limit=excel.MAX_IMPORT_ROWS)
    return excel.download(await io.export_devices(db, rows), "devices.xlsx")


@devices.get("/export-template", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def device_template(user: Identity = DEVICE["import"]):
    return excel.download(io.template("device"), "device-template.xlsx")


@devices.post("/import-device", response_model=R[ImportStarted])
async def device_import(db: TenantDb, rt: Rt, file: Annotated[UploadFile, File()], user: Identity = DEVICE["import"]):
    """Starts the import job: a row whose code exists updates that device, a new code creates one (from its
    model code, copying the model's points). Poll import-log/detail with the answered id."""
    return ok(await _start_import(db, rt, "device", file))


# --- components (a device's parts) ------------------------------------------------------------------------------

async def _check_device_component(db: AsyncSession, _user, obj: DeviceComponent, body, created: bool) -> None:
    if not obj.device_id:
        raise BusinessError("请选择设备")
    await get_or_raise(db, Device, obj.device_id)
    if await service.code_taken(db, DeviceComponent, obj.code, None if created else obj.id, device_id=obj.device_id):
        raise BusinessError(f"部件编码已存在: {obj.code}")
    if obj.parent_id:
        parent = await get_or_raise(db, DeviceComponent, obj.parent_id)
        if parent.device_id != obj.device_id or parent.id == obj.id:
            raise BusinessError("上级部件不属于该设备")


async def _remove_device_components(db: AsyncSession, _user, ids: list[int]) -> None:
    await service.clear_component(db, DataPoint, ids)


async def _narrow_components(_db, _user, stmt: Select, request: Request) -> Select:
    device_id = request.query_params.get("deviceId")
    return stmt.where(DeviceComponent.device_id == to_int(device_id, "deviceId")) if device_id else stmt


DEVICE_COMPONENT = Resource(
    name="device_device", model=DeviceComponent, read=DeviceComponentRead, write=DeviceComponentWrite,
    filters={"code": DeviceComponent.code, "name": DeviceComponent.name}, order=(DeviceComponent.sort,),
    statement=_narrow_components, before_save=_check_device_component, before_remove=_remove_device_components)
device_components = crud_router(DEVICE_COMPONENT, f"{PREFIX}/components", tags=["components"])


# --- datapoints --------------------------------------------------------------------------------------------------

points = APIRouter(prefix=f"{PREFIX}/datapoints", tags=["datapoints"])
POINTS = Listing(
    DataPoint,
    filters={"code": DataPoint.code, "name": DataPoint.name, "unit": DataPoint.unit, "address": DataPoint.address,
             "pointClass": DataPoint.point_class},
    exact={"deviceId": DataPoint.device_id, "componentId": DataPoint.component_id,
           "collectGroupId": DataPoint.collect_group_id, "dataType": DataPoint.data_type},
    order=(DataPoint.device_id, DataPoint.sort, DataPoint.code, DataPoint.id))


def _point_statement(request: Request) -> Select:
    """The list's filters, and `keyword` on the point's or its device's code and name."""
    return service.point_statement(request.query_params.get("keyword")).where(*POINTS.where(request.query_params))


async def _point_page(db: AsyncSession, request: Request, paging) -> dict:
    page = await POINTS.page(db, _point_statement(request), paging)
    page["records"] = await service.point_reads(db, page["records"])
    return page


@points.get("/list", response_model=R[Page[DataPointRead]])
async def point_list(request: Request, db: TenantDb, paging: Paging, user: Identity = POINT["view"]):
    """Filters: deviceId, componentId, collectGroupId, dataType (exact); code, name, unit, address, pointClass
    (contains); keyword (point code/name or device code/name)."""
    return ok(await _point_page(db, request, paging))


@points.get("/search", response_model=R[Page[DataPointRead]])
async def point_search(request: Request, db: TenantDb, paging: Paging, user: Identity = POINT["view"]):
    """As list; `keyword` matches the point's code or name or its device's code or name."""
    return ok(await _point_page(db, request, paging))


@points.get("/detail", response_model=R[DataPointRead])
async def point_detail(db: TenantDb, id: IdQuery, user: Identity = POINT["view"]):
    return ok((await service.point_reads(db, [await get_or_raise(db, DataPoint, id)]))[0])


@points.post("/save", response_model=R[DataPointRead])
async def point_save(db: TenantDb, body: Annotated[DataPointWrite, Body()], user: Identity = POINT["save"]):
    """A point added to device `deviceId` (with an `id`: an update)."""
    return ok((await service.point_reads(db, [await service.save_point(db, body)]))[0])


@points.post("/update", response_model=R[DataPointRead])
async def point_update(db: TenantDb, body: Annotated[DataPointWrite, Body()], user: Identity = POINT["edit"]):
    """Override a device's point: code, name, unit, data type, scale/offset, range, address, collect group,
    deadband, store flag. A point stays with its device."""
    _need_id(body)
    return ok((await service.point_reads(db, [await service.save_point(db, body)]))[0])


@points.post("/remove", response_model=R[bool])
async def point_remove(request: Request, db: TenantDb, user: Identity = POINT["delete"]):
    ids = await request_ids(request)
    await mark_deleted(db, DataPointAlarm, DataPointAlarm.point_id.in_(ids))
    await mark_deleted(db, DataPoint, DataPoint.id.in_(ids))
    return ok(True)


@points.get("/export-datapoints", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def point_export(request: Request, db: TenantDb, user: Identity = POINT["export"]):
    """`ids` (optional) or the list filters."""
    raw = request.query_params.get("ids")
    stmt = select(DataPoint).where(DataPoint.id.in_(parse_ids(raw))) if raw else _point_statement(request)
    rows = await POINTS.rows(db, stmt, limit=excel.MAX_IMPORT_ROWS)
    return excel.download(await io.export_points(db, rows), "datapoints.xlsx")


@points.get("/export-template", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def point_template(user: Identity = POINT["import"]):
    return excel.download(io.template("datapoint"), "datapoint-template.xlsx")


@points.post("/import-datapoints", response_model=R[ImportStarted])
async def point_import(db: TenantDb, rt: Rt, file: Annotated[UploadFile, File()], user: Identity = POINT["import"]):
    """Starts the import job: rows are (deviceCode, point code, ...); an existing point of the device is updated,
    a new code is added. Poll oplog/import-datapoint-status or import-log/detail with the answered id."""
    return ok(await _start_import(db, rt, "datapoint", file))


# --- data-point-source -------------------------------------------------------------------------------------------

async def _by_type(_db, _user, stmt: Select, request: Request) -> Select:
    kind = request.query_params.get("type")
    return stmt.where(DataPointSource.type == kind) if kind else stmt


async def _check_source(db: AsyncSession, _user, obj: DataPointSource, body, created: bool) -> None:
    # Secrets sealed; one the form leaves empty stays as stored (read before a query flushes the change).
    if "config" in body.model_fields_set:
        before = inspect(obj).attrs.config.history
        obj.config = specs.sealed(settings_of(db), obj.config, next(iter(before.deleted or before.unchanged), None))
    if await service.code_taken(db, DataPointSource, obj.code, None if created else obj.id):
        raise BusinessError(f"数据源编码已存在: {obj.code}")
    kind = specs.KINDS.get((obj.type or "").lower())
    if kind and obj.config and specs.is_object(obj.config):  # where the collector will connect, checked as /test does
        spec = specs.SourceSpec(obj.id or 0, obj.tenant_id or "", kind, obj.code, obj.name, obj.config, ())
        await connection.check(settings_of(db).outbound_policy, spec)


SOURCE = Resource(name="datapoint", model=DataPointSource, read=SourceRead, write=SourceWrite,
                  filters={"code": DataPointSource.code, "name": DataPointSource.name},
                  order=(DataPointSource.type, DataPointSource.code), statement=_by_type,
                  before_save=_check_source)
sources = crud_router(SOURCE, f"{PREFIX}/data-point-source", tags=["data-point-source"])


@sources.get("/page", response_model=R[Page[SourceRead]])
async def source_page(request: Request, db: TenantDb, paging: Paging, user: Identity = POINT["view"]):
    """The sources of `type` (all types without it), paged: the list's pipeline."""
    stmt = await _by_type(db, user, SOURCE.listing.select(request.query_params), request)
    return ok(await SOURCE.listing.page(db, stmt, paging))


# --- datapoints-collects ------------------------------------------------------------------------------------------

async def _check_group(db: AsyncSession, _user, obj: CollectGroup, body, created: bool) -> None:
    if await service.code_taken(db, CollectGroup, obj.code, None if created else obj.id):
        raise BusinessError(f"采集组编码已存在: {obj.code}")
    if obj.protocol_config:
        service.check_json(obj.protocol_config, "protocolConfig")


async def _free_groups(db: AsyncSession, _user, ids: list[int]) -> None:
    used = (await db.execute(select(DataPoint.code).where(DataPoint.collect_group_id.in_(ids)).limit(1))).scalar()
    if used is not None:
        raise BusinessError(f"采集组仍被点位使用,不能删除: {used}")


COLLECT = Resource(name="datapoint", model=CollectGroup, read=CollectRead, write=CollectWrite,
                   filters={"code": CollectGroup.code, "name": CollectGroup.name, "protocol": CollectGroup.protocol},
                   order=(CollectGroup.code,), before_save=_check_group, before_remove=_free_groups)
collects = crud_router(COLLECT, f"{PREFIX}/datapoints-collects", tags=["datapoints-collects"])


# --- datapoints-alarm ---------------------------------------------------------------------------------------------

alarms = APIRouter(prefix=f"{PREFIX}/datapoints-alarm", tags=["datapoints-alarm"])
ALARMS = Listing(DataPointAlarm, exact={"pointId": DataPointAlarm.point_id}, order=(DataPointAlarm.id.desc(),))


@alarms.get("/list", response_model=R[Page[AlarmRead]])
async def alarm_list(request: Request, db: TenantDb, paging: Paging, user: Identity = POINT["view"]):
    """Filters: pointId, deviceId, switchFlag."""
    params = request.query_params
    stmt = ALARMS.select(params)
    if params.get("deviceId"):
        stmt = stmt.where(DataPointAlarm.point_id.in_(
            select(DataPoint.id).where(DataPoint.device_id == to_int(params["deviceId"], "deviceId"))))
    if params.get("switchFlag") in ("0", "1"):
        stmt = stmt.where(DataPointAlarm.switch_flag == int(params["switchFlag"]))
    return ok(await ALARMS.page(db, stmt, paging))


@alarms.get("/detail", response_model=R[AlarmRead | None])
async def alarm_detail(db: TenantDb, id: OptionalId = None,
                       point_id: Annotated[int | None, Query(alias="pointId", ge=1, lt=2**63)] = None,
                       user: Identity = POINT["view"]):
    """By `id`, or by `pointId` (a point without settings answers null)."""
    if id is not None:
        return ok(await get_or_raise(db, DataPointAlarm, id))
    if point_id is None:
        raise BusinessError("缺少必要的请求参数: id")
    await get_or_raise(db, DataPoint, point_id)
    return ok((await db.execute(select(DataPointAlarm).where(DataPointAlarm.point_id == point_id))).scalar())


@alarms.post("/submit", response_model=R[AlarmRead])
async def alarm_submit(db: TenantDb, body: Annotated[AlarmWrite, Body()], user: Identity = POINT["save"]):
    """One settings row per point (a submit for a point that has one updates it). Limits must be ordered
    lowLow ≤ low ≤ high ≤ highHigh."""
    return ok(await service.save_alarm(db, body))


@alarms.post("/switch", response_model=R[int])
async def alarm_switch(request: Request, db: TenantDb, user: Identity = POINT["edit"]):
    """Turn the alarm of points `ids` (or `pointId`) on (`switchFlag=1`) or off (0); answers how many."""
    raw = await form_or_query(request, "ids") or await form_or_query(request, "pointId")
    flag = await form_or_query(request, "switchFlag")
    if flag not in ("0", "1"):
        raise BusinessError("switchFlag 须为 0 或 1")
    return ok(await service.switch_alarms(db, parse_ids(raw), int(flag)))


@alarms.post("/remove", response_model=R[bool])
async def alarm_remove(request: Request, db: TenantDb, user: Identity = POINT["delete"]):
    await mark_deleted(db, DataPointAlarm, DataPointAlarm.id.in_(await request_ids(request)))
    return ok(True)


# --- import-log --------------------------------------------------------------------------------------------------

logs = APIRouter(prefix=f"{PREFIX}/import-log", tags=["import-log"])


IMPORT_LOGS = Listing(ImportLog, filters={"fileName": ImportLog.file_name}, exact={"type": ImportLog.type},
                      order=(ImportLog.create_time.desc(), ImportLog.id.desc()))


def _log_statement(request: Request) -> Select:
    params = request.query_params
    stmt = IMPORT_LOGS.select(params)
    if params.get("state") in ("0", "1", "2", "3"):
        stmt = stmt.where(ImportLog.state == int(params["state"]))
    return stmt


@logs.get("/page", response_model=R[Page[ImportLogRead]])
async def import_log_page(request: Request, db: TenantDb, paging: Paging, user: Identity = LogView):
    """Filters: type (device, datapoint, model), state (0 queued, 1 running, 2 done, 3 failed), fileName."""
    return ok(await IMPORT_LOGS.page(db, _log_statement(request), paging))


@logs.get("/search", response_model=R[Page[ImportLogRead]])
async def import_log_search(request: Request, db: TenantDb, paging: Paging, user: Identity = LogView):
    """As page; `keyword` matches the file name."""
    stmt = _log_statement(request)
    clause = query.keyword(request.query_params.get("keyword"), ImportLog.file_name)
    return ok(await IMPORT_LOGS.page(db, stmt if clause is None else stmt.where(clause), paging))


@logs.get("/detail", response_model=R[ImportLogRead])
async def import_log_detail(db: TenantDb, id: IdQuery, user: Identity = LogView):
    """One import with its progress (percent), counts and state: what the console polls."""
    return ok(await get_or_raise(db, ImportLog, id))


@logs.get("/download", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def import_log_download(db: TenantDb, file_url: Annotated[str, Query(alias="fileUrl", min_length=1,
                                                                            max_length=500)],
                              user: Identity = LogDownload):
    """The uploaded file of an import, by the log's `fileUrl`."""
    entry = (await db.execute(select(ImportLog).where(ImportLog.file_url == file_url))).scalar()
    if entry is None:
        raise BusinessError("文件不存在")
    content = (await db.execute(select(ImportLog.content).where(ImportLog.id == entry.id))).scalar() or b""
    return excel.download(content, entry.file_name)


@logs.get("/err-page/{id}", response_model=R[Page[ImportErrorRead]])
async def import_log_errors(db: TenantDb, paging: Paging, id: Annotated[int, Path(ge=1, lt=2**63)],
                            user: Identity = LogView):
    """The rejected rows of import `id`: row number (as in the file, header = 1), cells (JSON) and reason."""
    await get_or_raise(db, ImportLog, id)
    stmt = select(ImportErrorRow).where(ImportErrorRow.import_id == id).order_by(ImportErrorRow.row_no)
    return ok(await paginate(db, stmt, paging))


@logs.get("/err-export/{id}", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def import_log_error_export(db: TenantDb, id: Annotated[int, Path(ge=1, lt=2**63)],
                                  user: Identity = LogDownload):
    """The rejected rows of import `id` as a sheet: the row's cells plus its row number and reason."""
    entry = await get_or_raise(db, ImportLog, id)
    rows = (await db.execute(select(ImportErrorRow).where(ImportErrorRow.import_id == id)
                             .order_by(ImportErrorRow.row_no))).scalars()
    return excel.download(io.error_sheet(entry.type, list(rows)), f"rejected-{entry.file_name}")


# --- oplog ---------------------------------------------------------------------------------------------------------

oplog = APIRouter(prefix=f"{PREFIX}/oplog", tags=["oplog"])


@oplog.get("/page", response_model=R[Page[ApiLogRead]])
async def oplog_page(request: Request, db: TenantDb, paging: Paging, user: Identity = OplogView):
    """The device-management operation log: the API log rows of /api/device-management/... calls, newest
    first; filters as the API log (requestUri, method, createBy, logStartTime, logEndTime)."""
    stmt = log_service.statement(ApiLog, request.query_params)
    stmt = stmt.where(ApiLog.request_uri.startswith(log_service.DEVICE_MANAGEMENT, autoescape=True))
    return ok(await log_service.listing(ApiLog).page(db, stmt, paging))


@oplog.get("/import-datapoint-status", response_model=R[ImportLogRead | None])
async def oplog_import_status(db: TenantDb, id: OptionalId = None,
                              user: Identity = POINT["view"]):
    """The state and progress of data-point import `id`, or of the latest one (null when there was none)."""
    if id is not None:
        return ok(await get_or_raise(db, ImportLog, id))
    stmt = select(ImportLog).where(ImportLog.type == "datapoint").order_by(ImportLog.create_time.desc(),
                                                                           ImportLog.id.desc()).limit(1)
    return ok((await db.execute(stmt)).scalar())


@oplog.post("/export/{x}", response_model=None, responses=excel.XLSX_RESPONSE)
async def oplog_export(db: TenantDb, x: Stem, body: Annotated[LogFilter | None, Body()] = None,
                       user: Identity = need("log_api_export", "device_device_export", "datapoint_export")):
    """The operation log as `<x>.xlsx` (at most 10 000 rows, newest first), filtered as oplog/page (JSON body)."""
    params = {} if body is None else {k: v for k, v in body.model_dump(by_alias=True, exclude_none=True).items()
                                      if v != ""}
    rows = await log_service.export_rows(db, ApiLog, ApiLogRead, params, uri_prefix=log_service.DEVICE_MANAGEMENT)
    return excel.download(excel.workbook_bytes(log_service.COLUMNS[ApiLog], rows), f"{x}.xlsx")


# --- imports ----------------------------------------------------------------------------------------------------------

async def _start_import(db: AsyncSession, rt, kind: str, file: UploadFile) -> dict:
    content = await file.read()  # core.limits caps the request body (10 MB)
    name = (file.filename or "import.xlsx").replace("/", "_").replace("\\", "_")[-200:]
    if not name.lower().endswith(".xlsx") or content[:2] != b"PK":
        raise BusinessError("文件格式错误,请上传 xlsx 文件")
    entry = ImportLog(type=kind, file_name=name, file_url="", content=content, state=io.QUEUED, progress=0)
    db.add(entry)
    await db.flush()
    entry.file_url = f"import-{entry.id}.xlsx"
    tenant = tenancy.bound_tenant(db)
    answer = {"id": entry.id, "state": entry.state, "progress": 0}
    await db.commit()  # the job reads the log from its own session
    await rt.jobs.defer(io.JOB, tenant_id=tenant, import_id=str(answer["id"]))
    return answer


router = APIRouter()
include(router, models, components, templates, devices, device_components, points, sources, collects, alarms,
        logs, oplog)
