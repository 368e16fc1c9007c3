"""/api/blade-monitor (issue 31, 系统监控): the scheduled jobs with their last runs, run now, pause and resume, and the
server's state, for platform administrators only; the screens' menus under the monitoring catalogue."""

import asyncio

import pytest

from plantdesk.core import areas
from plantdesk.modules.log import retention
from tests.helpers import login
from tests.home.test_staff import routes
from tests.user.factories import new_tenant

MON = "/api/blade-monitor"


async def runs_of(admin, name: str) -> list[dict]:
    (job,) = [j for j in await admin.data("GET", f"{MON}/job/list") if j["name"] == name]
    return job["runs"]


class TestJobs:
    async def test_the_list_names_each_schedule_with_its_scope(self, admin):
        jobs = {job["name"]: job for job in await admin.data("GET", f"{MON}/job/list")}
        assert jobs[retention.JOB]["cron"] == retention.CRON
        assert jobs[retention.JOB]["scope"] == "each-tenant"
        assert all(job["cron"] for job in jobs.values())

    async def test_run_now_runs_it_once_and_records_the_run(self, admin):
        before = {run["id"] for run in await runs_of(admin, retention.JOB)}
        assert await admin.data("POST", f"{MON}/job/run", name=retention.JOB)
        async with asyncio.timeout(20):
            while not (new := [r for r in await runs_of(admin, retention.JOB)
                               if r["id"] not in before and r["status"] != "running"]):
                await asyncio.sleep(0.1)
        (run,) = new
        assert run["trigger"] == "manual" and run["status"] == "succeeded" and run["error"] in ("", None)
        assert run["startedAt"] and run["finishedAt"] and run["durationMs"] >= 0

    async def test_pause_and_resume(self, admin):
        assert await admin.data("POST", f"{MON}/job/pause", name=retention.JOB)
        try:
            assert [j["paused"] for j in await admin.data("GET", f"{MON}/job/list") if j["name"] == retention.JOB] \
                == [True]
        finally:
            assert await admin.data("POST", f"{MON}/job/resume", name=retention.JOB)
        assert [j["paused"] for j in await admin.data("GET", f"{MON}/job/list") if j["name"] == retention.JOB] \
            == [False]

    async def test_an_unknown_job_is_named(self, admin):
        body = (await admin.post(f"{MON}/job/run", name="no.such.job")).json()
        assert not body["success"] and body["msg"] == "定时任务不存在"


class TestServerState:
    async def test_every_part_answers(self, admin, settings):
        state = await admin.data("GET", f"{MON}/server/state")
        assert state["host"]["cpus"] >= 1 and 0 <= state["host"]["cpuPercent"] <= 100
        assert len(state["host"]["load"]) == 3
        assert 0 < state["memory"]["used"] <= state["memory"]["total"]
        assert state["disks"][0]["path"] == str(settings.data_dir) and state["disks"][0]["total"] > 0
        database = state["database"]
        assert database["dialect"] in ("sqlite", "postgresql") and database["version"]
        assert database["pool"] is None or database["pool"]["size"] > 0 and database["pool"]["checkedOut"] >= 1
        assert state["cache"]["kind"] == "memory" and state["cache"]["configured"] is False
        assert state["jobs"]["mode"] == "embedded" and state["jobs"]["workerHere"] is True
        assert state["jobs"]["waiting"] >= 0 and state["jobs"]["schedules"] >= 1
        assert state["collectors"]["sources"] >= 0 and isinstance(state["collectors"]["states"], dict)
        assert state["live"]["streams"] >= 0 and state["process"]["rssBytes"] > 0

    async def test_redis_reports_itself(self):
        from plantdesk.core.cache import RedisCache
        from tests.core.test_cache import REDIS_URL

        cache = RedisCache(REDIS_URL)
        try:
            about = await cache.about()
        finally:
            await cache.close()
        assert about["reachable"] is True and about["version"] and about["usedMemory"] > 0
        mute = RedisCache("redis://127.0.0.1:1/0")
        try:
            assert await mute.about() == {"kind": "redis", "reachable": False}
        finally:
            await mute.close()


@pytest.mark.parametrize("method,path", [("GET", "/job/list"), ("POST", "/job/run"), ("POST", "/job/pause"),
                                         ("POST", "/job/resume"), ("GET", "/server/state")])
async def test_only_the_platform_administrator(demo_admin, demo_user, method, path):
    for api in (demo_admin, demo_user):
        call = api.get if method == "GET" else api.post
        response = await call(f"{MON}{path}", name=retention.JOB)
        assert response.status_code == 403 and response.json()["msg"] == "无权限访问"


def test_the_screens_hang_under_the_monitoring_catalogue_in_both_languages():
    (monitor,) = [node for node in areas.menus() if node["code"] == "monitor"]
    screens = {node["code"]: node for node in monitor["children"]}
    for code, path, zh, en in (("online", "/monitor/online", "在线用户", "Online users"),
                               ("job", "/monitor/job", "定时任务", "Scheduled jobs"),
                               ("server", "/monitor/server", "服务监控", "Server state")):
        assert (screens[code]["path"], screens[code]["name"], screens[code]["name_en"]) == (path, zh, en)
    assert {b["alias"] for b in screens["online"]["buttons"]} == {"view", "kick"}
    assert {b["alias"] for b in screens["job"]["buttons"]} == {"view", "run", "pause"}


def test_the_screens_are_platform_only_with_their_buttons():
    assert areas.platform_menu_codes() == {"online", "online_view", "online_kick", "job", "job_view", "job_run",
                                           "job_pause", "server", "server_view"}


async def test_tenant_admins_are_not_shown_the_screens(app, client, admin, demo_admin, unique):
    """tenant.default.menuCode names the monitoring catalogue: its log screens reach a tenant's admin, the
    platform-only screens do not (seeded demo tenant and a tenant created now)."""
    created = await login(client, "admin", "admin", await new_tenant(app, unique))
    assert {"online", "job", "server"} <= await routes(admin)
    for api in (demo_admin, created):
        shown = await routes(api)
        assert "monitor" in shown and not {"online", "job", "server"} & shown
