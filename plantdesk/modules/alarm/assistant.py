"""The assistant's view of alarms: the open alarms of the caller's tenant, or of the devices a question names,
as a typed tool (core.assistant), with the knowledge entries linked to their events (the procedures the
assistant cites first)."""

import re
from collections import Counter
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.assistant import Tool, chinese, period
from plantdesk.core.context import Identity
from plantdesk.core.envelope import DATETIME_FORMAT
from plantdesk.modules.alarm import service
from plantdesk.modules.alarm.engine import AFFIRMED, REMOVED
from plantdesk.modules.device.assistant import devices_in, devices_named, find_devices
from plantdesk.modules.knowledge import service as knowledge

SHOWN = 20
CODES = ("alarm_overview", "alarm_overview_view", "database", "database_view")
_ASKED = re.compile(r"alarm|alert|告警|报警|警报", re.I)


async def open_alarms(db: AsyncSession, user: Identity, args: dict) -> dict:
    named = str(args.get("device") or "")
    if named:
        devices = await find_devices(db, named)
        if not devices:
            return {"alarms": [], "total": 0, "message": f"no device matches {named!r}"}
        alarms = [a for d in devices for a in await service.open_alarms(db, device_id=d.id)]
    else:
        alarms = await service.open_alarms(db)
    if args.get("level") is not None:
        alarms = [a for a in alarms if a["level_name"] in await _level_names(db, args["level"])]
    shown = alarms[:SHOWN]
    linked = [info.id for event_id in dict.fromkeys(a["event_id"] for a in shown)
              for info in await knowledge.event_knowledge(db, event_id)]
    return {"device": named or None, "level": args.get("level"), "total": len(alarms),
            "alarms": [{**a, "id": str(a["id"]), "event_id": str(a["event_id"]),
                        "first_time": a["first_time"].strftime(DATETIME_FORMAT)} for a in shown],
            "knowledge": [str(i) for i in dict.fromkeys(linked)]}


async def asked(db: AsyncSession, question: str) -> list[dict]:
    """A question about the alarms open now: those of the devices it names (and of the level it names), else all
    the tenant's. A question naming a period or the top sources is the other tools'."""
    if not _ASKED.search(question) or period(question) is not None or _TOP.search(question):
        return []
    level = await level_in(db, question)
    extra = {"level": level} if level is not None else {}
    return [{**a, **extra} for a in await devices_in(db, question)] or [extra]


# Level words when the tenant's own level names are not in the question: the default levels (alarm.service) and
# the demo's English ones, most specific first.
LEVEL_WORDS = [(1, r"超紧急|critical|一级|level ?1\b|l1\b"), (2, r"紧急|urgent|二级|level ?2\b|l2\b"),
               (3, r"严重|serious|major|三级|level ?3\b|l3\b"), (4, r"一般|general|minor|四级|level ?4\b|l4\b"),
               (5, r"提醒|reminder|info|五级|level ?5\b|l5\b")]


async def level_in(db: AsyncSession, question: str) -> int | None:
    """The level (1 … 5) a question names, by the tenant's level names first."""
    lowered = question.casefold()
    for lv in sorted(await service.levels(db), key=lambda lv: -len(lv.name)):
        if lv.name and lv.name.casefold() in lowered:
            return lv.level
    return next((n for n, words in LEVEL_WORDS if re.search(words, lowered)), None)


async def _level_names(db: AsyncSession, level: int | str) -> set[str]:
    return {lv.name for lv in await service.levels(db) if str(lv.level) == str(level) or lv.name == str(level)}


# --- alarms over a period: how many, of which level and device; the top sources -------------------------------

_TOP = re.compile(r"\btop\b|most|frequent|often|worst|noisiest|最多|最频繁|排名|前\s*\d|前[三五十]|频繁|哪台.*最", re.I)


def _span(args: dict) -> tuple[datetime, datetime]:
    now = datetime.now()
    end = datetime.strptime(args["end"], DATETIME_FORMAT) if args.get("end") else now
    if args.get("start"):
        return datetime.strptime(args["start"], DATETIME_FORMAT), end
    return end - timedelta(hours=float(args.get("hours") or 24)), end


async def recent_alarms(db: AsyncSession, user: Identity, args: dict) -> dict:
    """The alarms raised in a period, counted by level, state and device, the newest listed."""
    start, end = _span(args)
    devices = await find_devices(db, str(args["device"])) if args.get("device") else []
    if args.get("device") and not devices:
        return {"total": 0, "alarms": [], "message": f"no device matches {args['device']!r}"}
    levels = [lv for lv in await service.levels(db)
              if args.get("level") is None or str(lv.level) == str(args["level"]) or lv.name == str(args["level"])]
    if args.get("level") is not None and not levels:
        return {"total": 0, "alarms": [], "message": f"no level {args['level']!r}"}
    rows = await service.raised_between(db, start, end, device_ids=[d.id for d in devices],
                                        level_ids=[lv.id for lv in levels] if args.get("level") is not None else ())
    by_level = Counter(r["level_name"] or "-" for r in rows)
    by_device = Counter(r["device_name"] for r in rows)
    return {"start": start.strftime(DATETIME_FORMAT), "end": end.strftime(DATETIME_FORMAT), "label": args.get("label"),
            "device": args.get("device"), "level": args.get("level"), "total": len(rows),
            "open": sum(r["remove_status"] != REMOVED for r in rows),
            "by_level": [{"name": lv.name, "count": by_level[lv.name]} for lv in await service.levels(db)
                         if by_level[lv.name]],
            "by_device": [{"name": n, "count": c} for n, c in by_device.most_common()],
            "alarms": [{"event_name": r["event_name"], "level_name": r["level_name"], "device_name": r["device_name"],
                        "point_name": r["point_name"], "first_time": r["first_time"].strftime(DATETIME_FORMAT),
                        "cleared": r["remove_status"] == REMOVED, "peak_value": r["peak_value"]}
                       for r in rows[:SHOWN]]}


async def top_sources(db: AsyncSession, user: Identity, args: dict) -> dict:
    """The devices and events that raised the most alarms in a period (this week by default)."""
    if not args.get("start") and not args.get("hours"):
        now = datetime.now()
        monday = now.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=now.weekday())
        args = {**args, "start": monday.strftime(DATETIME_FORMAT), "label": args.get("label")}
    start, end = _span(args)
    rows = await service.raised_between(db, start, end, limit=10_000)
    limit = int(args.get("limit") or 5)
    devices = Counter(r["device_name"] for r in rows)
    events = Counter((r["event_name"], r["device_name"]) for r in rows)
    return {"start": start.strftime(DATETIME_FORMAT), "end": end.strftime(DATETIME_FORMAT), "label": args.get("label"),
            "total": len(rows), "devices": [{"name": n, "count": c} for n, c in devices.most_common(limit)],
            "events": [{"name": e, "device": d, "count": c} for (e, d), c in events.most_common(limit)]}


def _when(question: str) -> dict:
    when = period(question)
    if when is None:
        return {}
    return {"start": when.start.strftime(DATETIME_FORMAT), "end": when.end.strftime(DATETIME_FORMAT),
            "label": when.label(chinese(question))}


async def asked_recent(db: AsyncSession, question: str) -> list[dict]:
    """A question about the alarms of a period ("今天有多少告警", "alarms this shift by level")."""
    if not _ASKED.search(question) or _TOP.search(question):
        return []
    when = _when(question)
    if not when:
        return []
    level = await level_in(db, question)
    args = {**when, **({"level": level} if level is not None else {})}
    named = [d.code for d in await devices_named(db, question)][:3]
    return [{**args, "device": code} for code in named] or [args]


async def asked_top(db: AsyncSession, question: str) -> list[dict]:
    if not _TOP.search(question) or not (_ASKED.search(question) or re.search(r"source|来源|报得", question, re.I)):
        return []
    when = _when(question)
    return [when or {"label": "本周" if chinese(question) else "this week"}]


def _label(result: dict, zh: bool) -> str:
    return result.get("label") or f"{result['start']} ~ {result['end']}"


def render_recent(result: dict, zh: bool) -> list[str]:
    if "start" not in result:
        return [f"- {result.get('message', '')}"]
    level = f"{'级别' if zh else 'level'} {result['level']}" if result.get("level") is not None else ""
    head = " ".join(x for x in (_label(result, zh), result.get("device"), level) if x)
    if zh:
        lines = [f"- 告警({head}): {result['total']} 条,其中未解除 {result['open']} 条"]
    else:
        lines = [f"- Alarms ({head}): {result['total']}, {result['open']} still open"]
    if result["by_level"]:
        lines.append(f"  - {'按级别' if zh else 'By level'}: " +
                     ", ".join(f"{x['name']} {x['count']}" for x in result["by_level"]))
    if result["by_device"]:
        lines.append(f"  - {'按设备' if zh else 'By device'}: " +
                     ", ".join(f"{x['name']} {x['count']}" for x in result["by_device"]))
    for a in result["alarms"]:
        state = ("已解除" if a["cleared"] else "未解除") if zh else ("cleared" if a["cleared"] else "open")
        lines.append(f"  - [{a['level_name']}] {a['event_name']}: {a['device_name']} / {a['point_name']}, "
                     f"{a['first_time']}, {state}")
    return lines


def render_top(result: dict, zh: bool) -> list[str]:
    label = _label(result, zh)
    if not result["total"]:
        return [f"- {label}: " + ("没有告警" if zh else "no alarms")]
    lines = [f"- {label}{'告警来源排名(共' if zh else ' top alarm sources (of '}{result['total']}"
             f"{' 条)' if zh else ')'}:"]
    lines += [f"  {n}. {d['name']}: {d['count']}" for n, d in enumerate(result["devices"], start=1)]
    if result["events"]:
        lines.append(f"  - {'最多的告警' if zh else 'Most frequent events'}: " +
                     ", ".join(f"{e['name']} ({e['count']})" for e in result["events"][:3]))
    return lines


def overview_links(result: dict) -> list[dict]:
    return [{"title": "事件总览 / Event overview", "link": "/alarm/overview"},
            {"title": "告警结果 / Alarm results", "link": "/alarm/database"}] if result.get("total") else []


def render(result: dict, zh: bool) -> list[str]:
    where = f" ({result['device']})" if result.get("device") else ""
    if result.get("level") is not None:
        where += f" ({'级别' if zh else 'level'} {result['level']})"
    if not result["alarms"]:
        return [f"- {result.get('message') or ('没有未解除的告警' if zh else 'No open alarms')}{where}"]
    lines = [f"- {'未解除的告警' if zh else 'Open alarms'}{where}: {result['total']}"]
    for a in result["alarms"]:
        affirmed = a["affirm_status"] == AFFIRMED
        state = a["affirm_status"] if zh else ("confirmed" if affirmed else "not confirmed")
        since = "自" if zh else "since"
        peak = f", {'峰值' if zh else 'peak'} {round(a['peak_value'], 3)}" if a["peak_value"] is not None else ""
        level = f"[{a['level_name']}] " if a["level_name"] else ""
        lines.append(f"  - {level}{a['event_name']}: {a['device_name']} / {a['point_name']}, "
                     f"{since} {a['first_time']}{peak}, {state}")
    return lines


def links(result: dict) -> list[dict]:
    return [{"title": "事件总览 / Event overview", "link": "/alarm/overview"}] if result["alarms"] else []


TIME_ARGS = {"start": {"type": "string", "description": "yyyy-MM-dd HH:mm:ss"},
             "end": {"type": "string", "description": "yyyy-MM-dd HH:mm:ss"},
             "hours": {"type": "number", "description": "the last N hours, when no start"}}

TOOL = Tool(
    name="open_alarms",
    description="The alarms not cleared yet, most urgent level first, then newest: event, level, device, point, "
                "since when, peak value and whether confirmed, and the ids of the knowledge entries linked to "
                "their events. `device` (optional) is a device tag or code, e.g. P-101A; without it, every open "
                "alarm of the plant. `level` (optional): 1 (most urgent) … 5.",
    parameters={"type": "object", "properties": {"device": {"type": "string", "description": "tag or name"},
                                                 "level": {"type": "integer"}}},
    run=open_alarms, codes=CODES, match=asked, links=links, render=render,
    examples=(("有哪些未解除的告警?", "Which alarms are open on P-101A?"),))

RECENT = Tool(
    name="recent_alarms",
    description="The alarms raised in a period (cleared or not): how many, how many still open, counted by level "
                "and by device, the newest listed. Optional `device` (tag) and `level` (1 … 5).",
    parameters={"type": "object", "properties": {**TIME_ARGS, "device": {"type": "string"},
                                                 "level": {"type": "integer"}}},
    run=recent_alarms, codes=CODES, match=asked_recent, links=overview_links, render=render_recent, answers=True,
    examples=(("今天有多少告警?", "Alarms this shift by level?"),))

TOP = Tool(
    name="top_alarm_sources",
    description="The devices and events that raised the most alarms in a period (this week unless `start`/`end` "
                "or `hours` say otherwise), most first.",
    parameters={"type": "object", "properties": {**TIME_ARGS, "limit": {"type": "integer"}}},
    run=top_sources, codes=CODES, match=asked_top, links=overview_links, render=render_top, answers=True,
    examples=(("本周告警最多的设备?", "Top alarm sources this week?"),))

TOOLS = [TOOL, RECENT, TOP]
