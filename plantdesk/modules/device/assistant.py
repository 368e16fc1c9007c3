"""The equipment area's assistant tools (core.assistant): a device's status and its points' latest values, a point's
24-hour summary, and the device and point names a question mentions (the alarm tools find devices through them)."""

import re
import time

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.assistant import HOW_MANY, WHICH, Tool, chinese, period
from plantdesk.core.context import Identity
from plantdesk.core.envelope import DATETIME_FORMAT
from plantdesk.modules.device.models import Device
from plantdesk.modules.device.monitor import service as monitor
from plantdesk.modules.device.monitor.schemas import format_ms

DEVICE_CODES = ("device_device", "device_device_view", "monitordata", "monitordata_view", "datapoint",
                "datapoint_view")
_TAG = re.compile(r"[a-z]{1,4}-?\d{2,5}[a-z]?", re.I)


def _folded(value: str) -> str:
    return re.sub(r"[^0-9a-z]", "", value.casefold())


def halves(name: str) -> tuple[str, str]:
    """A name's Chinese and English half when it is in both languages ("反应釜 Reactor R-101", the demo's form: one
    Chinese word, then the English), else ("", name)."""
    first, _, rest = name.partition(" ")
    return (first, rest) if rest and chinese(first) and not chinese(rest) else ("", name)


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
    now = int(time.time() * 1000)
    hours = args.get("hours")
    end = monitor.parse_time(args.get("end"), default=now)
    start = monitor.parse_time(args.get("start"), default=end - int(float(hours or 24) * 3600_000))
    result = await monitor.aggregate(db, refs[:1], start, end, buckets=TREND_BUCKETS, interval=None, source="auto")
    buckets = [b for s in result["series"] for b in s["buckets"] if b["count"]]
    summary = {"min": min((b["min"] for b in buckets if b["min"] is not None), default=None),
               "max": max((b["max"] for b in buckets if b["max"] is not None), default=None),
               "count": sum(b["count"] for b in buckets),
               "last": buckets[-1]["last"] if buckets else None}
    total = sum((b["avg"] or 0) * b["count"] for b in buckets)
    summary["avg"] = total / summary["count"] if summary["count"] else None
    summary = {k: round(v, 3) if isinstance(v, float) else v for k, v in summary.items()}  # readings, not digits
    return {"device": devices[0].code, "device_id": str(devices[0].id), "point": refs[0].code,
            "name": refs[0].name, "unit": refs[0].unit, "start": format_ms(start), "end": format_ms(end),
            "label": args.get("label"), **summary, "trend": _trend(buckets, summary)}


TREND_BUCKETS = 6


def _trend(buckets: list[dict], summary: dict) -> dict | None:
    """Rising, falling or steady: the average of the last bucket with values against the first's, steady within
    5 % of the period's range."""
    averaged = [b["avg"] for b in buckets if b["avg"] is not None]
    if len(averaged) < 2:
        return None
    change = averaged[-1] - averaged[0]
    spread = (summary["max"] or 0) - (summary["min"] or 0)
    direction = "steady" if abs(change) <= 0.05 * spread or not spread else "rising" if change > 0 else "falling"
    return {"direction": direction, "change": round(change, 3)}


async def devices_in(db: AsyncSession, question: str) -> list[dict]:
    """`{"device": tag}` for each device tag of the caller's tenant named in the question, else `{"device": code}`
    for each device it names by name (or by either half of one in both languages: 成品罐, 原料罐); at most 3."""
    tagged = [{"device": tag} for tag in dict.fromkeys(m.group() for m in _TAG.finditer(question))
              if await find_devices(db, tag, limit=1)]
    if tagged:
        return tagged[:3]
    asked = question.casefold()
    rows = (await db.execute(select(Device).order_by(Device.sort, Device.code).limit(5000))).scalars()
    return [{"device": d.code} for d in rows
            if any(len(name) > 1 and name.casefold() in asked for name in (d.name, *halves(d.name)))][:3]


# A point named in both languages is found by either half; a Chinese question naming a point otherwise ("振动" for
# "轴承振动 Bearing vibration") or one named in English alone is read through these words.
ZH_POINT_WORDS = {"排气温度": "discharge temperature", "出口压力": "discharge pressure",
                  "排气压力": "discharge pressure",
                  "轴承温度": "bearing temperature", "进料流量": "feed flow", "搅拌转速": "agitator speed",
                  "振动": "vibration", "温度": "temperature", "电流": "current", "流量": "flow", "压力": "pressure",
                  "转速": "speed", "液位": "level", "负荷": "load", "油压": "oil pressure", "体积": "volume"}


async def _points_in(db: AsyncSession, question: str) -> list[dict]:
    """A device tag and one of its points named in the question (by code or by name), over the period it names
    (the last 24 h by default)."""
    asked = _folded(question)
    # "current readings", "the current level": now, not a motor's current ("motor current of K-101")
    lowered = re.sub(r"\bcurrent(?:ly)?\s+(?!of\b|draw|is\b|on\b|at\b)(?=[a-z])", "", question.casefold())
    for zh, en in ZH_POINT_WORDS.items():
        lowered = lowered.replace(zh, f" {en} ")
    when = period(question)
    span = {} if when is None else {"start": when.start.strftime(DATETIME_FORMAT),
                                    "end": when.end.strftime(DATETIME_FORMAT), "label": when.label(chinese(question))}
    out = []
    for device in await devices_named(db, question):
        best, score = None, 0.0
        for p in await monitor.points(db, device_ids=[device.id]):
            zh, english = halves(p.name)
            words = [w for w in re.split(r"[\s_]+", english.casefold()) if len(w) > 3]
            found = (10.0 if _folded(p.code) in asked and len(p.code) > 3 else 0.0) + sum(w in lowered for w in words)
            found += 2.0 if zh and zh.casefold() in question.casefold() else 0.0  # its Chinese name, as written
            found -= 0.1 * sum(w not in lowered for w in words)  # "temperature" alone: the plainest name
            if found > score:
                best, score = p, found
        if best is not None and score >= 0.5:
            out.append({"device": device.code, "point": best.code, **span})
    return out[:3]


# A device's kind as the question names it (demo.data.plant's model categories), in both languages.
KIND_WORDS = {"reactor": r"reactors?|反应釜|反应器|釜", "pump": r"pumps?|泵",
              "tank": r"tanks?|储罐|罐", "compressor": r"compressors?|压缩机|空压机",
              "heat-exchanger": r"exchangers?|pre-?heaters?|换热器|预热器"}


def kinds_in(question: str) -> list[str]:
    return [kind for kind, words in KIND_WORDS.items() if re.search(words, question, re.I)]


async def devices_named(db: AsyncSession, question: str) -> list[Device]:
    """The devices a question names: by tag, code or name (devices_in), else by kind (泵, tanks)."""
    tagged = [d for arg in await devices_in(db, question) for d in await find_devices(db, arg["device"], limit=1)]
    if tagged:
        return tagged
    kinds = kinds_in(question)
    if not kinds:
        return []
    rows = (await db.execute(select(Device).where(Device.category.in_(kinds)).order_by(Device.sort, Device.code)
                             .limit(20))).scalars()
    return list(rows)


# --- the fleet: devices by state -------------------------------------------------------------------------------

STATE_WORDS = {"offline": r"offline|off-line|disconnected|not reporting|down\b|离线|掉线|断线|断开|失联|不在线",
               "fault": r"fault|faulty|bad quality|故障|异常",
               "online": r"(?<!not )online|on-line|connected|running|在线|正常运行|运行中"}
_FLEET = re.compile(r"devices?|equipment|machines?|assets?|fleet|plant|设备|装置|机器|几台", re.I)


async def devices_by_state(db: AsyncSession, user: Identity, args: dict) -> dict:
    """The tenant's devices (of a kind, when named) counted by state, and those in the state asked listed."""
    state = str(args.get("state") or "all").casefold()
    kind = args.get("kind") or None
    stmt = select(Device).order_by(Device.sort, Device.code).limit(5000)
    if kind:
        stmt = stmt.where(Device.category == kind)
    rows = list((await db.execute(stmt)).scalars())
    status = await monitor.device_status(db, [d.id for d in rows])
    counts = {s: 0 for s in (monitor.ONLINE, monitor.OFFLINE, monitor.FAULT)}
    for d in rows:
        counts[status[d.id]["status"]] += 1
    listed = [{"id": str(d.id), "code": d.code, "name": d.name, "status": status[d.id]["status"],
               "location": d.location, "last_time": format_ms(status[d.id]["last_ts"])}
              for d in rows if state == "all" or status[d.id]["status"] == state]
    return {"state": state, "kind": kind, "total": len(rows), "counts": counts, "devices": listed[:SHOWN]}


SHOWN = 20


async def _states_in(db: AsyncSession, question: str) -> list[dict]:
    """A question about the fleet's states: "哪些设备离线", "how many devices are online", "设备状态"."""
    states = [s for s, words in STATE_WORDS.items() if re.search(words, question, re.I)]
    kinds = kinds_in(question)
    fleet = _FLEET.search(question) or kinds
    if await devices_in(db, question):  # a named device: its own status answers (device_status)
        return []
    if states and (fleet or HOW_MANY.search(question) or WHICH.search(question)):
        return [{"state": s, **({"kind": kinds[0]} if kinds else {})} for s in states[:1]]
    if fleet and re.search(r"status|state|overview|状态|概况|情况|总览", question, re.I):
        return [{"state": "all", **({"kind": kinds[0]} if kinds else {})}]
    return []


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
    label = result.get("label") or ("近 24 小时" if zh else "last 24 h")
    if not result["count"]:
        return [f"- {result['device']} {result['name']} ({label}): " + ("无数据" if zh else "no data")]
    lines = [f"- {result['device']} {result['name']} ({label}): min {result['min']}{unit}, max {result['max']}"
             f"{unit}, avg {result['avg']}{unit}, last {result['last']}{unit}, n={result['count']}"]
    if trend := result.get("trend"):
        words = ({"rising": "上升", "falling": "下降", "steady": "平稳"} if zh else
                 {"rising": "rising", "falling": "falling", "steady": "steady"})
        lines.append(f"  - {'趋势' if zh else 'Trend'}: {words[trend['direction']]} ({trend['change']:+g}{unit})")
    return lines


FLEET_ZH = {"online": "在线", "offline": "离线", "fault": "故障", "all": "全部"}


def _render_fleet(result: dict, zh: bool) -> list[str]:
    counts, state = result["counts"], result["state"]
    kind = f" ({result['kind']})" if result.get("kind") else ""
    if zh:
        lines = [f"- 设备{kind}共 {result['total']} 台:在线 {counts['online']} 台,离线 {counts['offline']} 台,"
                 f"故障 {counts['fault']} 台"]
        if state != "all":
            lines.append(f"- {FLEET_ZH[state]}设备: {counts[state]} 台" + ("" if counts[state] else "(没有)"))
    else:
        lines = [f"- Devices{kind}: {result['total']} in all: {counts['online']} online, {counts['offline']} "
                 f"offline, {counts['fault']} in fault"]
        if state != "all":
            lines.append(f"- {state.capitalize()} devices: {counts[state]}" + ("" if counts[state] else " (none)"))
    for d in result["devices"]:
        since = (f", {'最后数据' if zh else 'last data'} {d['last_time']}" if d["last_time"] else
                 f", {'从未上报' if zh else 'never reported'}")
        shown = FLEET_ZH.get(d["status"], d["status"]) if zh else d["status"]
        lines.append(f"  - [{d['name']} ({d['code']})](/device/device?code={d['code']}): {shown}{since}")
    return lines


def _fleet_links(result: dict) -> list[dict]:
    return [{"title": "设备台账 / Devices", "link": "/device/device"},
            {"title": "设备监控 / Device overview", "link": "/device/overview"}]


def _device_links(result: dict) -> list[dict]:
    return [{"title": d["name"], "link": f"/device/device?code={d['code']}"} for d in result.get("devices", [])]


def tools() -> list[Tool]:
    return [Tool(
        name="devices_by_state",
        description="The plant's devices counted by state (online, offline, fault), and those in the state asked "
                    "listed with when each last reported. `state`: online, offline, fault or all; `kind` "
                    "(optional): reactor, pump, tank, compressor or heat-exchanger.",
        parameters={"type": "object", "properties": {
            "state": {"type": "string", "enum": ["online", "offline", "fault", "all"]},
            "kind": {"type": "string", "description": "device category"}}},
        run=devices_by_state, codes=DEVICE_CODES, match=_states_in, links=_fleet_links, render=_render_fleet,
        answers=True, examples=(("哪些设备离线?", "How many devices are offline right now?"),)),
        Tool(
        name="device_status",
        description="A device's status (online/offline/fault) and the latest value of each of its data points. "
                    "`device` is its tag or code, e.g. P-101A, or part of its name.",
        parameters={"type": "object", "properties": {"device": {"type": "string", "description": "tag or name"}},
                    "required": ["device"]},
        run=device_status, codes=DEVICE_CODES, match=devices_in, links=_device_links,
        render=_render_device_status, answers=True, examples=(("P-101A 现在的读数?", "Current readings of K-101?"),)),
        Tool(
        name="point_summary",
        description="Minimum, maximum, average, last value and trend of one data point of a device over a period "
                    "(the last 24 hours unless `start`/`end`, yyyy-MM-dd HH:mm:ss, or `hours` say otherwise). "
                    "`point` is the point code (e.g. VIBRATION) or part of its name.",
        parameters={"type": "object", "properties": {
            "device": {"type": "string"}, "point": {"type": "string"}, "hours": {"type": "number"},
            "start": {"type": "string"}, "end": {"type": "string"}},
                    "required": ["device", "point"]},
        run=point_summary, codes=DEVICE_CODES, match=_points_in, render=_render_point_summary, answers=True,
        examples=(("R-101 今天温度的最高值和趋势?", "Average vibration of P-101A over the last 8 hours?"),))]
