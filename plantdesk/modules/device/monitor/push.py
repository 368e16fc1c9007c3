"""The monitor's topics on the live channel (core.live).

Realtime values of the points on screen: a monitor listener (core.listeners) publishes each committed batch's
newest values, one message per tenant, keyed by point id, so a console hears only the points it asked for; it
costs a dictionary lookup per value, and nothing in a process where nobody listens.

Device run states (online / offline / fault, service.device_status): they change with time as much as with
values (a device is offline once its values are stale), so the topic is watched: each process reads the states of
the tenants its consoles listen to every few seconds and sends the devices whose state changed, keyed by device
id (the ledger's badges, the monitor's device list)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import live, tenancy
from plantdesk.core.cache import Cache
from plantdesk.modules.device.models import DataPoint
from plantdesk.modules.device.monitor.schemas import format_ms

TOPIC = "monitor.realtime"
# Who hears realtime values and device states: the monitor screens' codes, and the visual area's maps and large
# screens (visual.router.SCREEN_CODES: their dots and flow steps show live values; the device area does not
# depend on the visual one, so they are named here).
CODES = ("monitordata", "monitordata_view", "device_device", "device_device_view", "datapoint", "datapoint_view",
         "overview", "map", "map_view", "batchMonitor", "flowMonitor", "largepage")
STATUS_TOPIC = "device.status"
STATUS_EVERY = 3.0
_tenant_of: dict[int, str] = {}  # point id -> tenant: a point never changes tenant, so this is never stale


async def on_values(db: AsyncSession, values: Sequence[tuple]) -> None:
    if not live.hub().listened(TOPIC):
        return
    unknown = {v[0] for v in values if v[0] not in _tenant_of}
    if unknown:
        with tenancy.platform_scope(db):
            _tenant_of.update(dict((await db.execute(
                select(DataPoint.id, DataPoint.tenant_id).where(DataPoint.id.in_(unknown)))).all()))
    by_tenant: dict[str, list[tuple[str | None, dict]]] = {}
    times: dict[int, str | None] = {}  # a batch's points share their ts: format each once
    for pid, ts, value, text, quality in values:
        tenant_id = _tenant_of.get(pid)
        if tenant_id is None:
            continue
        if ts not in times:
            times[ts] = format_ms(ts)
        key = str(pid)
        by_tenant.setdefault(tenant_id, []).append((key, {
            "pointId": key, "value": value, "textValue": text, "ts": ts, "time": times[ts], "quality": quality}))
    for tenant_id, events in by_tenant.items():
        live.publish(TOPIC, tenant_id, events)


async def device_states(db: AsyncSession, cache: Cache) -> dict[str, dict]:
    """The device.status topic's state in the session's tenant: device id -> {deviceId, status}."""
    from plantdesk.modules.device.monitor import service

    found = await service.device_status(db, await service.device_ids(db), cache)
    return {str(device_id): {"deviceId": str(device_id), "status": entry["status"]}
            for device_id, entry in found.items()}
