"""First start of an empty database: platform tenant and admin, clients, menus, dicts, params, regions, then
the demo tenant (plantdesk.demo.seed). Seeding a database that has tenant 000000 does nothing; the menus,
dictionaries and parameters of a later release reach it through seed.sync."""

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from plantdesk.config import Settings
from plantdesk.core import tenancy
from plantdesk.core.security.passwords import hash_password, md5_hex
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.db.session import create_engine, session_factory
from plantdesk.modules.desk.models import Notice
from plantdesk.modules.system.models import (
    Dept,
    Post,
    Region,
    Role,
    RoleMenu,
    Tenant,
    User,
)
from plantdesk.modules.system.tenant.provision import menu_ids_for_codes
from plantdesk.seed.data import platform, regions
from plantdesk.seed.sync import sync, sync_business_dicts

T = TypeVar("T")


async def run_with_session(settings: Settings, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
    engine = create_engine(settings.resolved_database_url)
    try:
        return await run_on(engine, work)
    finally:
        await engine.dispose()


async def run_on(engine: AsyncEngine, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
    """`work` in one session of `engine` under the platform scope (every new row names its tenant), committed when
    it returns."""
    async with session_factory(engine)() as session:
        tenancy.bind(session, tenancy.PLATFORM)
        result = await work(session)
        await session.commit()
        return result


async def seed_database(db: AsyncSession) -> bool:
    if await db.scalar(select(Tenant.id).where(Tenant.tenant_id == PLATFORM_TENANT)):
        return False
    await sync(db)  # clients, menus, dictionaries and parameters, recorded as seeded (seed.sync)
    _add_regions(db)
    await db.flush()

    admin_password = await hash_password(md5_hex("admin"))
    await add_organisation(db, platform.PLATFORM_TENANT, platform.PLATFORM_DEPTS, platform.PLATFORM_POSTS,
                           platform.PLATFORM_ROLES, platform.PLATFORM_USERS, admin_password, grants={"user": ["desk"]})
    await sync_business_dicts(db, PLATFORM_TENANT)
    add_notices(db, PLATFORM_TENANT, platform.PLATFORM_NOTICES)
    await db.flush()
    # Imported here: the demo builds on this module's helpers (and on every area).
    from plantdesk.demo import seed as demo

    await demo.seed(db, admin_password)
    return True


def _add_regions(db: AsyncSession) -> None:
    names = {code: name for code, _, name in regions.REGIONS}
    for sort, (code, parent_code, name) in enumerate(regions.REGIONS, start=1):
        province = parent_code == regions.PROVINCE_PARENT
        db.add(Region(code=code, parent_code=parent_code, name=name, sort=sort, region_level=1 if province else 2,
                      ancestors=parent_code if province else f"{regions.PROVINCE_PARENT},{parent_code}",
                      province_code=code if province else parent_code,
                      province_name=name if province else names.get(parent_code),
                      city_code=None if province else code, city_name=None if province else name))


async def add_organisation(db: AsyncSession, tenant: dict, depts: list[dict], posts: list[tuple],
                            roles: list[tuple], users: list[tuple], password: str, *,
                            admin_password: str | None = None, grants: dict[str, list[str]]) -> None:
    tenant_id = tenant["tenant_id"]
    db.add(Tenant(**tenant))
    dept_ids: dict[str, int] = {}
    _add_depts(db, tenant_id, depts, parent_id=0, ancestors="0", ids=dept_ids)
    post_ids = {}
    for code, name, category, sort in posts:
        post = Post(id=_new_id(), tenant_id=tenant_id, post_code=code, post_name=name, category=category, sort=sort)
        db.add(post)
        post_ids[code] = post.id
    role_ids = {}
    for sort, (name, alias) in enumerate(roles, start=1):
        role = Role(id=_new_id(), tenant_id=tenant_id, role_name=name, role_alias=alias, sort=sort, parent_id=0)
        db.add(role)
        role_ids[alias] = role.id
    await db.flush()
    for alias, codes in grants.items():
        for menu_id in await menu_ids_for_codes(db, codes):
            db.add(RoleMenu(role_id=role_ids[alias], menu_id=menu_id))
    for account, real_name, name, phone, email, sex, dept, post, role in users:
        db.add(User(tenant_id=tenant_id, account=account, real_name=real_name, name=name, phone=phone,
                    email=email, sex=sex, dept_id=str(dept_ids[dept]), post_id=str(post_ids[post]),
                    role_id=str(role_ids[role]), user_type=1,
                    password=admin_password if account == "admin" and admin_password else password))


def _add_depts(db: AsyncSession, tenant_id: str, nodes: list[dict], *, parent_id: int, ancestors: str,
               ids: dict[str, int]) -> None:
    for node in nodes:
        dept = Dept(id=_new_id(), tenant_id=tenant_id, parent_id=parent_id, ancestors=ancestors,
                    dept_name=node["name"], full_name=node["name"], dept_category=node["category"],
                    sort=node["sort"])
        db.add(dept)
        ids[node["name"]] = dept.id
        _add_depts(db, tenant_id, node["children"], parent_id=dept.id, ancestors=f"{ancestors},{dept.id}", ids=ids)


def add_notices(db: AsyncSession, tenant_id: str, notices: list[tuple[int, int, str, str]]) -> None:
    now = datetime.now().replace(microsecond=0)
    for days, category, title, content in notices:
        db.add(Notice(tenant_id=tenant_id, title=title, category=category, content=content,
                      release_time=now - timedelta(days=days)))


def _new_id() -> int:
    from plantdesk.core.ids import next_id

    return next_id()

