"""The equipment area's assistant tools (core.assistant): a device's status and its points' latest values, a point's
24-hour summary, and the device and point names a question mentions (the alarm tools find devices through them)."""

import re
import time

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.assistant import Tool
from plantdesk.core.context import Identity
from plantdesk.modules.device.models import Device
from plantdesk.modules.device.monitor import service as monitor
from plantdesk.modules.device.monitor.schemas import format_ms

DEVICE_CODES = ("device_device", "device_device_view", "monitordata", "monitordata_view", "datapoint",
                "datapoint_view")
_TAG = re.compile(r"[a-z]{1,4}-?\d{2,5}[a-z]?", re.I)


def _folded(value: str) -> str:
    return re.sub(r"[^0-9a-z]", "", value.casefold())


async def find_devices(db: AsyncSession, name: str, *, limit: int = 5) -> list[Device]:
    """Devices of the caller's tenant whose code or tag starts with `name` ("P-101" finds P101A and P101B), else
    whose name contains it."""
    wanted = _folded(name)
    if not wanted:
        return []
    rows = list((await db.execute(select(Device).order_by(Device.sort, Device.code).limit(5000))).scalars())
    by_tag = [d for d in rows if _folded(d.code).startswith(wanted) or any(
        _folded(t).startswith(wanted) for t in _TAG.findall(d.name))]
    return (by_tag or [d for d in rows if name.casefold() in d.name.casefold()])[:limit]


async def device_status(db: AsyncSession, user: Identity, args: dict) -> dict:
    devices = await find_devices(db, str(args.get("device", "")))
    if not devices:
        return {"devices": [], "message": f"no device matches {args.get('device')!r}"}
    status = await monitor.device_status(db, [d.id for d in devices])
    values = await monitor.realtime(db, await monitor.points(db, device_ids=[d.id for d in devices]))
    out = []
    for d in devices:
        out.append({"id": str(d.id), "code": d.code, "name": d.name, "location": d.location,
                    "status": status[d.id]["status"], "last_time": format_ms(status[d.id]["last_ts"]),
                    "values": [{"point": v["point_code"], "name": v["point_name"], "value": v["value"],
                                "text": v["text_value"], "unit": v["unit"], "time": v["time"], "stale": v["stale"]}
                               for v in values if v["device_id"] == d.id]})
    return {"devices": out}


async def point_summary(db: AsyncSession, user: Identity, args: dict) -> dict:
    devices = await find_devices(db, str(args.get("device", "")), limit=1)
    if not devices:
        return {"message": f"no device matches {args.get('device')!r}"}
    wanted = _folded(str(args.get("point", "")))
    refs = [p for p in await monitor.points(db, device_ids=[devices[0].id])
            if wanted and (_folded(p.code) == wanted or wanted in _folded(p.name))]
    if not refs:
        return {"device": devices[0].code, "message": f"no point matches {args.get('point')!r}"}
    end = int(time.time() * 1000)
    result = await monitor.aggregate(db, refs[:1], end - 24 * 3600_000, end, buckets=1, interval=None,
                                     source="auto")
    buckets = [b for s in result["series"] for b in s["buckets"]]
    summary = {"min": min((b["min"] for b in buckets if b["min"] is not None), default=None),
               "max": max((b["max"] for b in buckets if b["max"] is not None), default=None),
               "count": sum(b["count"] for b in buckets),
               "last": buckets[-1]["last"] if buckets else None}
    total = sum((b["avg"] or 0) * b["count"] for b in buckets)
    summary["avg"] = round(total / summary["count"], 3) if summary["count"] else None
    return {"device": devices[0].code, "device_id": str(devices[0].id), "point": refs[0].code,
            "name": refs[0].name, "unit": refs[0].unit, "hours": 24, **summary}


async def devices_in(db: AsyncSession, question: str) -> list[dict]:
    """`{"device": tag}` for each device tag of the caller's tenant named in the question (at most 3)."""
    return [{"device": tag} for tag in dict.fromkeys(m.group() for m in _TAG.finditer(question))
            if await find_devices(db, tag, limit=1)][:3]


# Point names are English engineering names (demo.data.plant); a Chinese question names them in Chinese.
ZH_POINT_WORDS = {"振动": "vibration", "温度": "temperature", "电流": "current", "流量": "flow", "压力": "pressure",
                  "转速": "speed", "液位": "level"}


async def _points_in(db: AsyncSession, question: str) -> list[dict]:
    """A device tag and one of its points named in the question (by code or by name)."""
    asked = _folded(question)
    lowered = question.casefold()
    for zh, en in ZH_POINT_WORDS.items():
        lowered = lowered.replace(zh, f" {en} ")
    out = []
    for arg in await devices_in(db, question):
        for device in await find_devices(db, arg["device"], limit=1):
            for p in await monitor.points(db, device_ids=[device.id]):
                words = [w for w in re.split(r"[\s_]+", p.name.casefold()) if len(w) > 3]
                if _folded(p.code) in asked and len(p.code) > 3 or any(w in lowered for w in words):
                    out.append({"device": device.code, "point": p.code})
    return out[:2]


STATUS_ZH = {"online": "在线", "offline": "离线", "fault": "故障"}


def _render_device_status(result: dict, zh: bool) -> list[str]:
    lines = []
    for d in result.get("devices", []):
        state = STATUS_ZH.get(d["status"], d["status"]) if zh else d["status"]
        lines.append(f"- {d['name']} ({d['code']}): {state}" + (f", {d['last_time']}" if d["last_time"] else ""))
        for v in d["values"]:
            shown = v["text"] if v["value"] is None else round(v["value"], 3)  # a reading, not a float's digits
            if shown is not None:
                lines.append(f"  - {v['name']} ({v['point']}): {shown}{' ' + v['unit'] if v['unit'] else ''}")
    return lines or [f"- {result.get('message', '')}"]


def _render_point_summary(result: dict, zh: bool) -> list[str]:
    if "point" not in result:
        return [f"- {result.get('message', '')}"]
    unit = f" {result['unit']}" if result.get("unit") else ""
    label = "近 24 小时" if zh else "last 24 h"
    if not result["count"]:
        return [f"- {result['device']} {result['name']} ({label}): " + ("无数据" if zh else "no data")]
    return [f"- {result['device']} {result['name']} ({label}): min {result['min']}{unit}, max {result['max']}"
            f"{unit}, avg {result['avg']}{unit}, last {result['last']}{unit}, n={result['count']}"]


def _device_links(result: dict) -> list[dict]:
    return [{"title": d["name"], "link": f"/device/device?code={d['code']}"} for d in result.get("devices", [])]


def tools() -> list[Tool]:
    return [Tool(
        name="device_status",
        description="A device's status (online/offline/fault) and the latest value of each of its data points. "
                    "`device` is its tag or code, e.g. P-101A, or part of its name.",
        parameters={"type": "object", "properties": {"device": {"type": "string", "description": "tag or name"}},
                    "required": ["device"]},
        run=device_status, codes=DEVICE_CODES, match=devices_in, links=_device_links,
        render=_render_device_status),
        Tool(
        name="point_summary",
        description="Minimum, maximum, average and last value of one data point of a device over the last 24 "
                    "hours. `point` is the point code (e.g. VIBRATION) or part of its name.",
        parameters={"type": "object", "properties": {"device": {"type": "string"}, "point": {"type": "string"}},
                    "required": ["device", "point"]},
        run=point_summary, codes=DEVICE_CODES, match=_points_in, render=_render_point_summary)]

