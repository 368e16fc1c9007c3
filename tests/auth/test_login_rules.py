"""Spec §4 login rules in the token body's `config`, lockout, tenant expiry and token revocation."""

from datetime import datetime, timedelta

from plantdesk.core.security.passwords import verify_password
from plantdesk.modules.auth import service as auth_service
from tests.conftest import DEMO_TENANT
from tests.helpers import login, md5, token
from tests.user.factories import PASSWORD, ip_client, login_as, make_user, new_tenant, param, runtime, set_user

PERIOD_MSG = "当前密码使用已超过有效期,请重新设置密码"


class TestResetFlag:
    async def test_plain_user_must_change_after_an_admin_reset(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        await demo_admin.data("POST", "/api/blade-user/reset-password", userIds=made["id"])
        api = await login_as(client, made, "123456")
        assert api.tokens["config"]["reset"] == {"needRest": True, "msg": "密码已被重置为初始密码,请设置新密码"}

    async def test_admin_role_is_exempt(self, client, demo_admin, unique, admin_role):
        made = await make_user(demo_admin, unique, admin_role)
        await demo_admin.data("POST", "/api/blade-user/reset-password", userIds=made["id"])
        assert (await login_as(client, made, "123456")).tokens["config"]["reset"]["needRest"] is False


class TestPasswordPeriod:
    async def test_old_password_is_reported_expired(self, app, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        await set_user(app, made["id"], password_time=datetime.now() - timedelta(days=40))
        async with param(app, "account.PasswordPeriod", "30"):
            api = await login_as(client, made)
        assert api.tokens["config"]["passwordPeriod"] == {"expire": True, "msg": PERIOD_MSG}

    async def test_recent_password_is_fine(self, app, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        async with param(app, "account.PasswordPeriod", "30"):
            api = await login_as(client, made)
        assert api.tokens["config"]["passwordPeriod"]["expire"] is False

    async def test_admin_role_is_exempt(self, app, client, demo_admin, unique, admin_role):
        made = await make_user(demo_admin, unique, admin_role)
        await set_user(app, made["id"], password_time=datetime.now() - timedelta(days=40))
        async with param(app, "account.PasswordPeriod", "30"):
            api = await login_as(client, made)
        assert api.tokens["config"]["passwordPeriod"]["expire"] is False

    async def test_zero_means_off(self, app, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        await set_user(app, made["id"], password_time=datetime.now() - timedelta(days=4000))
        async with param(app, "account.PasswordPeriod", "0"):
            api = await login_as(client, made)
        assert api.tokens["config"]["passwordPeriod"]["expire"] is False


class TestPasswordMode:
    async def test_safety_mode_is_sent_as_type_length_content(self, app, client):
        async with param(app, "account.PasswordMode", "safety,8,num,letter"):
            body = (await token(client, "zhangwei", "123456", DEMO_TENANT)).json()
        assert body["config"]["passwordMode"] == {"type": "safety", "length": 8, "content": "num,letter"}

    async def test_normal_mode_is_a_string(self, client):
        body = (await token(client, "zhangwei", "123456", DEMO_TENANT)).json()
        assert body["config"]["passwordMode"] == "normal"


class TestLockout:
    async def test_too_many_failures_lock_the_account_until_unlocked(self, app, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        async with ip_client(app, f"10.1.{int(unique[:2], 16)}.{int(unique[2:4], 16)}") as other:
            for _ in range(5):  # account.failCount
                wrong = await token(other, made["account"], "wrong", DEMO_TENANT)
                assert wrong.json()["error_description"] == "用户名或密码错误"
            refused = await token(other, made["account"], PASSWORD, DEMO_TENANT)
            assert refused.json() == {"error_code": 2003, "error_description": "登录错误次数过多,请稍后再试",
                                      "error": "invalid_grant"}
            await demo_admin.data("POST", "/api/blade-user/unlock", userIds=made["id"])
            assert (await token(other, made["account"], PASSWORD, DEMO_TENANT)).status_code == 200

    async def test_fail_count_follows_the_parameter(self, app, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        async with param(app, "account.failCount", "2"), ip_client(app, "10.9.9.9") as other:
            for _ in range(2):
                await token(other, made["account"], "wrong", DEMO_TENANT)
            refused = await token(other, made["account"], PASSWORD, DEMO_TENANT)
        assert refused.json()["error_description"] == "登录错误次数过多,请稍后再试"
        await demo_admin.data("POST", "/api/blade-user/unlock", userIds=made["id"])

    async def test_per_ip_throttle(self, app, monkeypatch, unique):
        monkeypatch.setattr(runtime(app).settings, "ip_fail_limit", 3)
        async with ip_client(app, f"10.2.{int(unique[:2], 16)}.{int(unique[2:4], 16)}") as other:
            for n in range(3):  # different accounts: only the address is common
                await token(other, f"nobody{n}{unique}", "wrong", DEMO_TENANT)
            refused = await token(other, "zhangwei", "123456", DEMO_TENANT)
            assert refused.json()["error_description"] == "登录错误次数过多,请稍后再试"

    async def test_unknown_tenants_count_against_the_address(self, app, monkeypatch, unique):
        monkeypatch.setattr(runtime(app).settings, "ip_fail_limit", 3)
        async with ip_client(app, f"10.3.{int(unique[:2], 16)}.{int(unique[2:4], 16)}") as other:
            for n in range(3):
                await token(other, "admin", "admin", f"9{n}{unique[:4]}")
            refused = await token(other, "zhangwei", "123456", DEMO_TENANT)
            assert refused.json()["error_description"] == "登录错误次数过多,请稍后再试"

    async def test_an_unknown_tenant_counts_against_the_account_as_a_known_one_does(self, app, unique):
        known, unknown = [], []
        async with param(app, "account.failCount", "2"), ip_client(app, f"10.4.{int(unique[:2], 16)}.1") as other:
            for tenant, answers in ((DEMO_TENANT, known), (f"8{unique[:5]}", unknown)):
                for _ in range(3):
                    answers.append((await token(other, f"probe{unique}", "wrong", tenant)).json()["error_code"])
        assert known == unknown == [2001, 2001, 2003]

    async def test_an_unknown_tenant_costs_the_same_password_hash(self, client, monkeypatch, unique):
        """The answer's timing does not tell an unknown tenant either: the password is checked against the
        dummy hash as for an unknown account."""
        checked = []

        async def spy(md5_hex: str, stored: str | None) -> tuple[bool, bool]:
            checked.append(stored)
            return await verify_password(md5_hex, stored)

        monkeypatch.setattr(auth_service, "verify_password", spy)
        await token(client, "admin", "admin", f"7{unique[:5]}")
        assert checked == [None]


class TestTenantExpiry:
    async def test_expired_tenant_is_refused(self, app, client, unique):
        tenant = await new_tenant(app, unique, expire_time=datetime.now() - timedelta(days=1))
        body = (await token(client, "admin", "admin", tenant)).json()
        assert body["error_description"] == "租户授权已过期,请联系管理员"
        wrong = (await token(client, "admin", "wrong", tenant)).json()  # the term is told to a password only
        assert wrong["error_description"] == "用户名或密码错误"

    async def test_tenant_within_its_term_logs_in(self, app, client, unique):
        tenant = await new_tenant(app, unique, expire_time=datetime.now() + timedelta(days=100))
        api = await login(client, "admin", "admin", tenant)
        assert api.tokens["expire"].startswith(f"{datetime.now() + timedelta(days=100):%Y-%m-%d}")


class TestTokens:
    async def test_tenant_header_must_match_the_token(self, client, demo_user):
        response = await client.get("/api/blade-user/info", headers={**demo_user.headers, "Tenant-Id": "000000"})
        assert response.status_code == 401 and response.json()["code"] == 401

    async def test_logged_out_token_is_refused(self, client, demo_admin, unique, user_role):
        api = await login_as(client, await make_user(demo_admin, unique, user_role))
        await api.get("/api/blade-auth/oauth/logout")
        assert (await api.get("/api/blade-user/info")).status_code == 401

    async def test_refreshed_token_pair_replaces_the_old_refresh_token(self, client, demo_user):
        first = (await token(client, "zhangwei", "123456", DEMO_TENANT)).json()
        params = {"grant_type": "refresh_token", "refresh_token": first["refresh_token"], "tenantId": DEMO_TENANT}
        headers = {"Authorization": demo_user.headers["Authorization"], "Tenant-Id": DEMO_TENANT}
        assert (await client.post("/api/blade-auth/oauth/token", params=params, headers=headers)).status_code == 200
        replay = await client.post("/api/blade-auth/oauth/token", params=params, headers=headers)
        assert replay.json()["error_code"] == 2010

    async def test_removed_user_cannot_log_in(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        await demo_admin.data("POST", "/api/blade-user/remove", ids=made["id"])
        assert (await token(client, made["account"], PASSWORD, DEMO_TENANT)).status_code == 400

    async def test_locked_user_cannot_refresh(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        api = await login_as(client, made)
        await demo_admin.data("POST", "/api/blade-user/lock", userIds=made["id"])
        params = {"grant_type": "refresh_token", "refresh_token": api.tokens["refresh_token"],
                  "tenantId": DEMO_TENANT}
        response = await client.post("/api/blade-auth/oauth/token", params=params,
                                     headers={"Authorization": api.headers["Authorization"]})
        assert response.json()["error_code"] == 2010

    async def test_md5_is_what_the_server_expects(self, client):
        response = await client.post("/api/blade-auth/oauth/token", params={
            "tenantId": DEMO_TENANT, "username": "zhangwei", "password": md5("123456"), "grant_type": "password"},
            headers={"Authorization": "Basic cGxhbnRkZXNrOnBsYW50ZGVza19zZWNyZXQ="})
        assert response.status_code == 200
