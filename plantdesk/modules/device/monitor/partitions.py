"""PostgreSQL time partitions of `monitor_data`: one per UTC day, named `monitor_data_pYYYYMMDD`.

A periodic job creates them ahead (`AHEAD_DAYS`) and drops those that every tenant's retention has passed
(monitor.retention); a write whose rows fall on a day without a partition (late data, a clock ahead) creates it
first, in a transaction of its own so the writer's transaction never holds the parent's lock while it waits.
Days seen recently are remembered per process, so the common write costs no catalogue query.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from datetime import UTC, datetime

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

DAY = 86_400_000
AHEAD_DAYS = 3
PARENT = "monitor_data"
NAME = re.compile(r"^monitor_data_p(\d{8})$")
log = logging.getLogger("plantdesk.monitor.partitions")

_known: dict[str, set[int]] = {}  # database url → day starts (ms) known to have a partition


def name_for(day: int) -> str:
    return f"{PARENT}_p{datetime.fromtimestamp(day / 1000, UTC):%Y%m%d}"


def day_of(name: str) -> int | None:
    match = NAME.match(name)
    if not match:
        return None
    return int(datetime.strptime(match.group(1), "%Y%m%d").replace(tzinfo=UTC).timestamp() * 1000)


def _key(engine: AsyncEngine) -> str:
    return engine.url.render_as_string(hide_password=True)


async def ensure_for(conn: AsyncConnection, *ts_lists: Iterable[int]) -> None:
    """Make sure every day the timestamps fall on has its partition."""
    days = {ts - ts % DAY for tss in ts_lists for ts in tss}
    known = _known.setdefault(_key(conn.engine), set())
    missing = days - known
    if missing:
        await create(conn.engine, missing)


async def create(engine: AsyncEngine, days: Iterable[int]) -> None:
    known = _known.setdefault(_key(engine), set())
    today = _today()
    for day in sorted(days):
        sql = (f"CREATE TABLE IF NOT EXISTS {name_for(day)} PARTITION OF {PARENT} "
               f"FOR VALUES FROM ({day}) TO ({day + DAY})")
        try:
            async with engine.begin() as c:
                await c.exec_driver_sql("SET LOCAL lock_timeout = '10s'")
                await c.exec_driver_sql(sql)
        except DBAPIError as exc:  # another process created it between our check and our statement
            if "already exists" not in str(exc):
                raise
        # Old days may be dropped by another process's retention run: only recent ones are remembered.
        if day >= today - DAY:
            known.add(day)


async def create_ahead(engine: AsyncEngine, *, ahead: int = AHEAD_DAYS) -> None:
    today = _today()
    await create(engine, [today + i * DAY for i in range(-1, ahead + 1)])


async def existing(conn: AsyncConnection) -> dict[str, int]:
    """Partition name → day start, of the partitions that exist now."""
    rows = await conn.exec_driver_sql(
        "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
        "JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'monitor_data'")
    found = {}
    for (name,) in rows:
        day = day_of(name)
        if day is not None:
            found[name] = day
    return found


async def drop_before(conn: AsyncConnection, cutoff: int) -> list[str]:
    """Drop every partition whose whole day ends at or before `cutoff` (epoch ms)."""
    dropped = []
    for name, day in sorted((await existing(conn)).items(), key=lambda item: item[1]):
        if day + DAY <= cutoff:
            await conn.exec_driver_sql(f"DROP TABLE IF EXISTS {name}")
            dropped.append(name)
    known = _known.get(_key(conn.engine))
    if known is not None:
        known.difference_update(d for d in list(known) if d + DAY <= cutoff)
    if dropped:
        log.info("monitor data partitions dropped: %s", ", ".join(dropped))
    return dropped


def _today() -> int:
    now = int(datetime.now(UTC).timestamp() * 1000)
    return now - now % DAY
