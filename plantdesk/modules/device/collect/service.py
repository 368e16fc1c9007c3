"""The collectors' side of the sources screen, read for the API: each source's live status as the cache holds it
(collect.status, resolved as of now) with its rows' names and point counts, and the sources each device's points
are read from.

On the live channel (core.live) the statuses are the watched topic `collect.status`: every couple of seconds each
process reads them for the tenants its consoles listen to (from the cache, where the collecting processes publish
them) and sends the sources whose status changed, keyed by source id, as the status endpoint answers them."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.cache import Cache
from plantdesk.modules.device.collect import status
from plantdesk.modules.device.collect.schemas import SourceStatusRead
from plantdesk.modules.device.models import DataPoint, DataPointSource
from plantdesk.modules.device.monitor import ingest

TOPIC = "collect.status"
EVERY = 2.0
VIEW_CODES = ("datapoint", "datapoint_view", "device_device", "device_device_view")


def message(reason: str) -> str:
    return status.REASONS.get(reason) or ingest.MESSAGES.get(reason, reason)


async def statuses(cache: Cache, rows: Sequence[DataPointSource]) -> dict[int, dict]:
    """The resolved status of each source a collector (or the HTTP ingest) reports on; the others are left out."""
    found = await cache.get_many(*(status.key(row.id) for row in rows)) if rows else []
    now = status.now_ms()
    return {row.id: status.resolved(value, now) for row, value in zip(rows, found, strict=True) if value}


def status_read(row: DataPointSource, state: dict | None, points: int) -> dict:
    """One source's status as the API answers it (a source nobody collects: `stopped`; an HTTP source nothing
    was posted to yet: offline)."""
    state = state or {"state": status.OFFLINE if (row.type or "").lower() == status.HTTP else "stopped"}
    return {**state, "source_id": row.id, "code": row.code, "name": row.name, "type": row.type, "points": points,
            "rejected": [{**r, "message": message(r["reason"])} for r in state.get("rejected", [])]}


async def source_status(db: AsyncSession, cache: Cache, ids: Sequence[int] | None = None) -> list[dict]:
    """Live status of the tenant's sources (all of them, or `ids`), by type and code."""
    stmt = select(DataPointSource).order_by(DataPointSource.type, DataPointSource.code)
    if ids:
        stmt = stmt.where(DataPointSource.id.in_(ids))
    rows = list((await db.execute(stmt)).scalars())
    points = dict((await db.execute(select(DataPoint.source_id, func.count()).where(
        DataPoint.source_id.in_([r.id for r in rows])).group_by(DataPoint.source_id))).all()) if rows else {}
    live = await statuses(cache, rows)
    return [status_read(row, live.get(row.id), points.get(row.id, 0)) for row in rows]


async def device_sources(db: AsyncSession, cache: Cache, device_ids: Sequence[int] | None = None) -> list[dict]:
    """The sources each device's points are read from, with their live state (every device of the tenant when
    `device_ids` is not given)."""
    stmt = select(DataPoint.device_id, DataPoint.source_id).where(DataPoint.source_id.is_not(None))
    if device_ids:
        stmt = stmt.where(DataPoint.device_id.in_(device_ids))
    pairs = sorted(set((await db.execute(stmt)).all()))
    sources = {row.id: row for row in (await db.execute(select(DataPointSource).where(
        DataPointSource.id.in_({s for _, s in pairs})))).scalars()} if pairs else {}
    live = await statuses(cache, list(sources.values()))
    return [{"device_id": device, "source_id": sid, "code": sources[sid].code, "name": sources[sid].name,
             "type": sources[sid].type, "state": (live.get(sid) or {}).get("state", "stopped")}
            for device, sid in pairs if sid in sources]


async def watched(db: AsyncSession, cache: Cache) -> dict[str, dict]:
    """The collect.status topic's state in the session's tenant: source id -> its status in the wire shape."""
    return {str(item["source_id"]): SourceStatusRead.model_validate(item).model_dump(mode="json")
            for item in await source_status(db, cache)}
