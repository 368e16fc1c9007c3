"""First start of an empty database: platform tenant and admin, clients, menus, dicts, params, regions,
and a demo tenant with a small plant organisation. Seeding a database that has tenant 000000 does nothing; the
menus, dictionaries and parameters of a later release reach it through seed.sync."""

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from plantdesk.config import Settings
from plantdesk.core import tenancy
from plantdesk.core.security.models import Client
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
from plantdesk.modules.system.param import seeds as params
from plantdesk.modules.system.tenant.provision import menu_ids_for_codes
from plantdesk.seed.data import demo, flow, form, product, regions
from plantdesk.seed.sync import sync, sync_business_dicts

T = TypeVar("T")

CLIENTS = (
    # (client_id, secret): the console's own client and BladeX Saber's, so Saber-family clients keep working.
    ("plantdesk", "plantdesk_secret"),
    ("saber", "saber_secret"),
)


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
    await sync(db)  # menus, dictionaries and parameters, recorded as seeded (seed.sync)
    for client_id, secret in CLIENTS:
        db.add(Client(client_id=client_id, client_secret=secret, scope="all",
                      authorized_grant_types="refresh_token,password,captcha,social",
                      access_token_validity=3600, refresh_token_validity=604800))
    _add_regions(db)
    await db.flush()

    admin_password = await hash_password(md5_hex("admin"))
    await _add_organisation(db, demo.PLATFORM_TENANT, demo.PLATFORM_DEPTS, demo.PLATFORM_POSTS,
                            demo.PLATFORM_ROLES, demo.PLATFORM_USERS, admin_password, grants={"user": ["desk"]})
    tenant_password = await hash_password(md5_hex("123456"))
    await _add_organisation(db, demo.DEMO_TENANT, demo.DEMO_DEPTS, demo.DEMO_POSTS, demo.DEMO_ROLES,
                            demo.DEMO_USERS, tenant_password, admin_password=admin_password,
                            grants={"admin": list(params.TENANT_DEFAULT_MENU_CODES), "user": ["desk"]})
    for tenant_id, notices in ((PLATFORM_TENANT, demo.PLATFORM_NOTICES),
                               (demo.DEMO_TENANT["tenant_id"], demo.DEMO_NOTICES)):
        await sync_business_dicts(db, tenant_id)
        _add_notices(db, tenant_id, notices)
    await db.flush()
    await seed_plant(db)
    await seed_forms(db)
    await seed_knowledge(db)
    await seed_production(db)
    await flow.seed_flow(db)
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


async def _add_organisation(db: AsyncSession, tenant: dict, depts: list[dict], posts: list[tuple],
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


def _add_notices(db: AsyncSession, tenant_id: str, notices: list[tuple[int, int, str, str]]) -> None:
    now = datetime.now().replace(microsecond=0)
    for days, category, title, content in notices:
        db.add(Notice(tenant_id=tenant_id, title=title, category=category, content=content,
                      release_time=now - timedelta(days=days)))


def _new_id() -> int:
    from plantdesk.core.ids import next_id

    return next_id()


async def seed_forms(db: AsyncSession) -> bool:
    """The demo tenant's forms (seed.data.form), once: only when the demo tenant exists and has never had a form
    catalogue."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == demo.DEMO_TENANT["tenant_id"])):
        return False
    return await form.seed(db, demo.DEMO_TENANT["tenant_id"])


async def seed_production(db: AsyncSession) -> bool:
    """The demo tenant's production and OEE (seed.data.product), once, after its plant."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == demo.DEMO_TENANT["tenant_id"])):
        return False
    return await product.seed(db, demo.DEMO_TENANT["tenant_id"])


async def seed_plant(db: AsyncSession) -> bool:
    """The demo tenant's plant (seed.data.plant), once: only when the demo tenant exists and has never had a
    device model (removed ones count, so a plant the tenant cleared away does not come back)."""
    from datetime import date

    from plantdesk.modules.device import service
    from plantdesk.modules.device.models import (
        CollectGroup,
        DataPoint,
        DataPointAlarm,
        DataPointSource,
        Device,
        EquipmentModel,
        ModelComponent,
        ModelPoint,
    )
    from plantdesk.seed.data import alarm, collect, plant, warning

    tenant_id = demo.DEMO_TENANT["tenant_id"]
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == tenant_id)):
        return False
    with tenancy.tenant_scope(db, tenant_id):
        had = await db.scalar(select(EquipmentModel.id).limit(1).execution_options(**{tenancy.INCLUDE_DELETED: True}))
        if had:
            return False
        groups = {}
        for row in plant.COLLECT_GROUPS:
            groups[row["code"]] = CollectGroup(**row)
            db.add(groups[row["code"]])
        for row in plant.SOURCES:
            db.add(DataPointSource(**row))
        await db.flush()
        models = {}
        for sort, spec in enumerate(plant.MODELS, start=1):
            model = EquipmentModel(code=spec["code"], name=spec["name"], category=spec["category"],
                                   manufacturer=spec["manufacturer"], specification=spec["specification"],
                                   remark=spec["zh"], sort=sort)
            db.add(model)
            await db.flush()
            models[spec["code"]] = model
            components = {}
            for n, (code, name) in enumerate(spec["components"], start=1):
                components[code] = ModelComponent(model_id=model.id, code=code, name=name, sort=n)
                db.add(components[code])
            await db.flush()
            for n, (code, name, unit, kind, low, high, deadband, component, group, address) in enumerate(
                    spec["points"], start=1):
                db.add(ModelPoint(link_id=model.id, component_id=components[component].id if component else None,
                                  code=code, name=name, unit=unit, data_type=kind, range_min=low, range_max=high,
                                  deadband=deadband, collect_group_id=groups[group].id, address=address, sort=n,
                                  store=1, scale=1.0, offset=0.0))
        await db.flush()
        depts = {d.dept_name: d.id for d in (await db.execute(select(Dept))).scalars()}
        devices = {}
        for sort, (code, name, model_code, dept, line, area, location, serial, installed) in enumerate(
                plant.DEVICES, start=1):
            model = models[model_code]
            device = Device(code=code, name=name, model_id=model.id, category=model.category,
                            manufacturer=model.manufacturer, dept_id=depts.get(dept), line=line, area=area,
                            location=location, serial_no=serial, install_date=date.fromisoformat(installed),
                            sort=sort)
            db.add(device)
            await db.flush()
            await service.instantiate(db, device)
            devices[code] = device
        for device_code, point_code, low_low, low, high, high_high, level, message in plant.ALARMS:
            point_id = await db.scalar(select(DataPoint.id).where(DataPoint.device_id == devices[device_code].id,
                                                                 DataPoint.code == point_code))
            db.add(DataPointAlarm(point_id=point_id, switch_flag=1, low_low=low_low, low=low, high=high,
                                  high_high=high_high, level=level, message=message, deadband=0.0,
                                  delay_seconds=10))
        await db.flush()
        await collect.seed(db)
    await alarm.seed(db, tenant_id)
    await warning.seed(db, tenant_id)
    return True


async def seed_knowledge(db: AsyncSession) -> bool:
    """The demo tenant's knowledge base (seed.data.knowledge), once: only when the tenant has never had a
    knowledge catalogue (removed ones count)."""
    from plantdesk.modules.knowledge import service
    from plantdesk.modules.knowledge.models import KnowledgeCatalogue, KnowledgeInfo
    from plantdesk.seed.data import knowledge

    tenant_id = demo.DEMO_TENANT["tenant_id"]
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == tenant_id)):
        return False
    with tenancy.tenant_scope(db, tenant_id):
        if await db.scalar(select(KnowledgeCatalogue.id).limit(1)
                           .execution_options(**{tenancy.INCLUDE_DELETED: True})):
            return False
        folders: dict[str, KnowledgeCatalogue] = {}
        for sort, (key, parent, name) in enumerate(knowledge.CATALOGUES, start=1):
            folders[key] = KnowledgeCatalogue(name=name, sort=sort,
                                              parent_id=folders[parent].id if parent else 0)
            db.add(folders[key])
            await db.flush()
        for folder, title, tags, summary, content in knowledge.ENTRIES:
            info = KnowledgeInfo(catalogue_id=folders[folder].id, title=title, tags=tags, summary=summary,
                                 content=content, author=demo.DEMO_USERS[0][1])
            db.add(info)
            await db.flush()
            await service.index(db, info)
        await db.flush()
    return True
