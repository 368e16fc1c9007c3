"""/api/blade-report/report: templates (spec §7 "Others": `rest/list` current, size, descs, tenant_id; `rest/remove`
ids; `rest/submit` id, name, auth, or id, isEnable (§4: the toggle)) and `rest/detail`, `rest/generate`; the generated
reports (`output/list`, `output/remove`, `output/download?id=&type=xlsx|pdf`). Every route acts in the caller's
tenant (the platform administrator may name one with `tenant_id`, core.deps.TenantDb)."""

from typing import Annotated, Literal
from urllib.parse import quote

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import Response

from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, add_verbs, request_ids
from plantdesk.core.deps import TOKEN_IN_LINK, IdQuery, Rt, TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.report import service
from plantdesk.modules.report.models import ReportFile, ReportOutput
from plantdesk.modules.report.schemas import GenerateBody, OutputRead, ReportRead, ReportWrite

TEMPLATES = Resource(name="template", model=ReportFile, read=ReportRead, write=ReportWrite,
                     filters={"name": ReportFile.name}, exact={"kind": ReportFile.kind, "period": ReportFile.period,
                                                              "isEnable": ReportFile.is_enable},
                     sorts={"name": ReportFile.name, "create_time": ReportFile.create_time},
                     order=(ReportFile.create_time.desc(),), view_codes=("reportlist",),
                     before_save=service.before_save, before_remove=service.before_remove)
rest = APIRouter(prefix="/blade-report/report/rest", tags=["report"])
add_verbs(rest, TEMPLATES, ("list", "detail", "submit", "remove"),
          docs={"list": "Spec §7: current, size, descs, tenant_id (also name, kind, period, isEnable).",
                "submit": "Spec §7: id, name, auth saves; id, isEnable toggles (§4). A new template needs a name."})


@rest.post("/generate", response_model=R[OutputRead])
async def generate(db: TenantDb, rt: Rt, body: Annotated[GenerateBody, Body()],
                   user: Identity = need("template_generate")):
    """Generate a template's report now: for the period containing `at`, or the last complete period."""
    output = await service.generate_now(db, rt.settings, user, body.id, body.at)
    return ok((await service.output_reads(db, [output]))[0])


OUTPUTS = Listing(ReportOutput, filters={"name": ReportOutput.name},
                  exact={"kind": ReportOutput.kind, "period": ReportOutput.period,
                         "reportId": ReportOutput.report_id, "trigger": ReportOutput.trigger},
                  ranges={"createTime": ReportOutput.create_time, "periodStart": ReportOutput.period_start},
                  sorts={"create_time": ReportOutput.create_time, "period_start": ReportOutput.period_start},
                  order=(ReportOutput.create_time.desc(), ReportOutput.id.desc()))
output = APIRouter(prefix="/blade-report/report/output", tags=["report"])
OutputView = need("reportlist", "reportlist_view")


@output.get("/list", response_model=R[Page[OutputRead]])
async def output_list(request: Request, db: TenantDb, paging: Paging, user: Identity = OutputView):
    """Generated reports, newest first. Filters: name (contains), kind, period, reportId, trigger, the
    createTime and periodStart ranges (`_datege` / `_datele`)."""
    page = await OUTPUTS.page(db, OUTPUTS.select(request.query_params), paging)
    page["records"] = await service.output_reads(db, page["records"])
    return ok(page)


@output.post("/remove", response_model=R[None])
async def output_remove(request: Request, db: TenantDb, rt: Rt, user: Identity = need("reportlist_delete")):
    """ids: the generated reports to remove, with their files."""
    await service.remove_outputs(db, rt.settings, await request_ids(request))
    return ok(None)


@output.get("/download", response_model=None, dependencies=[TOKEN_IN_LINK],
            responses={200: {"content": {"application/pdf": {}, service.XLSX_TYPE: {}}, "description": "the file"}})
async def output_download(db: TenantDb, rt: Rt, id: IdQuery,
                          type: Annotated[Literal["xlsx", "pdf"], Query()] = "pdf",
                          user: Identity = need("reportlist_download", "reportlist_view")):
    """A generated report's Excel or PDF file (a link may carry its token as `?blade-auth=`)."""
    data, name, media = await service.output_file(db, rt.settings, id, type)
    return Response(data, media_type=media, headers={
        "Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}", "Cache-Control": "no-store"})


router = APIRouter()
include(router, rest, output)
