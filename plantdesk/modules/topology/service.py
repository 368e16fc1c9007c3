"""Topology resources: protocols (page by type and name), folders, topologies; a drawing's JSON is checked and the
devices and data points its nodes bind must be the tenant's own."""

import json
from typing import Any

from fastapi import Request
from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource
from plantdesk.core.errors import BadRequest
from plantdesk.core.query import to_int
from plantdesk.modules.device.models import DataPoint, Device
from plantdesk.modules.topology.models import Topology, TopologyFolder, TopologyProtocol
from plantdesk.modules.topology.schemas import (
    FolderRead,
    FolderWrite,
    ProtocolRead,
    ProtocolWrite,
    TopologyRead,
    TopologyWrite,
)

DEVICE_VIEW = ("device_device", "device_device_view")


def drawing(content: str) -> tuple[set[int], set[int]]:
    """The device and data point ids a drawing's nodes bind; refuses what is not a drawing."""
    try:
        doc = json.loads(content)
    except ValueError:
        raise BadRequest("拓扑内容不是有效的 JSON") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("nodes", []), list) or \
            not isinstance(doc.get("edges", []), list):
        raise BadRequest("拓扑内容应为 {nodes: [], edges: []}")
    devices: set[int] = set()
    points: set[int] = set()
    for node in doc.get("nodes", []):
        data = node.get("data") if isinstance(node, dict) else None
        if not isinstance(data, dict):
            continue
        for key, found in (("deviceId", devices), ("pointId", points)):
            if data.get(key) not in (None, ""):
                found.add(to_int(str(data[key]), key))
    return devices, points


async def _before_topology(db: AsyncSession, user: Identity, obj: Topology, body: TopologyWrite, created: bool):
    if created and not obj.name:
        raise BadRequest("请输入拓扑名称")
    if obj.folder_id is not None and (await db.execute(
            select(TopologyFolder.id).where(TopologyFolder.id == obj.folder_id))).first() is None:
        raise BadRequest("目录不存在")
    if "content" not in body.model_fields_set:
        return
    devices, points = drawing(obj.content or "{}")
    if devices and len((await db.execute(select(Device.id).where(Device.id.in_(devices)))).all()) < len(devices):
        raise BadRequest("拓扑绑定的设备不存在")
    if points and len((await db.execute(select(DataPoint.id).where(DataPoint.id.in_(points)))).all()) < len(points):
        raise BadRequest("拓扑绑定的测点不存在")
    obj.device_ids = "".join(f",{d}" for d in sorted(devices)) + "," if devices else None


async def _topology_statement(db: AsyncSession, user: Identity, stmt: Select, request: Request) -> Select:
    """`deviceId`: the topologies one of whose nodes binds that device (a device's page links them)."""
    raw = request.query_params.get("deviceId")
    if raw:
        stmt = stmt.where(Topology.device_ids.like(f"%,{to_int(raw, 'deviceId')},%"))
    return stmt


async def _before_folder_remove(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    if (await db.execute(select(Topology.id).where(Topology.folder_id.in_(ids)).limit(1))).first():
        raise BadRequest("目录下还有拓扑, 不能删除")


async def _check_protocol(db: AsyncSession, user: Identity, obj: Any, body: Any, created: bool) -> None:
    if created and (not obj.name or not obj.type):
        raise BadRequest("请输入协议名称和类型")


async def _check_folder(db: AsyncSession, user: Identity, obj: Any, body: Any, created: bool) -> None:
    if created and not obj.name:
        raise BadRequest("请输入目录名称")


PROTOCOLS = Resource("protocol", TopologyProtocol, ProtocolRead, ProtocolWrite,
                     filters={"name": TopologyProtocol.name}, exact={"type": TopologyProtocol.type},
                     sorts={"name": TopologyProtocol.name}, before_save=_check_protocol)
FOLDERS = Resource("topology_management", TopologyFolder, FolderRead, FolderWrite,
                   filters={"name": TopologyFolder.name}, order=(TopologyFolder.sort,), view_codes=DEVICE_VIEW,
                   before_save=_check_folder, before_remove=_before_folder_remove)
TOPOLOGIES = Resource("topology_management", Topology, TopologyRead, TopologyWrite,
                      filters={"name": Topology.name}, exact={"folderId": Topology.folder_id},
                      order=(Topology.sort,), view_codes=DEVICE_VIEW, statement=_topology_statement,
                      before_save=_before_topology)
