"""/api/warning/alarm/manager: indicators (checks, page with the newest value, update, delete), publishing by mode
with each measure, the per-event metrics, the analysis by period and its records, the daily job, and tenant
isolation on every route."""

from datetime import datetime, timedelta

import pytest
from sqlalchemy import update

from plantdesk.modules.alarm.models import AlarmRecord
from plantdesk.modules.warning import service
from tests.alarm.helpers import Plant
from tests.device.monitor_helpers import session
from tests.security.test_isolation import second_tenant_admin  # noqa: F401  (a session fixture)

MANAGER = "/api/warning/alarm/manager"
DAY = (datetime.now() - timedelta(days=3)).replace(hour=0, minute=0, second=0, microsecond=0)


def ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


@pytest.fixture
async def plant(app, demo_admin, recipient, unique) -> Plant:
    """A device with three alarms on DAY: 10:00–10:20 (confirmed at 10:10), 11:00–11:40, and 12:00 still open."""
    plant = await Plant(app, demo_admin, recipient, unique).setup()
    plant.event = await plant.rule(threshold=50)  # type: ignore[attr-defined]
    at = {hh_mm: DAY.replace(hour=int(hh_mm[:2]), minute=int(hh_mm[3:])) for hh_mm in
          ("10:00", "10:20", "11:00", "11:40", "12:00")}
    await plant.send((ms(at["10:00"]), 60), (ms(at["10:20"]), 40), (ms(at["11:00"]), 70), (ms(at["11:40"]), 40),
                     (ms(at["12:00"]), 80))
    async with session(app) as db:
        await db.execute(update(AlarmRecord).where(AlarmRecord.device_id == plant.device["id"],
                                                   AlarmRecord.first_time == at["10:00"])
                         .values(acknowledged=1, ack_time=at["10:00"] + timedelta(minutes=10)))
    return plant


async def indicator(api, plant: Plant, **fields) -> dict:
    body = {"name": f"{fields.get('measure', 'COUNT')} {plant.unique}", "measure": "COUNT", "period": "day",
            "deviceId": str(plant.device["id"]), "threshold": 3} | fields
    return await api.data("POST", f"{MANAGER}/index", json=body)


async def put(api, body: dict) -> dict:
    return (await api.http.put(f"{MANAGER}/index", json=body, headers=api.headers)).json()


async def delete(api, ids: str) -> dict:
    return (await api.http.delete(f"{MANAGER}/index", params={"id": ids}, headers=api.headers)).json()


class TestIndicators:
    @pytest.mark.parametrize(("fields", "message"), [
        ({"name": " "}, "请输入指标名称"), ({"measure": None}, "请选择指标度量"),
        ({"threshold": None}, "请输入预警阈值"),
        ({"levelId": "1"}, "告警级别不存在"), ({"groupId": "1"}, "告警分组不存在"), ({"deviceId": "1"}, "设备不存在"),
        ({"eventId": "1"}, "告警事件不存在"),
    ])
    async def test_checks(self, demo_admin, fields, message):
        body = {"name": "x", "measure": "COUNT", "threshold": 1} | fields
        response = await demo_admin.post(f"{MANAGER}/index", json=body)
        assert response.json()["msg"] == message

    async def test_page_update_delete(self, demo_admin, plant):
        row = await indicator(demo_admin, plant, levelId=None)
        assert row["deviceName"] == f"Device {plant.code}" and row["lastValue"] is None
        answer = await put(demo_admin, {"id": row["id"], "threshold": 5, "period": "week"})
        assert answer["msg"] == "更新成功" and answer["data"]["threshold"] == 5 and answer["data"]["period"] == "week"
        assert (await put(demo_admin, {"threshold": 5}))["msg"] == "缺少必要的请求参数: id"
        page = await demo_admin.data("GET", f"{MANAGER}/index/page", name=plant.unique, period="week")
        assert [r["id"] for r in page["records"]] == [row["id"]]
        assert (await delete(demo_admin, row["id"]))["msg"] == "删除成功"
        assert (await demo_admin.data("GET", f"{MANAGER}/index/page", name=plant.unique))["total"] == 0


class TestPublish:
    async def test_each_measure_of_the_day(self, demo_admin, plant):
        made = {m: await indicator(demo_admin, plant, measure=m, threshold=t) for m, t in (
            ("COUNT", 3), ("OPEN", 2), ("UNCONFIRMED", 2), ("CONFIRM_MINUTES", 15), ("CLEAR_MINUTES", 30))}
        response = await demo_admin.post(f"{MANAGER}/publish/day", date=DAY.strftime("%Y-%m-%d"))
        assert response.json()["msg"] == "发布成功"
        mine = {r["indicatorId"]: r for r in response.json()["data"] if r["indicatorId"] in
                {i["id"] for i in made.values()}}
        got = {m: (mine[i["id"]]["value"], mine[i["id"]]["status"]) for m, i in made.items()}
        assert got == {"COUNT": (3, "预警"), "OPEN": (1, "正常"), "UNCONFIRMED": (2, "预警"),
                       "CONFIRM_MINUTES": (10, "正常"), "CLEAR_MINUTES": (30, "预警")}
        assert all(r["period"] == DAY.strftime("%Y-%m-%d") and r["alarms"] == 3 for r in mine.values())

        # publishing the day again replaces its records
        again = await demo_admin.data("POST", f"{MANAGER}/publish/day", date=DAY.strftime("%Y-%m-%d %H:%M:%S"))
        assert {r["id"] for r in again if r["indicatorId"] in mine} == {r["id"] for r in mine.values()}
        page = await demo_admin.data("GET", f"{MANAGER}/analyse/page", indicatorId=made["COUNT"]["id"])
        assert page["total"] == 1 and page["records"][0]["warned"] == 1
        listed = await demo_admin.data("GET", f"{MANAGER}/index/page", name=plant.unique, measure="COUNT")
        assert listed["records"][0]["lastValue"] == 3 and listed["records"][0]["lastStatus"] == "预警"

    async def test_by_week_and_month(self, demo_admin, plant):
        week = await indicator(demo_admin, plant, period="week", threshold=10)
        month = await indicator(demo_admin, plant, period="month", measure="CLEAR_MINUTES", threshold=60)
        [w] = [r for r in await demo_admin.data("POST", f"{MANAGER}/publish/week", date=DAY.strftime("%Y-%m-%d"))
               if r["indicatorId"] == week["id"]]
        assert w["value"] == 3 and w["status"] == "正常" and w["period"] == "{}-W{:02d}".format(*DAY.isocalendar())
        [m] = [r for r in await demo_admin.data("POST", f"{MANAGER}/publish/month", date=DAY.strftime("%Y-%m-%d"))
               if r["indicatorId"] == month["id"]]
        assert m["value"] == 30 and m["period"] == DAY.strftime("%Y-%m")

    async def test_an_unknown_mode_is_refused(self, demo_admin):
        response = await demo_admin.post(f"{MANAGER}/publish/year")
        assert response.json()["msg"] == "发布方式须为 day、week 或 month"

    async def test_the_daily_job_publishes_what_ended(self, app, demo_admin, plant):
        day = await indicator(demo_admin, plant)
        week = await indicator(demo_admin, plant, period="week")
        monday_after = DAY + timedelta(days=7 - DAY.weekday())
        async with session(app, demo_admin.tenant_id) as db:
            await service.publish_due(db, now=monday_after + timedelta(minutes=10))
        records = (await demo_admin.data("GET", f"{MANAGER}/analyse/page", name=plant.unique, size=100))["records"]
        by_indicator = {r["indicatorId"]: r for r in records}
        assert by_indicator[week["id"]]["value"] == 3  # the week that ended on Sunday
        assert day["id"] in by_indicator  # and the Sunday itself


class TestAnalysis:
    async def test_metrics_per_event(self, demo_admin, plant):
        page = await demo_admin.data("GET", f"{MANAGER}/alarmMetrics/page", deviceId=plant.device["id"],
                                     startTime=DAY.strftime("%Y-%m-%d"), endTime=DAY.strftime("%Y-%m-%d"))
        [row] = page["records"]
        assert row["eventId"] == plant.event["id"] and row["count"] == 3 and row["open"] == 1  # type: ignore
        assert row["unconfirmed"] == 2 and row["meanConfirmMinutes"] == 10 and row["meanClearMinutes"] == 30
        default = await demo_admin.data("GET", f"{MANAGER}/alarmMetrics/page", deviceId=plant.device["id"])
        assert default["total"] == 1  # the last 7 days hold DAY

    async def test_series_top_sources_and_levels(self, demo_admin, plant):
        answer = await demo_admin.data("GET", f"{MANAGER}/analyse", mode="day", deviceId=plant.device["id"],
                                       startTime=(DAY - timedelta(days=1)).strftime("%Y-%m-%d"),
                                       endTime=(DAY + timedelta(days=1)).strftime("%Y-%m-%d"))
        assert [(s["period"], s["count"]) for s in answer["series"]] == [
            ((DAY + timedelta(days=n)).strftime("%Y-%m-%d"), 3 if n == 0 else 0) for n in (-1, 0, 1)]
        today = answer["series"][1]
        assert (today["cleared"], today["confirmed"], today["meanClearMinutes"]) == (2, 1, 30)
        assert answer["topDevices"] == [{"key": str(plant.device["id"]), "name": f"Device {plant.code}", "count": 3}]
        assert [e["count"] for e in answer["topEvents"]] == [3] and answer["byLevel"][0]["count"] == 3

    @pytest.mark.parametrize(("params", "message"), [
        ({"startTime": "2026-02-01", "endTime": "2026-01-01"}, "结束时间须晚于开始时间"),
        ({"startTime": "2024-01-01", "endTime": "2026-01-01"}, "时间范围不能超过400天"),
        ({"mode": "hour"}, "发布方式须为 day、week 或 month"),
        ({"startTime": "yesterday"}, "请求参数类型错误: startTime"),
    ])
    async def test_bad_ranges(self, demo_admin, params, message):
        assert (await demo_admin.get(f"{MANAGER}/analyse", **params)).json()["msg"] == message


class TestIsolation:
    async def test_another_tenant_reaches_none_of_it(self, demo_admin, plant, second_tenant_admin):  # noqa: F811
        mine = await indicator(demo_admin, plant)
        await demo_admin.data("POST", f"{MANAGER}/publish/day", date=DAY.strftime("%Y-%m-%d"))
        other = second_tenant_admin
        listed = await other.data("GET", f"{MANAGER}/index/page", size=200)
        assert mine["id"] not in [r["id"] for r in listed["records"]]
        assert (await put(other, {"id": mine["id"], "name": "taken"}))["success"] is False
        await delete(other, mine["id"])
        assert (await demo_admin.data("GET", f"{MANAGER}/index/page", name=plant.unique))["total"] == 1
        assert (await other.data("GET", f"{MANAGER}/analyse/page", indicatorId=mine["id"]))["total"] == 0
        metrics = await other.data("GET", f"{MANAGER}/alarmMetrics/page", deviceId=plant.device["id"],
                                   startTime=DAY.strftime("%Y-%m-%d"), endTime=DAY.strftime("%Y-%m-%d"))
        assert metrics["total"] == 0
        analysis = await other.data("GET", f"{MANAGER}/analyse", deviceId=plant.device["id"],
                                    startTime=DAY.strftime("%Y-%m-%d"), endTime=DAY.strftime("%Y-%m-%d"))
        assert analysis["total"] == 0
        published = await other.data("POST", f"{MANAGER}/publish/day", date=DAY.strftime("%Y-%m-%d"))
        assert mine["id"] not in [r["indicatorId"] for r in published]
        used = await other.post(f"{MANAGER}/index", json={"name": "x", "measure": "COUNT", "threshold": 1,
                                                          "deviceId": str(plant.device["id"])})
        assert used.json()["msg"] == "设备不存在"


async def test_the_screens_codes_are_needed(demo_user):
    """A plain user (the desk menus only) reads and publishes nothing."""
    for call in (demo_user.get(f"{MANAGER}/index/page"), demo_user.get(f"{MANAGER}/analyse"),
                 demo_user.get(f"{MANAGER}/alarmMetrics/page"), demo_user.get(f"{MANAGER}/analyse/page"),
                 demo_user.post(f"{MANAGER}/publish/day"),
                 demo_user.post(f"{MANAGER}/index", json={"name": "x", "measure": "COUNT", "threshold": 1})):
        response = await call
        assert response.json()["code"] == 403, response.json()
