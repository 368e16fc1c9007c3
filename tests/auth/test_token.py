import jwt

from plantdesk.core.security import tokens
from tests.helpers import CLIENT, md5, token


class TestPasswordGrant:
    async def test_admin_logs_in_with_md5_password(self, client):
        response = await token(client, "admin", "admin", "000000")
        body = response.json()
        assert response.status_code == 200
        assert body["token_type"] == "bearer" and body["tenant_id"] == "000000"
        assert body["role_name"] == "administrator" and isinstance(body["user_id"], str)
        assert body["config"]["passwordMode"] == "normal"

    async def test_wrong_password_is_a_raw_oauth_error(self, client, unique):
        response = await token(client, "admin", "wrong-" + unique, "000000")
        assert response.status_code == 400
        assert response.json() == {"error_code": 2001, "error_description": "用户名或密码错误",
                                    "error": "invalid_grant"}

    async def test_bad_client_is_refused(self, client):
        response = await client.post("/api/blade-auth/oauth/token",
                                     params={"tenantId": "000000", "username": "admin", "password": md5("admin")},
                                     headers={"Authorization": "Basic bm9ib2R5Om5vcGU="})
        assert response.status_code == 401
        assert response.json()["error_description"] == "客户端认证失败!"

    async def test_form_body(self, client):
        """OAuth2 password-grant clients send the parameters as a form, not in the query string."""
        form = {"grant_type": "password", "tenantId": "000000", "username": "admin", "password": md5("admin")}
        response = await client.post("/api/blade-auth/oauth/token", data=form, headers={"Authorization": CLIENT})
        assert response.status_code == 200 and response.json()["account"] == "admin"

    async def test_form_values_are_bounded(self, client):
        form = {"grant_type": "password", "tenantId": "000000", "username": "a" * 65, "password": md5("admin")}
        response = await client.post("/api/blade-auth/oauth/token", data=form, headers={"Authorization": CLIENT})
        assert response.status_code == 400

    async def test_an_unknown_tenant_answers_as_a_wrong_password(self, client, unique):
        """Which tenant ids exist is not told by the login (issue 24): same status, code and message."""
        unknown = await token(client, "admin", "admin", f"9{unique[:5]}")
        wrong = await token(client, "admin", "wrong-" + unique, "000000")
        assert (unknown.status_code, unknown.json()) == (wrong.status_code, wrong.json()) == (
            400, {"error_code": 2001, "error_description": "用户名或密码错误", "error": "invalid_grant"})


class TestRefreshGrant:
    async def test_rotation_kills_the_used_refresh_token(self, client):
        first = (await token(client, "admin", "admin", "000000")).json()
        params = {"grant_type": "refresh_token", "refresh_token": first["refresh_token"], "tenantId": "000000"}
        headers = {"Authorization": CLIENT, "Tenant-Id": "000000"}
        second = await client.post("/api/blade-auth/oauth/token", params=params, headers=headers)
        assert second.status_code == 200 and second.json()["refresh_token"] != first["refresh_token"]
        replay = await client.post("/api/blade-auth/oauth/token", params=params, headers=headers)
        assert replay.status_code == 400 and replay.json()["error_code"] == 2010
        # Reuse ends the whole session: the second pair is dead too.
        params["refresh_token"] = second.json()["refresh_token"]
        again = await client.post("/api/blade-auth/oauth/token", params=params, headers=headers)
        assert again.json()["error_code"] == 2010

    async def test_a_refresh_carrying_the_expired_access_token_is_served(self, app, client):
        """The console refreshes when a call answers 401, its expired token still in Blade-Auth: the token endpoint
        reads no Blade-Auth (a wall screen was sent to the login page when its first token expired)."""
        first = (await token(client, "admin", "admin", "000000")).json()
        claims = jwt.decode(first["access_token"], options={"verify_signature": False})
        expired, _ = tokens.encode({k: v for k, v in claims.items() if k not in ("exp", "iat", "nbf", "jti")},
                                   key=app.state.runtime.settings.signing_key, token_type=tokens.ACCESS, ttl=-60)
        headers = {"Authorization": CLIENT, "Tenant-Id": "000000", "Blade-Auth": f"bearer {expired}"}
        refused = await client.get("/api/blade-system/tenant/info", headers=headers)
        assert refused.json()["msg"] == "令牌已过期,请重新登录"  # anywhere else it is refused
        params = {"grant_type": "refresh_token", "refresh_token": first["refresh_token"], "tenantId": "000000"}
        second = await client.post("/api/blade-auth/oauth/token", params=params, headers=headers)
        assert second.status_code == 200 and second.json()["access_token"], second.json()


class TestLogout:
    async def test_logout_revokes_the_access_token(self, client):
        body = (await token(client, "admin", "admin", "000000")).json()
        headers = {"Authorization": CLIENT, "Blade-Auth": f"bearer {body['access_token']}"}
        response = await client.get("/api/blade-auth/oauth/logout", headers=headers)
        assert response.json() == {"success": "true", "msg": "success"}
        after = await client.get("/api/blade-auth/oauth/logout", headers=headers)
        assert after.status_code == 401
