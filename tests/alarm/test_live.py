"""The live channel's alarm topic: a raise, a confirmation and a clear reach the alarm screens' streams of the
tenant, and the raise rings the recipient's bell."""

import pytest

from plantdesk.modules.alarm.engine import LIVE_TOPIC
from plantdesk.modules.desk.service import BELL_TOPIC
from tests.alarm.helpers import ALARM, Plant, now_ms
from tests.desk.test_live import opened
from tests.helpers import md5


@pytest.fixture
async def plant(app, demo_admin, recipient, unique) -> Plant:
    return await Plant(app, demo_admin, recipient, unique).setup()


async def test_raise_confirm_and_clear_are_pushed(app, plant, admin):
    rule = await plant.rule(threshold=50, hysteresis=1)
    async with opened(app, plant.api.headers, LIVE_TOPIC) as screen, \
            opened(app, plant.recipient.headers, BELL_TOPIC) as bell, \
            opened(app, admin.headers, LIVE_TOPIC) as other_tenant:
        for stream in (screen, bell, other_tenant):
            await stream.events("open")
        await plant.send((now_ms() - 2000, 60))
        [raised] = await screen.events(LIVE_TOPIC)
        assert raised["action"] == "raised" and raised["ruleId"] == rule["id"]
        assert await bell.events(BELL_TOPIC) == [{}]

        await plant.recipient.data("POST", f"{ALARM}/result/alarmAffirm", json={
            "userName": "wangqiang", "password": md5("123456"), "affirmReason": "live",
            "dataList": [raised["recordId"]]})
        [confirmed] = await screen.events(LIVE_TOPIC)
        assert (confirmed["action"], confirmed["recordId"]) == ("acknowledged", raised["recordId"])

        await plant.send((now_ms() - 1000, 10))
        [cleared] = await screen.events(LIVE_TOPIC)
        assert (cleared["action"], cleared["recordId"]) == ("cleared", raised["recordId"])
        assert await other_tenant.events(LIVE_TOPIC, timeout=0.3) == []
