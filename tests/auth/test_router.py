"""/api/blade-auth calls besides the token grants: captcha, user info, caches, logs, passwords, sessions."""

import base64

from sqlalchemy import select

from plantdesk.core import generations, permissions
from plantdesk.core.audit_models import UsualLog
from plantdesk.modules.system.dict import service as dicts
from tests.conftest import DEMO_TENANT
from tests.helpers import CLIENT, md5, platform_session, token
from tests.user.factories import PASSWORD, login_as, make_user, no_hash, runtime

AUTH = "/api/blade-auth"


def captcha_headers(key: str, code: str) -> dict:
    return {"Authorization": CLIENT, "Tenant-Id": DEMO_TENANT, "Captcha-Key": key, "Captcha-Code": code}


async def captcha_login(client, key: str, code: str):
    params = {"tenantId": DEMO_TENANT, "username": "zhangwei", "password": md5("123456"), "grant_type": "captcha"}
    return await client.post(f"{AUTH}/oauth/token", params=params, headers=captcha_headers(key, code))


class TestCaptcha:
    async def test_raw_png_and_a_five_minute_code(self, app, client):
        body = (await client.get(f"{AUTH}/oauth/captcha")).json()
        assert set(body) == {"key", "image"}
        assert base64.b64decode(body["image"].removeprefix("data:image/png;base64,"))[:4] == b"\x89PNG"
        code = await runtime(app).cache.get(f"captcha:{body['key']}")
        assert 4 <= len(code) <= 5
        assert 0 < await runtime(app).cache.ttl(f"captcha:{body['key']}") <= 300

    async def test_captcha_grant_with_the_right_code(self, app, client):
        key = (await client.get(f"{AUTH}/oauth/captcha")).json()["key"]
        code = await runtime(app).cache.get(f"captcha:{key}")
        response = await captcha_login(client, key, code.upper())
        assert response.status_code == 200 and response.json()["account"] == "zhangwei"

    async def test_wrong_code(self, client):
        key = (await client.get(f"{AUTH}/oauth/captcha")).json()["key"]
        assert (await captcha_login(client, key, "zzzzz")).json()["error_description"] == "验证码不正确"

    async def test_a_code_is_used_once(self, app, client):
        key = (await client.get(f"{AUTH}/oauth/captcha")).json()["key"]
        code = await runtime(app).cache.get(f"captcha:{key}")
        await captcha_login(client, key, "wrong")
        body = (await captcha_login(client, key, code)).json()
        assert body == {"error_code": 700, "error_description": "验证码已过期", "error": "invalid_grant"}

    async def test_unknown_key_is_expired(self, client):
        assert (await captcha_login(client, "nokey", "abcd")).json()["error_code"] == 700

    async def test_captcha_mode_refuses_a_password_grant_without_one(self, app, client, monkeypatch):
        monkeypatch.setattr(runtime(app).settings, "captcha_mode", True)
        body = (await token(client, "zhangwei", "123456", DEMO_TENANT)).json()
        assert body == {"error_code": 700, "error_description": "验证码已过期", "error": "invalid_grant"}

    async def test_captcha_mode_password_grant_with_a_captcha(self, app, client, monkeypatch):
        monkeypatch.setattr(runtime(app).settings, "captcha_mode", True)
        key = (await client.get(f"{AUTH}/oauth/captcha")).json()["key"]
        code = await runtime(app).cache.get(f"captcha:{key}")
        params = {"tenantId": DEMO_TENANT, "username": "zhangwei", "password": md5("123456"), "grant_type": "password"}
        response = await client.post(f"{AUTH}/oauth/token", params=params, headers=captcha_headers(key, code))
        assert response.status_code == 200 and response.json()["account"] == "zhangwei"

    async def test_captcha_mode_leaves_the_refresh_grant_alone(self, app, client, monkeypatch):
        first = (await token(client, "zhangwei", "123456", DEMO_TENANT)).json()
        monkeypatch.setattr(runtime(app).settings, "captcha_mode", True)
        params = {"grant_type": "refresh_token", "refresh_token": first["refresh_token"], "tenantId": DEMO_TENANT}
        response = await client.post(f"{AUTH}/oauth/token", params=params,
                                     headers={"Authorization": CLIENT, "Tenant-Id": DEMO_TENANT})
        assert response.status_code == 200


class TestUserInfo:
    async def test_identity_without_password(self, demo_user):
        response = no_hash(await demo_user.get(f"{AUTH}/oauth/user-info"))
        data = response.json()["data"]
        assert data["user"]["account"] == "zhangwei" and data["user"]["password"] == ""
        assert [r["roleAlias"] for r in data["roles"]] == ["user"]
        assert [d["deptName"] for d in data["depts"]] == ["Production"]
        assert data["tenantId"] == DEMO_TENANT and data["clientId"] == "plantdesk"

    async def test_needs_a_token(self, client):
        assert (await client.get(f"{AUTH}/oauth/user-info")).status_code == 401


class TestClearCache:
    async def test_raw_body_and_new_generations(self, app, demo_user):
        cache = runtime(app).cache
        names = (permissions.GENERATION, dicts.GENERATION)
        before = await generations.stamp(cache, names)
        response = await demo_user.get(f"{AUTH}/oauth/clear-cache")
        assert response.json() == {"success": "true", "msg": "success"}
        assert all(now > then for now, then in zip(await generations.stamp(cache, names), before, strict=True))

    async def test_needs_a_token(self, client):
        assert (await client.get(f"{AUTH}/oauth/clear-cache")).status_code == 401


class TestCheckPassword:
    async def test_right_and_wrong(self, demo_user):
        assert await demo_user.data("GET", f"{AUTH}/oauth/checkPassword", password=md5("123456")) is True
        assert await demo_user.data("GET", f"{AUTH}/oauth/checkPassword", password=md5("654321")) is False
        assert await demo_user.data("GET", f"{AUTH}/oauth/checkPassword", password="") is False

    async def test_needs_a_token(self, client):
        assert (await client.get(f"{AUTH}/oauth/checkPassword", params={"password": md5("x")})).status_code == 401


class TestLogUpload:
    async def test_entries_become_usual_logs(self, app, demo_user, unique):
        entries = [{"type": "error", "url": "/system/user", "message": f"boom {unique}", "stack": "at x",
                    "info": {"component": "UserPage"}, "time": "2026-01-01 08:00:00"},
                   {"type": "ajax", "url": "/desk", "message": f"second {unique}", "time": 1767225600000}]
        assert await demo_user.data("POST", f"{AUTH}/oauth/", entries) is True
        await runtime(app).audit.flush()
        async with platform_session(runtime(app).sessions) as db:
            rows = (await db.execute(select(UsualLog).where(UsualLog.log_data.contains(unique)))).scalars().all()
        assert len(rows) == 2
        assert {r.log_id for r in rows} == {"console"} and {r.tenant_id for r in rows} == {DEMO_TENANT}
        assert {r.create_by for r in rows} == {"zhangwei"}
        assert {r.request_uri for r in rows} == {"/system/user", "/desk"}

    async def test_body_must_be_a_list(self, demo_user):
        assert (await demo_user.post(f"{AUTH}/oauth/", {"message": "x"})).status_code == 400

    async def test_needs_a_token(self, client):
        assert (await client.post(f"{AUTH}/oauth/", json=[])).status_code == 401


class TestUpdatePassword:
    async def test_change_then_log_in_with_the_new_one(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        api = await login_as(client, made)
        await api.data("POST", f"{AUTH}/update-password", oldPassword=md5(PASSWORD), newPassword=md5("Qwer1234"),
                       newPassword1=md5("Qwer1234"))
        await login_as(client, made, "Qwer1234")

    async def test_form_body(self, client, demo_admin, unique, user_role):
        api = await login_as(client, await make_user(demo_admin, unique, user_role))
        response = await client.post(f"{AUTH}/update-password", headers=api.headers,
                                     data={"oldPassword": md5("bad"), "newPassword": md5("a1"),
                                           "newPassword1": md5("a1")})
        assert response.json()["msg"] == "原密码不正确"

    async def test_mismatch(self, demo_user):
        body = (await demo_user.post(f"{AUTH}/update-password", oldPassword=md5("123456"), newPassword=md5("a"),
                                     newPassword1=md5("b"))).json()
        assert body["msg"] == "两次输入密码不一致!"


class TestNewToken:
    async def test_fresh_pair_for_the_same_session(self, client, demo_admin, unique, user_role):
        api = await login_as(client, await make_user(demo_admin, unique, user_role))
        response = await client.post(f"{AUTH}/create/newToken", headers=api.headers)
        fresh = response.json()
        assert response.status_code == 200 and fresh["access_token"] != api.tokens["access_token"]
        headers = {**api.headers, "Blade-Auth": f"bearer {fresh['access_token']}"}
        assert (await client.get("/api/blade-user/info", headers=headers)).json()["success"] is True
        # The refresh token rotated: the old one is a replay now.
        params = {"grant_type": "refresh_token", "refresh_token": api.tokens["refresh_token"],
                  "tenantId": DEMO_TENANT}
        replay = await client.post(f"{AUTH}/oauth/token", params=params, headers={"Authorization": CLIENT})
        assert replay.json()["error_code"] == 2010

    async def test_needs_a_token(self, client):
        assert (await client.post(f"{AUTH}/create/newToken")).status_code == 401


class TestSingleRegister:
    async def test_pending_registration(self, client, unique):
        body = {"tenantId": DEMO_TENANT, "name": "新人", "account": f"r{unique}", "password": md5(PASSWORD),
                "password2": md5(PASSWORD)}
        response = await client.post(f"{AUTH}/single/register", json=body)
        assert response.json()["msg"] == "注册申请已提交,请等待管理员审核"
        refused = await token(client, f"r{unique}", PASSWORD, DEMO_TENANT)
        assert refused.json()["error_description"] == "账号注册申请尚未通过审核"

    async def test_messages(self, client, unique):
        base = {"tenantId": DEMO_TENANT, "account": f"r{unique}", "password": md5("a")}
        cases = [({**base, "tenantId": ""}, "请先输入租户编号"), ({**base, "account": " "}, "请先输入账号名称"),
                 ({**base, "password": ""}, "请先输入密码"), ({**base, "password2": md5("b")}, "两次密码输入不一致")]
        for body, msg in cases:
            assert (await client.post(f"{AUTH}/single/register", json=body)).json()["msg"] == msg

    async def test_duplicate_account(self, client):
        body = {"tenantId": DEMO_TENANT, "account": "lina", "password": md5("a"), "password2": md5("a")}
        assert (await client.post(f"{AUTH}/single/register", json=body)).json()["msg"] == "当前用户 [lina] 已存在!"


class TestSessionList:
    async def test_tenant_admin_sees_only_the_tenant(self, demo_admin, admin):
        page = await demo_admin.data("GET", f"{AUTH}/session/list", size=1000)
        assert page["total"] >= 1 and {r["tenantId"] for r in page["records"]} == {DEMO_TENANT}
        record = page["records"][0]
        assert {"account", "ip", "loginTime", "lastRefreshTime", "clientId"} <= set(record)

    async def test_platform_administrator_filters_by_tenant(self, admin, demo_user):
        page = await admin.data("GET", f"{AUTH}/session/list", tenantId=DEMO_TENANT, account="zhangwei")
        assert page["total"] >= 1 and {r["account"] for r in page["records"]} == {"zhangwei"}

    async def test_plain_user_is_refused(self, demo_user):
        assert (await demo_user.get(f"{AUTH}/session/list")).status_code == 403


class TestSessionKick:
    async def test_kicked_session_is_refused(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        victim = await login_as(client, made)
        page = await demo_admin.data("GET", f"{AUTH}/session/list", account=made["account"])
        assert await demo_admin.data("POST", f"{AUTH}/session/kick", ids=page["records"][0]["id"]) == 1
        assert (await victim.get("/api/blade-user/info")).status_code == 401

    async def test_tenant_admin_cannot_kick_platform_sessions(self, admin, demo_admin):
        page = await admin.data("GET", f"{AUTH}/session/list", tenantId="000000", account="admin")
        ids = ",".join(r["id"] for r in page["records"])
        assert await demo_admin.data("POST", f"{AUTH}/session/kick", ids=ids) == 0
        assert (await admin.get("/api/blade-user/info")).status_code == 200

    async def test_plain_user_is_refused(self, demo_user):
        assert (await demo_user.post(f"{AUTH}/session/kick", ids="1")).status_code == 403
