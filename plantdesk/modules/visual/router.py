"""/api/blade-api/visual (map configs, map dots per MapId and their look-ups by name and tag, tags bound to data
points, process types by name and product, DataByName, a dot's business rows with their hooks' data, the large
screens' summaries; its `db` folder, the large-screen data sources, is the tool area's) and /api/blade-api/large
(large-screen API hooks, their implementation method, Excel import and export, calls and error log). Every route
acts in the caller's tenant."""

from typing import Annotated, get_args

from fastapi import APIRouter, Body, File, Path, Query, Request, UploadFile

from plantdesk.core import excel
from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, crud_router
from plantdesk.core.deps import IdQuery, Rt, TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BusinessError
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.visual import service
from plantdesk.modules.visual.models import LargeApiHook, VisualMap
from plantdesk.modules.visual.schemas import (
    BusiCall,
    Chart,
    DataByName,
    DataByNameBody,
    DepRead,
    DotMapWrite,
    DotRead,
    DotWrite,
    HookCall,
    HookErrorRead,
    HookRead,
    HookWrite,
    ImplMethodBody,
    MapRead,
    MapWrite,
    ProType,
    Screen,
    ScreenData,
    TagRead,
)

PREFIX = "/blade-api/visual"
LARGE = "/blade-api/large"
# Who looks at maps and large screens: the map screen, the monitors and the large-screen code.
SCREEN_CODES = ("map", "map_view", "batchMonitor", "flowMonitor", "largepage")

MAPS = Resource(name="map", model=VisualMap, read=MapRead, write=MapWrite, filters={"mapName": VisualMap.map_name},
                order=(VisualMap.sort, VisualMap.id), view_codes=SCREEN_CODES[2:],
                before_remove=service.map_before_remove)
maps = crud_router(MAPS, f"{PREFIX}/map", ops=("detail", "submit", "remove"), tags=["visual-map"])
MapView = need(*MAPS.codes("view"))


@maps.get("/list", response_model=R[Page[MapRead]])
async def map_list(request: Request, db: TenantDb, paging: Paging, user: Identity = MapView):
    """Filters: mapName (contains). Each map with its number of dots."""
    listing = MAPS.listing
    page = await listing.page(db, listing.select(request.query_params), paging)
    page["records"] = await service.map_reads(db, page["records"])
    return ok(page)


visual = APIRouter(prefix=PREFIX, tags=["visual"])
DotEdit = need("map_add", "map_edit")
MapId = Annotated[int, Query(alias="mapId", ge=1, lt=2**63)]
OnMap = Annotated[int | None, Query(alias="mapId", ge=1, lt=2**63)]


@visual.get("/listAll", response_model=R[list[MapRead]])
async def map_all(db: TenantDb, user: Identity = MapView):
    """Every map, unpaged (pickers), with its number of dots."""
    return ok(await service.map_list(db))


@visual.get("/listIsAppAll", response_model=R[list[MapRead]])
async def map_app(db: TenantDb, user: Identity = MapView):
    """The maps the mobile app shows (isApp 1)."""
    return ok(await service.map_list(db, is_app=1))


@visual.get("/listNotAppAll", response_model=R[list[MapRead]])
async def map_not_app(db: TenantDb, user: Identity = MapView):
    """The maps the mobile app does not show (isApp 0)."""
    return ok(await service.map_list(db, is_app=0))


@visual.get("/selectAll", response_model=R[list[DotRead]])
async def dot_list(db: TenantDb, map_id: MapId, user: Identity = MapView):
    """The dots of map `mapId` (their spec §3 content)."""
    await service.get_map(db, map_id)
    return ok(await service.dots_of(db, map_id))


@visual.get("/selectById/{id}", response_model=R[DotRead])
async def dot_detail(db: TenantDb, id: Annotated[int, Path(ge=1, lt=2**63)], user: Identity = MapView):
    return ok(await service.get_dot(db, id))


@visual.post("/addDot", response_model=R[DotRead])
async def dot_add(db: TenantDb, body: Annotated[DotWrite, Body()], user: Identity = DotEdit):
    """A new dot (spec §5 checks; its SCADA rows' tags must be data points of the tenant)."""
    body.id = None
    return ok(await service.save_dot(db, body), "添加成功")


@visual.post("/addDotMap", response_model=R[list[DotRead]])
async def dot_map_add(db: TenantDb, body: Annotated[DotMapWrite, Body()], user: Identity = DotEdit):
    """Several dots of map `mapId` saved at once (each with an id updated, each without added; spec §5 checks
    on every one, the first refused refuses all): the map's dots after."""
    return ok(await service.save_dots(db, body), "操作成功!")


@visual.get("/selectByName", response_model=R[list[DotRead]])
async def dot_by_name(db: TenantDb, name: Annotated[str, Query(min_length=1, max_length=64)], map_id: OnMap = None,
                      user: Identity = MapView):
    """The dots whose name contains `name` (on map `mapId` when given)."""
    return ok(await service.dots_named(db, name, map_id))


@visual.get("/selectByTagName", response_model=R[list[DotRead]])
async def dot_by_tag(db: TenantDb, tag_name: Annotated[str, Query(alias="tagName", min_length=1, max_length=160)],
                     map_id: OnMap = None, user: Identity = MapView):
    """The dots with a SCADA row of tag `tagName` (DEVICE.POINT), on map `mapId` when given."""
    return ok(await service.dots_with_tag(db, tag_name, map_id))


@visual.get("/getDataByImpl", response_model=R[list[BusiCall]])
async def dot_busi_data(db: TenantDb, rt: Rt, id: IdQuery, user: Identity = MapView):
    """Dot `id`'s business rows with the calls of their API hooks (busiApiList): each its data, or none and why
    (logged like any failed call); the row's useData Y when all answered, N when one failed."""
    return ok(await service.busi_calls(db, rt.settings, id))


@visual.post("/updateById", response_model=R[DotRead])
async def dot_update(db: TenantDb, body: Annotated[DotWrite, Body()], user: Identity = need("map_edit")):
    """A dot moved or edited (an id is required)."""
    if body.id is None:
        raise BusinessError(service.DOT_MISSING)
    return ok(await service.save_dot(db, body), "修改成功")


@visual.post("/deleteById", response_model=R[None])
async def dot_delete(db: TenantDb, id: IdQuery, user: Identity = need("map_delete")):
    await service.remove_dot(db, id)
    return ok(None, "删除成功!")


@visual.get("/getDep", response_model=R[list[DepRead]])
async def dep_list(db: TenantDb, user: Identity = MapView):
    """The devices a SCADA row can name (depart)."""
    return ok(await service.departs(db))


@visual.get("/getTagName", response_model=R[list[TagRead]])
async def tag_names(db: TenantDb, device_id: Annotated[int, Query(alias="deviceId", ge=1, lt=2**63)],
                    user: Identity = MapView):
    """The device's data points as tags, with their newest values."""
    return ok(await service.tags_of(db, device_id=device_id))


@visual.get("/getTagByName", response_model=R[list[TagRead]])
async def tag_by_name(db: TenantDb, tag_name: Annotated[str, Query(alias="tagName", max_length=160)],
                      user: Identity = MapView):
    """The tag DEVICE.POINT with its newest value (none when no such point)."""
    return ok(await service.tags_of(db, names=[tag_name]))


@visual.get("/data/proType", response_model=R[list[ProType]])
async def pro_type(db: TenantDb, user: Identity = MapView):
    """The process types (the craft flows) a business row can name."""
    return ok(await service.pro_types(db))


@visual.get("/proTypeByName", response_model=R[list[ProType]])
async def pro_type_by_name(db: TenantDb, type_name: Annotated[str, Query(alias="typeName", min_length=1,
                                                                         max_length=128)],
                           user: Identity = MapView):
    """The process types named `typeName` (exact, as a business row's busiName and DataByName's TypeName)."""
    return ok(await service.pro_types(db, [type_name]))


@visual.get("/selectProcessByProduct", response_model=R[list[ProType]])
async def process_by_product(db: TenantDb, product_id: Annotated[int, Query(alias="productId", ge=1, lt=2**63)],
                             user: Identity = MapView):
    """The process types (craft flows) of product `productId`."""
    return ok(await service.pro_types(db, product_id=product_id))


@visual.post("/DataByName", response_model=R[DataByName])
async def data_by_name(db: TenantDb, body: Annotated[DataByNameBody, Body()], user: Identity = MapView):
    """Body: proType [{TypeName}], Scada [{ScadaName}] (DEVICE.POINT): the named process types and tags with
    their newest values and spec §4 state."""
    types = [str(t.get("TypeName", "")) for t in body.pro_type]
    tags = [str(t.get("ScadaName", "")) for t in body.scada]
    return ok(await service.data_by_name(db, types, tags))


@visual.get("/screen", response_model=R[ScreenData])
async def screen(db: TenantDb, rt: Rt, name: Annotated[Screen, Query()],
                 map_id: Annotated[int | None, Query(alias="mapId", ge=1, lt=2**63)] = None,
                 charts: Annotated[list[Chart] | None, Query(max_length=len(get_args(Chart)))] = None,
                 user: Identity = need(*SCREEN_CODES)):
    """Everything large screen `name` shows, in one answer: plant KPIs, alarms by level and the newest ones, line
    and device states, OEE with its trend and losses, trends of the watched points, batches, craft flows with
    their steps' states, the site map (mapId, else the first map with dots in the maps' order) with its dots and
    their tags' values; and the API hooks bound to its `charts`, called (a failing one answers no data and is
    logged: the chart keeps the screen's own data)."""
    return ok(await service.screen(db, name, rt.cache, map_id, settings=rt.settings, charts=charts or []))


# --- API hooks ------------------------------------------------------------------------------------------------

HOOKS = Resource(name="largeapi", model=LargeApiHook, read=HookRead, write=HookWrite,
                 filters={"apiName": LargeApiHook.api_name, "chart": LargeApiHook.chart},
                 exact={"businessType": LargeApiHook.business_type}, order=(LargeApiHook.api_name,),
                 view_codes=SCREEN_CODES)
hooks = crud_router(HOOKS, f"{LARGE}/largeapihooks", ops=("list", "detail", "remove"), tags=["largeapihooks"])
HookView = need(*HOOKS.codes("view"))


@hooks.post("/submit", response_model=R[HookRead])
async def hook_submit(db: TenantDb, rt: Rt, body: Annotated[HookWrite, Body()],
                      user: Identity = need(*HOOKS.codes("submit"))):
    """Insert or update; the address must be one the outbound guard lets through."""
    return ok(await service.save_hook(db, rt.settings, body))


@hooks.post("/update", response_model=R[HookRead])
async def hook_update(db: TenantDb, rt: Rt, body: Annotated[HookWrite, Body()], user: Identity = need("largeapi_edit")):
    if body.id is None:
        raise BusinessError(service.HOOK_MISSING)
    return ok(await service.save_hook(db, rt.settings, body))


@hooks.get("/listByChart", response_model=R[list[HookRead]])
async def hook_by_chart(db: TenantDb, chart: Annotated[str, Query(max_length=64)], user: Identity = HookView):
    """The hooks a chart reads."""
    return ok(await service.hooks_by(db, chart=chart))


@hooks.get("/businessType/{type}", response_model=R[list[HookRead]])
async def hook_by_type(db: TenantDb, type: Annotated[str, Path(max_length=64)], user: Identity = HookView):
    """The hooks of a business type."""
    return ok(await service.hooks_by(db, business_type=type))


@hooks.get("/businessTypes", response_model=R[dict[str, str]])
async def business_types(user: Identity = HookView):
    """The business types a hook may serve (key: label)."""
    return ok(service.BUSINESS_TYPES)


@hooks.get("/interface", response_model=R[HookCall])
async def hook_call(db: TenantDb, rt: Rt, id: IdQuery, user: Identity = HookView):
    """Call the hook: its data, or none and the reason when it failed (then an error row is written). A failing
    hook never fails the request: a screen's chart reads `data` and shows nothing."""
    return ok(await service.call_hook(db, rt.settings, id))


@hooks.get("/export-excel", responses=excel.XLSX_RESPONSE)
async def hook_export(db: TenantDb, user: Identity = need("largeapi_export")):
    return excel.download(await service.export_hooks(db), "大屏接口.xlsx")


@hooks.post("/import-excel", response_model=R[excel.ExcelImportResult])
async def hook_import(db: TenantDb, rt: Rt, file: Annotated[UploadFile, File()],
                      user: Identity = need("largeapi_import")):
    """Each row a new hook (columns as the export's); answers the rows read, added and rejected (with the row
    number and reason: the console's import dialog shows them)."""
    return ok(await service.import_hooks(db, rt.settings, await file.read(rt.settings.upload_max_bytes)), "导入成功")


impl = APIRouter(prefix=f"{LARGE}/largehookimplmethod", tags=["largeapihooks"])


@impl.post("/save", response_model=R[HookRead])
async def impl_save(db: TenantDb, body: Annotated[ImplMethodBody, Body()], user: Identity = need("largeapi_edit")):
    """Set how a hook is called (GET, or POST with its params as the JSON body)."""
    return ok(await service.set_impl_method(db, body.id, body.impl_method))


@impl.get("/list", response_model=R[list[str]])
async def impl_list(user: Identity = HookView):
    """The implementation methods."""
    return ok(["GET", "POST"])


errors = APIRouter(prefix=f"{LARGE}/largeapihookserrorlog", tags=["largeapihooks"])


@errors.get("/list", response_model=R[Page[HookErrorRead]])
async def error_list(request: Request, db: TenantDb, paging: Paging, user: Identity = HookView):
    """A hook's failed calls (apiId), newest first, a page at a time."""
    return ok(await service.error_page(db, request.query_params, paging))


router = APIRouter()
include(router, maps, visual, hooks, impl, errors)
