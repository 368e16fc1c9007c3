"""/api/blade-develop/datasource (data sources: list, detail, submit, remove, select, test, tables, columns, query),
/api/blade-api/visual/db (spec §7: the same data sources by the large screens' paths: list, db-list, detail,
remove, submit) and /api/blade-develop/code (spec §7: list, detail, submit, remove, copy, gen-code; with preview
and the column model a table suggests).

Data sources are each tenant's own: /tool/datasource (code `datasource`) in the platform tenant and the
large-screen data sources /visual/datasource (code `largedb`) in any tenant are the same rows and routes. Code
configs are the platform's: only the platform tenant's callers reach them."""

from typing import Annotated

from fastapi import APIRouter, Body, Depends, Query, Request
from fastapi.responses import Response

from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, add_verbs, get_or_raise, parse_ids, request_ids
from plantdesk.core.deps import Db, IdQuery, TenantDb, form_or_query, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BadRequest, Forbidden
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.tool import codegen, service
from plantdesk.modules.tool.models import CodeConfig, DataSource
from plantdesk.modules.tool.schemas import (
    CodeColumn,
    CodeRead,
    CodeWrite,
    ConnectionInfo,
    DataSourceOption,
    DataSourceRead,
    DataSourceWrite,
    GeneratedFile,
    QueryBody,
    QueryResult,
    SourceColumn,
)

SOURCES = Resource(name="datasource", model=DataSource, read=DataSourceRead, write=DataSourceWrite,
                   filters={"name": DataSource.name}, exact={"dbType": DataSource.db_type},
                   order=(DataSource.sort, DataSource.name), view_codes=("largedb", "largedb_view", "code"),
                   action_codes={"add": ("datasource_add", "largedb_add"), "edit": ("datasource_edit", "largedb_edit"),
                                 "delete": ("datasource_delete", "largedb_delete")},
                   save=service.save_source, remove=service.remove_sources, reads=service.source_reads)
datasource = APIRouter(prefix="/blade-develop/datasource", tags=["datasource"])
add_verbs(datasource, SOURCES, ("list", "detail", "submit", "remove"))
SourceView = need(*SOURCES.codes("view"))
SourceEdit = need(*SOURCES.codes("submit"))


@datasource.get("/select", response_model=R[list[DataSourceOption]])
async def source_select(db: TenantDb, user: Identity = SourceView):
    """Every data source of the tenant, for pickers."""
    return ok(await service.options(db))


@datasource.post("/test", response_model=R[ConnectionInfo])
async def source_test(db: TenantDb, body: Annotated[DataSourceWrite, Body()], user: Identity = SourceEdit):
    """Connects with the form's values (a blank password: the saved one) and reads the server's version."""
    return ok(await service.test_connection(db, await service.form_target(db, body)), "连接成功")


@datasource.get("/tables", response_model=R[list[str]])
async def source_tables(db: TenantDb, id: IdQuery, user: Identity = SourceView):
    return ok(await service.table_names(db, id))


@datasource.get("/columns", response_model=R[list[SourceColumn]])
async def source_columns(db: TenantDb, id: IdQuery, table_name: Annotated[str, Query(alias="tableName",
                                                                                        min_length=1,
                                                                                        max_length=128)],
                         user: Identity = SourceView):
    return ok(await service.column_infos(db, id, table_name))


@datasource.post("/query", response_model=R[QueryResult])
async def source_query(db: TenantDb, body: Annotated[QueryBody, Body()], user: Identity = SourceView):
    """Rows of one table: columns and conditions named from its catalogue, values bound, at most `limit`."""
    return ok(await service.query(db, body))


# The large-screen data sources by spec §7's paths: the same resource, rows and checks; db-list is `select`.
visual_db = APIRouter(prefix="/blade-api/visual/db", tags=["visual-db"])  # its own tag: operation ids stay unique
add_verbs(visual_db, SOURCES, ("list", "detail", "submit", "remove"))
visual_db.get("/db-list", response_model=R[list[DataSourceOption]])(source_select)


def platform_need(*codes: str):
    """The codes, and the platform tenant: code configs are the platform administrator's tool."""

    async def check(user: Identity = need(*codes)) -> Identity:
        if not user.is_platform:
            raise Forbidden("无权限访问")
        return user

    return Depends(check)


CodeView = platform_need("code", "code_view")
CODES = Listing(CodeConfig, filters={"codeName": CodeConfig.code_name, "tableName": CodeConfig.table_name,
                                     "moduleName": CodeConfig.module_name}, order=(CodeConfig.id.desc(),))
code = APIRouter(prefix="/blade-develop/code", tags=["code"])


@code.get("/list", response_model=R[Page[CodeRead]])
async def code_list(request: Request, db: Db, paging: Paging, user: Identity = CodeView):
    """Filters: codeName, tableName, moduleName (contains)."""
    page = await CODES.page(db, CODES.select(request.query_params), paging)
    page["records"] = await service.code_reads(db, page["records"])
    return ok(page)


@code.get("/detail", response_model=R[CodeRead])
async def code_detail(db: Db, id: IdQuery, user: Identity = CodeView):
    return ok((await service.code_reads(db, [await get_or_raise(db, CodeConfig, id)]))[0])


@code.post("/submit", response_model=R[CodeRead])
async def code_submit(db: Db, body: Annotated[CodeWrite, Body()],
                      user: Identity = platform_need("code_add", "code_edit")):
    """Insert or update a code config; the names it gives must be new (package, table, menu code)."""
    return ok((await service.code_reads(db, [await service.save_code(db, body)]))[0])


@code.post("/remove", response_model=R[bool])
async def code_remove(request: Request, db: Db, user: Identity = platform_need("code_delete")):
    await service.remove_codes(db, await request_ids(request))
    return ok(True)


@code.post("/copy", response_model=R[CodeRead])
async def code_copy(request: Request, db: Db, user: Identity = platform_need("code_copy")):
    """`id` (query or form): a copy whose package, table, menu code and path carry a number."""
    raw = await form_or_query(request, "id")
    ids = parse_ids(raw)
    return ok((await service.code_reads(db, [await service.copy_code(db, ids[0])]))[0])


@code.get("/preview", response_model=R[list[GeneratedFile]])
async def code_preview(db: Db, id: IdQuery, user: Identity = CodeView):
    """Every file `gen-code` would put in the zip, with its text."""
    return ok([{"path": path, "content": text} for path, text in await service.generated(db, [id])])


@code.get("/columns", response_model=R[list[CodeColumn]])
async def code_columns(db: Db, datasource_id: Annotated[int, Query(alias="datasourceId", ge=1, lt=2**63)],
                       table_name: Annotated[str, Query(alias="tableName", min_length=1, max_length=128)],
                       user: Identity = platform_need("code_add", "code_edit")):
    """The column model a table of a data source suggests (its columns but the platform's own)."""
    return ok(await service.suggest_columns(db, datasource_id, table_name))


@code.post("/gen-code", response_class=Response, responses={200: {"content": {"application/zip": {}}}})
async def gen_code(request: Request, db: Db, user: Identity = platform_need("code_gen")):
    """`ids` (query or form) and `system` (spec §9: `saber`, PlantDesk's own stack): a zip of the generated
    areas, each file at its place in the repository."""
    system = await form_or_query(request, "system") or codegen.SYSTEM
    if system != codegen.SYSTEM:
        raise BadRequest(f"不支持的代码生成系统: {system}")
    files = await service.generated(db, await request_ids(request))
    return Response(codegen.archive(files), media_type="application/zip",
                    headers={"Content-Disposition": "attachment; filename=plantdesk-code.zip"})


router = APIRouter()
include(router, datasource, visual_db, code)
