"""/api/blade-system/dict (global; writes by the platform administrator) and /api/blade-system/dict-biz
(per tenant; writes by `dictbiz_*` codes): the same endpoints over two tables (contract §6)."""

from typing import Annotated

from fastapi import APIRouter, Body, File, Query, Request, UploadFile
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import excel, responses
from plantdesk.core.context import Identity
from plantdesk.core.crud import request_ids
from plantdesk.core.deps import (
    DB_SESSION,
    TENANT_DB,
    TOKEN_IN_LINK,
    CurrentUser,
    Db,
    IdQuery,
    Rt,
    administrator_only,
    need,
)
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BusinessError
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.system.dict import service as dicts
from plantdesk.modules.system.dict.schemas import (
    DictItem,
    DictRead,
    DictTreeItem,
    DictTreeNode,
    DictWrite,
)

# Spec §7/§9: the data-point class dictionary (1005) is the dictionary-tree default on both routers; the
# structure-tree screen asks for code=2001 explicitly (both are seeded in the system dictionary).
DICTIONARY_TREE_DEFAULT = "1005"
Code = Annotated[str, Query(min_length=1, max_length=255)]


def _router(kind: dicts.Kind, prefix: str, *, view, submit_, delete, export_, importing) -> APIRouter:
    router = APIRouter(prefix=prefix, tags=[kind.name])
    # dict-biz rows are a tenant's: the platform administrator may act in another tenant (`tenantId`).
    session = DB_SESSION if kind.system else TENANT_DB
    Session = Annotated[AsyncSession, session]  # noqa: N806

    @router.get("/list", response_model=R[Page[DictRead]])
    async def list_(request: Request, db: Session, paging: Paging, user: Identity = view):
        """Top-level dictionaries (parentId 0), filtered by code / dictValue."""
        return ok(await dicts.page(db, kind, request.query_params, paging))

    @router.get("/parent-list", response_model=R[Page[DictRead]])
    async def parent_list(request: Request, db: Session, paging: Paging, user: Identity = view):
        return ok(await dicts.page(db, kind, request.query_params, paging))

    @router.get("/child-list", response_model=R[Page[DictRead]])
    async def child_list(request: Request, db: Session, paging: Paging,
                         parent_id: Annotated[int, Query(alias="parentId", ge=0, lt=2**63)], user: Identity = view):
        return ok(await dicts.page(db, kind, request.query_params, paging, parent_id=parent_id))

    @router.get("/detail", response_model=R[DictRead])
    async def detail(db: Session, id: IdQuery, user: Identity = view):
        return ok(await dicts.detail(db, kind, id))

    @router.get("/tree", response_model=R[list[DictTreeNode]])
    async def tree(db: Session, user: Identity = view, code: Annotated[str | None, Query(max_length=255)] = None):
        return ok(await dicts.tree(db, kind, code=code))

    @router.get("/child-tree", response_model=R[list[DictTreeNode]])
    async def child_tree(db: Session, user: Identity = view, code: Annotated[str | None, Query(max_length=255)] = None,
                         parent_id: Annotated[int | None, Query(alias="parentId", ge=0, lt=2**63)] = None):
        return ok(await dicts.child_tree(db, kind, code=code, parent_id=parent_id))

    @router.get("/dictionary", response_model=R[list[DictItem]])
    @responses.cached(dicts.GENERATION, per=responses.TENANT)
    async def dictionary(db: Db, rt: Rt, user: CurrentUser, code: Code):
        """Any logged-in user: the items of one code, sorted (served from the cache)."""
        return ok(await dicts.dictionary(db, rt.cache, kind, code, tenant_id=user.tenant_id))

    @router.get("/dictionary-tree", response_model=R[list[DictTreeItem]])
    async def dictionary_tree(db: Db, user: CurrentUser, code: Code = DICTIONARY_TREE_DEFAULT):
        return ok(await dicts.dictionary_tree(db, kind, code))

    @router.post("/submit", response_model=R[DictRead])
    async def submit(db: Session, body: Annotated[DictWrite, Body()], user: Identity = submit_):
        return ok(await dicts.submit(db, kind, body))

    @router.post("/submit-pri", response_model=R[DictRead])
    async def submit_pri(db: Session, body: Annotated[DictWrite, Body()], user: Identity = submit_):
        """BladeX's name for saving a top-level dictionary: parentId is always 0."""
        return ok(await dicts.submit(db, kind, body, parent_only=True))

    @router.post("/remove", response_model=R[bool])
    async def remove(request: Request, db: Session, user: Identity = delete):
        """Removes the rows and everything below them; sealed rows are refused."""
        await dicts.remove(db, kind, await request_ids(request))
        return ok(True)

    async def export(db: Session, user: Identity = export_,
                     code: Annotated[str | None, Query(max_length=255)] = None):
        """The rows of one code (the dictionary and its items), or every dictionary without `code`."""
        rows = await dicts.export_rows(db, kind, code=code)
        name = f"{'系统字典' if kind.system else '业务字典'}{'-' + code if code else ''}.xlsx"
        return excel.download(excel.workbook_bytes(dicts.EXPORT_COLUMNS, rows), name)

    router.get("/export", response_model=None, responses=excel.XLSX_RESPONSE, name="export_get",
               dependencies=[TOKEN_IN_LINK])(export)
    router.post("/export", response_model=None, responses=excel.XLSX_RESPONSE, name="export_post")(export)

    @router.post("/import", response_model=R[excel.ExcelImportResult])
    async def import_(db: Session, rt: Rt, file: Annotated[UploadFile, File()], user: Identity = importing):
        """Multipart `file` (xlsx with the export's columns); rows with errors are reported and skipped."""
        content = await file.read(rt.settings.upload_max_bytes + 1)
        if len(content) > rt.settings.upload_max_bytes:
            raise BusinessError("上传文件过大")
        result = await dicts.import_rows(db, kind, excel.read_rows(content, dicts.EXPORT_COLUMNS))
        return ok(result, "导入完成" if not result.errors else f"导入完成, {result.failed} 行有错误")

    return router


_platform = administrator_only()
router = APIRouter()
include(router, _router(
    dicts.SYSTEM, "/blade-system/dict", view=need("dict", "dict_view"), submit_=_platform,
    delete=_platform, export_=need("dict_export"), importing=_platform), _router(
    dicts.BIZ, "/blade-system/dict-biz", view=need("dictbiz", "dictbiz_view"),
    submit_=need("dictbiz_add", "dictbiz_edit"), delete=need("dictbiz_delete"),
    export_=need("dictbiz_export"), importing=need("dictbiz_import")))
