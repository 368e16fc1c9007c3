"""The demo tenant's seed (356782): its organisation, business dictionaries and notices on a first start
(seed.seeder.seed_database), then its plant, forms, knowledge base, production, workflow, its staff's plant roles,
site map, cameras and topologies, and reports, and the platform's code generation demo, each once (LATER: `serve`
gives a database seeded before one of them existed that part alone)."""

from datetime import date

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.core.security.passwords import hash_password, md5_hex
from plantdesk.demo import TENANT
from plantdesk.demo.data import (
    alarm,
    code,
    collect,
    flow,
    form,
    knowledge,
    organisation,
    plant,
    product,
    report,
    staff,
    video,
    visual,
    warning,
)
from plantdesk.modules.device import service as device_service
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
from plantdesk.modules.knowledge import service as knowledge_service
from plantdesk.modules.knowledge.models import KnowledgeCatalogue, KnowledgeInfo
from plantdesk.modules.system.models import Dept, Tenant
from plantdesk.modules.system.param import seeds as params
from plantdesk.seed.seeder import add_notices, add_organisation
from plantdesk.seed.sync import sync_business_dicts


async def seed(db: AsyncSession, admin_password: str) -> None:
    """The demo tenant on a first start; its admin has the platform admin's password (`admin_password`, hashed)."""
    tenant_password = await hash_password(md5_hex("123456"))
    await add_organisation(db, organisation.DEMO_TENANT, organisation.DEMO_DEPTS, organisation.DEMO_POSTS,
                           organisation.DEMO_ROLES, organisation.DEMO_USERS, tenant_password,
                           admin_password=admin_password,
                           grants={"admin": list(params.TENANT_DEFAULT_MENU_CODES), "user": ["desk"]})
    await sync_business_dicts(db, TENANT)
    add_notices(db, TENANT, organisation.DEMO_NOTICES)
    await db.flush()
    for part in LATER:
        await part(db)


async def seed_forms(db: AsyncSession) -> bool:
    """The demo tenant's forms (demo.data.form), once: only when the demo tenant exists and has never had a form
    catalogue."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == TENANT)):
        return False
    return await form.seed(db, TENANT)


async def seed_plant(db: AsyncSession, tenant: str = TENANT) -> bool:
    """The demo tenant's plant (demo.data.plant), once: only when the demo tenant exists and has never had a
    device model (removed ones count, so a plant the tenant cleared away does not come back). `tenant`: the same
    plant in another tenant (the assistant's question set builds its own)."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == tenant)):
        return False
    with tenancy.tenant_scope(db, tenant):
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
            await device_service.instantiate(db, device)
            devices[code] = device
        for device_code, point_code, low_low, low, high, high_high, level, message in plant.ALARMS:
            point_id = await db.scalar(select(DataPoint.id).where(DataPoint.device_id == devices[device_code].id,
                                                                 DataPoint.code == point_code))
            db.add(DataPointAlarm(point_id=point_id, switch_flag=1, low_low=low_low, low=low, high=high,
                                  high_high=high_high, level=level, message=message, deadband=0.0,
                                  delay_seconds=10))
        await db.flush()
        await collect.seed(db)
    await alarm.seed(db, tenant)
    await warning.seed(db, tenant)
    return True


async def seed_knowledge(db: AsyncSession, tenant: str = TENANT) -> bool:
    """The demo tenant's knowledge base (demo.data.knowledge), once: only when the tenant has never had a
    knowledge catalogue (removed ones count)."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == tenant)):
        return False
    with tenancy.tenant_scope(db, tenant):
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
                                 content=content, author=organisation.DEMO_USERS[0][1])
            db.add(info)
            await db.flush()
            await knowledge_service.index(db, info)
        await db.flush()
    return True


async def seed_production(db: AsyncSession, tenant: str = TENANT) -> bool:
    """The demo tenant's production and OEE (demo.data.product), once, after its plant."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == tenant)):
        return False
    return await product.seed(db, tenant)


async def seed_code(db: AsyncSession) -> bool:
    """The platform's code generation demo (demo.data.code): a spare-parts config ready to generate, once."""
    return await code.seed(db)


async def seed_reports(db: AsyncSession) -> bool:
    """The demo tenant's report templates and their first generated reports (demo.data.report), once, after its
    plant and production."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == TENANT)):
        return False
    return await report.seed(db, TENANT)


async def seed_visual(db: AsyncSession) -> bool:
    """The demo tenant's site map with its dots (demo.data.visual), once, after its plant."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == TENANT)):
        return False
    return await visual.seed(db, TENANT)


async def seed_video(db: AsyncSession) -> bool:
    """The demo tenant's cameras, protocols and topologies (demo.data.video), once, after its plant."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == TENANT)):
        return False
    return await video.seed(db, TENANT)


LATER = (seed_plant, seed_forms, seed_knowledge, seed_production, flow.seed_flow, staff.seed_staff,
         flow.seed_inspection, seed_visual, seed_video, seed_reports, seed_code)
