"""The demo plant's cameras and topologies (tenant 356782): four cameras, three playing the short looping test
stream the console ships (`/demo/camera/index.m3u8`, a file of web/public: no media gateway needed) and one
marked offline (no gateway address); the link protocols; one topology of the whole plant in Chinese and one in
English (the devices' English halves), every device a node bound to it and its first data point, linked the way
the plant is wired."""

import json

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.demo.data import plant

DEMO_STREAM = "/demo/camera/index.m3u8"
DEMO_SNAPSHOT = "/demo/camera/snapshot.jpg"

# code, name, brand, device code, location, playing
CAMERAS = [
    ("CAM-01", "反应釜 R-101 / Reactor R-101", "hikvision", "R101", "A 栋 2 层 / Building A, level 2", True),
    ("CAM-02", "泵房 / Pump house", "dahua", "P101A", "泵房 1 号位 / Pump house, bay 1", True),
    ("CAM-03", "罐区 / Tank farm", "uniview", "TK201", "罐区 1 排 / Tank farm, row 1", True),
    ("CAM-04", "空压机房 (离线) / Compressor house (offline)", "axis", "K101", "公用工程楼 / Utility building",
     False),
]
OFFLINE_REMARK = "离线: 未配置媒体网关地址 / Offline: no media gateway address configured"

# name, type, colour, port
PROTOCOLS = [
    ("Modbus TCP", "ethernet", "#1677ff", 502),
    ("OPC UA", "ethernet", "#13c2c2", 4840),
    ("Modbus RTU (RS-485)", "fieldbus", "#fa8c16", None),
    ("PROFIBUS DP", "fieldbus", "#722ed1", None),
    ("MQTT", "it", "#52c41a", 1883),
]

# device code → position on the drawing
LAYOUT = {
    "TK201": (0, 0), "TK202": (0, 160), "P101A": (280, 40), "P101B": (280, 200), "E101": (540, 60),
    "R101": (800, 60), "TK203": (1060, 60), "K101": (800, 300),
}
# source, target, protocol
LINKS = [
    ("TK201", "P101A", "Modbus RTU (RS-485)"), ("TK202", "P101B", "Modbus RTU (RS-485)"),
    ("P101A", "E101", "Modbus TCP"), ("P101B", "E101", "Modbus TCP"), ("E101", "R101", "OPC UA"),
    ("R101", "TK203", "OPC UA"), ("K101", "R101", "PROFIBUS DP"),
]
TOPOLOGIES = [("zh", "演示工厂总貌", "原料罐 → 进料泵 → 预热器 → 反应釜 → 成品罐"),
              ("en", "Demo plant overview", "Feed tanks → feed pumps → pre-heater → reactor → product tank")]
FOLDERS = [("zh", "演示工厂"), ("en", "Demo plant")]
ZH_NAMES = {"R101": "反应釜 R-101", "P101A": "进料泵 P-101A", "P101B": "进料泵 P-101B (备用)", "E101": "预热器 E-101",
            "K101": "空压机 K-101", "TK201": "原料罐 TK-201", "TK202": "原料罐 TK-202", "TK203": "成品罐 TK-203"}


def drawing(lang: str, devices: dict, points: dict, protocols: dict) -> dict:
    nodes = []
    for code, (x, y) in LAYOUT.items():
        if code not in devices:
            continue
        device = devices[code]
        nodes.append({"id": f"n-{code}", "type": "device", "position": {"x": x, "y": y},
                      "data": {"label": ZH_NAMES[code] if lang == "zh" else plant.english(device.name),
                               "deviceId": str(device.id), "pointId": str(points[code]) if code in points else None}})
    edges = [{"id": f"e-{a}-{b}", "source": f"n-{a}", "target": f"n-{b}",
              "data": {"protocolId": str(protocols[p].id), "label": p}}
             for a, b, p in LINKS if a in devices and b in devices]
    return {"nodes": nodes, "edges": edges, "viewport": {"x": 40, "y": 60, "zoom": 0.8}}


async def seed(db: AsyncSession, tenant_id: str) -> bool:
    """Once: only when the tenant has its plant and has never had a camera (removed ones count)."""
    from plantdesk.modules.device.models import DataPoint, Device
    from plantdesk.modules.topology.models import Topology, TopologyFolder, TopologyProtocol
    from plantdesk.modules.video.models import Camera

    with tenancy.tenant_scope(db, tenant_id):
        if await db.scalar(select(Camera.id).limit(1).execution_options(**{tenancy.INCLUDE_DELETED: True})):
            return False
        devices = {d.code: d for d in (await db.execute(select(Device))).scalars()}
        if not devices:
            return False
        points: dict[str, int] = {}
        for device_id, point_id in (await db.execute(select(DataPoint.device_id, DataPoint.id)
                                                     .order_by(DataPoint.sort, DataPoint.id))).all():
            code = next((c for c, d in devices.items() if d.id == device_id), None)
            if code and code not in points:
                points[code] = point_id
        for sort, (code, name, brand, device, location, playing) in enumerate(CAMERAS, start=1):
            db.add(Camera(code=code, name=name, brand=brand, device_id=devices[device].id if device in devices
                          else None, location=location, stream_type="hls", sort=sort,
                          hls_url=DEMO_STREAM if playing else None, snapshot_url=DEMO_SNAPSHOT if playing else None,
                          remark=None if playing else OFFLINE_REMARK))
        protocols = {}
        for name, kind, color, port in PROTOCOLS:
            protocols[name] = TopologyProtocol(name=name, type=kind, color=color, port=port)
            db.add(protocols[name])
        folders = {}
        for sort, (lang, name) in enumerate(FOLDERS, start=1):
            folders[lang] = TopologyFolder(name=name, sort=sort)
            db.add(folders[lang])
        await db.flush()
        for sort, (lang, name, remark) in enumerate(TOPOLOGIES, start=1):
            doc = drawing(lang, devices, points, protocols)
            bound = sorted({int(n["data"]["deviceId"]) for n in doc["nodes"]})
            db.add(Topology(folder_id=folders[lang].id, name=name, remark=remark, sort=sort,
                            content=json.dumps(doc, ensure_ascii=False),
                            device_ids="".join(f",{d}" for d in bound) + ","))
        await db.flush()
    return True
