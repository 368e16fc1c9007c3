"""Issues 15.2 and 16.1: logout and kick-out survive a restart and a Redis outage, because the session row is
the truth and the cache only holds the answer. Each test starts its own app(s) on the shared database."""

import asyncio
from contextlib import asynccontextmanager

import httpx
import jwt
import pytest
from sqlalchemy import event
from sqlalchemy.util import await_only

from plantdesk.app import create_app
from plantdesk.core.cache import RETRY_SECONDS
from plantdesk.core.security.models import UserSession
from plantdesk.core.tenancy import ScopedSession
from tests.conftest import DEMO_TENANT
from tests.helpers import Api, RedisServer, login, served, token
from tests.user.factories import login_as, make_user, retire_users, role_id

REVOKED = {"code": 401, "success": False, "data": None, "msg": "令牌已失效,请重新登录"}


@asynccontextmanager
async def running(settings, **changes):
    application = create_app(settings.model_copy(update=changes))
    async with served(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            yield http


async def status(http: httpx.AsyncClient, api: Api) -> tuple[int, dict]:
    response = await Api(http, api.tokens).get("/api/blade-auth/oauth/user-info")
    return response.status_code, response.json()


def session_id(api: Api) -> str:
    return jwt.decode(api.tokens["access_token"], options={"verify_signature": False})["sid"]


@pytest.fixture
def redis_server():
    server = RedisServer()
    server.start()
    yield server
    server.stop()


async def test_logout_and_kick_survive_a_restart(app, settings):
    async with running(settings) as http:
        logged_out = await login(http, "admin", "admin", "000000")
        kicked = await login(http, "admin", "admin", "000000")
        kept = await login(http, "admin", "admin", "000000")
        await logged_out.get("/api/blade-auth/oauth/logout")
        assert (await kept.data("POST", "/api/blade-auth/session/kick", ids=session_id(kicked))) == 1
    async with running(settings) as http:
        assert await status(http, logged_out) == (401, REVOKED)
        assert await status(http, kicked) == (401, REVOKED)
        assert (await status(http, kept))[0] == 200


@pytest.mark.parametrize("action", ["/api/blade-user/lock", "/api/blade-user/reset-password"])
async def test_lock_and_password_reset_survive_a_restart(app, settings, unique, action):
    async with running(settings) as http:
        demo_admin = await login(http, "admin", "admin", DEMO_TENANT)
        user = await make_user(demo_admin, unique, await role_id(app, DEMO_TENANT, "user"))
        victim = await login_as(http, user)
        await demo_admin.data("POST", action, userIds=user["id"])
    async with running(settings) as http:
        assert await status(http, victim) == (401, REVOKED)
    await retire_users(app, unique)


async def test_redis_outage_falls_back_to_the_session_rows(app, settings, redis_server):
    async with running(settings, redis_url=redis_server.url) as http:
        revoked = await login(http, "admin", "admin", "000000")
        live = await login(http, "admin", "admin", "000000")
        await revoked.get("/api/blade-auth/oauth/logout")
        redis_server.stop()
        assert await status(http, revoked) == (401, REVOKED)
        assert (await status(http, live))[0] == 200
        during = await login(http, "admin", "admin", "000000")
        assert (await status(http, during))[0] == 200
        redis_server.start()  # back, and empty
        await asyncio.sleep(RETRY_SECONDS)
        assert await status(http, revoked) == (401, REVOKED)
        assert (await status(http, live))[0] == 200
        assert (await status(http, during))[0] == 200


async def test_logout_during_an_outage_outlives_the_answer_redis_kept(app, settings, redis_server):
    async with running(settings, redis_url=redis_server.url) as http:
        api = await login(http, "admin", "admin", "000000")
        assert (await status(http, api))[0] == 200  # Redis now holds "live" for the session
        redis_server.pause()
        try:
            await api.get("/api/blade-auth/oauth/logout")
        finally:
            redis_server.resume()
        await asyncio.sleep(RETRY_SECONDS)
        assert await status(http, api) == (401, REVOKED)


async def test_lockout_still_counts_during_a_redis_outage(app, settings, redis_server, unique):
    async with running(settings, redis_url=redis_server.url) as http:
        redis_server.stop()
        codes = [(await token(http, f"ghost{unique}", "wrong", "000000")).json()["error_code"] for _ in range(6)]
    assert codes == [2001] * 5 + [2003]


async def test_a_check_racing_the_logout_is_not_cached_past_its_commit(app, client, demo_admin, unique):
    """A token check that misses the cache and reads the session row between the logout's flush and its commit
    sees the row live (the revocation is not visible yet) and caches `live`. Once the logout has committed, the
    token must be refused, not served from that `live` for a minute."""
    api = await login_as(client, await make_user(demo_admin, unique, await role_id(app, DEMO_TENANT, "user")))
    cache = app.state.runtime.cache
    raced = []

    def flushed(session, _context):
        if any(isinstance(obj, UserSession) and obj.revoked for obj in session.dirty):
            session.info["race"] = True

    def before_commit(session):
        if session.info.pop("race", False):  # the logout's unit of work, flushed, about to commit
            await_only(cache.delete(f"session:{session_id(api)}"))  # the check looked before the revoke cached it
            raced.append(await_only(api.get("/api/blade-auth/oauth/user-info")).status_code)

    event.listen(ScopedSession, "after_flush", flushed)
    event.listen(ScopedSession, "before_commit", before_commit)
    try:
        await api.get("/api/blade-auth/oauth/logout")
    finally:
        event.remove(ScopedSession, "after_flush", flushed)
        event.remove(ScopedSession, "before_commit", before_commit)
    assert raced == [200]  # the racing check saw the session live, as it may
    assert (await api.get("/api/blade-auth/oauth/user-info")).json() == REVOKED
