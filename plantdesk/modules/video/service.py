"""Cameras: the list (filters name, code, brand, deviceId, streamType), save with every stream address checked by
the outbound guard, logical removal, and the addresses a batch plays."""

import re
from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import outbound, tenancy
from plantdesk.core.crud import get_or_raise, mark_deleted
from plantdesk.core.errors import BadRequest
from plantdesk.core.listing import Listing
from plantdesk.modules.device.models import Device
from plantdesk.modules.video.models import Camera
from plantdesk.modules.video.schemas import CameraRead, CameraWrite, Play

OUTBOUND_KIND = "camera"
URL_FIELDS = ("hls_url", "flv_url", "webrtc_url", "file_url", "snapshot_url")
_SCHEMES = re.compile(r"^(https?|wss?)://", re.IGNORECASE)

LISTING = Listing(Camera, filters={"name": Camera.name, "code": Camera.code, "location": Camera.location},
                  exact={"brand": Camera.brand, "deviceId": Camera.device_id, "streamType": Camera.stream_type},
                  sorts={"name": Camera.name, "sort": Camera.sort}, order=(Camera.sort, Camera.id.desc()))


async def check_address(policy: outbound.Policy, url: str, tenant: str) -> None:
    """A stream or snapshot address: a path of this server (`/...`, e.g. the demo stream) needs no connection out;
    any other is an http(s) or ws(s) URL whose host the outbound guard permits to the tenant's cameras."""
    if url.startswith("/") and not url.startswith("//"):
        return
    if not _SCHEMES.match(url):
        raise BadRequest("视频地址格式错误, 应以 http(s):// 或 ws(s):// 开头")
    await outbound.check(policy, url, tenant=tenant, kind=OUTBOUND_KIND)


async def save(db: AsyncSession, policy: outbound.Policy, body: CameraWrite) -> Camera:
    values = {name: getattr(body, name) for name in body.model_fields_set if name != "id"}
    for name in URL_FIELDS:
        if isinstance(values.get(name), str):
            values[name] = values[name].strip() or None
    if body.id is None:
        if not values.get("name"):
            raise BadRequest("请输入摄像头名称")
        obj = Camera(**values)
    else:
        obj = await get_or_raise(db, Camera, body.id)
        if "name" in values and not values["name"]:
            raise BadRequest("请输入摄像头名称")
        for key, value in values.items():
            setattr(obj, key, value)
    if obj.device_id is not None and (await db.execute(select(Device.id).where(Device.id == obj.device_id))).first() \
            is None:
        raise BadRequest("设备不存在")
    tenant = tenancy.writing_tenant(db, obj)
    for name in URL_FIELDS:
        if getattr(obj, name):
            await check_address(policy, getattr(obj, name), tenant)
    if body.id is None:
        db.add(obj)
    await db.flush()
    await db.refresh(obj)
    return obj


async def reads(db: AsyncSession, rows: Iterable[Camera]) -> list[CameraRead]:
    rows = list(rows)
    device_ids = {r.device_id for r in rows if r.device_id is not None}
    names = dict((await db.execute(select(Device.id, Device.name).where(Device.id.in_(device_ids)))).all()) \
        if device_ids else {}
    return [CameraRead.model_validate(r).model_copy(
        update={"device_name": names.get(r.device_id, "") if r.device_id is not None else ""}) for r in rows]


async def remove(db: AsyncSession, ids: list[int]) -> None:
    await mark_deleted(db, Camera, Camera.id.in_(ids))


async def play(db: AsyncSession, kind: str, ids: list[int]) -> list[Play]:
    """For each camera of `ids` (in that order; unknown ones left out) the address of type `kind`, else its own."""
    rows = {c.id: c for c in (await db.execute(select(Camera).where(Camera.id.in_(ids)))).scalars()}
    answer = []
    for id_ in ids:
        cam = rows.get(id_)
        if cam is None:
            continue
        chosen = kind if getattr(cam, f"{kind}_url") else cam.stream_type
        answer.append(Play(id=cam.id, name=cam.name, type=chosen, url=getattr(cam, f"{chosen}_url", None) or "",
                           snapshot_url=cam.snapshot_url))
    return answer
