"""Retention of monitor data: each tenant's `monitor_setting.retention_days` (default 30; 0 keeps raw data for
ever; system parameters are platform-wide, so the setting has its own tenant-scoped row).

Two jobs: `monitor.retention` runs in each tenant and deletes that tenant's raw rows older than its setting
(and its 1-minute rollups older than ROLLUP_1M_DAYS; hourly rollups stay); `monitor.partitions` runs once
for the platform, creates the coming days' PostgreSQL partitions and drops whole days that every tenant's
retention has passed, which costs nothing like a DELETE of the same rows.
"""

from __future__ import annotations

import logging
import time

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.tenancy import bound_tenant
from plantdesk.modules.device.monitor import partitions
from plantdesk.modules.device.monitor.models import MonitorSetting
from plantdesk.modules.device.monitor.store import DAY, dialect
from plantdesk.modules.system.models import Tenant

DEFAULT_DAYS = 30
ROLLUP_1M_DAYS = 400
RETENTION_JOB, RETENTION_CRON = "monitor.retention", "37 3 * * *"  # daily, off-peak, after log.retention
PARTITIONS_JOB, PARTITIONS_CRON = "monitor.partitions", "7 * * * *"  # hourly: a missed run costs nothing
FOREVER = 100 * 365 * DAY
CACHE_SECONDS = 60.0
log = logging.getLogger("plantdesk.monitor.retention")

_cached: dict[str, tuple[float, int]] = {}


async def retention_days(db: AsyncSession) -> int:
    days = (await db.execute(select(MonitorSetting.retention_days).limit(1))).scalar()
    return DEFAULT_DAYS if days is None else max(0, days)


async def set_retention_days(db: AsyncSession, days: int) -> None:
    row = (await db.execute(select(MonitorSetting).limit(1))).scalar_one_or_none()
    if row is None:
        db.add(MonitorSetting(retention_days=days))
    else:
        row.retention_days = days
    await db.flush()
    _cached.pop(bound_tenant(db) or "", None)


async def retention_ms(db: AsyncSession) -> int:
    """How far back a value may be written, in the session's tenant (cached a minute per process)."""
    tenant = bound_tenant(db) or ""
    hit = _cached.get(tenant)
    now = time.monotonic()
    if hit is None or hit[0] < now:
        days = await retention_days(db)
        hit = (now + CACHE_SECONDS, days * DAY if days else FOREVER)
        _cached[tenant] = hit
    return hit[1]


async def purge_tenant(db: AsyncSession) -> int:
    """Runs in one tenant's scope. Raw SQL is not narrowed by core.tenancy: the tenant is named explicitly."""
    tenant = bound_tenant(db)
    days = await retention_days(db)
    now = int(time.time() * 1000)
    conn = await db.connection()
    points = "SELECT id FROM data_point WHERE tenant_id = :tenant"
    deleted = 0
    if days:
        result = await conn.execute(text(f"DELETE FROM monitor_data WHERE point_id IN ({points}) AND ts < :cutoff"),
                                    {"tenant": tenant, "cutoff": now - days * DAY})
        deleted = result.rowcount or 0
    await conn.execute(text(f"DELETE FROM monitor_rollup_1m WHERE point_id IN ({points}) AND bucket < :cutoff"),
                       {"tenant": tenant, "cutoff": now - max(days, ROLLUP_1M_DAYS) * DAY})
    log.info("monitor retention in tenant %s: %d raw row(s) older than %d day(s) deleted", tenant, deleted, days)
    return deleted


async def maintain_partitions(db: AsyncSession) -> list[str]:
    """Platform scope: create the coming days' partitions, drop the days every live tenant's retention has
    passed (none while any tenant keeps data for ever). SQLite has no partitions: nothing to do."""
    if dialect(db) != "postgresql":
        return []
    conn = await db.connection()
    await partitions.create_ahead(conn.engine)
    tenants = (await db.execute(select(Tenant.tenant_id))).scalars().all()
    settings = dict((await db.execute(select(MonitorSetting.tenant_id, MonitorSetting.retention_days))).all())
    days = [max(0, settings.get(t, DEFAULT_DAYS)) for t in tenants] or [DEFAULT_DAYS]
    if 0 in days:
        return []
    cutoff = int(time.time() * 1000) - max(days) * DAY
    return await partitions.drop_before(conn, cutoff)
