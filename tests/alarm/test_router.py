"""/api/alarm: confirmation (spec §5 messages, the login's password check and lockout counter, one transaction),
bell notifications, export file name, overview, configuration routes and tenant isolation."""

from datetime import datetime, timedelta
from urllib.parse import quote

import orjson
import pytest
from sqlalchemy import select

from plantdesk.demo.data import warning
from plantdesk.modules.alarm import service
from plantdesk.modules.alarm.models import AlarmRecord, AlarmRule
from plantdesk.modules.device.models import Device
from tests.alarm.helpers import ALARM, Plant, now_ms
from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import session
from tests.helpers import md5
from tests.security.test_isolation import second_tenant_admin  # noqa: F401  (a session fixture)

BELL = "/api/system/systemNotice"


@pytest.fixture
async def plant(app, demo_admin, recipient, unique) -> Plant:
    return await Plant(app, demo_admin, recipient, unique).setup()


async def raised(plant: Plant, value: float = 60) -> tuple[dict, dict]:
    rule = await plant.rule(threshold=50, hysteresis=1)
    await plant.send((now_ms() - 1000, value))
    [record] = await plant.results(rule)
    return rule, record


def form(**fields) -> dict:
    return {"userName": "wangqiang", "password": md5("123456"), "affirmReason": "checked on site"} | fields


class TestAffirm:
    @pytest.mark.parametrize(("missing", "message"), [("userName", "请输入活动名称"), ("password", "请输入密码"),
                                                      ("affirmReason", "请输入确认原因")])
    async def test_each_field_is_required(self, plant, missing, message):
        _rule, record = await raised(plant)
        body = form(dataList=[record["id"]]) | {missing: ""}
        response = await plant.recipient.post(f"{ALARM}/result/alarmAffirm", json=body)
        assert response.json()["msg"] == message

    async def test_wrong_password_confirms_nothing_and_counts(self, app, plant):
        rule, record = await raised(plant)
        key = f"fail:{plant.api.tenant_id}:wangqiang"
        cache = app.state.runtime.cache
        before = await cache.get(key) or 0
        response = await plant.recipient.post(f"{ALARM}/result/alarmAffirm",
                                              json=form(password=md5("wrong"), dataList=[record["id"]]))
        assert response.json()["msg"] == "用户名或密码错误"
        assert (await cache.get(key) or 0) == before + 1
        assert (await plant.results(rule))[0]["affirmStatus"] == "未确认"
        # the right one confirms, and clears the counter as a login does
        ok = await plant.recipient.post(f"{ALARM}/result/alarmAffirm", json=form(dataList=[record["id"]]))
        assert ok.json()["msg"] == "确认成功" and ok.json()["data"] == 1
        assert not await cache.get(key)

    async def test_locked_account_cannot_confirm(self, app, plant):
        _rule, record = await raised(plant)
        key = f"fail:{plant.api.tenant_id}:wangqiang"
        await app.state.runtime.cache.set(key, 5, 60)
        try:
            response = await plant.recipient.post(f"{ALARM}/result/alarmAffirm", json=form(dataList=[record["id"]]))
            assert response.json()["msg"] == "登录错误次数过多,请稍后再试"
        finally:
            await app.state.runtime.cache.delete(key)

    async def test_confirm_then_clear(self, plant):
        rule, record = await raised(plant)
        response = await plant.recipient.post(f"{ALARM}/result/alarmAffirm", json=form(dataList=[record["id"]]))
        assert response.json()["msg"] == "确认成功"
        detail = await plant.recipient.data("GET", f"{ALARM}/event/alarmRecord", eventId=rule["id"], batch=1)
        assert detail["affirmStatus"] == "已确认" and detail["affirmPerson"] == "Wang Qiang"
        assert detail["affirmReason"] == "checked on site" and detail["removeStatus"] == "未解除"
        assert [c["prop"] for c in detail["cols"]][:2] == ["createTime", "action"]
        assert [r["action"] for r in detail["rowData"]] == ["raised", "acknowledged"]
        assert "> 50" in detail["rules"]
        await plant.send((now_ms(), 40))
        after = await plant.recipient.data("GET", f"{ALARM}/event/alarmRecord", eventId=rule["id"], batch=1)
        assert after["removeStatus"] == "已解除" and after["affirmStatus"] == "已确认"

    async def test_one_transaction_for_all_ids(self, plant, demo_admin):
        rule, record = await raised(plant)
        body = form(dataList=[record["id"], "999999999"])
        response = await plant.recipient.post(f"{ALARM}/result/alarmAffirm", json=body)
        assert response.json()["success"] is False
        assert (await plant.results(rule))[0]["affirmStatus"] == "未确认"

    async def test_someone_outside_the_group_cannot_confirm(self, client, plant):
        from tests.helpers import login

        _rule, record = await raised(plant)
        # HR: neither in the group nor holding the confirmation (the demo's operators hold it)
        outsider = await login(client, "sunli", "123456", plant.api.tenant_id)
        response = await outsider.post(f"{ALARM}/result/alarmAffirm",
                                       json=form(userName="sunli", dataList=[record["id"]]))
        assert response.status_code == 403


class TestNotifications:
    async def test_raise_and_clear_reach_the_recipients_bell(self, plant):
        # The bell's answers are cached under a generation: polled before, they must still show the new alarm.
        before = await plant.recipient.data("GET", f"{BELL}/page", current=1, size=4)
        count = await plant.recipient.data("GET", f"{BELL}/realTimeNotice")
        rule, record = await raised(plant)
        assert await plant.recipient.data("GET", f"{BELL}/realTimeNotice") >= count + 1
        page = await plant.recipient.data("GET", f"{BELL}/page", current=1, size=4)
        assert page != before
        mine = [r for r in page["records"] if r["alarmId"] == rule["id"]]
        assert len(mine) == 1 and mine[0]["batch"] == "1"
        content = orjson.loads(mine[0]["content"])
        assert content["name"] == rule["name"] and content["removeStatus"] == "未解除"
        assert content["affirmStatus"] == "未确认" and content["firstTime"] == record["firstTime"]
        assert content["rank"] is None  # a rule without a level: nothing for the console to herald
        await plant.send((now_ms(), 10))

        async def actions(**every) -> list[str]:
            page = await plant.recipient.data("GET", f"{BELL}/page", current=1, size=100, **every)
            return sorted(orjson.loads(r["content"])["action"] for r in page["records"] if r["alarmId"] == rule["id"])

        # The bell lists the alarm once, at its newest transition; the read history keeps both.
        assert await actions() == ["clear"]
        assert await actions(all=True) == ["clear", "raise"]

    async def test_only_the_groups_users_hear(self, plant):
        rule, _record = await raised(plant)
        page = await plant.api.data("GET", f"{BELL}/page", current=1, size=100)
        assert [r for r in page["records"] if r["alarmId"] == rule["id"]] == []


class TestViews:
    async def test_export_file_name(self, plant):
        rule, _record = await raised(plant)
        response = await plant.api.get(f"{ALARM}/result/exportReport", id=rule["id"])
        assert response.status_code == 200
        assert response.headers["content-disposition"].endswith(quote(f"{rule['name']}结果.xlsx"))
        assert response.content[:2] == b"PK"

    async def test_overview_counts_by_level_and_status(self, plant):
        levels = await plant.api.data("GET", f"{ALARM}/level/list", current=1, size=100)
        level = next(lv for lv in levels["records"] if lv["level"] == 1)
        rule = await plant.rule(threshold=50, levelId=level["id"])
        before = await plant.api.data("GET", f"{ALARM}/result/overview")
        await plant.send((now_ms() - 1000, 70))
        after = await plant.api.data("GET", f"{ALARM}/result/overview")
        count = {c["key"]: c["count"] for c in after["byLevel"]}
        old = {c["key"]: c["count"] for c in before["byLevel"]}
        assert count[level["id"]] == old[level["id"]] + 1
        assert after["open"] == before["open"] + 1 and after["total"] == before["total"] + 1
        newest = next(r for r in after["newest"] if r["eventId"] == rule["id"])
        assert newest["levelName"] == "Critical"
        times = [r["firstTime"] for r in after["newest"]]
        assert times == sorted(times, reverse=True)

    async def test_open_alarms_for_the_assistant(self, app, plant):
        rule, record = await raised(plant)
        async with session(app, plant.api.tenant_id) as db:
            mine = await service.open_alarms(db, plant.device["id"])
        assert [(a["id"], a["event_name"]) for a in mine] == [(int(record["id"]), rule["name"])]
        async with session(app, "000000") as db:
            assert await service.open_alarms(db, plant.device["id"]) == []

    async def test_result_filters(self, plant):
        rule, _record = await raised(plant)
        unconfirmed = await plant.api.data("GET", f"{ALARM}/result/page", eventId=rule["id"], affirmStatus=0)
        confirmed = await plant.api.data("GET", f"{ALARM}/result/page", eventId=rule["id"], affirmStatus=1)
        assert unconfirmed["total"] == 1 and confirmed["total"] == 0


class TestOverview:
    """事件总览: counters, trend and list narrowed by level, group, device and state; 告警详情's chart."""

    async def test_filters_narrow_counters_trend_and_list(self, plant):
        levels = await plant.api.data("GET", f"{ALARM}/level/list", current=1, size=100)
        level = next(lv for lv in levels["records"] if lv["level"] == 2)
        rule = await plant.rule(operator="lt", threshold=10, levelId=level["id"])
        await plant.send((now_ms() - 2000, 5), (now_ms() - 1000, 40))  # raised, then cleared
        await plant.rule(threshold=80, name=f"second {plant.unique}")
        await plant.send((now_ms(), 90))  # the second rule raises
        mine = {"deviceId": plant.device["id"]}
        counts = await plant.api.data("GET", f"{ALARM}/result/overview", **mine)
        assert (counts["total"], counts["open"], counts["unaffirmed"]) == (2, 1, 2)
        assert {c["key"]: c["count"] for c in counts["byStatus"]}["cleared_unack"] == 1
        assert {c["key"]: c["count"] for c in counts["byLevel"]}[level["id"]] == 1
        # A state narrows the list and the level counters, never the state counters (they show every state).
        open_ = await plant.api.data("GET", f"{ALARM}/result/overview", state="open", **mine)
        assert open_["total"] == 2 and [r["eventName"] for r in open_["newest"]] == [f"second {plant.unique}"]
        assert {c["key"]: c["count"] for c in open_["byLevel"]}[level["id"]] == 0
        by_level = await plant.api.data("GET", f"{ALARM}/result/overview", levelId=level["id"], **mine)
        assert by_level["total"] == 1 and by_level["newest"][0]["eventId"] == rule["id"]
        by_group = await plant.api.data("GET", f"{ALARM}/result/page", groupId=plant.group_id, state="cleared_unack")
        assert [r["eventId"] for r in by_group["records"]] == [rule["id"]]
        hours = await plant.api.data("GET", f"{ALARM}/result/trend", unit="hour", **mine)
        assert len(hours["buckets"]) == 24 and hours["buckets"][-1]["raised"] == 2
        assert sum(b["cleared"] for b in hours["buckets"]) == 1
        days = await plant.api.data("GET", f"{ALARM}/result/trend", unit="day", groupId=plant.group_id)
        assert len(days["buckets"]) == 30 and days["buckets"][-1]["raised"] == 2
        assert days["buckets"][-1]["start"].endswith("00:00:00")
        bad = await plant.api.get(f"{ALARM}/result/overview", state="maybe")
        assert bad.json()["msg"] == "请求参数类型错误: state"
        assert (await plant.api.get(f"{ALARM}/result/trend", unit="week")).json()["success"] is False

    async def test_trend_buckets(self, app, plant):
        await raised(plant)
        async with session(app, plant.api.tenant_id) as db:
            later = await service.trend(db, "hour", service.Filters(device_id=int(plant.device["id"])),
                                        now=datetime.now() + timedelta(hours=3))
        assert [b["raised"] for b in later["buckets"][-4:]] == [1, 0, 0, 0]

    async def test_detail_draws_the_point_around_the_alarm(self, plant):
        rule = await plant.rule(threshold=50, hysteresis=1)
        start = now_ms() - 60_000
        await plant.send((start, 20), (start + 10_000, 60), (start + 20_000, 70), (start + 30_000, 30))
        detail = await plant.api.data("GET", f"{ALARM}/event/alarmRecord", eventId=rule["id"], batch=1)
        chart = detail["chart"]
        assert chart["limits"] == [{"name": "threshold", "value": 50.0}]
        assert chart["start"] < chart["raised"] == start + 10_000 < chart["cleared"] == start + 30_000
        assert chart["cleared"] <= chart["end"]
        seen = [b for b in chart["buckets"] if b["max"] is not None]
        assert max(b["max"] for b in seen) == 70 and min(b["min"] for b in seen) == 20
        assert [r["action"] for r in detail["rowData"]] == ["raised", "cleared"]

    async def test_a_demo_history_alarm_draws_its_chart(self, app, demo_admin):
        """The demo's seeded history alarms have their point's values around them (demo.data.warning.seed_values):
        below the limit before and after, over it while the alarm lasted."""
        async with session(app, DEMO_TENANT) as db:
            rule = (await db.execute(select(AlarmRule).join(Device, Device.id == AlarmRule.device_id).where(
                Device.code == "R101", AlarmRule.kind == "THRESHOLD"))).scalar_one()  # its high temperature
            record = (await db.execute(select(AlarmRecord).where(
                AlarmRecord.rule_id == rule.id, AlarmRecord.cleared == 1,
                AlarmRecord.first_time >= datetime.now() - timedelta(days=20)).order_by(AlarmRecord.first_time)
                .limit(1))).scalar_one()
        detail = await demo_admin.data("GET", f"{ALARM}/event/alarmRecord", eventId=rule.id, batch=record.batch)
        chart = detail["chart"]
        assert chart["limits"] == [{"name": "threshold", "value": 95.0}]
        seen = [b for b in chart["buckets"] if b["max"] is not None]
        width = (chart["end"] - chart["start"]) / len(chart["buckets"]) + 1
        before = [b["max"] for b in seen if b["ts"] + width < chart["raised"]]
        during = [b["max"] for b in seen if chart["raised"] <= b["ts"] and b["ts"] + width < chart["cleared"]]
        after = [b["max"] for b in seen if b["ts"] > chart["cleared"]]
        assert before and during and after
        assert max(before) < 95 < min(during) and max(after) < 95
        async with session(app, DEMO_TENANT) as db:
            # Other tests' cleared alarms (rows written without values) get theirs the first time; a second run finds
            # every window filled and stores nothing.
            await warning.seed_values(db, DEMO_TENANT)
            assert await warning.seed_values(db, DEMO_TENANT) == 0


class TestUserSetting:
    async def test_off_by_default_and_kept_per_user(self, plant, recipient):
        setting = f"{ALARM}/userSetting"
        assert await recipient.data("GET", f"{setting}/detail") == {"sound": 0, "flash": 0, "levels": 2}
        saved = await recipient.data("POST", f"{setting}/submit", json={"sound": 1, "flash": 1, "levels": 1})
        assert saved == {"sound": 1, "flash": 1, "levels": 1}
        assert await recipient.data("GET", f"{setting}/detail") == saved
        assert (await plant.api.data("GET", f"{setting}/detail"))["sound"] == 0  # another user's own
        await recipient.data("POST", f"{setting}/submit", json={"sound": 0})
        assert await recipient.data("GET", f"{setting}/detail") == {"sound": 0, "flash": 1, "levels": 1}
        await recipient.data("POST", f"{setting}/submit", json={"flash": 0, "levels": 2})

    async def test_a_notification_names_its_rank(self, plant):
        levels = await plant.api.data("GET", f"{ALARM}/level/list", current=1, size=100)
        level = next(lv for lv in levels["records"] if lv["level"] == 1)
        rule = await plant.rule(threshold=50, levelId=level["id"])
        await plant.send((now_ms() - 1000, 60))
        page = await plant.recipient.data("GET", f"{BELL}/page", current=1, size=100)
        [mine] = [r for r in page["records"] if r["alarmId"] == rule["id"]]
        assert orjson.loads(mine["content"])["rank"] == 1


class TestConfiguration:
    async def test_groups_levels_cycles_and_settings(self, plant, recipient):
        groups = await plant.api.data("GET", f"{ALARM}/group/tree")
        mine = next(g for g in groups if g["id"] == plant.group_id)
        assert mine["userNames"] == "Wang Qiang"
        users = await plant.api.data("GET", f"{ALARM}/group/authUser")
        assert recipient.user_id in [u["id"] for u in users]
        levels = await plant.api.data("GET", f"{ALARM}/level/list", current=1, size=100)
        assert [lv["level"] for lv in levels["records"]][:5] == [1, 2, 3, 4, 5]
        settings = await plant.api.data("GET", f"{ALARM}/status/selectAll")
        assert settings["enabled"] == 1

    async def test_disabled_alarms_raise_nothing(self, plant):
        rule = await plant.rule(threshold=50)
        await plant.api.data("POST", f"{ALARM}/status/update", json={"enabled": 0})
        try:
            await plant.send((now_ms() - 1000, 70))
            assert await plant.results(rule) == []
        finally:
            await plant.api.data("POST", f"{ALARM}/status/update", json={"enabled": 1})
        await plant.send((now_ms(), 71))
        assert len(await plant.results(rule)) == 1

    async def test_a_group_in_use_cannot_go(self, plant):
        await plant.rule(threshold=50)
        response = await plant.api.post(f"{ALARM}/group/removeByIds", ids=plant.group_id)
        assert response.json()["msg"] == "该分组正被告警事件使用"


class TestIsolation:
    async def test_another_tenant_sees_and_confirms_nothing(self, plant, second_tenant_admin):  # noqa: F811
        rule, record = await raised(plant)
        other = second_tenant_admin
        assert (await other.data("GET", f"{ALARM}/result/page", eventId=rule["id"]))["total"] == 0
        assert (await other.get(f"{ALARM}/event/selectById", id=rule["id"])).json()["success"] is False
        assert (await other.get(f"{ALARM}/event/alarmRecord", eventId=rule["id"])).json()["success"] is False
        groups = await other.data("GET", f"{ALARM}/group/list")
        assert plant.group_id not in [g["id"] for g in groups]
        response = await other.post(f"{ALARM}/result/alarmAffirm", json=form(dataList=[record["id"]]))
        assert response.json()["success"] is False
        assert (await plant.results(rule))[0]["affirmStatus"] == "未确认"
        response = await other.post(f"{ALARM}/event/rework", json={"id": rule["id"], "name": "taken"})
        assert response.json()["success"] is False
