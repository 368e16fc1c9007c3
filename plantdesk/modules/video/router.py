"""/api/camera (spec §7 Others): page, save, update (PUT), batch/del (DELETE `ids`), batch/play/{type} (`ids`).
Every route acts in the caller's tenant; every stream address passes the outbound guard when saved."""

from typing import Annotated

from fastapi import APIRouter, Body, Path, Query, Request

from plantdesk.core.context import Identity
from plantdesk.core.crud import parse_ids
from plantdesk.core.deps import Rt, TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BadRequest
from plantdesk.core.paging import Page, Paging
from plantdesk.modules.video import service
from plantdesk.modules.video.schemas import TYPE_PATTERN, CameraRead, CameraWrite, Play

View = need("camera", "camera_view", "device_device", "device_device_view")
Add, Edit, Delete = need("camera_add"), need("camera_edit"), need("camera_delete")
Ids = Annotated[str, Query(max_length=4000)]

router = APIRouter(prefix="/camera", tags=["camera"])


@router.get("/page", response_model=R[Page[CameraRead]])
async def page(request: Request, db: TenantDb, paging: Paging, user: Identity = View):
    """Filters: name, code, location (contains), brand, deviceId, streamType (equal)."""
    result = await service.LISTING.page(db, service.LISTING.select(request.query_params), paging)
    result["records"] = await service.reads(db, result["records"])
    return ok(result)


@router.post("/save", response_model=R[CameraRead])
async def save(db: TenantDb, rt: Rt, body: Annotated[CameraWrite, Body()], user: Identity = Add):
    body.id = None
    obj = await service.save(db, rt.settings.outbound_policy, body)
    return ok((await service.reads(db, [obj]))[0], "新增成功")


@router.put("/update", response_model=R[CameraRead])
async def update(db: TenantDb, rt: Rt, body: Annotated[CameraWrite, Body()], user: Identity = Edit):
    if body.id is None:
        raise BadRequest("缺少必要的请求参数: id")
    obj = await service.save(db, rt.settings.outbound_policy, body)
    return ok((await service.reads(db, [obj]))[0], "更新成功")


@router.delete("/batch/del", response_model=R[bool])
async def batch_delete(db: TenantDb, ids: Ids = "", user: Identity = Delete):
    """Remove the cameras `ids` (comma-separated)."""
    await service.remove(db, parse_ids(ids))
    return ok(True, "删除成功")


@router.get("/batch/play/{type}", response_model=R[list[Play]])
async def batch_play(db: TenantDb, type: Annotated[str, Path(pattern=TYPE_PATTERN)], ids: Ids = "",
                     user: Identity = View):
    """What the browser plays for the cameras `ids` with stream type `type` (hls, flv, webrtc, file)."""
    return ok(await service.play(db, type, parse_ids(ids)))
