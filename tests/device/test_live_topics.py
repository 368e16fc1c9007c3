"""The equipment area's live topics (core.live): an import's progress is published as it commits; the device run
states and the collectors' source statuses are watched, and a change reaches the tenant's consoles, never another
tenant's."""

import asyncio
import time
from collections import Counter

import orjson
import pytest
from sqlalchemy import delete

from plantdesk.core import live, tenancy
from plantdesk.modules.device import io as device_io
from plantdesk.modules.device.collect import service as collect
from plantdesk.modules.device.collect import status
from plantdesk.modules.device.models import DataPoint, DataPointSource, Device
from plantdesk.modules.device.monitor import ingest, push
from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import make_device
from tests.device.test_excel import finished, upload, xlsx
from tests.helpers import platform_session

PLATFORM_TENANT = "000000"


class Listening:
    """Subscriptions of the app's hub, as open streams of two tenants' consoles would be."""

    def __init__(self, topic: str, keys: frozenset[str] | None = None):
        self.topic = topic
        self.mine = live.Subscription(DEMO_TENANT, 1, {topic: keys})
        self.theirs = live.Subscription(PLATFORM_TENANT, 1, {topic: keys})

    def __enter__(self):
        live.hub().subscribe(self.mine)
        live.hub().subscribe(self.theirs)
        return self

    def __exit__(self, *exc):
        live.hub().unsubscribe(self.mine)
        live.hub().unsubscribe(self.theirs)

    @staticmethod
    def drained(sub: live.Subscription) -> list[dict]:
        payloads = []
        while not sub.queue.empty():
            head, _, data = sub.queue.get_nowait().partition(b"\ndata: ")
            payloads.extend(orjson.loads(data))
        return payloads

    async def until(self, found, deadline: float = 15.0) -> list[dict]:
        """The payloads heard by the demo tenant's stream until one satisfies `found`."""
        heard: list[dict] = []
        stop_at = time.monotonic() + deadline
        while not any(found(p) for p in heard):
            remaining = stop_at - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"not heard on {self.topic} within {deadline} s: {heard[-5:]}")
            try:
                item = await asyncio.wait_for(self.mine.queue.get(), remaining)
            except TimeoutError:
                continue
            head, _, data = item.partition(b"\ndata: ")
            assert head == b"event: " + self.topic.encode()
            heard.extend(orjson.loads(data))
        return heard


async def test_an_imports_progress_is_published_to_its_tenant_only(app, demo_admin, unique):
    with Listening(device_io.LIVE_TOPIC) as listening:
        rows = [[f"L{n:03d}-{unique}", f"Device {n}"] for n in range(120)]
        started = await upload(demo_admin, "/device/import-device", xlsx(["code", "name"], rows))
        await finished(demo_admin, started["id"])
        heard = await listening.until(lambda p: p["id"] == started["id"] and p["state"] == device_io.DONE)
        assert [p["state"] for p in heard if p["id"] == started["id"]][0] == device_io.RUNNING
        assert any(p["id"] == started["id"] and 0 < p["progress"] < 100 for p in heard)  # a chunk committed
        assert heard[-1] == {"id": started["id"], "state": device_io.DONE, "progress": 100, "total": 120,
                             "successCount": 120, "failCount": 0}
        assert listening.drained(listening.theirs) == []
    async with platform_session(app.state.runtime.sessions) as db:
        await db.execute(delete(Device).where(Device.code.like(f"L%-{unique}")))
        await db.commit()


async def test_a_device_coming_online_reaches_its_tenants_consoles(app, unique):
    device = await make_device(app, DEMO_TENANT, f"LIVE-{unique}", [{"code": "t"}])
    key = str(device["id"])
    try:
        with Listening(push.STATUS_TOPIC, frozenset({key})) as listening:
            # the first reading for a tenant sends every device: this one has no value yet
            await listening.until(lambda p: p == {"deviceId": key, "status": "offline"})
            async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
                answer = await ingest.write_values(db, ingest.Caller(tenant_id=DEMO_TENANT),
                                                   [(0, f"LIVE-{unique}", "t", None, 21.5)])
                assert answer.accepted == 1
            await listening.until(lambda p: p == {"deviceId": key, "status": "online"})
            assert key not in {p.get("deviceId") for p in listening.drained(listening.theirs)}
    finally:
        async with platform_session(app.state.runtime.sessions) as db:
            await db.execute(delete(DataPoint).where(DataPoint.device_id == device["id"]))
            await db.execute(delete(Device).where(Device.id == device["id"]))
            await db.commit()


async def test_a_source_coming_online_reaches_its_tenants_consoles(app, unique):
    """An HTTP source (no collector of the app's own takes it): online once values arrive."""
    async with platform_session(app.state.runtime.sessions) as db:
        source = DataPointSource(tenant_id=DEMO_TENANT, type="http", code=f"LIVE-{unique}", name="live")
        db.add(source)
        await db.commit()
        sid = source.id
    key = str(sid)
    cache = app.state.runtime.cache
    try:
        with Listening(collect.TOPIC, frozenset({key})) as listening:
            await listening.until(lambda p: p["sourceId"] == key and p["state"] == status.OFFLINE)
            state = status.SourceStatus(sid, DEMO_TENANT, status.HTTP, "test", state=status.ONLINE)
            state.counted(3, Counter())
            await cache.set(status.key(sid), state.wire(), ttl=status.TTL)
            heard = await listening.until(lambda p: p["sourceId"] == key and p["state"] == status.ONLINE)
            assert heard[-1]["code"] == f"LIVE-{unique}" and heard[-1]["values"] == 3
            assert key not in {p.get("sourceId") for p in listening.drained(listening.theirs)}
    finally:
        await cache.delete(status.key(sid))
        async with platform_session(app.state.runtime.sessions) as db:
            await db.execute(delete(DataPointSource).where(DataPointSource.id == sid))
            await db.commit()


@pytest.mark.parametrize("topic", [push.STATUS_TOPIC, collect.TOPIC, device_io.LIVE_TOPIC])
async def test_the_topics_are_declared_with_who_may_hear_them(topic):
    assert live.topic(topic) is not None
