"""The gram index behind the user page's "contains" filters (core.search): kept by every ORM write, never
missing a row, and giving the same answers as the scan it replaces."""

import pytest
from sqlalchemy import func, insert, select

from plantdesk.core import search, tenancy
from plantdesk.core.ids import next_id
from plantdesk.core.search import SearchGram, grams
from plantdesk.modules.system.models import SEARCH, User
from tests.conftest import DEMO_TENANT
from tests.helpers import platform_session
from tests.user.factories import make_user, runtime

PAGE = "/api/blade-user/page"


def test_grams_are_every_casefolded_piece_up_to_three_characters():
    assert grams("王伟芳") == {"王", "伟", "芳", "王伟", "伟芳", "王伟芳"}
    assert grams("AbCd") == {"a", "b", "c", "d", "ab", "bc", "cd", "abc", "bcd"}
    assert grams(None) == set() and grams("") == set()


def test_a_long_filter_is_drawn_from_at_most_eight_spread_pieces():
    assert search._pieces("ab") == ["ab"]
    assert search._pieces("bench0") == ["ben", "enc", "nch", "ch0"]
    pieces = search._pieces("abcdefghijklmnopqrstuvwxyz")
    assert len(pieces) == search.PROBES and pieces[0] == "abc" and pieces[-1] == "xyz"


async def stored_grams(app, user_id: str, name: str) -> set[str]:
    async with platform_session(runtime(app).sessions) as db:
        rows = await db.scalars(select(SearchGram.gram).where(SearchGram.row_id == int(user_id),
                                                              SearchGram.field == SEARCH.field(name)))
        return set(rows)


async def found(api, **filters) -> set[str]:
    page = await api.data("GET", PAGE, size=1000, **filters)
    assert page["total"] == len(page["records"])
    return {record["id"] for record in page["records"]}


class TestKeptByWrites:
    async def test_a_new_user_is_indexed_and_found_by_any_piece(self, app, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role, realName=f"欧阳{unique}")
        assert await stored_grams(app, made["id"], "account") == grams(f"u{unique}")
        assert await stored_grams(app, made["id"], "realName") == grams(f"欧阳{unique}")
        for needle in (unique[2:5], unique[1:7], f"U{unique.upper()}", f"阳{unique[:2]}"):
            key = "realName" if "阳" in needle else "account"
            assert made["id"] in await found(demo_admin, **{key: needle}), needle

    async def test_an_edit_moves_the_user_to_the_new_value(self, app, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        await demo_admin.data("POST", "/api/blade-user/update", {"id": made["id"], "account": f"v{unique}x"})
        assert await stored_grams(app, made["id"], "account") == grams(f"v{unique}x")
        assert made["id"] in await found(demo_admin, account=f"{unique[-2:]}x")
        assert await found(demo_admin, account=f"u{unique}") == set()

    async def test_a_core_bulk_insert_is_found_after_a_rebuild(self, app, demo_admin, unique):
        user_id = next_id()
        async with runtime(app).unit_of_work_in(tenancy.PLATFORM) as db:
            await db.execute(insert(User), [{"id": user_id, "tenant_id": DEMO_TENANT, "account": f"u{unique}bulk",
                                             "password": "-", "real_name": "批量", "is_deleted": 0, "status": 1}])
        assert await found(demo_admin, account=f"{unique}bulk") == set()
        async with runtime(app).unit_of_work_in(tenancy.PLATFORM) as db:  # its writes bump the users' generation
            assert await SEARCH.rebuild(db) > 0
        assert await found(demo_admin, account=f"{unique}bulk") == {str(user_id)}


class TestSameAnswersAsTheScan:
    @pytest.mark.parametrize("filters", [{"account": "a"}, {"account": "min"}, {"realName": "张"},
                                         {"realName": "管理"}, {"account": "zhang", "realName": "张"},
                                         {"account": "nobody-has-this"}])
    async def test_index_and_scan_agree(self, demo_admin, monkeypatch, filters):
        indexed = await found(demo_admin, **filters)
        monkeypatch.setattr(search, "SELECTIVE", 0)  # every filter is left to the scan
        assert await found(demo_admin, **filters) == indexed

    async def test_a_filter_most_users_match_is_left_to_the_scan(self, app, demo_admin, monkeypatch):
        monkeypatch.setattr(search, "SELECTIVE", 1)
        async with platform_session(runtime(app).sessions) as db:
            assert await SEARCH.narrow(db, {"account": "a"}) == []
            expected = await db.scalar(select(func.count()).select_from(User).where(
                User.tenant_id == DEMO_TENANT, User.account.like("%a%")))
        assert len(await found(demo_admin, account="a")) == expected
