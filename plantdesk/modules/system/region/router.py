"""/api/blade-system/region (spec §7 System)."""


from typing import Annotated

from fastapi import APIRouter, Body, Query, Request

from plantdesk.core.context import Identity
from plantdesk.core.deps import CurrentUser, Db, Text, form_or_query, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BadRequest
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.system.region import service as regions
from plantdesk.modules.system.region.schemas import RegionNode, RegionRead, RegionWrite

region = APIRouter(prefix="/blade-system/region", tags=["region"])
REGION_VIEW = ("region", "region_view")
Code = Annotated[str, Query(max_length=12)]


@region.get("/list", response_model=R[Page[RegionRead]], summary="regions (filters code, name, parentCode)")
async def region_list(db: Db, paging: Paging, code: Code = "", name: Text = "", parentCode: Code = "",  # noqa: N803
                      user: Identity = need(*REGION_VIEW)):
    return ok(await regions.page(db, paging, code=code, name=name, parent_code=parentCode))


@region.get("/lazy-list", response_model=R[list[RegionRead]], summary="one level of regions")
async def region_lazy_list(db: Db, user: CurrentUser, parentCode: Code = regions.ROOT):  # noqa: N803
    return ok(await regions.children(db, parentCode))


@region.get("/lazy-tree", response_model=R[list[RegionNode]], summary="one level of the region tree")
async def region_lazy_tree(db: Db, user: CurrentUser, parentCode: Code = regions.ROOT):  # noqa: N803
    return ok(await regions.lazy_tree(db, parentCode))


@region.get("/detail", response_model=R[RegionRead], summary="region detail by code")
async def region_detail(db: Db, code: Code, user: Identity = need(*REGION_VIEW)):
    return ok(await regions.detail(db, code))


@region.post("/submit", response_model=R[RegionRead], summary="region insert or update (by code)")
async def region_submit(db: Db, body: Annotated[RegionWrite, Body()], user: Identity = need("region_add",
                                                                                               "region_edit")):
    return ok(await regions.submit(db, user, body))


@region.post("/remove", response_model=R[bool], summary="region remove (id = code; refused with children)")
async def region_remove(request: Request, db: Db, user: Identity = need("region_delete")):
    code = await form_or_query(request, "id")
    if not code:
        raise BadRequest("缺少必要的请求参数: id")
    await regions.remove(db, user, code)
    return ok(True)


@region.get("/select", response_model=R[list[RegionRead]], summary="children of a region (cascading selects)")
async def region_select(db: Db, user: CurrentUser, code: Code = regions.ROOT):
    return ok(await regions.select_children(db, code))

router = APIRouter()
include(router, region)
