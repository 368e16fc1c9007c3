"""core.generations: a write to a watched table bumps its generation once the unit of work has committed,
and never for a rolled-back or unrelated write."""

import pytest
from sqlalchemy import delete, insert, select, update

from plantdesk.core import generations
from plantdesk.core.cache import MemoryCache
from plantdesk.core.context import Identity
from plantdesk.core.ids import next_id
from plantdesk.core.runtime import Runtime
from plantdesk.modules.system.models import Post, Region
from tests.core.conftest import PLATFORM

POSTS = generations.watch("test-posts", Post)
IDENTITY = Identity(user_id=1, tenant_id=PLATFORM, account="admin", client_id="test", session_id=1)


@pytest.fixture
def rt(app) -> Runtime:
    """The app's engine and sessions with a cache of the test's own, so counts start at zero."""
    runtime = app.state.runtime
    return Runtime(settings=runtime.settings, engine=runtime.engine, sessions=runtime.sessions, cache=MemoryCache())


async def generation(rt: Runtime) -> int:
    return await generations.current(rt.cache, POSTS)


async def test_an_insert_bumps_after_the_commit_not_before(rt, unique):
    async with rt.unit_of_work(IDENTITY) as db:
        db.add(Post(post_code=unique, post_name=unique))
        await db.flush()
        assert await generation(rt) == 0
    assert await generation(rt) == 1


async def test_an_update_and_a_delete_of_loaded_rows_bump(rt, unique):
    async with rt.unit_of_work(IDENTITY) as db:
        db.add(Post(post_code=unique, post_name=unique))
    async with rt.unit_of_work(IDENTITY) as db:
        post = (await db.execute(select(Post).where(Post.post_code == unique))).scalar_one()
        post.post_name = f"{unique}-renamed"
    assert await generation(rt) == 2
    async with rt.unit_of_work(IDENTITY) as db:
        await db.delete((await db.execute(select(Post).where(Post.post_code == unique))).scalar_one())
    assert await generation(rt) == 3


async def test_orm_insert_update_and_delete_statements_bump(rt, unique):
    async with rt.unit_of_work(IDENTITY) as db:
        row = {"id": next_id(), "tenant_id": PLATFORM, "post_code": unique, "post_name": unique}
        await db.execute(insert(Post), [row])
    assert await generation(rt) == 1
    async with rt.unit_of_work(IDENTITY) as db:
        await db.execute(update(Post).where(Post.post_code == unique).values(post_name="x"))
    assert await generation(rt) == 2
    async with rt.unit_of_work(IDENTITY) as db:
        await db.execute(delete(Post).where(Post.post_code == unique))
    assert await generation(rt) == 3


async def test_a_rolled_back_write_bumps_nothing(rt, unique):
    with pytest.raises(RuntimeError):
        async with rt.unit_of_work(IDENTITY) as db:
            db.add(Post(post_code=unique, post_name=unique))
            await db.flush()
            raise RuntimeError("refused")
    async with rt.unit_of_work(IDENTITY) as db:
        assert (await db.execute(select(Post).where(Post.post_code == unique))).first() is None
    assert await generation(rt) == 0


async def test_reads_and_writes_to_other_tables_bump_nothing(rt, unique):
    code = unique[-12:]
    async with rt.unit_of_work(IDENTITY) as db:
        await db.execute(select(Post))
        db.add(Region(code=code, parent_code=code, name=code))
    async with rt.unit_of_work(IDENTITY) as db:
        await db.delete(await db.get(Region, code))
    assert await generation(rt) == 0
