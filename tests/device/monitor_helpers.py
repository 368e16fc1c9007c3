"""Rows the monitor tests need: a device with data points in a tenant, made directly (the device CRUD is tested
in test_router.py), and a session on the app's engine."""

import time
from contextlib import asynccontextmanager

from plantdesk.core import tenancy
from plantdesk.modules.device.models import CollectGroup, DataPoint, Device
from tests.helpers import platform_session

API = "/api/device-management"


def now_ms() -> int:
    return int(time.time() * 1000) // 1000 * 1000


async def make_device(app, tenant: str, code: str, points: list[dict]) -> dict:
    """points: dicts with code and optional data_type, deadband, store, period_ms. Answers
    {"id": device id, "points": {code: point id}}."""
    async with platform_session(app.state.runtime.sessions) as db:
        device = Device(tenant_id=tenant, code=code, name=f"Device {code}")
        db.add(device)
        await db.flush()
        ids = {}
        for spec in points:
            group_id = None
            if spec.get("period_ms"):
                group = CollectGroup(tenant_id=tenant, code=f"G-{code}-{spec['code']}", name="group",
                                     period_ms=spec["period_ms"])
                db.add(group)
                await db.flush()
                group_id = group.id
            point = DataPoint(tenant_id=tenant, device_id=device.id, code=spec["code"], name=spec["code"],
                              data_type=spec.get("data_type", "float"), deadband=spec.get("deadband", 0.0),
                              store=spec.get("store", 1), collect_group_id=group_id)
            db.add(point)
            await db.flush()
            ids[spec["code"]] = point.id
        await db.commit()
    return {"id": device.id, "points": ids}


@asynccontextmanager
async def session(app, tenant: str | None = None):
    """A unit of work in a tenant (or the platform), committed at the end."""
    runtime = app.state.runtime
    async with runtime.unit_of_work_in(tenancy.Scope(tenant) if tenant else tenancy.PLATFORM) as db:
        yield db
