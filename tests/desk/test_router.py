"""/api/blade-desk/notice and the header bell /api/system/systemNotice."""

import orjson

from plantdesk.core import tenancy
from plantdesk.modules.desk import service
from plantdesk.modules.system.models import User
from tests.helpers import platform_session

NOTICE = "/api/blade-desk/notice"
BELL = "/api/system/systemNotice"


async def add_notice(api, title: str, **extra) -> dict:
    return await api.data("POST", f"{NOTICE}/submit", {"title": title, "category": 1, "content": "正文", **extra})


class TestNoticeList:
    async def test_filters_by_title_and_category(self, demo_user, unique):
        await add_notice(demo_user, f"停机检修 {unique}", category=6)
        page = await demo_user.data("GET", f"{NOTICE}/list", title=unique, category=6)
        assert page["total"] == 1 and page["records"][0]["category"] == 6
        assert (await demo_user.data("GET", f"{NOTICE}/list", title=unique, category=1))["total"] == 0

    async def test_tenant_isolation(self, admin, demo_admin, unique):
        await add_notice(admin, f"平台公告 {unique}")
        assert (await demo_admin.data("GET", f"{NOTICE}/list", title=unique))["total"] == 0

    async def test_login_required(self, client):
        assert (await client.get(f"{NOTICE}/list")).status_code == 401


class TestNoticeDetail:
    async def test_detail(self, demo_user, unique):
        notice = await add_notice(demo_user, f"详情 {unique}")
        assert (await demo_user.data("GET", f"{NOTICE}/detail", id=notice["id"]))["title"] == f"详情 {unique}"

    async def test_other_tenant_row_does_not_exist(self, admin, demo_admin, unique):
        notice = await add_notice(admin, f"平台 {unique}")
        body = (await demo_admin.get(f"{NOTICE}/detail", id=notice["id"])).json()
        assert body["success"] is False and body["msg"] == "数据不存在"


class TestNoticeSubmit:
    async def test_release_time_defaults_to_now(self, demo_user, unique):
        notice = await add_notice(demo_user, f"发布 {unique}")
        assert len(notice["releaseTime"]) == 19 and notice["tenantId"] == "356782"

    async def test_given_release_time_kept(self, demo_user, unique):
        notice = await add_notice(demo_user, f"定时 {unique}", releaseTime="2030-01-02 08:00:00")
        assert notice["releaseTime"] == "2030-01-02 08:00:00"

    async def test_title_required(self, demo_user):
        response = await demo_user.post(f"{NOTICE}/submit", {"title": " ", "category": 1})
        assert response.status_code == 400 and response.json()["msg"] == "请输入通知标题"

    async def test_update(self, demo_user, unique):
        notice = await add_notice(demo_user, f"旧 {unique}")
        data = await demo_user.data("POST", f"{NOTICE}/submit", {"id": notice["id"], "title": f"新 {unique}"})
        assert data["title"] == f"新 {unique}" and data["releaseTime"] == notice["releaseTime"]

    async def test_cannot_update_another_tenants_notice(self, admin, demo_admin, unique):
        notice = await add_notice(admin, f"平台 {unique}")
        body = (await demo_admin.post(f"{NOTICE}/submit", {"id": notice["id"], "title": "改"})).json()
        assert body["msg"] == "数据不存在"

    async def test_new_notice_rings_every_tenant_user(self, demo_admin, demo_user, admin, unique):
        await add_notice(demo_admin, f"全员 {unique}")
        mine = await demo_user.data("GET", f"{BELL}/page", size=100)
        assert any(orjson.loads(r["content"])["name"] == f"全员 {unique}" for r in mine["records"])
        platform = await admin.data("GET", f"{BELL}/page", size=100)
        assert not any(orjson.loads(r["content"])["name"] == f"全员 {unique}" for r in platform["records"])


class TestNoticeRemove:
    async def test_remove(self, demo_user, unique):
        notice = await add_notice(demo_user, f"删除 {unique}")
        await demo_user.data("POST", f"{NOTICE}/remove", ids=notice["id"])
        assert (await demo_user.get(f"{NOTICE}/detail", id=notice["id"])).json()["msg"] == "数据不存在"

    async def test_cross_tenant_remove_changes_nothing(self, admin, demo_admin, unique):
        notice = await add_notice(admin, f"平台 {unique}")
        await demo_admin.data("POST", f"{NOTICE}/remove", ids=notice["id"])
        assert (await admin.data("GET", f"{NOTICE}/detail", id=notice["id"]))["title"] == f"平台 {unique}"


async def notify_me(app, api, content: dict, **extra) -> None:
    """As a job would (the alarm area rings bells from jobs): in a unit of work, which bumps the bell's generation."""
    async with app.state.runtime.unit_of_work_in(tenancy.PLATFORM) as db:
        await service.notify(db, tenant_id=api.tenant_id, user_ids=[int(api.user_id)], content=content, **extra)


class TestBell:
    async def test_page_shows_unread_newest_first(self, app, demo_user, unique):
        await notify_me(app, demo_user, {"name": f"first {unique}", "level": "1"}, alarm_id=42, batch="b1")
        await notify_me(app, demo_user, {"name": f"second {unique}"})
        page = await demo_user.data("GET", f"{BELL}/page", current=1, size=4)
        names = [orjson.loads(r["content"]).get("name") for r in page["records"]]
        assert names[:2] == [f"second {unique}", f"first {unique}"]
        first = page["records"][1]
        assert first["alarmId"] == "42" and first["batch"] == "b1" and first["readStatus"] == 0
        assert set(first) == {"id", "content", "alarmId", "batch", "readStatus", "createTime"}

    async def test_real_time_count_and_mark_read(self, app, demo_user, unique):
        await notify_me(app, demo_user, {"name": f"count {unique}"})
        before = await demo_user.data("GET", f"{BELL}/realTimeNotice")
        row = next(r for r in (await demo_user.data("GET", f"{BELL}/page", size=100))["records"]
                   if orjson.loads(r["content"])["name"] == f"count {unique}")
        assert await demo_user.data("POST", f"{BELL}/updateStatus", ids=row["id"]) == 1
        assert await demo_user.data("GET", f"{BELL}/realTimeNotice") == before - 1
        unread = await demo_user.data("GET", f"{BELL}/page", size=100)
        assert row["id"] not in [r["id"] for r in unread["records"]]
        everything = await demo_user.data("GET", f"{BELL}/page", size=1000, all="true")
        assert any(r["id"] == row["id"] and r["readStatus"] == 1 for r in everything["records"])

    async def test_cannot_mark_someone_elses(self, app, demo_user, demo_admin, unique):
        await notify_me(app, demo_user, {"name": f"private {unique}"})
        row = next(r for r in (await demo_user.data("GET", f"{BELL}/page", size=100))["records"]
                   if orjson.loads(r["content"])["name"] == f"private {unique}")
        assert await demo_admin.data("POST", f"{BELL}/updateStatus", ids=row["id"]) == 0
        unread = await demo_user.data("GET", f"{BELL}/page", size=100)
        assert row["id"] in [r["id"] for r in unread["records"]]

    async def test_login_required(self, client):
        assert (await client.get(f"{BELL}/realTimeNotice")).status_code == 401


class TestNotify:
    async def test_writes_one_row_per_distinct_user(self, app, demo_admin):
        async with platform_session(app.state.runtime.sessions) as db:
            count = await service.notify(db, tenant_id="356782", user_ids=[int(demo_admin.user_id)] * 2,
                                         content={"name": "dup"})
            await db.rollback()
        assert count == 1

    async def test_the_bell_lists_an_alarm_once_its_newest_transition(self, app, demo_admin):
        from sqlalchemy import select

        from plantdesk.modules.desk.models import SystemNotice

        user_id = int(demo_admin.user_id)
        async with platform_session(app.state.runtime.sessions) as db:
            for action in ("raise", "clear"):
                await service.notify(db, tenant_id="356782", user_ids=[user_id], alarm_id=424242, batch="7",
                                     content={"name": action})
            await service.notify(db, tenant_id="356782", user_ids=[user_id], alarm_id=424242, batch="8",
                                 content={"name": "raise again"})
            rows = (await db.execute(select(SystemNotice.batch, SystemNotice.content, SystemNotice.read_status)
                                     .where(SystemNotice.alarm_id == 424242).order_by(SystemNotice.id))).all()
            await db.rollback()
        unread = [(batch, orjson.loads(content)["name"]) for batch, content, status in rows
                  if status == service.UNREAD]
        assert len(rows) == 3 and unread == [("7", "clear"), ("8", "raise again")]

    async def test_rows_belong_to_the_given_tenant(self, app):
        from sqlalchemy import select

        from plantdesk.core import tenancy
        from plantdesk.modules.desk.models import SystemNotice

        async with platform_session(app.state.runtime.sessions) as db:
            user_id = (await db.execute(select(User.id).where(User.tenant_id == "356782").limit(1))).scalar_one()
            tenancy.bind(db, tenancy.Scope("000000"))
            await service.notify(db, tenant_id="356782", user_ids=[user_id], content={"name": "x"})
            with tenancy.platform_scope(db):
                tenant = (await db.execute(select(SystemNotice.tenant_id).where(SystemNotice.user_id == user_id)
                                           .order_by(SystemNotice.id.desc()).limit(1))).scalar_one()
            await db.rollback()
        assert tenant == "356782"
