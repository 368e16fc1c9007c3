"""core.responses: the exact response cache of hot reads. ETag and 304 while nothing changed, a new answer as soon
as a write commits (never the one a racing read stored), and one answer per caller scope."""

import orjson
import pytest
from sqlalchemy import event
from sqlalchemy.util import await_only

from plantdesk.core import generations, responses, tenancy
from plantdesk.core.tenancy import ScopedSession
from plantdesk.modules.desk import service as desk
from tests.user.factories import login_as, make_user, role_id

BELL = "/api/system/systemNotice/page"
ROUTES = "/api/blade-system/menu/routes"
USERS = "/api/blade-user/page"


async def ring(app, api, name: str) -> None:
    async with app.state.runtime.unit_of_work_in(tenancy.PLATFORM) as db:
        await desk.notify(db, tenant_id=api.tenant_id, user_ids=[int(api.user_id)], content={"name": name})


def names(response) -> list[str]:
    return [orjson.loads(r["content"])["name"] for r in response.json()["data"]["records"]]


async def revalidate(api, path: str, tag: str, **params):
    return await api.http.get(path, params=params, headers={**api.headers, "If-None-Match": tag})


class TestEntityTags:
    async def test_an_unchanged_read_is_a_304_without_a_body(self, demo_user):
        first = await demo_user.get(ROUTES)
        tag = first.headers["etag"]
        assert tag.startswith('W/"') and first.headers["cache-control"] == "private, no-cache"
        again = await revalidate(demo_user, ROUTES, tag)
        assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
        # a list of tags, and the strong form of the same tag, match too (RFC 9110 weak comparison)
        assert (await revalidate(demo_user, ROUTES, f'"x", {tag.removeprefix("W/")}')).status_code == 304
        assert (await revalidate(demo_user, ROUTES, '"x"')).status_code == 200

    async def test_the_stored_answer_is_the_handlers_answer(self, demo_admin):
        built = await demo_admin.get(USERS, current=1, size=10)  # a miss or a hit: the same bytes either way
        served = await demo_admin.get(USERS, current=1, size=10)
        assert served.headers["etag"] == built.headers["etag"]
        assert served.content == built.content
        assert served.json()["data"]["total"] >= 1

    async def test_a_commit_changes_the_answer_at_once(self, app, demo_user, unique):
        before = await demo_user.get(BELL, current=1, size=4)
        await ring(app, demo_user, f"new {unique}")
        after = await revalidate(demo_user, BELL, before.headers["etag"], current=1, size=4)
        assert after.status_code == 200 and after.headers["etag"] != before.headers["etag"]
        assert names(after)[0] == f"new {unique}"

    async def test_a_read_racing_a_write_is_not_served_after_its_commit(self, app, demo_user, unique):
        """A poll between the write's flush and its commit answers the old list (the row is not visible yet);
        once the write has committed, the next poll answers the new one, not what the racing poll stored."""
        raced = []

        def before_commit(session):
            session.flush()  # the write is in the database, not yet committed
            if generations.marked(session, desk.BELL):
                raced.append(names(await_only(demo_user.get(BELL, current=1, size=4))))

        event.listen(ScopedSession, "before_commit", before_commit)
        try:
            await ring(app, demo_user, f"raced {unique}")
        finally:
            event.remove(ScopedSession, "before_commit", before_commit)
        assert raced and f"raced {unique}" not in raced[0]
        assert names(await demo_user.get(BELL, current=1, size=4))[0] == f"raced {unique}"

    async def test_a_change_of_the_query_is_another_answer(self, demo_admin):
        first = await demo_admin.get(USERS, current=1, size=10)
        assert (await demo_admin.get(USERS, current=1, size=5)).headers["etag"] != first.headers["etag"]


class TestScopes:
    async def test_each_user_has_an_answer_of_their_own(self, app, demo_admin, client, unique):
        other = await login_as(client, await make_user(demo_admin, unique, await role_id(app, demo_admin.tenant_id,
                                                                                       "user")))
        mine = await demo_admin.get(BELL, current=1, size=4)
        theirs = await other.get(BELL, current=1, size=4)
        assert mine.headers["etag"] != theirs.headers["etag"]
        assert (await revalidate(other, BELL, mine.headers["etag"], current=1, size=4)).status_code == 200

    async def test_menus_are_shared_by_a_role_set_and_differ_between_role_sets(self, app, demo_admin, demo_user,
                                                                            client, unique):
        user_role = await role_id(app, demo_user.tenant_id, "user")
        same_roles = await login_as(client, await make_user(demo_admin, unique, user_role))
        assert (await same_roles.get(ROUTES)).headers["etag"] == (await demo_user.get(ROUTES)).headers["etag"]
        assert (await demo_admin.get(ROUTES)).headers["etag"] != (await demo_user.get(ROUTES)).headers["etag"]

    async def test_tenants_never_share_an_answer(self, admin, demo_admin):
        assert (await admin.get(ROUTES)).headers["etag"] != (await demo_admin.get(ROUTES)).headers["etag"]
        platform = await admin.get("/api/blade-system/dict-biz/dictionary", code="notice")
        demo = await demo_admin.get("/api/blade-system/dict-biz/dictionary", code="notice")
        assert platform.headers["etag"] != demo.headers["etag"]

    async def test_anonymous_requests_are_not_cached(self, client):
        response = await client.get(BELL)
        assert response.status_code == 401 and "etag" not in response.headers


class TestDeclaration:
    def test_a_cached_route_names_its_generations_and_a_known_scope(self):
        with pytest.raises(ValueError):
            responses.cached()
        with pytest.raises(ValueError):
            responses.cached("bell", per="everyone")
