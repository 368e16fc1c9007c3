"""The demo tenant's seed (356782): its organisation, business dictionaries and notices on a first start
(seed.seeder.seed_database), then its plant (and the values around its history alarms), forms, knowledge base,
production, workflow, its staff's plant roles and their data scopes, site map, cameras and topologies, and reports,
and the platform's code generation demo, each once (LATER: `serve` gives a database seeded before one of them
existed that part alone)."""

from datetime import date
from typing import Any

from sqlalchemy import select, update
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
from plantdesk.modules.alarm.models import AlarmRule
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
from plantdesk.modules.product.models import Product
from plantdesk.modules.system.models import Dept, Role, Tenant
from plantdesk.modules.system.param import seeds as params
from plantdesk.modules.system.tenant.provision import TENANT_ADMIN_ROLE
from plantdesk.modules.warning.models import WarningIndicator
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


async def seed_alarm_values(db: AsyncSession) -> bool:
    """The points' values around the demo's history alarms (demo.data.warning.seed_values), after its plant:
    wherever an alarm's window holds none, so a database seeded before gets them too; once (`once`): at every later
    start the oldest window already holds them and nothing more is read or written."""
    if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == TENANT)):
        return False
    return await warning.seed_values(db, TENANT, once=True) > 0


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


# Names an earlier demo seeded in one language, and the ones in both languages it seeds now (as its other names):
# (column, earlier, now, conditions: the rows by code, where a name alone could be the tenant's own).
RELABELLED: list[tuple[Any, str, str, tuple[Any, ...]]] = [
    (Product.product_name, "聚合树脂 PR-200", product.PRODUCTS[0][1], ()),
    (Product.product_name, "树脂助剂 AD-15", product.PRODUCTS[1][1], ()),
    (Product.unit, "桶", product.PRODUCTS[0][3], ()),
    (Product.unit, "袋", product.PRODUCTS[1][3], ()),
    *((Role.role_name, name, staff.role_name(alias), ()) for alias, (name, english, *_) in staff.ROLES.items()
      if name != english),
    # the administrator role every tenant is given (in Chinese, the contract's): the demo's, as its others
    (Role.role_name, TENANT_ADMIN_ROLE[0], f"{TENANT_ADMIN_ROLE[0]} Administrator", ()),
    # the plant, named in English before
    *((Device.name, plant.english(name), name, (Device.code == code,)) for code, name, *_ in plant.DEVICES),
    *((ModelPoint.name, plant.english(name), name, (ModelPoint.code == code, ModelPoint.link_id.in_(
        select(EquipmentModel.id).where(EquipmentModel.code == model["code"]))))
      for model in plant.MODELS for code, name, *_ in model["points"]),
    *((DataPoint.name, plant.english(name), name, (DataPoint.code == code, DataPoint.device_id.in_(
        select(Device.id).where(Device.code.in_([d[0] for d in plant.DEVICES if d[2] == model["code"]])))))
      for model in plant.MODELS for code, name, *_ in model["points"]),
    *((DataPointAlarm.message, plant.english(message), message, (DataPointAlarm.point_id.in_(
        select(DataPoint.id).join(Device, Device.id == DataPoint.device_id)
        .where(Device.code == device, DataPoint.code == point)),))
      for device, point, *_, message in plant.ALARMS),
    *((AlarmRule.name, plant.english(name), name, (AlarmRule.device_id.in_(
        select(Device.id).where(Device.code == device)),)) for name, device, *_ in alarm.RULES),
    *((AlarmRule.name, f"{plant.english(name)} offline", alarm.offline_name(name), (
        AlarmRule.kind == "OFFLINE", AlarmRule.device_id.in_(select(Device.id).where(Device.code == code))))
      for code, name, *_ in plant.DEVICES),
    *((WarningIndicator.name, plant.english(name), name, ()) for name, *_ in warning.INDICATORS),
]


async def relabel(db: AsyncSession) -> bool:
    """The demo tenant's RELABELLED names, where a row still holds the earlier one (an edited name stays)."""
    renamed = 0
    with tenancy.tenant_scope(db, TENANT):
        for column, earlier, now, where in RELABELLED:
            result = await db.execute(update(column.class_).where(column == earlier, *where)
                                      .values({column.key: now}))
            renamed += getattr(result, "rowcount", 0) or 0
    return renamed > 0


LATER = (seed_plant, seed_alarm_values, seed_forms, seed_knowledge, seed_production, flow.seed_flow, staff.seed_staff,
         staff.grant_scopes, staff.attach_areas, relabel, flow.seed_inspection, seed_visual, seed_video, seed_reports,
         seed_code)
