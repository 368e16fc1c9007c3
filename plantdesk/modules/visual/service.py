"""The visual area's queries: map configs and their dots (spec §3 content, §5 checks), the tags a dot binds to
(real data points with their live values and the spec §4 useData state), the process types, the large screens'
summaries (one answer per screen) and the large-screen API hooks (called through the outbound guard; a failing
call writes an error row and answers no data, never an error)."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

import httpx
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.config import Settings
from plantdesk.core import excel, outbound, tenancy
from plantdesk.core.cache import Cache
from plantdesk.core.errors import BusinessError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams
from plantdesk.modules.alarm import service as alarms
from plantdesk.modules.alarm.models import AlarmLevel, AlarmRecord
from plantdesk.modules.device.models import DataPoint, DataPointAlarm, Device
from plantdesk.modules.device.monitor import service as monitor
from plantdesk.modules.device.monitor.store import now_ms, store
from plantdesk.modules.product import service as production
from plantdesk.modules.product.models import BatchProduct, Product, TechProcess
from plantdesk.modules.visual.models import LargeApiHook, LargeApiHookError, MapDot, VisualMap
from plantdesk.modules.visual.schemas import DotContent, DotMapWrite, DotWrite, HookWrite

log = logging.getLogger("plantdesk.visual")

# Spec §5 (map dot).
NAME_REQUIRED = "请输入监测点名称！"
NAME_LENGTH = "监测点名称长度在 4 到 20 个字符！"
NAME_CHARACTERS = "监测点名称不能包含特殊字符！"
ROWS_REQUIRED = "请至少添加一条业务数据或者SCADA数据!"
ROW_NOT_EMPTY = "请至少添加一条不为空的业务数据或者SCADA数据!"
MAP_MISSING = "地图不存在"
DOT_MISSING = "点位不存在"
TAG_MISSING = "测点不存在"
HOOK_MISSING = "接口不存在"
ROW_INVALID = "数据格式错误"
NAME_PATTERN = re.compile(r"^[\w\u4e00-\u9fff \-]+$")
OUTBOUND_KIND = "largeapi"
HOOK_TIMEOUT = 5.0
MAX_HOOK_BYTES = 1_000_000
MAX_SCREEN_HOOKS = 20  # hooks one screen answer calls
TREND_POINTS = 4
TREND_MINUTES = 60
RECENT_ALARMS = 12
MAX_FOUND = 500  # dots, maps and process types one look-up answers
# A hook failing with the same message within this long of its row's first failure counts on that row.
ERROR_WINDOW = timedelta(minutes=1)

# --- map configs and dots -------------------------------------------------------------------------------------


async def map_reads(db: AsyncSession, rows: Sequence[VisualMap]) -> list[dict]:
    ids = [r.id for r in rows]
    counts = dict((await db.execute(select(MapDot.map_id, func.count()).where(MapDot.map_id.in_(ids))
                                    .group_by(MapDot.map_id))).all()) if ids else {}
    return [{**production.row_dict(r), "dot_count": counts.get(r.id, 0)} for r in rows]


async def map_list(db: AsyncSession, is_app: int | None = None) -> list[dict]:
    """Every map (those the mobile app shows when `is_app` is 1, the others when 0), with its number of dots."""
    stmt = select(VisualMap).order_by(VisualMap.sort, VisualMap.id).limit(MAX_FOUND)
    if is_app is not None:
        stmt = stmt.where(VisualMap.is_app == is_app)
    return await map_reads(db, list((await db.execute(stmt)).scalars()))


async def map_before_remove(db: AsyncSession, user, ids: list[int]) -> None:
    """A map's dots go with it."""
    for dot in (await db.execute(select(MapDot).where(MapDot.map_id.in_(ids)))).scalars():
        dot.is_deleted = 1


def check_dot(content: DotContent) -> None:
    """Spec §5: the name, then at least one row, then at least one row that is not empty."""
    name = (content.map_tag_data.name or "").strip()
    if not name:
        raise BusinessError(NAME_REQUIRED)
    if not 4 <= len(name) <= 20:
        raise BusinessError(NAME_LENGTH)
    if not NAME_PATTERN.match(name):
        raise BusinessError(NAME_CHARACTERS)
    busi, scada = content.map_tag_data.busi_data, content.map_tag_data.scada_data
    if not busi and not scada:
        raise BusinessError(ROWS_REQUIRED)
    filled = any(r.busi_name or r.alias_name for r in busi) or \
        any(r.tag_name or r.point_id or r.monitor for r in scada)
    if not filled:
        raise BusinessError(ROW_NOT_EMPTY)


async def get_map(db: AsyncSession, map_id: int) -> VisualMap:
    found = (await db.execute(select(VisualMap).where(VisualMap.id == map_id))).scalar_one_or_none()
    if found is None:
        raise BusinessError(MAP_MISSING)
    return found


async def get_dot(db: AsyncSession, dot_id: int) -> MapDot:
    found = (await db.execute(select(MapDot).where(MapDot.id == dot_id))).scalar_one_or_none()
    if found is None:
        raise BusinessError(DOT_MISSING)
    return found


async def save_dot(db: AsyncSession, body: DotWrite) -> MapDot:
    """Insert (no id) or update a dot: checked by spec §5, its map and bound points in the caller's tenant, each
    SCADA row's device name and tag name filled from the point it is bound to."""
    content = body.content
    check_dot(content)
    await get_map(db, body.map_id)
    named = {i for r in content.map_tag_data.busi_data for i in r.busi_api_list}
    if named and len(await hooks_by(db, ids=named)) != len(named):
        raise BusinessError(HOOK_MISSING)
    bound = {r.point_id for r in content.map_tag_data.scada_data if r.point_id}
    tags = {t["point_id"]: t for t in await tags_of(db, bound)}
    for row in content.map_tag_data.scada_data:
        if row.point_id is None:
            continue
        tag = tags.get(row.point_id)
        if tag is None:
            raise BusinessError(TAG_MISSING)
        row.depart, row.tag_name = tag["depart"], tag["tag_name"]
        row.monitor = row.monitor or tag["monitor"]
        row.use_data = tag["use_data"]
    content.uid = content.uid or uuid.uuid4().hex
    dot = await get_dot(db, body.id) if body.id else MapDot(map_id=body.map_id, uid=content.uid)
    dot.map_id, dot.uid, dot.name = body.map_id, content.uid, content.map_tag_data.name.strip()
    dot.content = json.dumps(content.model_dump(by_alias=True), ensure_ascii=False)
    if body.id is None:
        db.add(dot)
    await db.flush()
    return dot


async def save_dots(db: AsyncSession, body: DotMapWrite) -> list[MapDot]:
    """addDotMap: each dot saved as addDot or updateById would (a dot with an id moves to this map); the first
    refused dot refuses them all (its message; the request's transaction is rolled back)."""
    for entry in body.dots:
        await save_dot(db, DotWrite(id=entry.id, map_id=body.map_id, content=entry.content))
    return await dots_of(db, body.map_id)


async def dots_named(db: AsyncSession, name: str, map_id: int | None) -> list[MapDot]:
    """selectByName: the dots whose name contains `name`, on map `map_id` when given."""
    stmt = select(MapDot).where(MapDot.name.contains(name, autoescape=True))
    if map_id is not None:
        await get_map(db, map_id)
        stmt = stmt.where(MapDot.map_id == map_id)
    return list((await db.execute(stmt.order_by(MapDot.map_id, MapDot.id).limit(MAX_FOUND))).scalars())


async def dots_with_tag(db: AsyncSession, tag_name: str, map_id: int | None) -> list[MapDot]:
    """selectByTagName: the dots with a SCADA row of tag `tag_name` (DEVICE.POINT), on map `map_id` when given.
    The content is JSON text: a substring match narrows (a tag name is a code pair, nothing JSON escapes),
    reading each row decides."""
    stmt = select(MapDot).where(MapDot.content.contains(tag_name, autoescape=True))
    if map_id is not None:
        await get_map(db, map_id)
        stmt = stmt.where(MapDot.map_id == map_id)
    found = []
    for dot in (await db.execute(stmt.order_by(MapDot.map_id, MapDot.id))).scalars():
        if any(row.get("tagName") == tag_name for row in _rows(dot, "SCADAData")):
            found.append(dot)
            if len(found) == MAX_FOUND:
                break
    return found


def _rows(dot: MapDot, kind: str) -> list[dict]:
    """The dot's busiData or SCADAData rows; unreadable content has none (spec §8: dot helper failures are only
    logged)."""
    try:
        rows = json.loads(dot.content).get("mapTagData", {}).get(kind, [])
    except (ValueError, AttributeError):
        log.warning("dot %s has unreadable content", dot.id)
        return []
    return [r for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []


async def dots_of(db: AsyncSession, map_id: int) -> list[MapDot]:
    return list((await db.execute(select(MapDot).where(MapDot.map_id == map_id).order_by(MapDot.id))).scalars())


async def remove_dot(db: AsyncSession, dot_id: int) -> None:
    (await get_dot(db, dot_id)).is_deleted = 1
    await db.flush()


def bound_points(dots: Iterable[MapDot]) -> set[int]:
    ids: set[int] = set()
    for dot in dots:
        ids.update(int(r["pointId"]) for r in _rows(dot, "SCADAData") if str(r.get("pointId") or "").isdigit())
    return ids


async def busi_calls(db: AsyncSession, settings: Settings, dot_id: int) -> list[dict]:
    """getDataByImpl: the dot's business rows, each with the calls of its API hooks (each hook called once however
    many rows name it, at most MAX_SCREEN_HOOKS of them; a failure is logged like any failed call)."""
    rows = _rows(await get_dot(db, dot_id), "busiData")
    wanted = {int(i) for r in rows for i in r.get("busiApiList") or [] if str(i).isdigit()}
    hooks = (await hooks_by(db, ids=wanted))[:MAX_SCREEN_HOOKS] if wanted else []
    calls = {c["api_id"]: c for c in await _call(db, settings, hooks)}
    out = []
    for row in rows:
        answered = [calls[int(i)] for i in row.get("busiApiList") or [] if str(i).isdigit() and int(i) in calls]
        state = "1" if not answered else "N" if any(c["error"] for c in answered) else "Y"
        out.append({"busi_type": row.get("busiType"), "busi_name": row.get("busiName"),
                    "alias_name": row.get("aliasName"), "use_data": state, "hooks": answered})
    return out


# --- tags (data points as SCADA tags) -------------------------------------------------------------------------


def use_data(value: Any, stale: bool, quality: int | None) -> str:
    """Spec §4: 1 no value yet; Y a fresh good value (green); N a stale or bad one (red)."""
    if value is None:
        return "1"
    return "Y" if not stale and not quality else "N"


async def tags_of(db: AsyncSession, point_ids: Iterable[int] = (), *, device_id: int | None = None,
                  names: Iterable[str] = ()) -> list[dict]:
    """Data points as tags (tag name DEVICE.POINT) with their newest values, by id, device or tag name."""
    stmt = (select(DataPoint.id, Device.id, Device.code, Device.name, DataPoint.code, DataPoint.name, DataPoint.unit)
            .join(Device, Device.id == DataPoint.device_id).order_by(Device.sort, DataPoint.sort, DataPoint.id))
    ids, wanted = list(point_ids), list(names)
    if ids:
        stmt = stmt.where(DataPoint.id.in_(ids))
    if device_id is not None:
        stmt = stmt.where(DataPoint.device_id == device_id)
    if wanted:
        pairs = [n.split(".", 1) for n in wanted if "." in n]
        codes = {p[0] for p in pairs}
        stmt = stmt.where(Device.code.in_(codes), DataPoint.code.in_({p[1] for p in pairs}))
    if not ids and device_id is None and not wanted:
        return []
    rows = (await db.execute(stmt.limit(monitor.MAX_POINTS))).all()
    if wanted:
        keep = set(wanted)
        rows = [r for r in rows if f"{r[2]}.{r[4]}" in keep]
    refs = await monitor.points(db, point_ids=[r[0] for r in rows])
    values = {v["point_id"]: v for v in await monitor.realtime(db, refs)}
    out = []
    for pid, did, dcode, dname, pcode, pname, unit in rows:
        v = values.get(pid, {})
        value = v.get("text_value") if v.get("text_value") is not None else v.get("value")
        out.append({"point_id": pid, "device_id": did, "depart": dname, "tag_name": f"{dcode}.{pcode}",
                    "monitor": pname, "unit": unit, "value": value, "time": v.get("time"),
                    "use_data": use_data(value, v.get("stale", True), v.get("quality"))})
    return out


async def departs(db: AsyncSession) -> list[dict]:
    rows = (await db.execute(select(Device.id, Device.name, Device.code, Device.line).order_by(Device.sort, Device.id)
                             .limit(2000))).all()
    return [{"device_id": i, "depart": n, "code": c, "line": line} for i, n, c, line in rows]


async def pro_types(db: AsyncSession, names: Iterable[str] = (), *, product_id: int | None = None) -> list[dict]:
    """The process types: the craft flows, named by their process name, with their steps (those named, or those
    of product `product_id`, which must be the tenant's)."""
    stmt = select(TechProcess).order_by(TechProcess.sort, TechProcess.id)
    wanted = [n for n in names if n]
    if wanted:
        stmt = stmt.where(TechProcess.process_name.in_(wanted))
    if product_id is not None:
        await production.check_product(db, product_id)
        stmt = stmt.where(TechProcess.product_id == product_id)
    rows = list((await db.execute(stmt.limit(MAX_FOUND))).scalars())
    products = await production.names(db, Product, Product.product_name, {r.product_id for r in rows})
    return [{"type_name": r.process_name, "process_id": r.id, "product_name": products.get(r.product_id, ""),
             "steps": [s.get("name", "") for s in json.loads(r.prot_list or "[]")]} for r in rows]


async def data_by_name(db: AsyncSession, type_names: list[str], scada_names: list[str]) -> dict:
    return {"pro_type": await pro_types(db, type_names) if type_names else [],
            "scada": await tags_of(db, names=scada_names) if scada_names else []}


# --- large screens --------------------------------------------------------------------------------------------


async def screen(db: AsyncSession, name: str, cache: Cache | None, map_id: int | None = None, *,
                 settings: Settings | None = None, charts: Sequence[str] = ()) -> dict:
    """One large screen's data in one answer (each screen reads only what it shows), with the calls of the hooks
    bound to its `charts`."""
    now = datetime.now()
    devices = list((await db.execute(select(Device.id, Device.code, Device.name, Device.line)
                                     .order_by(Device.sort, Device.id).limit(2000))).all())
    status = await monitor.device_status(db, [d[0] for d in devices], cache)
    device_rows = [{"device_id": i, "code": c, "name": n, "line": line, "status": status[i]["status"]}
                   for i, c, n, line in devices]
    out: dict[str, Any] = {"screen": name, "time": now, "devices": device_rows}
    levels, alarms = await _alarms(db, now)
    oee = await _oee(db, now)
    out["alarm_levels"], out["alarms"], out["oee"] = levels, alarms, oee
    out["lines"] = _lines(device_rows, oee)
    batches = await _batches(db) if name in ("cockpit", "batchMonitor", "part") else []
    out["batches"] = batches
    out["kpis"] = _kpis(device_rows, levels, oee, batches)
    if name in ("cockpit", "wisdomView", "part", "batchMonitor"):
        out["trends"] = await _trends(db, now)
    if name in ("cockpit", "wisdomView", "part"):
        out["map"] = await _map(db, map_id)
    if name in ("flowMonitor", "part"):
        out["flows"] = await _flows(db, status)
    out["hooks"] = await call_charts(db, settings, charts) if settings and charts else []
    return out


def _kpis(devices: list[dict], levels: list[dict], oee: dict, batches: list[dict]) -> list[dict]:
    total = len(devices)
    online = sum(d["status"] != monitor.OFFLINE for d in devices)
    return [
        {"key": "devices", "value": total},
        {"key": "onlineRate", "value": round(online / total, 4) if total else None, "unit": "%"},
        {"key": "faults", "value": sum(d["status"] == monitor.FAULT for d in devices)},
        {"key": "activeAlarms", "value": sum(level["active"] for level in levels)},
        {"key": "todayAlarms", "value": sum(level["today"] for level in levels)},
        {"key": "oee", "value": oee.get("oee"), "unit": "%"},
        {"key": "batchesRunning", "value": sum(b["state"] == "生产中" for b in batches)},
        {"key": "produced", "value": round(sum(b["produced"] for b in batches), 1)},
    ]


async def _alarms(db: AsyncSession, now: datetime) -> tuple[list[dict], list[dict]]:
    levels = list((await db.execute(select(AlarmLevel).order_by(AlarmLevel.level, AlarmLevel.sort))).scalars())
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    active = Counter(dict((await db.execute(select(AlarmRecord.level_id, func.count())
                                            .where(AlarmRecord.cleared == 0).group_by(AlarmRecord.level_id))).all()))
    today = Counter(dict((await db.execute(select(AlarmRecord.level_id, func.count())
                                           .where(AlarmRecord.first_time >= midnight)
                                           .group_by(AlarmRecord.level_id))).all()))
    counts = [{"level": lv.level, "name": lv.name, "color": lv.color, "active": active.get(lv.id, 0),
               "today": today.get(lv.id, 0)} for lv in levels]
    records = list((await db.execute(select(AlarmRecord).order_by(AlarmRecord.cleared, AlarmRecord.first_time.desc())
                                     .limit(RECENT_ALARMS))).scalars())
    # Named as the alarm results name them: a third-party metric's by its source and subject, an offline one's
    # point as the device's offline.
    rows = [{"id": r["id"], "device_name": r["device_name"], "point_name": r["point_name"], "level": r["level"],
             "level_name": r["level_name"], "color": r["color"], "first_time": r["first_time"],
             "last_value": r["last_value"], "cleared": record.cleared}
            for record, r in zip(records, await alarms.result_reads(db, records), strict=True)]
    return counts, rows


async def _oee(db: AsyncSession, now: datetime) -> dict:
    analysis = await production.analyse(db, now.date() - timedelta(days=6), now.date())
    overall = analysis["summary"]
    return {"availability": overall.get("availability"), "performance": overall.get("performance"),
            "quality": overall.get("quality"), "oee": overall.get("oee"),
            "trend": [{"day": r["day"], "oee": r.get("oee")} for r in analysis["trend"]],
            "losses": [{"name": r["name"], "seconds": r["seconds"]} for r in analysis["pareto"]],
            "by_line": analysis["lines"]}


def _lines(devices: list[dict], oee: dict) -> list[dict]:
    by_line: dict[str, dict] = {}
    for d in devices:
        entry = by_line.setdefault(d["line"] or "-", {"line": d["line"] or "-", "devices": 0, "online": 0,
                                                      "fault": 0, "offline": 0, "oee": None})
        entry["devices"] += 1
        entry[d["status"]] += 1
    for row in oee.pop("by_line", []) or []:
        key = row["name"] or "-"
        if key in by_line:
            by_line[key]["oee"] = row.get("oee")
    return list(by_line.values())


async def _batches(db: AsyncSession) -> list[dict]:
    rows = list((await db.execute(select(BatchProduct).order_by(BatchProduct.start_time.desc()).limit(12))).scalars())
    return [{"id": b["id"], "batch_no": b["batch_no"], "product_name": b["product_name"],
             "device_name": b["device_name"], "process_name": b.get("process_name", ""),
             "plan_quantity": b["plan_quantity"], "produced": b["produced_quantity"],
             "progress": b["progress"], "state": b["batch_status"],
             "start_time": b["start_time"]} for b in await production.batch_reads(db, rows)]


async def _trends(db: AsyncSession, now: datetime) -> list[dict]:
    """The last hour of the points that carry an alarm range (what the plant watches), minute by minute."""
    ids = list((await db.execute(select(DataPointAlarm.point_id).where(DataPointAlarm.switch_flag == 1)
                                 .order_by(DataPointAlarm.level, DataPointAlarm.id).limit(TREND_POINTS))).scalars())
    refs = await monitor.points(db, point_ids=ids)
    if not refs:
        return []
    end = now_ms()
    result = await store.aggregate(db, [r.id for r in refs], end - TREND_MINUTES * 60_000, end, buckets=TREND_MINUTES)
    series = {s.point_id: s for s in result.series}
    devices = await production.names(db, Device, Device.code, {r.device_id for r in refs})
    return [{"point_id": r.id, "name": f"{devices.get(r.device_id, '')} {r.name}", "unit": r.unit,
             "points": [(b.ts, b.avg) for b in series[r.id].buckets] if r.id in series else []} for r in refs]


async def _map(db: AsyncSession, map_id: int | None) -> dict | None:
    """Map `map_id`, else the site map: the first map with dots in the maps' order (sort, then the oldest), which
    the map config sets; a bench's or a draft's larger map does not take over the screens."""
    if map_id is None:
        map_id = (await db.execute(select(VisualMap.id).where(VisualMap.id.in_(select(MapDot.map_id)))
                                   .order_by(VisualMap.sort, VisualMap.id).limit(1))).scalar_one_or_none()
    site = None if map_id is None else \
        (await db.execute(select(VisualMap).where(VisualMap.id == map_id))).scalar_one_or_none()
    if site is None:
        return None
    dots = await dots_of(db, site.id)
    return {"map_id": site.id, "map_name": site.map_name, "image_url": site.image_url, "dots": dots,
            "tags": await tags_of(db, bound_points(dots))}


async def _flows(db: AsyncSession, status: dict[int, dict]) -> list[dict]:
    flows = list((await db.execute(select(TechProcess).order_by(TechProcess.sort, TechProcess.id).limit(6))).scalars())
    products = await production.names(db, Product, Product.product_name, {f.product_id for f in flows})
    steps_of = {f.id: json.loads(f.prot_list or "[]") for f in flows}
    device_ids = {int(s["deviceId"]) for steps in steps_of.values() for s in steps if s.get("deviceId")}
    names = await production.names(db, Device, Device.name, set(device_ids))
    tags: dict[int, list[dict]] = defaultdict(list)
    for device_id in device_ids:
        tags[device_id] = (await tags_of(db, device_id=device_id))[:4]
    out = []
    for f in flows:
        steps = []
        for s in steps_of[f.id]:
            did = int(s["deviceId"]) if s.get("deviceId") else None
            state = status.get(did or 0, {}).get("status", monitor.OFFLINE)
            steps.append({"name": s.get("name", ""), "device_id": did, "device_name": names.get(did or 0, ""),
                          "status": state, "minutes": s.get("minutes"), "tags": tags.get(did or 0, [])})
        out.append({"process_id": f.id, "process_name": f.process_name, "product_name": products.get(f.product_id, ""),
                    "steps": steps})
    return out


# --- API hooks ------------------------------------------------------------------------------------------------

HOOK_COLUMNS = [("api_name", "接口名称"), ("api_url", "接口地址"), ("chart", "图表编号"),
                ("business_type", "业务类型"), ("impl_method", "实现方式"), ("params", "参数"),
                ("res_path", "数据路径"), ("remark", "备注")]
BUSINESS_TYPES = {"device": "设备", "alarm": "告警", "production": "生产", "energy": "能耗", "quality": "质量"}


async def check_hook(db: AsyncSession, settings: Settings, obj: LargeApiHook) -> None:
    """A hook's address must be one the outbound guard lets through (checked again at each call)."""
    await outbound.check(settings.outbound_policy, obj.api_url, tenant=tenancy.writing_tenant(db, obj),
                         kind=OUTBOUND_KIND)
    if obj.params:
        try:
            json.loads(obj.params)
        except ValueError:
            raise BusinessError("参数必须是JSON") from None


async def save_hook(db: AsyncSession, settings: Settings, body: HookWrite) -> LargeApiHook:
    """Insert (no id) or update the fields the body carries, the address checked by the outbound guard."""
    values = {name: getattr(body, name) for name in body.model_fields_set if name != "id"}
    obj = LargeApiHook(**values) if body.id is None else await get_hook(db, body.id)
    for key, value in values.items():
        setattr(obj, key, value)
    await check_hook(db, settings, obj)
    if body.id is None:
        db.add(obj)
    await db.flush()
    await db.refresh(obj)
    return obj


async def get_hook(db: AsyncSession, hook_id: int) -> LargeApiHook:
    found = (await db.execute(select(LargeApiHook).where(LargeApiHook.id == hook_id))).scalar_one_or_none()
    if found is None:
        raise BusinessError(HOOK_MISSING)
    return found


async def call_hook(db: AsyncSession, settings: Settings, hook_id: int) -> dict:
    """Call the hook; a failure of any kind (refused address, timeout, HTTP error, not JSON) writes an error row
    and answers no data with the reason, so the screen that asked shows an empty chart and goes on."""
    [answer] = await _call(db, settings, [await get_hook(db, hook_id)])
    return answer


async def call_charts(db: AsyncSession, settings: Settings, charts: Sequence[str]) -> list[dict]:
    """The hooks bound to `charts` (the newest first when several feed one chart), called at once: each its data,
    or none and why (logged like any failed call)."""
    hooks = list((await db.execute(select(LargeApiHook).where(LargeApiHook.chart.in_(set(charts)))
                                   .order_by(LargeApiHook.id.desc()).limit(MAX_SCREEN_HOOKS))).scalars())
    return await _call(db, settings, hooks)


async def _call(db: AsyncSession, settings: Settings, hooks: list[LargeApiHook]) -> list[dict]:
    results = await asyncio.gather(*(_fetch(settings, hook) for hook in hooks), return_exceptions=True)
    answers = []
    for hook, data in zip(hooks, results, strict=True):
        if isinstance(data, BaseException):
            if not isinstance(data, Exception):
                raise data  # cancellation and the like are not a hook's failure
            message = str(data) if isinstance(data, BusinessError) else f"接口调用失败: {type(data).__name__}"
            log.info("large-screen hook %s failed: %s", hook.id, message)
            await log_failure(db, hook, message[:1000], datetime.now())
            answers.append({"api_id": hook.id, "chart": hook.chart, "data": None, "error": message})
        else:
            answers.append({"api_id": hook.id, "chart": hook.chart, "data": data, "error": None})
    await db.flush()
    return answers


async def log_failure(db: AsyncSession, hook: LargeApiHook, message: str, now: datetime) -> None:
    """One error row per hook and message a minute: a repeat within ERROR_WINDOW of the row's first failure
    counts on it (`repeat_count`, `last_time`), so a hook failing on every refresh of a wall screen (every 5 s
    while polling) writes a row a minute, not a row a refresh. Two refreshes failing at the same instant may
    each write the minute's row: a count split in two, never a call unlogged."""
    row = (await db.execute(select(LargeApiHookError).where(
        LargeApiHookError.api_id == hook.id, LargeApiHookError.message == message,
        LargeApiHookError.create_time > now - ERROR_WINDOW).order_by(LargeApiHookError.create_time.desc())
        .limit(1))).scalar_one_or_none()
    if row is None:
        db.add(LargeApiHookError(api_id=hook.id, api_name=hook.api_name, api_url=hook.api_url, message=message,
                                 create_time=now, last_time=now, repeat_count=1))
    else:
        row.repeat_count += 1
        row.last_time = now


async def _fetch(settings: Settings, hook: LargeApiHook) -> Any:
    await outbound.check(settings.outbound_policy, hook.api_url, tenant=hook.tenant_id, kind=OUTBOUND_KIND)
    params = json.loads(hook.params) if hook.params else {}
    timeout = httpx.Timeout(HOOK_TIMEOUT, connect=outbound.CONNECT_TIMEOUT)
    policy = settings.outbound_policy.scoped(hook.tenant_id, OUTBOUND_KIND)
    async with outbound.http_client(policy, timeout=timeout, follow_redirects=False) as http:
        if hook.impl_method == "POST":
            answer = await http.post(hook.api_url, json=params)
        else:
            answer = await http.get(hook.api_url, params=params if isinstance(params, dict) else None)
    if answer.status_code >= 400:
        raise BusinessError(f"接口调用失败: HTTP {answer.status_code}")
    if len(answer.content) > MAX_HOOK_BYTES:
        raise BusinessError("接口返回的数据过大")
    try:
        payload = answer.json()
    except ValueError:
        raise BusinessError("接口返回的不是JSON") from None
    for key in filter(None, (hook.res_path or "").split(".")):
        payload = payload.get(key) if isinstance(payload, dict) else None
    return payload


async def hooks_by(db: AsyncSession, *, chart: str | None = None, business_type: str | None = None,
                   ids: Iterable[int] | None = None) -> list:
    stmt = select(LargeApiHook).order_by(LargeApiHook.id)
    if ids is not None:
        stmt = stmt.where(LargeApiHook.id.in_(set(ids)))
    if chart is not None:
        stmt = stmt.where(LargeApiHook.chart == chart)
    if business_type is not None:
        stmt = stmt.where(LargeApiHook.business_type == business_type)
    return list((await db.execute(stmt.limit(500))).scalars())


async def set_impl_method(db: AsyncSession, hook_id: int, method: str) -> LargeApiHook:
    hook = await get_hook(db, hook_id)
    hook.impl_method = method
    await db.flush()
    return hook


ERRORS = Listing(LargeApiHookError, exact={"apiId": LargeApiHookError.api_id},
                 order=(LargeApiHookError.create_time.desc(), LargeApiHookError.id.desc()))


async def error_page(db: AsyncSession, params, paging: PageParams) -> dict:
    """A hook's failed calls (apiId), newest first."""
    return await ERRORS.page(db, ERRORS.select(params), paging)


async def export_hooks(db: AsyncSession) -> bytes:
    rows = [production.row_dict(h) for h in await hooks_by(db)]
    return excel.workbook_bytes(HOOK_COLUMNS, rows, sheet="大屏接口")


async def import_hooks(db: AsyncSession, settings: Settings, content: bytes) -> excel.ExcelImportResult:
    """Each row a new hook, checked like a save (the URL through the outbound guard); a bad row is reported with
    its number and reason, the good ones are added."""
    from pydantic import ValidationError

    rows = excel.read_rows(content, HOOK_COLUMNS)
    errors: list[excel.ExcelRowError] = []
    for n, row in enumerate(rows, start=2):
        try:
            body = HookWrite.model_validate({k: v or None for k, v in row.items()} | {
                "impl_method": (row.get("impl_method") or "GET").upper()})
            hook = LargeApiHook(**{name: getattr(body, name) for name in type(body).model_fields if name != "id"})
            await check_hook(db, settings, hook)
        except ValidationError:
            errors.append(excel.ExcelRowError(row=n, msg=ROW_INVALID))
            continue
        except BusinessError as exc:
            errors.append(excel.ExcelRowError(row=n, msg=exc.msg))
            continue
        db.add(hook)
    await db.flush()
    return excel.ExcelImportResult.of(len(rows), errors)
