"""Every protected route refuses a missing, bad, revoked or tenant-mismatched token with 401.

Generated from the route table: a route is protected when core.deps.require_identity is among its
dependencies. The checks run before any handler, so no request here changes data.
"""

import pytest

from tests.conftest import DEMO_TENANT
from tests.helpers import CLIENT, Api, login
from tests.security.routetable import ops

PROTECTED = [op for op in ops(protected=True) if not op.has_path_params]


@pytest.fixture(scope="module")
async def revoked(client) -> Api:
    api = await login(client, "admin", "admin", "000000")
    response = await api.get("/api/blade-auth/oauth/logout")
    assert response.status_code == 200
    return api


async def call(client, op, headers: dict):
    params = {"current": 1, "size": 10, "id": 1, "ids": 1}
    return await client.request(op.method, op.path, params=params, headers={"Authorization": CLIENT, **headers})


def assert_401(response, msg: str | None = None) -> None:
    assert response.status_code == 401, response.text
    body = response.json()
    assert body["code"] == 401 and body["success"] is False
    if msg is not None:
        assert body["msg"] == msg


class TestTokenGuard:
    def test_some_routes_are_protected(self):
        assert PROTECTED, "no route depends on core.deps.require_identity"

    @pytest.mark.parametrize("op", PROTECTED, ids=lambda op: op.id)
    async def test_missing_token(self, client, op):
        assert_401(await call(client, op, {}), "缺失令牌,鉴权失败")

    @pytest.mark.parametrize("op", PROTECTED, ids=lambda op: op.id)
    async def test_bad_token(self, client, op, admin):
        forged = admin.tokens["access_token"][:-4] + "AAAA"
        assert_401(await call(client, op, {"Blade-Auth": f"bearer {forged}"}), "请求未授权")
        assert_401(await call(client, op, {"Blade-Auth": "bearer not-a-token"}))

    @pytest.mark.parametrize("op", PROTECTED, ids=lambda op: op.id)
    async def test_tenant_header_disagreeing_with_the_token(self, client, op, admin):
        headers = {**admin.headers, "Tenant-Id": DEMO_TENANT}
        assert_401(await call(client, op, headers), "租户信息与令牌不一致")

    @pytest.mark.parametrize("op", PROTECTED, ids=lambda op: op.id)
    async def test_revoked_token(self, client, op, revoked):
        assert_401(await call(client, op, revoked.headers), "令牌已失效,请重新登录")

    async def test_refresh_token_is_not_an_access_token(self, client, admin):
        op = PROTECTED[0]
        headers = {**admin.headers, "Blade-Auth": f"bearer {admin.tokens['refresh_token']}"}
        assert_401(await call(client, op, headers), "请求未授权")
