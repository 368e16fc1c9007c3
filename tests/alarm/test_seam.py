"""The monitor write path's listener seam: listeners hear committed values only, in order, and a failing listener
never reaches the writer."""

import pytest

from plantdesk.core import listeners, tenancy
from plantdesk.modules.device.monitor.store import store
from tests.alarm.helpers import now_ms
from tests.device.monitor_helpers import make_device


@pytest.fixture
def heard(monkeypatch):
    calls: list[list[tuple]] = []

    async def listener(_db, values):
        calls.append(list(values))

    monkeypatch.setattr(listeners, "_listeners", [listener])
    return calls


async def test_committed_values_are_heard_in_order(app, demo_admin, heard, unique):
    device = await make_device(app, demo_admin.tenant_id, f"SEAM-{unique}", [{"code": "A"}, {"code": "B"}])
    a, b = device["points"]["A"], device["points"]["B"]
    t = now_ms()
    async with app.state.runtime.unit_of_work_in(tenancy.Scope(demo_admin.tenant_id)) as db:
        await store.write_batch(db, [(b, t, 2.0), (a, t + 1000, 1.5), (a, t, 1.0)])
        assert heard == []  # not before the commit
    assert [(v[0], v[1], v[2]) for v in heard[0]] == sorted([(a, t, 1.0), (a, t + 1000, 1.5), (b, t, 2.0)])
    async with app.state.runtime.unit_of_work_in(tenancy.Scope(demo_admin.tenant_id)) as db:
        await store.write_batch(db, [(a, t - 5000, 0.5)])  # late: history, not news
    assert len(heard) == 1


async def test_a_rolled_back_write_is_not_heard(app, demo_admin, heard, unique):
    device = await make_device(app, demo_admin.tenant_id, f"SEAM-{unique}", [{"code": "A"}])
    with pytest.raises(RuntimeError):
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(demo_admin.tenant_id)) as db:
            await store.write_batch(db, [(device["points"]["A"], now_ms(), 1.0)])
            raise RuntimeError("the writer fails after writing")
    assert heard == []


async def test_a_failing_listener_does_not_reach_the_writer(app, demo_admin, monkeypatch, unique):
    async def broken(_db, _values):
        raise ValueError("listener bug")

    monkeypatch.setattr(listeners, "_listeners", [broken])
    device = await make_device(app, demo_admin.tenant_id, f"SEAM-{unique}", [{"code": "A"}])
    answer = await demo_admin.data("POST", "/api/device-management/telemetry",
                                   json={"deviceCode": f"SEAM-{unique}", "values": {"A": 3}})
    assert answer["accepted"] == 1
    latest = await demo_admin.data("GET", "/api/device-management/datapoints-monitor/realtime",
                                   deviceId=device["id"])
    assert [p["value"] for p in latest if p["pointId"] == str(device["points"]["A"])] == [3]
