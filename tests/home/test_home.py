"""/api/blade-desk/home: the plant home's one summary read, what each caller may see of it, and the card layout."""

from datetime import datetime, timedelta

from sqlalchemy import delete, select

from plantdesk.modules.alarm.models import AlarmRecord, AlarmRule
from tests.conftest import DEMO_TENANT
from tests.helpers import login, platform_session

HOME = "/api/blade-desk/home"


class TestSummary:
    async def test_the_demo_admin_sees_the_plant(self, demo_admin):
        data = await demo_admin.data("GET", f"{HOME}/summary")
        assert data["sections"][:5] == ["devices", "alarms", "trend", "production", "tasks"]
        devices = data["devices"]
        assert devices["total"] > 0
        assert devices["online"] + devices["offline"] + devices["fault"] == devices["total"]
        alarms = data["alarms"]
        assert alarms["open"] >= sum(level["count"] for level in alarms["byLevel"])  # a metric's may have none
        assert len(alarms["newest"]) <= 5
        assert [lv["level"] for lv in alarms["byLevel"]] == sorted(lv["level"] for lv in alarms["byLevel"])
        assert 0 < len(data["trend"]["points"]) <= 4
        assert {"oee", "madeToday", "runningBatches", "batches"} <= set(data["production"])
        assert set(data["tasks"]) == {"todo", "claim"}

    async def test_an_open_alarm_counts_on_its_level_its_device_and_comes_first(self, app, demo_admin):
        async with platform_session(app.state.runtime.sessions) as db:
            rule = await db.scalar(select(AlarmRule).where(AlarmRule.tenant_id == DEMO_TENANT).limit(1))
            now = datetime.now().replace(microsecond=0) + timedelta(minutes=5)  # the newest, whatever ran before
            record = AlarmRecord(tenant_id=DEMO_TENANT, rule_id=rule.id, point_id=rule.point_id,
                                 device_id=rule.device_id, batch=99_999, level_id=rule.level_id, first_time=now,
                                 last_time=now, first_value=1.0, peak_value=1.0, last_value=1.0)
            db.add(record)
            await db.commit()
        try:
            data = await demo_admin.data("GET", f"{HOME}/summary")
            newest = data["alarms"]["newest"][0]
            assert newest["id"] == str(record.id) and newest["eventName"] == rule.name
            assert newest["affirmed"] is False and newest["batch"] == 99_999
            assert data["alarms"]["raisedToday"] >= 1 and data["devices"]["inAlarm"] >= 1
            level = next(lv for lv in data["alarms"]["byLevel"] if lv["id"] == str(rule.level_id))
            assert level["count"] >= 1
        finally:
            async with platform_session(app.state.runtime.sessions) as db:
                await db.execute(delete(AlarmRecord).where(AlarmRecord.id == record.id))
                await db.commit()

    async def test_the_administrative_counters_are_the_administrators_and_tenants_the_platforms(
            self, admin, demo_admin):
        tenant_admin = (await demo_admin.data("GET", f"{HOME}/summary"))["admin"]
        assert tenant_admin["users"] >= 6 and tenant_admin["tenants"] is None
        assert (await admin.data("GET", f"{HOME}/summary"))["admin"]["tenants"] >= 2

    async def test_a_plain_user_reads_only_what_he_may(self, demo_user):
        """The home page asks one summary: a plain user's answers 200 with his tasks only (no 403 for the
        sections he may not read, they are left out)."""
        response = await demo_user.get(f"{HOME}/summary")
        assert response.status_code == 200
        data = response.json()["data"]
        assert data["sections"] == ["tasks"] and data["profile"] == "operator"
        assert data["admin"] is None and data["devices"] is None and data["alarms"] is None

    async def test_an_operator_sees_monitoring_and_alarms_but_not_production(self, client):
        operator = await login(client, "liuyang", "123456", DEMO_TENANT)
        data = await operator.data("GET", f"{HOME}/summary")
        assert data["sections"] == ["devices", "alarms", "trend", "tasks"]

    async def test_login_required(self, client):
        assert (await client.get(f"{HOME}/summary")).status_code == 401


class TestLayout:
    async def test_role_default_then_own_order_kept_per_user(self, client, demo_admin):
        operator = await login(client, "chenjing", "123456", DEMO_TENANT)
        first = await operator.data("GET", f"{HOME}/layout")
        assert first["profile"] == "operator" and not first["custom"]
        assert [c["key"] for c in first["cards"]][:2] == ["alarms", "devices"]
        assert [c["key"] for c in (await demo_admin.data("GET", f"{HOME}/layout"))["cards"]][0] == "devices"

        saved = await operator.data("POST", f"{HOME}/layout",
                                    {"cards": [{"key": "trend"}, {"key": "alarms", "hidden": True}]})
        keys = [c["key"] for c in saved["cards"]]
        assert saved["custom"] and keys[:2] == ["trend", "alarms"] and set(keys) == set(keys[:2]) | {
            "devices", "tasks", "production", "admin"}
        assert saved["cards"][1]["hidden"] is True
        again = await operator.data("GET", f"{HOME}/layout")
        assert again == saved
        assert not (await demo_admin.data("GET", f"{HOME}/layout"))["custom"]  # another user's is his own

        reset = await operator.data("POST", f"{HOME}/layout", {"cards": []})
        assert not reset["custom"] and reset["cards"] == first["cards"]

    async def test_unknown_or_repeated_cards_are_refused(self, demo_admin):
        for cards in ([{"key": "nope"}], [{"key": "trend"}, {"key": "trend"}]):
            body = (await demo_admin.post(f"{HOME}/layout", {"cards": cards})).json()
            assert body["code"] == 400 and body["msg"] == "首页卡片不存在或重复"
