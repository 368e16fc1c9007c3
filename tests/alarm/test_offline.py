"""The built-in device-offline alarm (issue 29, issue 28): a rule of kind OFFLINE on a device raises when the
device stops reporting and clears when it is back, with its own level, in the bell and the event overview."""

import orjson
import pytest
from sqlalchemy import select

from plantdesk.demo.data import alarm as demo_alarm
from plantdesk.demo.data import plant as demo_plant
from plantdesk.modules.alarm import engine
from plantdesk.modules.alarm.models import AlarmLevel, AlarmRule
from plantdesk.modules.device.models import Device
from tests.alarm.helpers import ALARM, Plant, now_ms
from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import session

BELL = "/api/system/systemNotice"


@pytest.fixture
async def plant(app, demo_admin, recipient, unique) -> Plant:
    return await Plant(app, demo_admin, recipient, unique).setup()


@pytest.fixture(autouse=True)
def listening(monkeypatch):
    """The server has listened for ten minutes: a value two minutes old is the device's silence, not the
    platform's (the test app may have started a moment ago)."""
    monkeypatch.setattr(engine.default, "listening_since", now_ms() - 600_000)


async def offline_rule(plant: Plant, **fields) -> dict:
    levels = await plant.api.data("GET", f"{ALARM}/level/list", current=1, size=100)
    level = next(lv for lv in levels["records"] if lv["level"] == 2)
    return await plant.api.data("POST", f"{ALARM}/event/add", json={
        "name": f"offline {plant.unique}", "kind": "OFFLINE", "deviceId": str(plant.device["id"]),
        "levelId": level["id"], "groupId": plant.group_id, "mode": "SIMPLE"} | fields)


async def test_a_device_that_stops_reporting_raises_and_clears_when_back(app, plant):
    rule = await offline_rule(plant)
    [event] = [e for e in (await plant.api.data("GET", f"{ALARM}/event/page", kind="OFFLINE", size=100))["records"]
               if e["id"] == rule["id"]]
    assert event["deviceId"] == str(plant.device["id"]) and event["pointName"] == "设备离线"
    assert event["rules"].startswith("device offline") and event["levelName"] == "Urgent"

    await app.state.runtime.jobs.run(engine.SWEEP_JOB)  # never reported: not lost
    assert await plant.results(rule) == []

    await plant.send((now_ms() - 120_000, 1))  # its last value two minutes ago: offline (no point fresh)
    await app.state.runtime.jobs.run(engine.SWEEP_JOB)
    [record] = await plant.results(rule)
    assert record["removeStatus"] == "未解除" and record["levelName"] == "Urgent"
    assert record["pointName"] == "设备离线" and record["deviceName"]
    await app.state.runtime.jobs.run(engine.SWEEP_JOB)  # still offline: the one open record
    assert len(await plant.results(rule)) == 1

    overview = await plant.api.data("GET", f"{ALARM}/result/overview")
    assert any(r["eventId"] == rule["id"] and r["pointName"] == "设备离线" for r in overview["newest"])
    page = await plant.recipient.data("GET", f"{BELL}/page", current=1, size=100)
    [raised] = [orjson.loads(r["content"]) for r in page["records"] if r["alarmId"] == rule["id"]]
    assert raised["action"] == "raise" and raised["level"] == "Urgent" and raised["pointName"] == "设备离线"

    await plant.send((now_ms(), 2))  # back online
    await app.state.runtime.jobs.run(engine.SWEEP_JOB)
    [record] = await plant.results(rule)
    assert record["removeStatus"] == "已解除"
    # The bell lists an alarm once (the clear marks the raise read); its history holds both.
    page = await plant.recipient.data("GET", f"{BELL}/page", current=1, size=100, all="true")
    actions = sorted(orjson.loads(r["content"])["action"] for r in page["records"] if r["alarmId"] == rule["id"])
    assert actions == ["clear", "raise"]
    await plant.api.data("POST", f"{ALARM}/event/delete", ids=rule["id"])


async def test_a_restart_gives_the_collectors_a_minute_before_judging(app, plant, monkeypatch):
    """A device silent since before the server started was not heard because the server was down: it is offline
    only if its collector has not reached it within a minute of the start."""
    rule = await offline_rule(plant)
    await plant.send((now_ms() - 120_000, 1))
    monkeypatch.setattr(engine.default, "listening_since", now_ms() - 30_000)  # started half a minute ago
    await app.state.runtime.jobs.run(engine.SWEEP_JOB)
    assert await plant.results(rule) == []
    monkeypatch.setattr(engine.default, "listening_since", now_ms() - engine.LISTENING_GRACE_MS)
    await app.state.runtime.jobs.run(engine.SWEEP_JOB)  # a minute on and still silent: offline
    [record] = await plant.results(rule)
    assert record["removeStatus"] == "未解除"
    await plant.api.data("POST", f"{ALARM}/event/delete", ids=rule["id"])


async def test_duration_waits_before_raising(app, plant):
    rule = await offline_rule(plant, mode="DURATION", durationSeconds=3600)
    await plant.send((now_ms() - 120_000, 1))
    await app.state.runtime.jobs.run(engine.SWEEP_JOB)
    assert await plant.results(rule) == []  # offline, but not for an hour yet
    await plant.api.data("POST", f"{ALARM}/event/delete", ids=rule["id"])


async def test_an_offline_rule_needs_its_device(plant):
    response = await plant.api.post(f"{ALARM}/event/add", json={"name": f"x {plant.unique}", "kind": "OFFLINE"})
    assert response.json()["msg"] == "请选择设备"
    response = await plant.api.post(f"{ALARM}/event/add", json={"name": f"x {plant.unique}", "kind": "OFFLINE",
                                                               "deviceId": "123"})
    assert response.json()["msg"] == "设备不存在"
    # A point's rule still needs its point.
    response = await plant.api.post(f"{ALARM}/event/add", json={"name": f"x {plant.unique}", "kind": "THRESHOLD",
                                                               "threshold": 1})
    assert response.json()["msg"] == "请选择测点"
    # Named by one of its points, the rule watches the point's device.
    rule = await plant.api.data("POST", f"{ALARM}/event/add", json={
        "name": f"by point {plant.unique}", "kind": "OFFLINE", "pointId": str(plant.device["points"]["V"])})
    assert rule["deviceId"] == str(plant.device["id"]) and rule["pointId"] == "0"
    await plant.api.data("POST", f"{ALARM}/event/delete", ids=rule["id"])


async def test_the_demo_watches_every_device_going_offline(app):
    """Issue 29: three demo tanks went offline and nothing told anyone; the demo has the rule on every device,
    enabled, at its own level."""
    async with session(app, DEMO_TENANT) as db:
        watched = dict((await db.execute(
            select(Device.code, AlarmLevel.level).join(AlarmRule, AlarmRule.device_id == Device.id)
            .join(AlarmLevel, AlarmLevel.id == AlarmRule.level_id)
            .where(AlarmRule.kind == "OFFLINE", AlarmRule.enabled == 1))).all())
    level, _group = demo_alarm.OFFLINE
    assert {code: watched.get(code) for code, *_ in demo_plant.DEVICES} == {
        code: level for code, *_ in demo_plant.DEVICES}
