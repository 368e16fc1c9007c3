"""/api/form: catalogue (formcatalogue), designs (formdesign) and their published versions (formdesigndetail),
submissions (formlog, formlogvalue), hooks (formhook, formhookparams, getData/{hookId}) and the designer's
upload. Every route acts in the caller's tenant (or, for the platform administrator, the one named by
`tenantId`).

Permission codes are the form menus' (menus.md area `form`): catalogue, design, management, fill, hook, log.
"""

from typing import Annotated

from fastapi import APIRouter, Body, File, Path, Query, Request, UploadFile

from plantdesk.core import excel
from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, crud_router, get_or_raise, mark_deleted, request_ids, save
from plantdesk.core.deps import TOKEN_IN_LINK, CurrentUser, IdQuery, Rt, TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BusinessError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.form import service
from plantdesk.modules.form.models import (
    FormCatalogue,
    FormDesign,
    FormDesignDetail,
    FormHook,
    FormHookParams,
    FormLog,
    FormLogValue,
)
from plantdesk.modules.form.schemas import (
    FormApiOption,
    FormCatalogueNode,
    FormCatalogueRead,
    FormCatalogueWrite,
    FormDesignDetailRead,
    FormDesignRead,
    FormDesignWrite,
    FormDictItem,
    FormHookParamRead,
    FormHookParamWrite,
    FormHookRead,
    FormHookWrite,
    FormLogRead,
    FormLogSubmit,
    FormLogValueRead,
    FormPublish,
    PublishedForm,
)
from plantdesk.modules.resource import service as resource_service
from plantdesk.modules.resource.schemas import BladeFile
from plantdesk.modules.system.trees import forest

PREFIX = "/form"
DesignView = need("design", "design_view", "management", "management_view")
DesignSave = need("design_add", "design_edit", "management_add", "management_edit")
DesignDelete = need("design_delete", "management_delete")
FillView = need("fill", "fill_view")
FillSubmit = need("fill", "fill_add")
LogView = need("log", "log_view")
LogDelete = need("log_delete")
LogExport = need("log_export", "log_view")
HookView = need("hook", "hook_view", "design", "design_view")


# --- formcatalogue --------------------------------------------------------------------------------------------

async def _catalogue_before_save(db, user, obj: FormCatalogue, body, created: bool) -> None:
    if obj.parent_id:
        if obj.parent_id == obj.id:
            raise BusinessError("上级目录不能是自己")
        await get_or_raise(db, FormCatalogue, obj.parent_id)


CATALOGUE = Resource(name="catalogue", model=FormCatalogue, read=FormCatalogueRead, write=FormCatalogueWrite,
                     filters={"name": FormCatalogue.name, "parentId": FormCatalogue.parent_id},
                     order=(FormCatalogue.sort, FormCatalogue.name), view_codes=("design", "management", "fill"),
                     before_save=_catalogue_before_save, before_remove=service.catalogue_before_remove)
catalogue = crud_router(CATALOGUE, f"{PREFIX}/formcatalogue", tags=["formcatalogue"])


@catalogue.get("/tree", response_model=R[list[FormCatalogueNode]])
async def catalogue_tree(db: TenantDb, user: Identity = need(*CATALOGUE.codes("view"))):
    return ok(forest(service.row_dict(r) for r in await service.catalogues(db)))


# --- formdesign -----------------------------------------------------------------------------------------------

design = APIRouter(prefix=f"{PREFIX}/formdesign", tags=["formdesign"])
DESIGNS = Listing(FormDesign, filters={"name": FormDesign.name, "catalogueId": FormDesign.catalogue_id,
                                       "status": FormDesign.status},
                  order=(FormDesign.update_time.desc(), FormDesign.id.desc()))


@design.get("/list", response_model=R[Page[FormDesignRead]])
async def design_list(request: Request, db: TenantDb, paging: Paging, user: Identity = DesignView):
    """Filters: name (contains), catalogueId, status (0 draft, 1 published)."""
    page = await DESIGNS.page(db, DESIGNS.select(request.query_params), paging)
    page["records"] = await service.design_reads(db, page["records"])
    return ok(page)


@design.get("/detail", response_model=R[FormDesignRead])
async def design_detail(db: TenantDb, id: IdQuery, user: Identity = DesignView):
    return ok((await service.design_reads(db, [await get_or_raise(db, FormDesign, id)]))[0])


@design.post("/submit", response_model=R[FormDesignRead])
async def design_submit(db: TenantDb, body: Annotated[FormDesignWrite, Body()], user: Identity = DesignSave):
    """Insert or update; new content is checked (表单配置不合法, 字段缺少prop, 字段prop重复, nesting) and makes
    the design a draft until published again."""
    return ok((await service.design_reads(db, [await service.save_design(db, body)]))[0])


@design.post("/remove", response_model=R[bool])
async def design_remove(request: Request, db: TenantDb, user: Identity = DesignDelete):
    """Removes the designs (their published versions and logs stay, for the record)."""
    await mark_deleted(db, FormDesign, FormDesign.id.in_(await request_ids(request)))
    return ok(True)


@design.get("/published", response_model=R[list[PublishedForm]])
async def design_published(db: TenantDb, catalogue_id: Annotated[int | None, Query(alias="catalogueId", ge=0,
                                                                                    lt=2**63)] = None,
                           user: Identity = FillView):
    """The forms users can fill in: the latest published version of each design."""
    return ok(await service.published_forms(db, catalogue_id))


# --- formdesigndetail (published versions) --------------------------------------------------------------------

DETAIL = Resource(name="design", model=FormDesignDetail, read=FormDesignDetailRead, write=FormPublish,
                  filters={"designId": FormDesignDetail.design_id, "name": FormDesignDetail.name},
                  order=(FormDesignDetail.version.desc(),), view_codes=("management", "fill", "log"))
detail = crud_router(DETAIL, f"{PREFIX}/formdesigndetail", ops=("list", "detail", "remove"),
                     tags=["formdesigndetail"])


@detail.post("/submit", response_model=R[FormDesignDetailRead])
async def detail_submit(db: TenantDb, body: Annotated[FormPublish, Body()], user: Identity = DesignSave):
    """FormPublish: the design's draft becomes its next version. A published version is never changed."""
    if body.id is not None:
        raise BusinessError("已发布的版本不能修改")
    return ok(await service.publish(db, body.design_id, body.remark))


# --- formlog and formlogvalue ---------------------------------------------------------------------------------

log = APIRouter(prefix=f"{PREFIX}/formlog", tags=["formlog"])
LOGS = Listing(FormLog, filters={"formName": FormLog.form_name, "designId": FormLog.design_id,
                                 "userName": FormLog.user_name},
               ranges={"createTime": FormLog.create_time}, order=(FormLog.create_time.desc(), FormLog.id.desc()))


@log.get("/list", response_model=R[Page[FormLogRead]])
async def log_list(request: Request, db: TenantDb, paging: Paging, user: Identity = LogView):
    """Filters: formName, userName (contains), designId, createTime_ge / createTime_le."""
    return ok(await LOGS.page(db, LOGS.select(request.query_params), paging))


@log.get("/detail", response_model=R[FormLogRead])
async def log_detail(db: TenantDb, id: IdQuery, user: Identity = LogView):
    return ok(await get_or_raise(db, FormLog, id))


@log.post("/submit", response_model=R[FormLogRead])
async def log_submit(db: TenantDb, rt: Rt, body: Annotated[FormLogSubmit, Body()], user: Identity = FillSubmit):
    """A filled-in form: checked against the version's rules, stored with one value row per field (a choice's
    with its labels, from its options or its remote dictionary)."""
    return ok(await service.submit_log(db, rt.settings, user, body.detail_id, body.values))


@log.post("/remove", response_model=R[bool])
async def log_remove(request: Request, db: TenantDb, user: Identity = LogDelete):
    ids = await request_ids(request)
    await mark_deleted(db, FormLog, FormLog.id.in_(ids))
    await mark_deleted(db, FormLogValue, FormLogValue.log_id.in_(ids))
    return ok(True)


@log.get("/export", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def log_export(request: Request, db: TenantDb, user: Identity = LogExport):
    """The list's filters; one row per submission, one column per field label."""
    rows = await LOGS.rows(db, LOGS.select(request.query_params), limit=excel.MAX_IMPORT_ROWS)
    columns, data = await service.export_rows(db, rows)
    return excel.download(excel.workbook_bytes(columns, data), "form-log.xlsx")


LOG_VALUE = Resource(name="log", model=FormLogValue, read=FormLogValueRead, write=FormLogValueRead,
                     filters={"logId": FormLogValue.log_id, "prop": FormLogValue.prop},
                     order=(FormLogValue.sort,))
log_value = crud_router(LOG_VALUE, f"{PREFIX}/formlogvalue", ops=("list", "detail"), tags=["formlogvalue"])


# --- formhook and formhookparams ------------------------------------------------------------------------------

async def _hook_before_remove(db, user, ids: list[int]) -> None:
    await mark_deleted(db, FormHookParams, FormHookParams.hook_id.in_(ids))


HOOK = Resource(name="hook", model=FormHook, read=FormHookRead, write=FormHookWrite,
                filters={"name": FormHook.name, "type": FormHook.type}, order=(FormHook.name,),
                view_codes=("design", "design_view"), before_save=service.hook_before_save,
                before_remove=_hook_before_remove)
hook = crud_router(HOOK, f"{PREFIX}/formhook", ops=("list", "detail", "remove"), tags=["formhook"])


@hook.post("/submit", response_model=R[FormHookRead])
async def hook_submit(db: TenantDb, body: Annotated[FormHookWrite, Body()],
                      user: Identity = need(*HOOK.codes("submit"))):
    """Insert or update; an http hook's address must be public (core.outbound), a dict hook names a code."""
    return ok(await save(db, user, HOOK, body))


@hook.get("/listApis", response_model=R[list[FormApiOption]])
async def hook_apis(db: TenantDb, user: Identity = HookView):
    """Every hook as the designer's remote-dictionary select lists it; `url` is what a column's dicUrl holds."""
    return ok([{"id": h.id, "name": h.name, "type": h.type, "url": f"/api/form/formhook/getData/{h.id}"}
               for h in await service.hooks(db)])


@hook.get("/getData/{hookId}", response_model=R[list[FormDictItem]])
async def hook_get_data(db: TenantDb, rt: Rt, hook_id: Annotated[int, Path(alias="hookId", ge=1, lt=2**63)],
                        user: CurrentUser):
    """A remote dictionary's {label, value} items: any logged-in user of the tenant (forms being filled use it)."""
    return ok(await service.hook_data(db, rt.settings, hook_id))


HOOK_PARAMS = Resource(name="hook", model=FormHookParams, read=FormHookParamRead, write=FormHookParamWrite,
                       filters={"hookId": FormHookParams.hook_id, "paramName": FormHookParams.param_name},
                       order=(FormHookParams.param_key,))
hook_params = crud_router(HOOK_PARAMS, f"{PREFIX}/formhookparams", tags=["formhookparams"])


# --- upload (the designer's upload widget default action) -----------------------------------------------------

upload = APIRouter(tags=["formupload"])


@upload.post(f"{PREFIX}/upload", response_model=R[BladeFile])
async def form_upload(db: TenantDb, rt: Rt, user: CurrentUser, file: Annotated[UploadFile, File()]):
    """A file of a form being filled: the size limit and type checks of the resource area, stored in the
    tenant's storage and recorded as an attachment."""
    data = await file.read(rt.settings.upload_max_bytes + 1)
    return ok(await resource_service.upload(db, rt.settings, user, filename=file.filename, data=data, attach=True))


@upload.post("/common/upload1", response_model=R[BladeFile])
async def common_upload(db: TenantDb, rt: Rt, user: CurrentUser, file: Annotated[UploadFile, File()]):
    """The designer's upload widget default action (spec §7): the same as form/upload."""
    return await form_upload(db, rt, user, file)


router = APIRouter()
include(router, catalogue, design, detail, log, log_value, hook, hook_params, upload)
