"""The plant home's one summary read and the per-user card layout.

Each section is read only when the caller may read the screen it leads to (the codes of that screen's routes), so
the home page never asks for what the user may not see: a section the caller may not read is absent, not a 403."""

from __future__ import annotations

from datetime import date, datetime, time

import orjson
from sqlalchemy import ColumnElement, distinct, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import datascope, permissions
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.errors import BadRequest
from plantdesk.modules.alarm import engine as alarm_engine
from plantdesk.modules.alarm import service as alarm_service
from plantdesk.modules.alarm.models import AlarmLevel, AlarmRecord, AlarmRule
from plantdesk.modules.desk.models import Notice
from plantdesk.modules.device.models import DataPoint, Device
from plantdesk.modules.device.monitor import push
from plantdesk.modules.device.monitor import service as monitor
from plantdesk.modules.device.monitor.store import now_ms
from plantdesk.modules.flow import assistant as flow_tasks
from plantdesk.modules.home.models import HomeLayout
from plantdesk.modules.home.schemas import HomeCard, HomeLayoutWrite
from plantdesk.modules.product import oee
from plantdesk.modules.product import service as product_service
from plantdesk.modules.product.models import BatchProduct, Product
from plantdesk.modules.system.models import Dept, Post, Role, Tenant, User

CARDS = ("devices", "alarms", "trend", "production", "tasks", "admin")
# The role's layout a user starts from: an operator watches alarms first, a manager production.
PROFILES: dict[str, tuple[str, ...]] = {
    "operator": ("alarms", "devices", "trend", "tasks", "production", "admin"),
    "manager": ("production", "alarms", "devices", "trend", "tasks", "admin"),
    "administrator": ("devices", "alarms", "trend", "production", "tasks", "admin"),
}
MANAGER_ROLES = ("manager",)
# Who reads a section: the codes of the screen it opens (the routes there ask for the same).
DEVICE_CODES = push.CODES
ALARM_CODES = alarm_engine.VIEW_CODES
PRODUCTION_CODES = ("oee", "oee_view", "batch", "batch_view", "product")
# The data scopes the device and alarm cards count within: the ledger's and the alarm results' (docs/decisions.md
# "Plant data scopes"), so an operator's home counts what his screens list.
LEDGER = "device_device"
NEWEST_ALARMS = 5
TREND_POINTS = 4
TREND_BUCKETS = 48
DAY_MS = 86_400_000
SHOWN_BATCHES = 20


def profile(user: Identity) -> str:
    if user.is_admin or user.is_administrator:
        return "administrator"
    if set(MANAGER_ROLES) & set(user.role_names):
        return "manager"
    return "operator"


async def summary(db: AsyncSession, user: Identity, cache: Cache) -> dict:
    """The plant at a glance, for the caller: each section the caller may read, and `sections` naming them."""
    granted = None if user.is_administrator else await permissions.codes_for(user, db=db, cache=cache)

    def may(codes: tuple[str, ...]) -> bool:
        return granted is None or not granted.isdisjoint(codes)

    out: dict = {"profile": profile(user), "time": datetime.now().replace(microsecond=0)}
    if may(DEVICE_CODES):
        out["devices"] = await devices(db, cache, await datascope.clause(user, LEDGER, Device, db=db, cache=cache))
        out["trend"] = await trend(db)
    if may(ALARM_CODES):
        out["alarms"] = await alarms(db, await alarm_service.RESULTS.scope_clause(db=db, user=user, cache=cache))
    if may(PRODUCTION_CODES):
        out["production"] = await production(db)
    out["tasks"] = await flow_tasks.my_tasks(db, user, {})
    if user.is_admin or user.is_administrator:
        out["admin"] = await admin_counts(db, user)
    out["sections"] = [card for card in CARDS if card in out]
    return out


async def devices(db: AsyncSession, cache: Cache, scope: ColumnElement[bool] | None = None) -> dict:
    """How many devices (within `scope`) are online, offline, in fault, and with an alarm not cleared."""
    ids = await monitor.device_ids(db) if scope is None else list((await db.execute(
        select(Device.id).where(scope))).scalars())
    states = await monitor.device_status(db, ids, cache) if ids else {}
    counts = dict.fromkeys((monitor.ONLINE, monitor.OFFLINE, monitor.FAULT), 0)
    for entry in states.values():
        counts[entry["status"]] = counts.get(entry["status"], 0) + 1
    in_alarm = await db.scalar(select(func.count(distinct(AlarmRecord.device_id)))
                               .where(AlarmRecord.cleared == 0, AlarmRecord.device_id.in_(ids))) if ids else 0
    return {"total": len(ids), **counts, "in_alarm": in_alarm or 0}


async def alarms(db: AsyncSession, scope: ColumnElement[bool] | None = None) -> dict:
    """Alarms not cleared (within `scope`): by level (every level, most urgent first), how many are not confirmed,
    how many were raised today, and the newest few."""
    mine = () if scope is None else (scope,)
    open_ = AlarmRecord.cleared == 0
    counted = dict((await db.execute(select(AlarmRecord.level_id, func.count()).where(open_, *mine)
                                     .group_by(AlarmRecord.level_id))).all())
    levels = (await db.execute(select(AlarmLevel).order_by(AlarmLevel.level, AlarmLevel.sort))).scalars().all()
    today = datetime.combine(date.today(), time())
    unaffirmed = await db.scalar(select(func.count()).select_from(AlarmRecord)
                                 .where(open_, AlarmRecord.acknowledged == 0, *mine)) or 0
    raised_today = await db.scalar(select(func.count()).select_from(AlarmRecord)
                                   .where(AlarmRecord.first_time >= today, *mine)) or 0
    newest = (await db.execute(select(AlarmRecord).where(open_, *mine).order_by(AlarmRecord.first_time.desc(),
                                                                         AlarmRecord.id.desc())
                               .limit(NEWEST_ALARMS))).scalars().all()
    reads = await alarm_service.result_reads(db, newest)
    return {
        "open": sum(counted.values()), "unaffirmed": unaffirmed, "raised_today": raised_today,
        "by_level": [{"id": str(lv.id), "level": lv.level, "name": lv.name, "color": lv.color,
                      "count": counted.get(lv.id, 0)} for lv in levels],
        "newest": [{"id": str(r["id"]), "event_id": str(r["event_id"]), "event_name": r["event_name"],
                    "level": r["level"], "level_name": r["level_name"], "color": r["color"],
                    "device_name": r["device_name"], "point_name": r["point_name"], "batch": r["batch"],
                    "first_time": r["first_time"], "affirmed": r["affirm_status"] == alarm_engine.AFFIRMED,
                    "last_value": r["last_value"]} for r in reads],
    }


async def key_points(db: AsyncSession) -> list[monitor.PointRef]:
    """The points that matter: those watched by an enabled alarm rule, else the first numeric points."""
    watched = list((await db.execute(select(AlarmRule.point_id).where(AlarmRule.enabled == 1)
                                     .group_by(AlarmRule.point_id).order_by(func.min(AlarmRule.id))
                                     .limit(TREND_POINTS))).scalars())
    if len(watched) < TREND_POINTS:
        more = select(DataPoint.id).where(DataPoint.data_type.in_(("float", "int")), DataPoint.store == 1)
        if watched:
            more = more.where(DataPoint.id.not_in(watched))
        watched += list((await db.execute(more.order_by(DataPoint.device_id, DataPoint.sort, DataPoint.id)
                                          .limit(TREND_POINTS - len(watched)))).scalars())
    refs = {p.id: p for p in await monitor.points(db, point_ids=watched)} if watched else {}
    return [refs[i] for i in watched if i in refs]


async def trend(db: AsyncSession) -> dict:
    """The key points over the last 24 hours (half-hour buckets) with their device names and newest values."""
    refs = await key_points(db)
    end = now_ms()
    start = end - DAY_MS
    series = (await monitor.aggregate(db, refs, start, end, buckets=TREND_BUCKETS, interval=None,
                                      source="auto"))["series"] if refs else []
    latest = {r["point_id"]: r for r in await monitor.realtime(db, refs)} if refs else {}
    devices = dict((await db.execute(select(Device.id, Device.name).where(
        Device.id.in_({p.device_id for p in refs})))).all()) if refs else {}
    by_id = {s["point_id"]: s for s in series}
    return {"start_time": start, "end_time": end, "points": [{
        "point_id": str(p.id), "device_id": str(p.device_id), "device_name": devices.get(p.device_id, ""),
        "point_code": p.code, "point_name": p.name, "unit": p.unit,
        "value": latest.get(p.id, {}).get("value"), "stale": latest.get(p.id, {}).get("stale", True),
        "buckets": [{"ts": b["ts"], "avg": b["avg"], "min": b["min"], "max": b["max"]}
                    for b in by_id.get(p.id, {}).get("buckets", [])],
    } for p in refs]}


async def production(db: AsyncSession) -> dict:
    """Today's OEE (the stored shift results of today, combined) and the batches at work today, with what each
    made since midnight (or its start)."""
    today = date.today()
    midnight = datetime.combine(today, time())
    now = datetime.now()
    combined = oee.combine(await product_service.results(db, today, today))
    rows = (await db.execute(select(BatchProduct).where(
        BatchProduct.start_time <= now,
        (BatchProduct.end_time.is_(None)) | (BatchProduct.end_time >= midnight))
        .order_by(BatchProduct.start_time.desc()).limit(SHOWN_BATCHES))).scalars().all()
    names = await product_service.names(db, Product, Product.product_name, {r.product_id for r in rows})
    batches, made_today = [], 0.0
    for r in rows:
        made = 0.0
        if r.count_point_id is not None:
            since = oee.ms(max(r.start_time, midnight))
            samples = await product_service.samples(db, r.count_point_id, oee.ms(r.start_time),
                                                    oee.ms(r.end_time or now))
            made = sum(d for ts, d in oee.increments(samples) if ts > since)
        made_today += made
        batches.append({"id": str(r.id), "batch_no": r.batch_no, "product_name": names.get(r.product_id, ""),
                        "plan_quantity": r.plan_quantity, "made_today": made,
                        "running": r.end_time is None or r.end_time > now})
    return {"day": today.isoformat(), "oee": combined["oee"], "availability": combined["availability"],
            "performance": combined["performance"], "quality": combined["quality"],
            "good_count": combined["goodCount"], "total_count": combined["totalCount"],
            "made_today": made_today, "running_batches": sum(1 for b in batches if b["running"]),
            "batches": batches}


async def admin_counts(db: AsyncSession, user: Identity) -> dict:
    """The administrative counters (users, notices, roles, departments, posts; tenants for the platform)."""
    out = {}
    for key, model in (("users", User), ("notices", Notice), ("roles", Role), ("depts", Dept), ("posts", Post)):
        out[key] = await db.scalar(select(func.count()).select_from(model)) or 0
    if user.is_platform_admin:
        out["tenants"] = await db.scalar(select(func.count()).select_from(Tenant)) or 0
    return out


# --- layout -------------------------------------------------------------------------------------------------------

def default_cards(user: Identity) -> list[dict]:
    return [{"key": key, "hidden": False} for key in PROFILES[profile(user)]]


async def layout(db: AsyncSession, user: Identity) -> dict:
    """The caller's cards: their own order and hidden cards, with the cards added since appended."""
    row = await _row(db, user)
    defaults = default_cards(user)
    if row is None:
        return {"profile": profile(user), "custom": False, "cards": defaults}
    saved = [c for c in orjson.loads(row.cards) if c.get("key") in CARDS]
    known = {c["key"] for c in saved}
    return {"profile": profile(user), "custom": True,
            "cards": saved + [c for c in defaults if c["key"] not in known]}


async def save_layout(db: AsyncSession, user: Identity, body: HomeLayoutWrite) -> dict:
    """Keeps the caller's order and hidden cards; an empty list forgets them (back to the role's default)."""
    cards: list[HomeCard] = body.cards
    keys = [c.key for c in cards]
    if any(k not in CARDS for k in keys) or len(set(keys)) != len(keys):
        raise BadRequest("首页卡片不存在或重复")
    row = await _row(db, user)
    if not cards:
        if row is not None:
            await db.delete(row)
            await db.flush()
        return await layout(db, user)
    text = orjson.dumps([{"key": c.key, "hidden": c.hidden} for c in cards]).decode()
    if row is None:
        db.add(HomeLayout(user_id=user.user_id, cards=text))
    else:
        row.cards = text
    await db.flush()
    return await layout(db, user)


async def _row(db: AsyncSession, user: Identity) -> HomeLayout | None:
    return await db.scalar(select(HomeLayout).where(HomeLayout.user_id == user.user_id))
