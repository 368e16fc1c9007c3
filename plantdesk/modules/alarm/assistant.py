"""The assistant's view of alarms: the open alarms of the caller's tenant, or of the devices a question names,
as a typed tool (core.assistant), with the knowledge entries linked to their events (the procedures the
assistant cites first)."""

import re

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.assistant import Tool
from plantdesk.core.context import Identity
from plantdesk.core.envelope import DATETIME_FORMAT
from plantdesk.modules.alarm import service
from plantdesk.modules.alarm.engine import AFFIRMED
from plantdesk.modules.device.assistant import devices_in, find_devices
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
    shown = alarms[:SHOWN]
    linked = [info.id for event_id in dict.fromkeys(a["event_id"] for a in shown)
              for info in await knowledge.event_knowledge(db, event_id)]
    return {"device": named or None, "total": len(alarms),
            "alarms": [{**a, "id": str(a["id"]), "event_id": str(a["event_id"]),
                        "first_time": a["first_time"].strftime(DATETIME_FORMAT)} for a in shown],
            "knowledge": [str(i) for i in dict.fromkeys(linked)]}


async def asked(db: AsyncSession, question: str) -> list[dict]:
    """A question about alarms: those of the devices it names, else all the tenant's."""
    if not _ASKED.search(question):
        return []
    return await devices_in(db, question) or [{}]


def render(result: dict, zh: bool) -> list[str]:
    where = f" ({result['device']})" if result.get("device") else ""
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


TOOL = Tool(
    name="open_alarms",
    description="The alarms not cleared yet, most urgent level first, then newest: event, level, device, point, "
                "since when, peak value and whether confirmed, and the ids of the knowledge entries linked to "
                "their events. `device` (optional) is a device tag or code, e.g. P-101A; without it, every open "
                "alarm of the plant.",
    parameters={"type": "object", "properties": {"device": {"type": "string", "description": "tag or name"}}},
    run=open_alarms, codes=CODES, match=asked, links=links, render=render)
