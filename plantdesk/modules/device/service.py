"""Device models, devices and their data points: the rules behind the routes.

- A device created from a model gets copies of the model's components and template points; a point's fields
  may then be changed per device (and `dataPoints` in the save body override copies by code at creation).
- Codes are unique among a tenant's live models and devices, and among a device's (or model's) live points.
- Removing a model is refused while devices use it; removing a device removes its components, points and
  their alarm settings (logically).
"""

import json
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Any

from fastapi import Request, UploadFile
from sqlalchemy import Select, func, inspect, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from plantdesk.core import excel, query, tenancy
from plantdesk.core.audit_models import ApiLog
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise, mark_deleted, parse_ids
from plantdesk.core.errors import BusinessError
from plantdesk.core.jobs import Jobs
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams, paginate
from plantdesk.core.query import to_int
from plantdesk.core.runtime import settings_of
from plantdesk.modules.device import io
from plantdesk.modules.device.collect import connection, specs
from plantdesk.modules.device.models import (
    CollectGroup,
    DataPoint,
    DataPointAlarm,
    DataPointSource,
    Device,
    DeviceComponent,
    EquipmentModel,
    ImportErrorRow,
    ImportLog,
    ModelComponent,
    ModelPoint,
    PointFields,
)
from plantdesk.modules.device.schemas import DataPointWrite, DeviceWrite
from plantdesk.modules.log import service as log_service
from plantdesk.modules.system.models import Dept
from plantdesk.modules.system.trees import forest

# The ledger's data scope (core.datascope) as clauses on `device`: its views beside the list (the organisation and
# framework trees, the name search) show the devices the list shows.
Visible = Sequence[ColumnElement[bool]]
POINT_FIELDS = ("code", "name", "unit", "data_type", "scale", "offset", "range_min", "range_max", "address",
                "collect_group_id", "source_id", "deadband", "store", "point_class", "sort", "remark")


def probe_of(obj, values: dict):
    """A detached copy of `obj` with `values` applied: checks run on it, so a refused change never touches the
    loaded row (which the session would flush later)."""
    return type(obj)(**{**_columns(obj), **values})


def apply(obj, values: dict, probe=None, *derived: str) -> None:
    for key, value in values.items():
        setattr(obj, key, value)
    for key in derived:
        setattr(obj, key, getattr(probe, key))


def values_of(body, exclude: Iterable[str] = ()) -> dict[str, Any]:
    skip = {"id", *exclude}
    return {name: getattr(body, name) for name in body.model_fields_set if name not in skip}


async def code_taken(db: AsyncSession, model, code: str, own_id: int | None, **scope) -> bool:
    stmt = select(model.id).where(model.code == code, *(getattr(model, k) == v for k, v in scope.items()))
    if own_id is not None:
        stmt = stmt.where(model.id != own_id)
    return (await db.execute(stmt.limit(1))).first() is not None


# --- models ---------------------------------------------------------------------------------------------------

async def save_model(db: AsyncSession, body) -> EquipmentModel:
    values = values_of(body)
    id_ = body.id
    target = None if id_ is None else await get_or_raise(db, EquipmentModel, id_)
    obj = EquipmentModel(**values) if target is None else probe_of(target, values)
    if await code_taken(db, EquipmentModel, obj.code, id_):
        raise BusinessError(f"模型编码已存在: {obj.code}")
    if obj.parent_id:
        if obj.parent_id == id_:
            raise BusinessError("上级模型不能是自己")
        await get_or_raise(db, EquipmentModel, obj.parent_id)
    if target is None:
        db.add(obj)
    else:
        apply(target, values)
        obj = target
    await db.flush()
    return obj


async def model_counts(db: AsyncSession, ids: Sequence[int]) -> dict[int, tuple[int, int]]:
    if not ids:
        return {}
    components = dict((await db.execute(select(ModelComponent.model_id, func.count()).where(
        ModelComponent.model_id.in_(ids)).group_by(ModelComponent.model_id))).all())
    points = dict((await db.execute(select(ModelPoint.link_id, func.count()).where(
        ModelPoint.link_id.in_(ids)).group_by(ModelPoint.link_id))).all())
    return {i: (components.get(i, 0), points.get(i, 0)) for i in ids}


async def model_reads(db: AsyncSession, rows: Sequence[EquipmentModel]) -> list[dict]:
    counts = await model_counts(db, [r.id for r in rows])
    out = []
    for row in rows:
        data = _columns(row)
        data["component_count"], data["point_count"] = counts.get(row.id, (0, 0))
        out.append(data)
    return out


def _columns(row) -> dict[str, Any]:
    return {c.key: getattr(row, c.key) for c in row.__mapper__.column_attrs if c.key != "content"}


async def search_models(db: AsyncSession, keyword: str) -> list[dict]:
    """Models whose code, name, category or manufacturer contains `keyword` (at most 100)."""
    stmt = select(EquipmentModel).order_by(EquipmentModel.code).limit(100)
    clause = query.keyword(keyword, EquipmentModel.code, EquipmentModel.name, EquipmentModel.category,
                           EquipmentModel.manufacturer)
    if clause is not None:
        stmt = stmt.where(clause)
    return await model_reads(db, list((await db.execute(stmt)).scalars()))


async def remove_models(db: AsyncSession, ids: list[int]) -> None:
    used = (await db.execute(select(Device.code).where(Device.model_id.in_(ids)).limit(1))).scalar()
    if used is not None:
        raise BusinessError(f"模型已被设备使用,不能删除: {used}")
    await mark_deleted(db, EquipmentModel, EquipmentModel.id.in_(ids))
    await mark_deleted(db, ModelComponent, ModelComponent.model_id.in_(ids))
    await mark_deleted(db, ModelPoint, ModelPoint.link_id.in_(ids))


async def copy_model(db: AsyncSession, source_id: int, *, code: str | None, name: str | None) -> EquipmentModel:
    source = await get_or_raise(db, EquipmentModel, source_id)
    new_code = code or await _free_code(db, EquipmentModel, f"{source.code}-COPY")
    if await code_taken(db, EquipmentModel, new_code, None):
        raise BusinessError(f"模型编码已存在: {new_code}")
    copy = EquipmentModel(**{k: v for k, v in _columns(source).items() if k not in _NOT_COPIED})
    copy.code, copy.name = new_code, name or f"{source.name} (copy)"
    db.add(copy)
    await db.flush()
    await copy_process(db, source.id, copy.id)
    return copy


_NOT_COPIED = {"id", "tenant_id", "create_user", "create_dept", "create_time", "update_user", "update_time",
               "is_deleted"}


async def _free_code(db: AsyncSession, model, base: str) -> str:
    code, n = base[:64], 1
    while await code_taken(db, model, code, None):
        n += 1
        code = f"{base}{n}"[:64]
    return code


async def copy_process(db: AsyncSession, source_id: int, target_id: int) -> int:
    """Append the source model's components and template points to the target model (points whose code the
    target already has are skipped). Answers how many points were copied."""
    if source_id == target_id:
        raise BusinessError("源模型与目标模型不能相同")
    await get_or_raise(db, EquipmentModel, source_id)
    await get_or_raise(db, EquipmentModel, target_id)
    components = list((await db.execute(select(ModelComponent).where(ModelComponent.model_id == source_id)
                                        .order_by(ModelComponent.sort, ModelComponent.id))).scalars())
    existing = {c.code: c.id for c in (await db.execute(
        select(ModelComponent).where(ModelComponent.model_id == target_id))).scalars()}
    mapping: dict[int, int] = {}
    for component in components:
        if component.code in existing:
            mapping[component.id] = existing[component.code]
            continue
        new = ModelComponent(**{k: v for k, v in _columns(component).items() if k not in _NOT_COPIED})
        new.model_id = target_id
        db.add(new)
        await db.flush()
        mapping[component.id] = new.id
    for component in components:  # parents of the copies point at the copies
        if component.parent_id and component.parent_id in mapping and component.code not in existing:
            copied = await db.get(ModelComponent, mapping[component.id])
            if copied is not None:
                copied.parent_id = mapping[component.parent_id]
    taken = set((await db.execute(select(ModelPoint.code).where(ModelPoint.link_id == target_id))).scalars())
    copied_points = 0
    for point in (await db.execute(select(ModelPoint).where(ModelPoint.link_id == source_id)
                                   .order_by(ModelPoint.sort, ModelPoint.id))).scalars():
        if point.code in taken:
            continue
        new_point = ModelPoint(**{k: v for k, v in _columns(point).items() if k not in _NOT_COPIED})
        new_point.link_id = target_id
        new_point.component_id = mapping.get(point.component_id) if point.component_id else None
        db.add(new_point)
        copied_points += 1
    await db.flush()
    return copied_points


Check = Callable[[Any], Awaitable[None]]


async def _save_owned(db: AsyncSession, body, model, owner_key: str, owner_model, missing: str, check: Check):
    """Insert or update a row that belongs to an owner (a model's component or template point, a device's point).
    The owner is required on insert and never changes; the checks run on a detached probe, so a refused change
    leaves the loaded row untouched."""
    values = values_of(body)
    if body.id is None:
        if not getattr(body, owner_key):
            raise BusinessError(missing)
        target = obj = model(**values)
    else:
        target = await get_or_raise(db, model, body.id)
        values.pop(owner_key, None)
        obj = probe_of(target, values)
    await get_or_raise(db, owner_model, getattr(obj, owner_key))
    await check(obj)
    if body.id is None:
        db.add(target)
    else:
        apply(target, values)
    await db.flush()
    return target


async def model_components(db: AsyncSession, model_id: int | None) -> list[ModelComponent]:
    stmt = select(ModelComponent).order_by(ModelComponent.sort, ModelComponent.id).limit(5000)
    if model_id:
        stmt = stmt.where(ModelComponent.model_id == model_id)
    return list((await db.execute(stmt)).scalars())


async def remove_components(db: AsyncSession, ids: list[int]) -> None:
    """Template points of a removed component stay in the model, without a component."""
    await mark_deleted(db, ModelComponent, ModelComponent.id.in_(ids))
    await clear_component(db, ModelPoint, ids)


async def model_points(db: AsyncSession, link_id: int) -> list[ModelPoint]:
    """The template points of model `link_id`."""
    stmt = select(ModelPoint).where(ModelPoint.link_id == link_id).order_by(ModelPoint.sort, ModelPoint.id)
    return list((await db.execute(stmt)).scalars())


async def save_component(db: AsyncSession, body) -> ModelComponent:
    async def check(obj: ModelComponent) -> None:
        if await code_taken(db, ModelComponent, obj.code, body.id, model_id=obj.model_id):
            raise BusinessError(f"部件编码已存在: {obj.code}")
        if obj.parent_id:
            parent = await get_or_raise(db, ModelComponent, obj.parent_id)
            if parent.model_id != obj.model_id or parent.id == obj.id:
                raise BusinessError("上级部件不属于该模型")

    return await _save_owned(db, body, ModelComponent, "model_id", EquipmentModel, "请选择设备模型", check)


async def save_model_point(db: AsyncSession, body) -> ModelPoint:
    async def check(obj: ModelPoint) -> None:
        await _check_owned_point(db, obj, body.id, ModelPoint, link_id=obj.link_id)
        if obj.component_id:
            component = await get_or_raise(db, ModelComponent, obj.component_id)
            if component.model_id != obj.link_id:
                raise BusinessError("部件不属于该模型")

    return await _save_owned(db, body, ModelPoint, "link_id", EquipmentModel, "请选择设备模型", check)


async def _check_owned_point(db: AsyncSession, obj, own_id: int | None, model, **owner) -> None:
    await check_point(db, obj)
    if await code_taken(db, model, obj.code, own_id, **owner):
        raise BusinessError(f"点位编码已存在: {obj.code}")


async def check_point(db: AsyncSession, point: PointFields) -> None:
    if point.range_min is not None and point.range_max is not None and point.range_min > point.range_max:
        raise BusinessError("量程下限不能大于上限")
    if point.collect_group_id and (await db.get(CollectGroup, point.collect_group_id)) is None:
        raise BusinessError("采集组不存在")
    if point.source_id:
        source = await db.get(DataPointSource, point.source_id)
        if source is None:
            raise BusinessError("数据源不存在")
        specs.check_address(source.type, point.address)


# --- devices --------------------------------------------------------------------------------------------------

async def save_device(db: AsyncSession, body: DeviceWrite) -> Device:
    """Insert (copying the model's components and points) or update a device. Every check runs before the
    first write, so a refused device leaves nothing behind."""
    values = values_of(body, exclude=("data_points",))
    if body.id is not None:
        obj = await get_or_raise(db, Device, body.id)
        if "model_id" in values and values["model_id"] != obj.model_id:
            raise BusinessError("设备创建后不能更换模型")
        probe = probe_of(obj, values)
        await _check_device(db, probe, body.id)
        apply(obj, values, probe, "category", "manufacturer")
        await db.flush()
        return obj
    obj = Device(**values)
    await _check_device(db, obj, None)
    overrides = list(body.data_points or [])
    codes = [p.code for p in overrides]
    if len(codes) != len(set(codes)):
        raise BusinessError("点位编码重复")
    for point in overrides:
        await check_point(db, DataPoint(**values_of(point, exclude=("device_id", "component_id"))))
    db.add(obj)
    await db.flush()
    await instantiate(db, obj, overrides)
    return obj


async def _check_device(db: AsyncSession, obj: Device, own_id: int | None) -> None:
    if await code_taken(db, Device, obj.code, own_id):
        raise BusinessError(f"设备编码已存在: {obj.code}")
    if obj.model_id:
        model = await get_or_raise(db, EquipmentModel, obj.model_id)
        obj.category = obj.category or model.category
        obj.manufacturer = obj.manufacturer or model.manufacturer
    if obj.dept_id and (await db.execute(select(Dept.id).where(Dept.id == obj.dept_id))).first() is None:
        raise BusinessError("部门不存在")


async def instantiate(db: AsyncSession, device: Device, overrides: Sequence[DataPointWrite] = ()) -> int:
    """The device's components and data points, copied from its model's; `overrides` change copies by code or
    add points. Answers the number of points made."""
    components: dict[int, int] = {}
    points: dict[str, DataPoint] = {}
    if device.model_id:
        rows = list((await db.execute(select(ModelComponent).where(ModelComponent.model_id == device.model_id)
                                      .order_by(ModelComponent.sort, ModelComponent.id))).scalars())
        made = {}
        for row in rows:
            made[row.id] = DeviceComponent(device_id=device.id, model_component_id=row.id, code=row.code,
                                           name=row.name, category=row.category, sort=row.sort, remark=row.remark)
            db.add(made[row.id])
        await db.flush()
        for row in rows:
            components[row.id] = made[row.id].id
            if row.parent_id in made:
                made[row.id].parent_id = made[row.parent_id].id
        for template in (await db.execute(select(ModelPoint).where(ModelPoint.link_id == device.model_id)
                                          .order_by(ModelPoint.sort, ModelPoint.id))).scalars():
            point = DataPoint(device_id=device.id, model_point_id=template.id,
                              component_id=components.get(template.component_id) if template.component_id else None,
                              **{name: getattr(template, name) for name in POINT_FIELDS})
            points[point.code] = point
    for override in overrides:
        values = values_of(override, exclude=("device_id", "component_id"))
        existing = points.get(override.code)
        if existing is None:
            points[override.code] = DataPoint(device_id=device.id, **values)
        else:
            apply(existing, values)
    db.add_all(points.values())
    await db.flush()
    return len(points)


async def device_reads(db: AsyncSession, rows: Sequence[Device], cache: Cache | None = None) -> list[dict]:
    from plantdesk.modules.system.models import Dept

    model_ids = {r.model_id for r in rows if r.model_id}
    dept_ids = {r.dept_id for r in rows if r.dept_id}
    ids = [r.id for r in rows]
    models = dict((await db.execute(select(EquipmentModel.id, EquipmentModel.name)
                                    .where(EquipmentModel.id.in_(model_ids)))).all()) if model_ids else {}
    depts = dict((await db.execute(select(Dept.id, Dept.dept_name).where(Dept.id.in_(dept_ids)))).all()) \
        if dept_ids else {}
    counts = dict((await db.execute(select(DataPoint.device_id, func.count()).where(DataPoint.device_id.in_(ids))
                                    .group_by(DataPoint.device_id))).all()) if ids else {}
    out = []
    for row in rows:
        data = _columns(row)
        data["model_name"] = models.get(row.model_id) if row.model_id else None
        data["dept_name"] = depts.get(row.dept_id) if row.dept_id else None
        data["point_count"] = counts.get(row.id, 0)
        out.append(data)
    # Live status from data freshness and the collectors (monitor module): online / offline / fault, and the
    # newest value's time.
    from plantdesk.modules.device.monitor.service import device_status

    live = await device_status(db, ids, cache) if ids else {}
    for data in out:
        data["run_status"], data["last_data_ts"] = live[data["id"]]["status"], live[data["id"]]["last_ts"]
    return out


async def search_devices(db: AsyncSession, name: str, cache: Cache, visible: Visible = ()) -> list[dict]:
    """Devices whose name or code contains `name` (at most 100)."""
    stmt = select(Device).where(*visible).order_by(Device.sort, Device.code).limit(100)
    clause = query.keyword(name, Device.name, Device.code)
    if clause is not None:
        stmt = stmt.where(clause)
    return await device_reads(db, list((await db.execute(stmt)).scalars()), cache)


async def check_device_component(db: AsyncSession, _user, obj: DeviceComponent, body, created: bool) -> None:
    if not obj.device_id:
        raise BusinessError("请选择设备")
    await get_or_raise(db, Device, obj.device_id)
    if await code_taken(db, DeviceComponent, obj.code, None if created else obj.id, device_id=obj.device_id):
        raise BusinessError(f"部件编码已存在: {obj.code}")
    if obj.parent_id:
        parent = await get_or_raise(db, DeviceComponent, obj.parent_id)
        if parent.device_id != obj.device_id or parent.id == obj.id:
            raise BusinessError("上级部件不属于该设备")


async def free_device_components(db: AsyncSession, _user, ids: list[int]) -> None:
    await clear_component(db, DataPoint, ids)


async def narrow_device_components(_db, _user, stmt: Select, request: Request) -> Select:
    device_id = request.query_params.get("deviceId")
    return stmt.where(DeviceComponent.device_id == to_int(device_id, "deviceId")) if device_id else stmt


async def remove_devices(db: AsyncSession, ids: list[int]) -> None:
    point_ids = select(DataPoint.id).where(DataPoint.device_id.in_(ids)).scalar_subquery()
    await mark_deleted(db, DataPointAlarm, DataPointAlarm.point_id.in_(point_ids))
    await mark_deleted(db, DataPoint, DataPoint.device_id.in_(ids))
    await mark_deleted(db, DeviceComponent, DeviceComponent.device_id.in_(ids))
    await mark_deleted(db, Device, Device.id.in_(ids))


async def point_reads(db: AsyncSession, rows: Sequence[DataPoint]) -> list[dict]:
    device_ids = {r.device_id for r in rows}
    ids = [r.id for r in rows]
    devices = {d.id: d for d in (await db.execute(select(Device).where(Device.id.in_(device_ids)))).scalars()} \
        if device_ids else {}
    switches = dict((await db.execute(select(DataPointAlarm.point_id, DataPointAlarm.switch_flag)
                                      .where(DataPointAlarm.point_id.in_(ids)))).all()) if ids else {}
    out = []
    for row in rows:
        data = _columns(row)
        device = devices.get(row.device_id)
        data["device_code"] = device.code if device else None
        data["device_name"] = device.name if device else None
        data["alarm_switch"] = switches.get(row.id, 0)
        out.append(data)
    return out


async def save_point(db: AsyncSession, body: DataPointWrite) -> DataPoint:
    """A point stays with its device: the monitor data is keyed by its id."""
    async def check(obj: DataPoint) -> None:
        await _check_owned_point(db, obj, body.id, DataPoint, device_id=obj.device_id)
        if obj.component_id:
            component = await get_or_raise(db, DeviceComponent, obj.component_id)
            if component.device_id != obj.device_id:
                raise BusinessError("部件不属于该设备")

    return await _save_owned(db, body, DataPoint, "device_id", Device, "请选择设备", check)


async def narrow_points(_db, _user, stmt: Select, request: Request) -> Select:
    """The point list's own filter: `keyword` on the point's or its device's code and name."""
    return point_keyword(stmt, request.query_params.get("keyword"))


def point_keyword(stmt: Select, keyword: str | None) -> Select:
    on_point = query.keyword(keyword, DataPoint.code, DataPoint.name)
    on_device = query.keyword(keyword, Device.code, Device.name)
    if on_point is None or on_device is None:
        return stmt
    return stmt.where(or_(on_point, DataPoint.device_id.in_(select(Device.id).where(on_device))))


async def remove_points(db: AsyncSession, ids: list[int]) -> None:
    await mark_deleted(db, DataPointAlarm, DataPointAlarm.point_id.in_(ids))
    await mark_deleted(db, DataPoint, DataPoint.id.in_(ids))


# --- alarm settings ---------------------------------------------------------------------------------------------

async def save_alarm(db: AsyncSession, body) -> DataPointAlarm:
    """One settings row per point: a submit for a point that has one updates it."""
    await get_or_raise(db, DataPoint, body.point_id)
    values = values_of(body)
    obj = await db.get(DataPointAlarm, body.id) if body.id else None
    if body.id and obj is None:
        await get_or_raise(db, DataPointAlarm, body.id)
    if obj is None:
        obj = (await db.execute(select(DataPointAlarm).where(DataPointAlarm.point_id == body.point_id))).scalar()
    if obj is None:
        obj = DataPointAlarm(**values)
        db.add(obj)
    else:
        for key, value in values.items():
            setattr(obj, key, value)
    limits = [obj.low_low, obj.low, obj.high, obj.high_high]
    given = [v for v in limits if v is not None]
    if given != sorted(given):
        raise BusinessError("报警限值须满足 低低 ≤ 低 ≤ 高 ≤ 高高")
    await db.flush()
    return obj


async def narrow_alarms(_db, _user, stmt: Select, request: Request) -> Select:
    """The alarm-settings list's own filters: deviceId (the device's points), switchFlag."""
    params = request.query_params
    if params.get("deviceId"):
        stmt = stmt.where(DataPointAlarm.point_id.in_(
            select(DataPoint.id).where(DataPoint.device_id == to_int(params["deviceId"], "deviceId"))))
    if params.get("switchFlag") in ("0", "1"):
        stmt = stmt.where(DataPointAlarm.switch_flag == int(params["switchFlag"]))
    return stmt


async def alarm_of_point(db: AsyncSession, point_id: int) -> DataPointAlarm | None:
    """The settings of point `point_id` (None: the point has none)."""
    await get_or_raise(db, DataPoint, point_id)
    return (await db.execute(select(DataPointAlarm).where(DataPointAlarm.point_id == point_id))).scalar()


async def switch_alarms(db: AsyncSession, point_ids: list[int], flag: int) -> int:
    found = list((await db.execute(select(DataPoint.id).where(DataPoint.id.in_(point_ids)))).scalars())
    existing = {a.point_id: a for a in (await db.execute(
        select(DataPointAlarm).where(DataPointAlarm.point_id.in_(found)))).scalars()}
    for point_id in found:
        row = existing.get(point_id)
        if row is None:
            db.add(DataPointAlarm(point_id=point_id, switch_flag=flag))
        else:
            row.switch_flag = flag
    await db.flush()
    return len(found)


# --- data-point sources and collect groups --------------------------------------------------------------------

async def narrow_sources(_db, _user, stmt: Select, request: Request) -> Select:
    kind = request.query_params.get("type")
    return stmt.where(DataPointSource.type == kind) if kind else stmt


async def check_source(db: AsyncSession, _user, obj: DataPointSource, body, created: bool) -> None:
    # Secrets sealed; one the form leaves empty stays as stored (read before a query flushes the change).
    if "config" in body.model_fields_set:
        before = inspect(obj).attrs.config.history
        obj.config = specs.sealed(settings_of(db), obj.config, next(iter(before.deleted or before.unchanged), None))
    if await code_taken(db, DataPointSource, obj.code, None if created else obj.id):
        raise BusinessError(f"数据源编码已存在: {obj.code}")
    kind = specs.KINDS.get((obj.type or "").lower())
    if kind and obj.config and specs.is_object(obj.config):  # where the collector will connect, checked as /test does
        spec = specs.SourceSpec(obj.id or 0, obj.tenant_id or "", kind, obj.code, obj.name, obj.config, ())
        await connection.check(settings_of(db).outbound_policy, spec)


async def check_group(db: AsyncSession, _user, obj: CollectGroup, body, created: bool) -> None:
    if await code_taken(db, CollectGroup, obj.code, None if created else obj.id):
        raise BusinessError(f"采集组编码已存在: {obj.code}")
    if obj.protocol_config:
        check_json(obj.protocol_config, "protocolConfig")


async def free_groups(db: AsyncSession, _user, ids: list[int]) -> None:
    used = (await db.execute(select(DataPoint.code).where(DataPoint.collect_group_id.in_(ids)).limit(1))).scalar()
    if used is not None:
        raise BusinessError(f"采集组仍被点位使用,不能删除: {used}")


# --- exports, imports and the import log ---------------------------------------------------------------------

Narrow = Callable[[Select], Select]


async def export_rows(db: AsyncSession, listing: Listing, params: Mapping[str, str],
                      narrow: Narrow | None = None, *, user: Identity, cache: Cache) -> list[Any]:
    """What an export writes: the rows `ids` names, or else those the list's filters (and `narrow`) find; either
    within the list's data scope."""
    raw = params.get("ids")
    if raw:
        stmt = select(listing.model).where(listing.model.id.in_(parse_ids(raw)))
    else:
        stmt = listing.select(params)
        stmt = stmt if narrow is None else narrow(stmt)
    return await listing.rows(db, stmt, limit=excel.MAX_IMPORT_ROWS, user=user, cache=cache)


async def start_import(db: AsyncSession, jobs: Jobs | None, kind: str, file: UploadFile, *,
                       create_devices: bool = False) -> dict:
    """Queue the import of an uploaded sheet; the job (io.JOB) reads it back from the log row. `create_devices`:
    a data-point import adds the devices its file names that do not exist."""
    content = await file.read()  # core.limits caps the request body (10 MB)
    name = (file.filename or "import.xlsx").replace("/", "_").replace("\\", "_")[-200:]
    if not name.lower().endswith(".xlsx") or content[:2] != b"PK":
        raise BusinessError("文件格式错误,请上传 xlsx 文件")
    entry = ImportLog(type=kind, file_name=name, file_url="", content=content, state=io.QUEUED, progress=0,
                      create_devices=int(create_devices))
    db.add(entry)
    await db.flush()
    entry.file_url = f"import-{entry.id}.xlsx"
    tenant = tenancy.bound_tenant(db)
    answer = {"id": entry.id, "state": entry.state, "progress": 0}
    await db.commit()  # the job reads the log from its own session
    assert jobs is not None and tenant is not None  # a request's session is bound to its tenant
    await jobs.defer(io.JOB, tenant_id=tenant, import_id=str(answer["id"]))
    return answer


IMPORT_LOGS = Listing(ImportLog, filters={"fileName": ImportLog.file_name}, exact={"type": ImportLog.type},
                      order=(ImportLog.create_time.desc(), ImportLog.id.desc()))


async def import_log_page(db: AsyncSession, params: Mapping[str, str], paging: PageParams, *,
                          keyword: bool = False) -> dict:
    """Filters: type, state (0 queued, 1 running, 2 done, 3 failed), fileName; with `keyword`, the `keyword`
    parameter matches the file name too."""
    stmt = IMPORT_LOGS.select(params)
    if params.get("state") in ("0", "1", "2", "3"):
        stmt = stmt.where(ImportLog.state == int(params["state"]))
    clause = query.keyword(params.get("keyword"), ImportLog.file_name) if keyword else None
    return await IMPORT_LOGS.page(db, stmt if clause is None else stmt.where(clause), paging)


async def import_file(db: AsyncSession, file_url: str) -> tuple[bytes, str]:
    """The uploaded file of an import and its name, by the log's `fileUrl`."""
    entry = (await db.execute(select(ImportLog).where(ImportLog.file_url == file_url))).scalar()
    if entry is None:
        raise BusinessError("文件不存在")
    content = (await db.execute(select(ImportLog.content).where(ImportLog.id == entry.id))).scalar() or b""
    return content, entry.file_name


def _rejected(import_id: int) -> Select:
    return select(ImportErrorRow).where(ImportErrorRow.import_id == import_id).order_by(ImportErrorRow.row_no)


async def rejected_page(db: AsyncSession, import_id: int, paging: PageParams) -> dict:
    """The rejected rows of an import: row number (as in the file, header = 1), cells (JSON) and reason."""
    await get_or_raise(db, ImportLog, import_id)
    return await paginate(db, _rejected(import_id), paging)


async def rejected_sheet(db: AsyncSession, import_id: int, lang: str) -> tuple[bytes, str]:
    """The rejected rows of an import as a sheet, their reasons in `lang`, and its file name."""
    entry = await get_or_raise(db, ImportLog, import_id)
    rows = list((await db.execute(_rejected(import_id))).scalars())
    return io.error_sheet(entry.type, rows, lang), f"rejected-{entry.file_name}"


async def import_status(db: AsyncSession, import_id: int | None) -> ImportLog | None:
    """Import `import_id`, or the latest data-point import (None when there was none)."""
    if import_id is not None:
        return await get_or_raise(db, ImportLog, import_id)
    stmt = select(ImportLog).where(ImportLog.type == "datapoint").order_by(ImportLog.create_time.desc(),
                                                                           ImportLog.id.desc()).limit(1)
    return (await db.execute(stmt)).scalar()


async def oplog_page(db: AsyncSession, params: Mapping[str, str], paging: PageParams) -> dict:
    """The API log rows of /api/device-management/... calls, filtered as the API log."""
    stmt = log_service.statement(ApiLog, params)
    stmt = stmt.where(ApiLog.request_uri.startswith(log_service.DEVICE_MANAGEMENT, autoescape=True))
    return await log_service.listing(ApiLog).page(db, stmt, paging)


# --- small helpers ----------------------------------------------------------------------------------------------

def check_json(text: str, name: str) -> None:
    try:
        json.loads(text)
    except ValueError:
        raise BusinessError(f"{name} 不是合法的 JSON") from None


async def clear_component(db: AsyncSession, model, component_ids: list[int]) -> None:
    """Points of removed components stay, without a component."""
    await db.execute(update(model).where(model.component_id.in_(component_ids)).values(component_id=None)
                     .execution_options(synchronize_session=False))


# --- trees ---------------------------------------------------------------------------------------------------------

def _node(id_: int | str, title: str, kind: str, *, code: str | None = None, parent_id: int | str = 0,
          title_en: str | None = None) -> dict:
    return {"id": str(id_), "key": f"{kind}:{id_}", "title": title, "name": title, "type": kind, "code": code,
            "parent_id": str(parent_id), "title_en": title_en, "children": []}


async def department_tree(db: AsyncSession, visible: Visible = ()) -> list[dict]:
    depts = list((await db.execute(select(Dept).order_by(Dept.sort, Dept.id))).scalars())
    nodes = [_node(d.id, d.dept_name, "dept", parent_id=d.parent_id) for d in depts]
    by_id = {n["id"]: n for n in nodes}
    roots = forest(nodes)
    loose: list[dict] = []
    for device in (await db.execute(select(Device).where(*visible).order_by(Device.sort, Device.code))).scalars():
        leaf = _node(device.id, device.name, "device", code=device.code, parent_id=device.dept_id or 0)
        holder = by_id.get(str(device.dept_id))
        (holder["children"] if holder is not None else loose).append(leaf)
    if loose:
        roots.append({**_node("0", "未分配部门", "dept", title_en="Unassigned"), "children": loose})
    return roots


async def framework_tree(db: AsyncSession, visible: Visible = ()) -> list[dict]:
    models = list((await db.execute(select(EquipmentModel).order_by(EquipmentModel.sort, EquipmentModel.code)))
                  .scalars())
    nodes = [_node(m.id, m.name, "model", code=m.code, parent_id=m.parent_id) for m in models]
    by_id = {n["id"]: n for n in nodes}
    loose: list[dict] = []
    for device in (await db.execute(select(Device).where(*visible).order_by(Device.sort, Device.code))).scalars():
        leaf = _node(device.id, device.name, "device", code=device.code, parent_id=device.model_id or 0)
        holder = by_id.get(str(device.model_id))
        (holder["children"] if holder is not None else loose).append(leaf)
    roots = forest(nodes)
    if loose:
        roots.append({**_node("0", "无模型", "model", title_en="No model"), "children": loose})
    return roots


async def parts_tree(db: AsyncSession, device_id: int) -> list[dict]:
    await get_or_raise(db, Device, device_id)
    components = list((await db.execute(select(DeviceComponent).where(DeviceComponent.device_id == device_id)
                                         .order_by(DeviceComponent.sort, DeviceComponent.id))).scalars())
    nodes = [_node(c.id, c.name, "component", code=c.code, parent_id=c.parent_id) for c in components]
    by_id = {n["id"]: n for n in nodes}
    roots = forest(nodes)
    for point in (await db.execute(select(DataPoint).where(DataPoint.device_id == device_id)
                                   .order_by(DataPoint.sort, DataPoint.code))).scalars():
        leaf = _node(point.id, point.name, "point", code=point.code, parent_id=point.component_id or 0)
        holder = by_id.get(str(point.component_id))
        (holder["children"] if holder is not None else roots).append(leaf)
    return roots
