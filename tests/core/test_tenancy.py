"""core.tenancy: one class per listener behaviour (reads, writes, soft delete, stamping, scopes, audit).

Rows are posts (tenant-scoped, soft-deleted, audited) tagged with a unique post_code, so every assertion
looks only at rows the test made.
"""

from datetime import datetime

import pytest
from sqlalchemy import BigInteger, ForeignKey, String, delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncAttrs
from sqlalchemy.orm import DeclarativeBase, Mapped, aliased, mapped_column, relationship, selectinload

from plantdesk.core import tenancy
from plantdesk.core.tenancy import INCLUDE_DELETED, Scope
from plantdesk.db.base import IdMixin, SoftDeleteMixin, TenantMixin
from plantdesk.modules.system.models import Post
from tests.core.conftest import OTHER_TENANT, PLATFORM
from tests.helpers import platform_session

USER_ID, DEPT_ID = 4242, 4343


async def make_posts(sessions, tag: str, *tenants: str, deleted: int = 0) -> None:
    """One post per tenant, written under the platform scope (tenant ids kept as given)."""
    async with platform_session(sessions) as db:
        db.add_all(Post(tenant_id=t, post_code=tag, post_name=f"{t}-{tag}", is_deleted=deleted) for t in tenants)
        await db.commit()


async def tenants_of(db, tag: str, **options) -> list[str]:
    stmt = select(Post.tenant_id).where(Post.post_code == tag).execution_options(**options)
    return sorted((await db.execute(stmt)).scalars())


async def raw_rows(sessions, tag: str) -> list[tuple[str, str, int]]:
    """(tenant_id, post_name, is_deleted) of every row with the tag, seen by the platform, deleted rows included."""
    async with platform_session(sessions) as db:
        stmt = (select(Post.tenant_id, Post.post_name, Post.is_deleted).where(Post.post_code == tag)
                .order_by(Post.tenant_id).execution_options(**{INCLUDE_DELETED: True}))
        return [tuple(row) for row in (await db.execute(stmt)).all()]


class TestNoScopeBound:
    """Fail closed: a session nobody bound (an anonymous request, a job that named no tenant) sees and writes no
    tenant row."""

    async def test_select_sees_no_tenant_row(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        async with sessions() as db:
            assert tenancy.current(db) is None
            assert await tenants_of(db, unique) == []
            assert await db.scalar(select(func.count()).select_from(Post)) == 0

    async def test_get_by_primary_key_is_none(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM)
        async with platform_session(sessions) as db:
            (post_id,) = (await db.execute(select(Post.id).where(Post.post_code == unique))).scalars()
        async with sessions() as db:
            assert await db.get(Post, post_id) is None

    async def test_update_and_delete_touch_nothing(self, sessions, unique):
        await make_posts(sessions, unique, OTHER_TENANT)
        async with sessions() as db:
            changed = await db.execute(update(Post).where(Post.post_code == unique).values(post_name="x")
                                       .execution_options(synchronize_session=False))
            removed = await db.execute(delete(Post).where(Post.post_code == unique)
                                       .execution_options(synchronize_session=False))
            await db.commit()
        assert (changed.rowcount, removed.rowcount) == (0, 0)
        assert await raw_rows(sessions, unique) == [(OTHER_TENANT, f"{OTHER_TENANT}-{unique}", 0)]

    @pytest.mark.parametrize("tenant", [None, OTHER_TENANT])
    async def test_insert_raises(self, sessions, unique, tenant):
        async with sessions() as db:
            db.add(Post(tenant_id=tenant, post_code=unique, post_name="unstamped"))
            with pytest.raises(tenancy.TenancyError):
                await db.flush()
        assert await raw_rows(sessions, unique) == []

    async def test_bulk_insert_raises(self, sessions, unique):
        async with sessions() as db:
            with pytest.raises(tenancy.TenancyError):
                await db.execute(insert(Post), [{"tenant_id": OTHER_TENANT, "post_code": unique, "post_name": "b"}])
        assert await raw_rows(sessions, unique) == []

    async def test_bound_tenant_is_an_error(self, sessions):
        async with sessions() as db:
            with pytest.raises(tenancy.TenancyError):
                tenancy.bound_tenant(db)


class TestSelectNarrowed:
    async def test_select_returns_only_the_bound_tenant(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT))
            assert await tenants_of(db, unique) == [OTHER_TENANT]

    async def test_get_by_primary_key_of_another_tenant_is_none(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM)
        async with platform_session(sessions) as db:
            (other_id,) = (await db.execute(select(Post.id).where(Post.post_code == unique))).scalars()
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT))
            assert await db.get(Post, other_id) is None

    async def test_count_subquery_is_narrowed(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT, OTHER_TENANT)
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(PLATFORM))
            inner = select(Post).where(Post.post_code == unique).subquery()
            assert await db.scalar(select(func.count()).select_from(inner)) == 1

    async def test_aliased_self_join_is_narrowed_on_both_sides(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        other = aliased(Post)
        stmt = (select(Post.tenant_id, other.tenant_id)
                .join(other, other.post_code == Post.post_code).where(Post.post_code == unique))
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT))
            assert (await db.execute(stmt)).all() == [(OTHER_TENANT, OTHER_TENANT)]


class TestUpdateAndDeleteNarrowed:
    async def test_orm_update_changes_only_the_bound_tenant(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT))
            await db.execute(update(Post).where(Post.post_code == unique).values(post_name="changed")
                             .execution_options(synchronize_session=False))
            await db.commit()
        assert await raw_rows(sessions, unique) == [(PLATFORM, f"{PLATFORM}-{unique}", 0), (OTHER_TENANT, "changed", 0)]

    async def test_orm_delete_removes_only_the_bound_tenant(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(PLATFORM))
            await db.execute(delete(Post).where(Post.post_code == unique).execution_options(synchronize_session=False))
            await db.commit()
        assert [row[0] for row in await raw_rows(sessions, unique)] == [OTHER_TENANT]


class _Base(AsyncAttrs, DeclarativeBase):
    """A throwaway mapping: the product models have no relationships yet, but the listener must cover them."""


class _Parent(IdMixin, _Base):
    __tablename__ = "test_core_parent"
    name: Mapped[str] = mapped_column(String(32))
    children: Mapped[list["_Child"]] = relationship(back_populates="parent", order_by="_Child.tenant_id")


class _Child(IdMixin, TenantMixin, SoftDeleteMixin, _Base):
    __tablename__ = "test_core_child"
    parent_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("test_core_parent.id"))
    parent: Mapped[_Parent] = relationship(back_populates="children")


class TestRelationshipLoads:
    @pytest.fixture(scope="class")
    async def family(self, app):
        engine = app.state.runtime.engine
        async with engine.begin() as conn:
            await conn.run_sync(_Base.metadata.create_all)
        async with platform_session(app.state.runtime.sessions) as db:
            parent = _Parent(name="p")
            db.add(parent)
            await db.flush()
            db.add_all([_Child(parent_id=parent.id, tenant_id=PLATFORM),
                        _Child(parent_id=parent.id, tenant_id=OTHER_TENANT),
                        _Child(parent_id=parent.id, tenant_id=OTHER_TENANT, is_deleted=1)])
            await db.commit()
        yield parent.id
        async with engine.begin() as conn:
            await conn.run_sync(_Base.metadata.drop_all)

    async def test_lazy_load_is_narrowed_and_hides_deleted(self, sessions, family):
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT))
            parent = await db.get(_Parent, family)
            children = await parent.awaitable_attrs.children
            assert [(c.tenant_id, c.is_deleted) for c in children] == [(OTHER_TENANT, 0)]

    async def test_eager_load_is_narrowed(self, sessions, family):
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(PLATFORM))
            stmt = select(_Parent).where(_Parent.id == family).options(selectinload(_Parent.children))
            parent = (await db.execute(stmt)).scalar_one()
            assert [c.tenant_id for c in parent.children] == [PLATFORM]

    async def test_no_scope_loads_every_live_child(self, sessions, family):
        async with platform_session(sessions) as db:
            parent = await db.get(_Parent, family)
            assert [c.tenant_id for c in await parent.awaitable_attrs.children] == [PLATFORM, OTHER_TENANT]


class TestSoftDeleteHidden:
    async def test_deleted_rows_are_hidden_with_and_without_scope(self, sessions, unique):
        await make_posts(sessions, unique, OTHER_TENANT, deleted=1)
        async with platform_session(sessions) as db:
            assert await tenants_of(db, unique) == []
            tenancy.bind(db, Scope(OTHER_TENANT))
            assert await tenants_of(db, unique) == []

    async def test_include_deleted_shows_them_still_narrowed(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT, deleted=1)
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT))
            assert await tenants_of(db, unique, **{INCLUDE_DELETED: True}) == [OTHER_TENANT]

    async def test_update_skips_deleted_rows(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, deleted=1)
        async with platform_session(sessions) as db:
            await db.execute(update(Post).where(Post.post_code == unique).values(post_name="revived")
                             .execution_options(synchronize_session=False))
            await db.commit()
        assert await raw_rows(sessions, unique) == [(PLATFORM, f"{PLATFORM}-{unique}", 1)]


class TestStampingNewRows:
    async def test_new_row_gets_the_bound_tenant(self, sessions, unique):
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT))
            db.add(Post(post_code=unique, post_name="stamped"))
            await db.commit()
        assert await raw_rows(sessions, unique) == [(OTHER_TENANT, "stamped", 0)]

    async def test_bound_scope_cannot_write_another_tenant(self, sessions, unique):
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT))
            db.add(Post(tenant_id=PLATFORM, post_code=unique, post_name="smuggled"))
            await db.commit()
        assert await raw_rows(sessions, unique) == [(OTHER_TENANT, "smuggled", 0)]

    async def test_moving_a_loaded_row_to_another_tenant_is_invisible_afterwards(self, sessions, unique):
        """An update that sets tenant_id is narrowed like any other: it can only touch the bound tenant's rows."""
        await make_posts(sessions, unique, PLATFORM)
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT))
            result = await db.execute(update(Post).where(Post.post_code == unique).values(tenant_id=OTHER_TENANT)
                                      .execution_options(synchronize_session=False))
            await db.commit()
        assert result.rowcount == 0
        assert await raw_rows(sessions, unique) == [(PLATFORM, f"{PLATFORM}-{unique}", 0)]


class TestPlatformScope:
    async def test_a_new_row_without_a_tenant_raises(self, sessions, unique):
        """Never a row of the platform tenant by default: platform work names the tenant of what it writes."""
        async with platform_session(sessions) as db:
            db.add(Post(post_code=unique, post_name="nameless"))
            with pytest.raises(tenancy.TenancyError):
                await db.flush()

    async def test_a_new_row_inside_a_tenant_scope_gets_the_tenant(self, sessions, unique):
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT, USER_ID))
            with tenancy.platform_scope(db):
                db.add(Post(post_code=unique, post_name="caller's"))
                await db.flush()
            await db.commit()
        assert await raw_rows(sessions, unique) == [(OTHER_TENANT, "caller's", 0)]

    async def test_keeps_an_explicit_tenant_on_new_rows(self, sessions, unique):
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(PLATFORM, USER_ID))
            with tenancy.platform_scope(db):
                db.add(Post(tenant_id=OTHER_TENANT, post_code=unique, post_name="explicit"))
                await db.flush()
            await db.commit()
        assert await raw_rows(sessions, unique) == [(OTHER_TENANT, "explicit", 0)]

    async def test_reads_every_tenant_and_restores_the_scope(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        async with platform_session(sessions) as db:
            scope = Scope(OTHER_TENANT, USER_ID)
            tenancy.bind(db, scope)
            with tenancy.platform_scope(db):
                assert tenancy.current(db).bypass
                assert await tenants_of(db, unique) == [PLATFORM, OTHER_TENANT]
            assert tenancy.current(db) == scope
            assert await tenants_of(db, unique) == [OTHER_TENANT]

    async def test_restores_the_scope_after_an_error(self, sessions):
        async with platform_session(sessions) as db:
            scope = Scope(OTHER_TENANT)
            tenancy.bind(db, scope)
            with pytest.raises(RuntimeError), tenancy.platform_scope(db):
                raise RuntimeError("boom")
            assert tenancy.current(db) == scope

    async def test_still_hides_deleted_rows(self, sessions, unique):
        await make_posts(sessions, unique, OTHER_TENANT, deleted=1)
        async with platform_session(sessions) as db:
            with tenancy.platform_scope(db):
                assert await tenants_of(db, unique) == []


class TestTenantScope:
    async def test_acts_inside_the_named_tenant(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(PLATFORM, USER_ID, DEPT_ID))
            with tenancy.tenant_scope(db, OTHER_TENANT):
                assert tenancy.current(db) == Scope(OTHER_TENANT, USER_ID, DEPT_ID)
                assert await tenants_of(db, unique) == [OTHER_TENANT]
                db.add(Post(tenant_id=PLATFORM, post_code=unique, post_name="inside"))
                await db.flush()
            assert tenancy.current(db) == Scope(PLATFORM, USER_ID, DEPT_ID)
            await db.commit()
        assert sorted((t, n) for t, n, _ in await raw_rows(sessions, unique)) == [
            (PLATFORM, f"{PLATFORM}-{unique}"), (OTHER_TENANT, f"{OTHER_TENANT}-{unique}"), (OTHER_TENANT, "inside")]

    async def test_inside_platform_scope_it_narrows_again(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        async with platform_session(sessions) as db:
            with tenancy.platform_scope(db), tenancy.tenant_scope(db, PLATFORM):
                assert await tenants_of(db, unique) == [PLATFORM]

    async def test_without_a_bound_scope_it_binds_one_and_unbinds_after(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        async with sessions() as db:
            with tenancy.tenant_scope(db, OTHER_TENANT):
                assert await tenants_of(db, unique) == [OTHER_TENANT]
            assert tenancy.current(db) is None
            assert await tenants_of(db, unique) == []

    async def test_no_tenant_stays_in_the_bound_one(self, sessions, unique):
        await make_posts(sessions, unique, PLATFORM, OTHER_TENANT)
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(PLATFORM, USER_ID, DEPT_ID))
            with tenancy.tenant_scope(db, None):
                assert tenancy.current(db) == Scope(PLATFORM, USER_ID, DEPT_ID)
                assert await tenants_of(db, unique) == [PLATFORM]


class TestAuditColumns:
    async def test_insert_stamps_creator_dept_and_times(self, sessions, unique):
        before = datetime.now().replace(microsecond=0)
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT, USER_ID, DEPT_ID))
            post = Post(post_code=unique, post_name="audited")
            db.add(post)
            await db.commit()
        assert (post.create_user, post.create_dept, post.update_user) == (USER_ID, DEPT_ID, USER_ID)
        assert post.create_time >= before and post.update_time == post.create_time

    async def test_update_stamps_the_updater_and_time(self, sessions, unique):
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT, USER_ID, DEPT_ID))
            post = Post(post_code=unique, post_name="v1", create_time=datetime(2020, 1, 1),
                        update_time=datetime(2020, 1, 1))
            db.add(post)
            await db.commit()
        async with platform_session(sessions) as db:
            tenancy.bind(db, Scope(OTHER_TENANT, USER_ID + 1, DEPT_ID))
            post = (await db.execute(select(Post).where(Post.post_code == unique))).scalar_one()
            post.post_name = "v2"
            await db.commit()
        assert post.update_user == USER_ID + 1 and post.create_user == USER_ID
        assert post.update_time > datetime(2020, 1, 1) and post.create_time == datetime(2020, 1, 1)

    async def test_no_scope_stamps_times_but_no_user(self, sessions, unique):
        async with platform_session(sessions) as db:
            post = Post(tenant_id=OTHER_TENANT, post_code=unique, post_name="cli")
            db.add(post)
            await db.commit()
        assert post.create_user is None and post.create_time is not None
