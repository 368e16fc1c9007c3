"""Escalation: an open alarm not confirmed within its group's delay goes one level more urgent and is notified to
the group and its escalation recipients, one step per delay, at most the group's steps; a confirmed or cleared
alarm never escalates."""

import orjson
import pytest

from plantdesk.modules.alarm import engine
from tests.alarm.helpers import ALARM, Plant, now_ms
from tests.device.monitor_helpers import session
from tests.helpers import md5

BELL = "/api/system/systemNotice"
DELAY = 60


@pytest.fixture
async def plant(app, demo_admin, recipient, demo_user, unique) -> Plant:
    plant = await Plant(app, demo_admin, recipient, unique).setup()
    await demo_admin.data("POST", f"{ALARM}/group/saveAndUpdate", json={
        "id": plant.group_id, "escalateSeconds": DELAY, "escalateUserIds": str(demo_user.user_id),
        "escalateSteps": 2})
    return plant


async def levels(plant: Plant) -> dict[int, dict]:
    page = await plant.api.data("GET", f"{ALARM}/level/list", current=1, size=100)
    return {lv["level"]: lv for lv in page["records"]}


async def sweep_at(app, ts: int) -> None:
    async with session(app) as db:
        await engine.sweep(db, now=ts)


async def escalations(api, rule: dict) -> list[dict]:
    """Every escalation the bell has had (an alarm's newest notification supersedes its earlier unread ones)."""
    page = await api.data("GET", f"{BELL}/page", current=1, size=100, all=True)
    return [orjson.loads(r["content"]) for r in page["records"]
            if r["alarmId"] == rule["id"] and orjson.loads(r["content"])["action"] == "escalate"]


async def test_one_step_per_delay_up_to_the_groups_steps(app, plant, demo_user):
    by_level = await levels(plant)
    rule = await plant.rule(threshold=50, levelId=by_level[3]["id"])
    t = now_ms() - 1000
    await plant.send((t, 60))
    [record] = await plant.results(rule)
    assert record["levelName"] == by_level[3]["name"]

    await sweep_at(app, t + (DELAY - 5) * 1000)  # not yet due
    assert (await plant.results(rule))[0]["levelName"] == by_level[3]["name"]
    assert await escalations(plant.recipient, rule) == []

    await sweep_at(app, t + (DELAY + 1) * 1000)  # step 1
    [record] = await plant.results(rule)
    assert record["levelName"] == by_level[2]["name"]
    [heard] = await escalations(plant.recipient, rule)
    assert heard["level"] == by_level[2]["name"]
    assert len(await escalations(demo_user, rule)) == 1  # the escalation recipient hears it too

    await sweep_at(app, t + (DELAY + 30) * 1000)  # step 2 is due after two delays
    assert len(await escalations(plant.recipient, rule)) == 1
    await sweep_at(app, t + (2 * DELAY + 1) * 1000)
    assert (await plant.results(rule))[0]["levelName"] == by_level[1]["name"]
    await sweep_at(app, t + (10 * DELAY) * 1000)  # the group allows two steps
    assert len(await escalations(plant.recipient, rule)) == 2

    trail = await plant.api.data("GET", f"{ALARM}/trail/page", eventId=rule["id"], size=100)
    steps = [r for r in trail["records"] if r["action"] == "escalated"]
    assert sorted(r["remark"] for r in steps) == sorted([by_level[2]["name"], by_level[1]["name"]])


async def test_confirmed_or_cleared_alarms_do_not_escalate(app, plant):
    by_level = await levels(plant)
    confirmed = await plant.rule(threshold=50, levelId=by_level[4]["id"], name=f"confirmed {plant.unique}")
    t = now_ms() - 1000
    await plant.send((t, 60))
    [record] = await plant.results(confirmed)
    await plant.recipient.data("POST", f"{ALARM}/result/alarmAffirm", json={
        "userName": "wangqiang", "password": md5("123456"), "affirmReason": "seen", "dataList": [record["id"]]})
    await plant.send((t + 1000, 40))  # and a second rule's alarm clears
    cleared = await plant.rule(threshold=50, levelId=by_level[4]["id"], name=f"cleared {plant.unique}")
    await plant.send((t + 2000, 60), (t + 3000, 40))
    assert [r["removeStatus"] for r in await plant.results(cleared)] == ["已解除"]

    await sweep_at(app, t + 10 * DELAY * 1000)
    for rule in (confirmed, cleared):
        assert all(r["levelName"] == by_level[4]["name"] for r in await plant.results(rule))
        assert await escalations(plant.recipient, rule) == []


async def test_a_group_without_a_delay_never_escalates(app, plant):
    await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "escalateSeconds": 0})
    rule = await plant.rule(threshold=50)
    t = now_ms() - 1000
    await plant.send((t, 60))
    await sweep_at(app, t + 100 * DELAY * 1000)
    assert await escalations(plant.recipient, rule) == []
    group = await plant.api.data("GET", f"{ALARM}/group/detail", id=plant.group_id)
    assert group["escalateSeconds"] == 0 and group["escalateSteps"] == 2


async def test_unknown_escalation_users_are_refused(plant):
    response = await plant.api.post(f"{ALARM}/group/saveAndUpdate", json={
        "id": plant.group_id, "escalateUserIds": "1"})
    assert response.json()["msg"] == "用户不存在"
