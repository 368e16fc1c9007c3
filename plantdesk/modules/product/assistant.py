"""The assistant's view of production (core.assistant): OEE with availability, performance and quality, and the
units made (total and good), for the plant and per device, over a day or a period (today by default)."""

import re
from datetime import date, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.assistant import Tool, chinese, period
from plantdesk.core.context import Identity
from plantdesk.modules.product import service

CODES = ("oee", "oee_view")
_ASKED = re.compile(r"\boee\b|overall equipment|effectiveness|availability|production|produced|output|"
                    r"how much .*made|drums?|good (?:units|parts|count)|综合效率|稼动|开动率|产量|生产了|产出|良品|"
                    r"合格率|良率|生产情况", re.I)


def _day(value: str | None, default: date) -> date:
    return date.fromisoformat(value[:10]) if value else default


async def oee_summary(db: AsyncSession, user: Identity, args: dict) -> dict:
    today = datetime.now().date()
    start, end = _day(args.get("start"), today), _day(args.get("end"), today)
    result = await service.analyse(db, start, end)
    return {"start": start.isoformat(), "end": end.isoformat(), "label": args.get("label"),
            "summary": result["summary"],
            "devices": [{k: d[k] for k in ("name", "oee", "availability", "performance", "quality", "totalCount",
                                           "goodCount")} for d in result["devices"]],
            "losses": [{"name": p["name"], "seconds": p["seconds"]} for p in result["pareto"] if p["seconds"]][:3]}


async def asked(db: AsyncSession, question: str) -> list[dict]:
    if not _ASKED.search(question):
        return []
    when = period(question)
    if when is None:
        return [{}]
    end = when.end - timedelta(seconds=1) if when.key == "yesterday" else when.end
    return [{"start": when.start.date().isoformat(), "end": end.date().isoformat(),
             "label": when.label(chinese(question))}]


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def _count(value: float) -> str:
    return f"{value:g}"


def render(result: dict, zh: bool) -> list[str]:
    label = result.get("label") or (f"{result['start']}" if result["start"] == result["end"]
                                    else f"{result['start']} ~ {result['end']}")
    s = result["summary"]
    if s["oee"] is None and not s["totalCount"]:
        return [f"- {label}: " + ("没有 OEE 结果" if zh else "no OEE results")]
    if zh:
        lines = [f"- {label} OEE {_pct(s['oee'])}(可用率 {_pct(s['availability'])},性能 {_pct(s['performance'])},"
                 f"质量 {_pct(s['quality'])}),产量 {_count(s['totalCount'])},良品 {_count(s['goodCount'])}"]
    else:
        lines = [f"- OEE {label}: {_pct(s['oee'])} (availability {_pct(s['availability'])}, performance "
                 f"{_pct(s['performance'])}, quality {_pct(s['quality'])}); produced {_count(s['totalCount'])}, "
                 f"good {_count(s['goodCount'])}"]
    for d in result["devices"]:
        lines.append(f"  - {d['name']}: OEE {_pct(d['oee'])}, " +
                     (f"产量 {_count(d['totalCount'])},良品 {_count(d['goodCount'])}" if zh else
                      f"produced {_count(d['totalCount'])}, good {_count(d['goodCount'])}"))
    if result["losses"]:
        lines.append(f"  - {'主要损失' if zh else 'Largest losses'}: " +
                     ", ".join(f"{x['name']} {x['seconds'] / 60:.0f} min" for x in result["losses"]))
    return lines


def links(result: dict) -> list[dict]:
    return [{"title": "OEE 分析 / OEE", "link": "/product/oee"}]


TOOL = Tool(
    name="oee_summary",
    description="OEE (availability, performance, quality) and units produced (total and good) for the plant and "
                "per device over the days `start` … `end` (yyyy-MM-dd; today when not given), with the largest "
                "losses.",
    parameters={"type": "object", "properties": {"start": {"type": "string"}, "end": {"type": "string"}}},
    run=oee_summary, codes=CODES, match=asked, links=links, render=render, answers=True,
    examples=(("今天的 OEE 和产量?", "What was yesterday's production?"),))
