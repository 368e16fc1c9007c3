"""core.responses' fast path (issue 30): a stored answer or a 304 before the route's dependencies run, and only to a
caller the normal path would let through to that very answer. Each refusal below is one the fast path must leave
to the normal path: the answer is the normal path's (401, 403, a narrower page) and the route's authorisation ran.
"""

import uuid
from typing import Annotated

import jwt
import pytest
from fastapi import APIRouter

from plantdesk.core import deps, responses
from plantdesk.core.context import Identity
from plantdesk.core.deps import need
from plantdesk.core.envelope import R, ok
from plantdesk.core.routing import include
from plantdesk.core.security import tokens
from tests.conftest import DEMO_TENANT
from tests.helpers import login
from tests.system.org_factories import ROLE, make_role, make_tenant, menu_ids, subtree_ids
from tests.user.factories import login_as, make_user

PAGE = "/api/blade-user/page"
PROBE = "/api/fast-probe/page"
PER_TOKEN = ("token_type", "iss", "iat", "nbf", "exp", "jti")

probe = APIRouter(prefix="/fast-probe")


@probe.get("/page", response_model=R[str])
@responses.cached("fast-probe")  # a generation nothing bumps: its ETag does not follow the grants
async def probe_page(user: Annotated[Identity, need("user_view")]):
    return ok(user.account)


@pytest.fixture(scope="module")
async def office(admin, client):
    """A fresh tenant: its admin, and a way to make a user holding a new role with the user screen."""
    tenant, tenant_admin = await make_tenant(admin, uuid.uuid4().hex[:8])
    user_menus = await subtree_ids(admin, "user")

    async def staff(unique: str, *, data_scopes=()) -> dict:
        role = await make_role(tenant_admin, unique)
        await tenant_admin.data("POST", f"{ROLE}/grant", {"roleIds": [role["id"]], "menuIds": user_menus,
                                                          "dataScopeIds": list(data_scopes)})
        user = await make_user(tenant_admin, unique, role["id"])
        return {"role": role, "user": user, "api": await login_as(client, user)}

    return {"tenant": tenant, "admin": tenant_admin, "staff": staff}


@pytest.fixture
def checks(monkeypatch) -> list[Identity]:
    """The callers `need()` checked: the route's dependencies ran for each (the fast path runs none)."""
    seen: list[Identity] = []
    real = deps.authorize

    async def counted(request, user, *args, **kwargs):
        seen.append(user)
        return await real(request, user, *args, **kwargs)

    monkeypatch.setattr(deps, "authorize", counted)
    return seen


@pytest.fixture
def probe_route(app):
    before = len(app.router.routes)
    include(app.router, probe, prefix="/api")
    yield
    del app.router.routes[before:]


def mint(app, api, *, ttl: int = 600, key: str | None = None, **changes) -> str:
    """An access token of `api`'s session with `changes` to its claims, signed with `key` (the app's by default)."""
    claims = jwt.decode(api.tokens["access_token"], options={"verify_signature": False})
    kept = {name: value for name, value in claims.items() if name not in PER_TOKEN}
    token, _ = tokens.encode({**kept, **changes}, key=key or app.state.runtime.settings.signing_key,
                             token_type=tokens.ACCESS, ttl=ttl)
    return token


async def get(api, path: str = PAGE, *, token: str | None = None, params: dict | None = None, **headers):
    sent = {**api.headers, **headers}
    if token is not None:
        sent["Blade-Auth"] = f"bearer {token}"
    return await api.http.get(path, params={"current": 1, "size": 10, **(params or {})}, headers=sent)


async def warm(api, checks: list, path: str = PAGE):
    """Cache the page for `api`'s caller and check that the next request is a fast hit."""
    built = await get(api, path)
    assert built.status_code == 200, built.text
    ran = len(checks)
    hit = await get(api, path)
    assert hit.content == built.content and hit.headers["etag"] == built.headers["etag"]
    assert len(checks) == ran, "the hit ran the route's dependencies"
    return hit


class TestTaken:
    async def test_a_hit_and_a_304_run_no_dependency(self, office, checks, unique):
        fresh = {"_": unique}  # a parameter no list reads: an answer nobody has cached yet
        first = await get(office["admin"], params=fresh)
        assert len(checks) == 1 and first.json()["data"]["total"] >= 1
        hit = await get(office["admin"], params=fresh)
        again = await get(office["admin"], params=fresh, **{"If-None-Match": first.headers["etag"]})
        assert len(checks) == 1
        assert hit.status_code == 200 and hit.content == first.content
        assert hit.headers["etag"] == first.headers["etag"] and hit.headers["cache-control"] == "private, no-cache"
        assert hit.headers["content-type"] == first.headers["content-type"] == "application/json"
        assert again.status_code == 304 and again.content == b""


class TestRefused:
    async def test_a_logged_out_token(self, office, client, checks):
        session = await login(client, "admin", "admin", office["tenant"]["tenantId"])
        cached = await warm(session, checks)
        await session.get("/api/blade-auth/oauth/logout")
        ran = len(checks)
        for extra in ({}, {"If-None-Match": cached.headers["etag"]}):
            refused = await get(session, **extra)
            assert refused.status_code == 401 and refused.json()["msg"] == "令牌已失效,请重新登录"
        assert len(checks) == ran  # refused by the token check, before need()

    async def test_an_expired_or_forged_token(self, app, office, checks):
        cached = await warm(office["admin"], checks)
        for token, msg in ((mint(app, office["admin"], ttl=-30), "令牌已过期,请重新登录"),
                           (mint(app, office["admin"], key="not-the-installations-key" * 2), "请求未授权")):
            for extra in ({}, {"If-None-Match": cached.headers["etag"]}):
                refused = await get(office["admin"], token=token, **extra)
                assert refused.status_code == 401 and refused.json()["msg"] == msg

    async def test_a_tenant_header_that_is_not_the_tokens(self, office, checks):
        await warm(office["admin"], checks)
        refused = await get(office["admin"], **{"Tenant-Id": DEMO_TENANT})
        assert refused.status_code == 401 and refused.json()["msg"] == "租户信息与令牌不一致"

    async def test_a_token_of_another_tenant(self, app, office, checks):
        """The same user, roles and session in another tenant's token: another tenant's answer, never this one's."""
        clerk = await office["staff"]("fasttenant")
        cached = await warm(clerk["api"], checks)
        elsewhere = mint(app, clerk["api"], tenant_id=DEMO_TENANT)
        ran = len(checks)
        answer = await get(clerk["api"], token=elsewhere, **{"Tenant-Id": DEMO_TENANT})
        assert len(checks) == ran + 1 and answer.content != cached.content

    async def test_a_role_that_lost_the_permission(self, office, checks):
        clerk = await office["staff"]("fastlost")
        await warm(clerk["api"], checks)
        await office["admin"].data("POST", f"{ROLE}/grant", {"roleIds": [clerk["role"]["id"]], "menuIds": []})
        refused = await get(clerk["api"])
        assert refused.status_code == 403 and checks[-1].user_id == int(clerk["user"]["id"])

    async def test_a_lost_permission_on_a_route_whose_answer_does_not_follow_the_grants(self, office, checks,
                                                                                        probe_route):
        clerk = await office["staff"]("fastprobe")
        cached = await warm(clerk["api"], checks, PROBE)
        await office["admin"].data("POST", f"{ROLE}/grant", {"roleIds": [clerk["role"]["id"]], "menuIds": []})
        for extra in ({}, {"If-None-Match": cached.headers["etag"]}):
            refused = await get(clerk["api"], PROBE, **extra)
            assert refused.status_code == 403 and checks[-1].user_id == int(clerk["user"]["id"])

    async def test_a_user_with_a_narrower_data_scope(self, admin, office, checks, unique):
        own_rows = await admin.data("POST", "/api/blade-system/data-scope/submit", {
            "menuId": (await menu_ids(admin, "user"))["user"], "scopeName": f"本人{unique}", "scopeType": 2})
        narrow = await office["staff"](f"fastnarrow{unique[:4]}", data_scopes=[own_rows["id"]])
        wide = await warm(office["admin"], checks)  # after the writes above, which change every ETag
        ran = len(checks)
        answer = await get(narrow["api"])
        assert len(checks) == ran + 1 and answer.status_code == 200
        assert answer.json()["data"]["total"] == 0 < wide.json()["data"]["total"]

    async def test_a_request_without_a_token(self, office, client, checks):
        cached = await warm(office["admin"], checks)
        for extra in ({}, {"If-None-Match": cached.headers["etag"]}):
            refused = await client.get(PAGE, params={"current": 1, "size": 10},
                                       headers={"Tenant-Id": office["tenant"]["tenantId"], **extra})
            assert refused.status_code == 401 and "etag" not in refused.headers


class TestFresh:
    async def test_a_write_makes_the_next_request_a_fresh_answer(self, office, checks, unique):
        before = await warm(office["admin"], checks)
        await make_user(office["admin"], unique, (await make_role(office["admin"], unique))["id"])
        ran = len(checks)
        after = await get(office["admin"], **{"If-None-Match": before.headers["etag"]})
        assert len(checks) == ran + 1 and after.status_code == 200
        assert after.json()["data"]["total"] == before.json()["data"]["total"] + 1
