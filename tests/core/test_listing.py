"""core.listing: the one list pipeline (filters → data scope → order → paginate) and its range filters."""

import pytest
from sqlalchemy import select

from plantdesk.core.errors import BadRequest
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams
from plantdesk.modules.system.models import Post
from tests.core.conftest import OTHER_TENANT
from tests.helpers import platform_session

POSTS = Listing(Post, filters={"postName": Post.post_name}, exact={"category": Post.category},
                ranges={"createTime": Post.create_time, "sort": Post.sort},
                sorts={"sort": Post.sort, "post_name": Post.post_name}, order=(Post.sort, Post.id))


def sql(clauses) -> list[str]:
    return [str(c.compile(compile_kwargs={"literal_binds": True})) for c in clauses]


class TestWhere:
    def test_bare_names_use_their_operator(self):
        assert sql(POSTS.where({"postName": "a", "category": "2"})) == [
            "blade_post.post_name LIKE '%a%' ESCAPE '\\'", "blade_post.category = 2"]

    def test_ranges_take_comparison_suffixes(self):
        assert sql(POSTS.where({"createTime_datege": "2026-01-01", "createTime_datele": "2026-01-31 23:59:59",
                                "sort_gt": "3"})) == [
            "blade_post.create_time >= '2026-01-01 00:00:00'", "blade_post.create_time <= '2026-01-31 23:59:59'",
            "blade_post.sort > 3"]

    @pytest.mark.parametrize("key", ["createTime", "createTime_like", "createTime_notequal", "createTime_null"])
    def test_a_range_ignores_everything_else(self, key):
        assert POSTS.where({key: "2026-01-01"}) == []

    def test_a_bad_date_is_a_400(self):
        with pytest.raises(BadRequest) as error:
            POSTS.where({"createTime_datege": "yesterday"})
        assert error.value.msg == "请求参数类型错误: createTime"


class TestOrder:
    def test_default_order_without_sort_keys(self):
        stmt = POSTS.ordered(select(Post.id), PageParams())
        assert [str(c) for c in stmt._order_by_clauses] == ["blade_post.sort", "blade_post.id"]

    def test_requested_keys_first_then_the_default_as_tie_break(self):
        stmt = POSTS.ordered(select(Post.id), PageParams(descs="post_name"))
        assert [str(c) for c in stmt._order_by_clauses] == ["blade_post.post_name DESC", "blade_post.sort",
                                                           "blade_post.id"]

    @pytest.mark.parametrize("params", [PageParams(ascs="createTime"), PageParams(descs="create_time"),
                                        PageParams(ascs="post_name,password")])
    def test_only_whitelisted_columns_sort(self, params):
        with pytest.raises(BadRequest) as error:
            POSTS.ordered(select(Post.id), params)
        assert error.value.msg.startswith("不支持的排序字段: ")


class TestScope:
    async def test_a_scoped_list_needs_its_user(self, sessions):
        async with platform_session(sessions) as db:
            with pytest.raises(RuntimeError, match="data scope"):
                await Listing(Post, scope="post").page(db, select(Post), PageParams())


async def test_page_filters_orders_and_pages(sessions, unique):
    async with platform_session(sessions) as db:
        db.add_all(Post(tenant_id=OTHER_TENANT, post_code=unique, post_name=f"p{i:02d}", sort=i, category=1)
                   for i in range(12))
        await db.commit()
        stmt = POSTS.select({"sort_ge": "2", "sort_lt": "10"}).where(Post.post_code == unique)
        page = await POSTS.page(db, stmt, PageParams(current=2, size=3, descs="sort"))
    assert (page["total"], page["pages"]) == (8, 3)
    assert [p.sort for p in page["records"]] == [6, 5, 4]
