"""core.paging: sort whitelist, page parameters, the page arithmetic of paginate() and its cached totals."""

import pytest
from fastapi import FastAPI
from sqlalchemy import func, insert, select, text

from plantdesk.app import _errors as install_error_handlers
from plantdesk.core import generations, tenancy
from plantdesk.core.cache import MemoryCache
from plantdesk.core.errors import BadRequest
from plantdesk.core.ids import next_id
from plantdesk.core.paging import MAX_SIZE, PageParams, Paging, count, paginate
from plantdesk.core.runtime import Runtime
from plantdesk.modules.system.models import Post
from tests.core.conftest import OTHER_TENANT, PLATFORM
from tests.helpers import platform_session

SORTS = {"sort": Post.sort, "post_name": Post.post_name}


class TestOrderBy:
    @pytest.mark.parametrize("field", ["password", "sort;drop table x", "postName", "id desc", "1"])
    def test_unknown_sort_key_is_a_400(self, field):
        with pytest.raises(BadRequest) as error:
            PageParams(descs=field).order_by(select(Post), SORTS)
        assert error.value.msg == f"不支持的排序字段: {field}" and error.value.http_status == 400

    def test_unknown_key_in_ascs_is_refused_too(self):
        with pytest.raises(BadRequest):
            PageParams(ascs="sort,secret").order_by(select(Post), SORTS)

    def test_known_keys_become_order_by_clauses(self):
        stmt = PageParams(ascs="post_name", descs=" sort ,").order_by(select(Post.id), SORTS)
        assert [str(c) for c in stmt._order_by_clauses] == ["blade_post.post_name ASC", "blade_post.sort DESC"]


@pytest.fixture
async def posts(sessions, unique):
    async def make(count: int):
        async with platform_session(sessions) as db:
            db.add_all(Post(tenant_id=OTHER_TENANT, post_code=unique, post_name=f"p{i:02d}", sort=i)
                       for i in range(count))
            await db.commit()
        return select(Post).where(Post.post_code == unique).order_by(Post.sort)

    return make


@pytest.mark.parametrize("few", [False, True], ids=["count-then-page", "ids-first"])
class TestPaginate:
    async def test_pages_round_up(self, sessions, posts, few):
        stmt = await posts(21)
        async with platform_session(sessions) as db:
            page = await paginate(db, stmt, PageParams(current=3, size=10), few=few)
        assert (page["total"], page["pages"], page["current"], page["size"]) == (21, 3, 3, 10)
        assert [p.post_name for p in page["records"]] == ["p20"]

    async def test_exact_multiple(self, sessions, posts, few):
        stmt = await posts(20)
        async with platform_session(sessions) as db:
            page = await paginate(db, stmt, PageParams(current=2, size=10), few=few)
        assert page["pages"] == 2 and [p.sort for p in page["records"]] == list(range(10, 20))

    async def test_empty_result_has_zero_pages(self, sessions, posts, few):
        stmt = await posts(0)
        async with platform_session(sessions) as db:
            page = await paginate(db, stmt, PageParams(), few=few)
        assert page == {"records": [], "total": 0, "size": 10, "current": 1, "pages": 0}

    async def test_page_past_the_end_keeps_the_total(self, sessions, posts, few):
        stmt = await posts(3)
        async with platform_session(sessions) as db:
            page = await paginate(db, stmt, PageParams(current=5, size=2), few=few)
        assert page["records"] == [] and (page["total"], page["pages"]) == (3, 2)


generations.watch("test-paging-posts", Post)


class TestCachedTotal:
    """A total is kept under the generations of the tables the count reads, per tenant and per filter value; a
    write outside a unit of work (a Core insert here) bumps nothing, which shows when the cache answered."""

    @pytest.fixture
    def rt(self, app) -> Runtime:
        runtime = app.state.runtime
        return Runtime(settings=runtime.settings, engine=runtime.engine, sessions=runtime.sessions,
                       cache=MemoryCache())

    @staticmethod
    async def unseen(rt: Runtime, tenant: str, code: str) -> None:
        """A post the generations do not hear of."""
        async with platform_session(rt.sessions) as db:
            await db.execute(insert(Post.__table__).values(id=next_id(), tenant_id=tenant, post_code=code,
                                                           post_name=code, sort=0, is_deleted=0))
            await db.commit()

    @staticmethod
    async def total(rt: Runtime, stmt, tenant: str = PLATFORM) -> int:
        async with rt.unit_of_work_in(tenancy.Scope(tenant)) as db:
            return (await paginate(db, stmt, PageParams(), cache=rt.cache))["total"]

    async def test_a_total_is_cached_until_a_write_bumps_its_table(self, rt, unique):
        stmt = select(Post).where(Post.post_code == unique)
        async with rt.unit_of_work_in(tenancy.Scope(PLATFORM)) as db:
            db.add(Post(post_code=unique, post_name=unique))
        assert await self.total(rt, stmt) == 1
        await self.unseen(rt, PLATFORM, unique)
        assert await self.total(rt, stmt) == 1  # the cached total
        async with rt.unit_of_work_in(tenancy.Scope(PLATFORM)) as db:
            db.add(Post(post_code=unique, post_name=unique))
        assert await self.total(rt, stmt) == 3  # the write bumped the generation: counted again

    async def test_tenants_and_filter_values_have_totals_of_their_own(self, rt, unique):
        await self.unseen(rt, PLATFORM, unique)
        await self.unseen(rt, OTHER_TENANT, unique)
        await self.unseen(rt, OTHER_TENANT, unique)
        assert await self.total(rt, select(Post).where(Post.post_code == unique)) == 1
        assert await self.total(rt, select(Post).where(Post.post_code == unique), OTHER_TENANT) == 2
        assert await self.total(rt, select(Post).where(Post.post_code == f"{unique}-other")) == 0

    async def test_raw_sql_text_is_counted_every_time(self, rt, unique):
        stmt = select(Post).where(text("1 = 1"), Post.post_code == unique)
        assert await self.total(rt, stmt) == 0
        await self.unseen(rt, PLATFORM, unique)
        assert await self.total(rt, stmt) == 1

    async def test_a_count_by_the_clock_is_counted_every_time(self, rt, unique):
        stmt = select(Post).where(Post.post_code == unique, Post.create_time <= func.now())
        assert await self.total(rt, stmt) == 0
        await self.unseen(rt, PLATFORM, unique)
        assert await self.total(rt, stmt) == 1

    async def test_a_session_counts_its_own_writes(self, rt, unique):
        stmt = select(Post).where(Post.post_code == unique)
        assert await self.total(rt, stmt) == 0
        async with rt.unit_of_work_in(tenancy.Scope(PLATFORM)) as db:
            db.add(Post(post_code=unique, post_name=unique))
            assert await count(db, stmt, rt.cache) == 1  # unflushed
            await db.flush()
            assert await count(db, stmt, rt.cache) == 1  # flushed, not committed: the generation is not bumped yet


class TestPageParams:
    @pytest.fixture(scope="class")
    async def http(self):
        import httpx

        app = FastAPI()
        install_error_handlers(app)  # the product's mapping: validation failures are 400 in the envelope

        @app.get("/p")
        async def p(paging: Paging):
            return {"current": paging.current, "size": paging.size, "offset": paging.offset}

        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:
            yield client

    async def test_defaults(self, http):
        assert (await http.get("/p")).json() == {"current": 1, "size": 10, "offset": 0}

    async def test_offset(self, http):
        assert (await http.get("/p", params={"current": 4, "size": 30})).json()["offset"] == 90

    @pytest.mark.parametrize("params", [{"current": 0}, {"size": 0}, {"size": MAX_SIZE + 1}, {"current": "x"},
                                        {"descs": "x" * 201}])
    async def test_out_of_range_is_refused(self, http, params):
        response = await http.get("/p", params=params)
        assert response.status_code == 400 and response.json()["code"] == 400
