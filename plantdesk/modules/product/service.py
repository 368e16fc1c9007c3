"""The production area's queries: the checks of products, craft flows, batches, shifts and OEE devices, batch
progress from the bound counter point, reading monitor samples for OEE, storing results and their analysis."""

import json
from collections import defaultdict
from collections.abc import Sequence
from datetime import date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.errors import BusinessError
from plantdesk.modules.device.models import DataPoint, Device
from plantdesk.modules.device.monitor.models import MonitorData
from plantdesk.modules.product import oee
from plantdesk.modules.product.models import BatchProduct, OeeDevice, OeeResult, Product, ShiftCalendar, TechProcess

PRODUCT_MISSING = "产品不存在"
PRODUCT_CODE_TAKEN = "产品编号已存在"
PRODUCT_IN_USE = "产品已被工艺流程或批次使用,不能删除"
DEVICE_MISSING = "设备不存在"
POINT_MISSING = "测点不存在或不属于该设备"
SHIFT_IN_USE_DAYS = 2  # the job recomputes the shifts that started today or yesterday


# --- checks ---------------------------------------------------------------------------------------------------

async def check_product(db: AsyncSession, product_id: int | None) -> Product:
    product = None if product_id is None else \
        (await db.execute(select(Product).where(Product.id == product_id))).scalar_one_or_none()
    if product is None:
        raise BusinessError(PRODUCT_MISSING)
    return product


async def product_before_save(db: AsyncSession, user, obj: Product, body, created: bool) -> None:
    taken = await db.scalar(select(Product.id).where(Product.product_code == obj.product_code,
                                                     Product.id != (obj.id or 0)).limit(1))
    if taken is not None:
        raise BusinessError(PRODUCT_CODE_TAKEN)


async def product_before_remove(db: AsyncSession, user, ids: list[int]) -> None:
    used = await db.scalar(select(TechProcess.id).where(TechProcess.product_id.in_(ids)).limit(1))
    used = used or await db.scalar(select(BatchProduct.id).where(BatchProduct.product_id.in_(ids)).limit(1))
    if used is not None:
        raise BusinessError(PRODUCT_IN_USE)


async def process_before_save(db: AsyncSession, user, obj: TechProcess, body, created: bool) -> None:
    if "prot_list" in body.model_fields_set:  # first: the product check below flushes the row
        obj.prot_list = as_json(body.prot_list)
    await check_product(db, obj.product_id)


async def check_point(db: AsyncSession, device_id: int | None, point_id: int | None) -> None:
    """`point_id` is a data point of `device_id` in the caller's tenant (the monitor store is read by point id)."""
    if point_id is None:
        return
    found = await db.scalar(select(DataPoint.id).where(DataPoint.id == point_id, DataPoint.device_id == device_id))
    if found is None:
        raise BusinessError(POINT_MISSING)


async def check_device(db: AsyncSession, device_id: int | None) -> None:
    if device_id is not None and await db.scalar(select(Device.id).where(Device.id == device_id)) is None:
        raise BusinessError(DEVICE_MISSING)


async def batch_before_save(db: AsyncSession, user, obj: BatchProduct, body, created: bool) -> None:
    await check_product(db, obj.product_id)
    await check_device(db, obj.device_id)
    await check_point(db, obj.device_id, obj.count_point_id)
    if obj.end_time is not None and obj.end_time <= obj.start_time:
        raise BusinessError("结束时间必须晚于开始时间")


async def oee_device_before_save(db: AsyncSession, user, obj: OeeDevice, body, created: bool) -> None:
    await check_device(db, obj.device_id)
    for point in (obj.state_point_id, obj.total_point_id, obj.good_point_id):
        await check_point(db, obj.device_id, point)
    if obj.product_id is not None:
        await check_product(db, obj.product_id)


def as_json(items) -> str:
    """Checked wire objects (steps, breaks) as the JSON text their column keeps."""
    return json.dumps([item.model_dump(mode="json", by_alias=True) for item in items], ensure_ascii=False)


async def shift_before_save(db: AsyncSession, user, obj: ShiftCalendar, body, created: bool) -> None:
    if "breaks" in body.model_fields_set:
        obj.breaks = as_json(body.breaks)


# --- reads ----------------------------------------------------------------------------------------------------

async def names(db: AsyncSession, model, column, ids: set[int]) -> dict[int, str]:
    ids.discard(None)  # type: ignore[arg-type]
    if not ids:
        return {}
    return dict((await db.execute(select(model.id, column).where(model.id.in_(ids)))).all())


async def process_reads(db: AsyncSession, rows: Sequence[TechProcess]) -> list[dict]:
    products = await names(db, Product, Product.product_name, {r.product_id for r in rows})
    return [{**row_dict(r), "product_name": products.get(r.product_id, ""),
             "prot_list": json.loads(r.prot_list or "[]")} for r in rows]


def row_dict(row) -> dict:
    return {column.key: getattr(row, column.key) for column in row.__mapper__.column_attrs}


async def samples(db: AsyncSession, point_id: int, start: int, end: int) -> list[oee.Sample]:
    """The point's stored values in [start, end], after the last one before `start` (the value holding then)."""
    before = (await db.execute(select(MonitorData.ts, MonitorData.value)
                               .where(MonitorData.point_id == point_id, MonitorData.ts < start)
                               .order_by(MonitorData.ts.desc()).limit(1))).first()
    rows = (await db.execute(select(MonitorData.ts, MonitorData.value)
                             .where(MonitorData.point_id == point_id, MonitorData.ts >= start, MonitorData.ts <= end)
                             .order_by(MonitorData.ts))).all()
    return [(ts, value) for ts, value in ([before] if before else []) + list(rows)]


async def produced(db: AsyncSession, batch: BatchProduct, now: datetime | None = None) -> float:
    if batch.count_point_id is None:
        return 0.0
    start, end = oee.ms(batch.start_time), oee.ms(batch.end_time or now or datetime.now())
    return sum(d for ts, d in oee.increments(await samples(db, batch.count_point_id, start, end)) if ts > start)


async def batch_reads(db: AsyncSession, rows: Sequence[BatchProduct]) -> list[dict]:
    products = await names(db, Product, Product.product_name, {r.product_id for r in rows})
    devices = await names(db, Device, Device.name, {r.device_id for r in rows if r.device_id})
    processes = await names(db, TechProcess, TechProcess.process_name, {r.process_id for r in rows if r.process_id})
    now = datetime.now()
    out = []
    for r in rows:
        made = await produced(db, r, now)
        progress = min(1.0, made / r.plan_quantity) if r.plan_quantity else None
        status = "未开始" if r.start_time > now else "已完成" if (r.end_time and r.end_time <= now) or \
            (progress is not None and progress >= 1) else "生产中"
        out.append({**row_dict(r), "product_name": products.get(r.product_id, ""),
                    "device_name": devices.get(r.device_id or 0, ""),
                    "process_name": processes.get(r.process_id or 0, ""),
                    "produced_quantity": made, "progress": progress, "batch_status": status})
    return out


# --- OEE ------------------------------------------------------------------------------------------------------

async def compute_shift(db: AsyncSession, device: OeeDevice, shift: oee.Shift, day: date, until: datetime,
                        ideal_cycle: float) -> oee.Result | None:
    window = shift.window(day)
    if window is None or window[0] >= until:
        return None
    planned = shift.planned(day)
    start, end = oee.ms(window[0]), min(oee.ms(window[1]), oee.ms(until))
    state = await samples(db, device.state_point_id, start, end)
    total = await samples(db, device.total_point_id, start, end)
    good = await samples(db, device.good_point_id, start, end) if device.good_point_id else None
    return oee.compute(planned, end, state, total, good, ideal_cycle, device.counter_max)


async def store(db: AsyncSession, device: OeeDevice, line: str | None, shift: oee.Shift, day: date,
                until: datetime, result: oee.Result) -> OeeResult:
    window = shift.window(day)
    assert window is not None
    row = (await db.execute(select(OeeResult).where(OeeResult.oee_device_id == device.id,
                                                    OeeResult.shift_id == shift.id, OeeResult.day == day))
           ).scalar_one_or_none()
    if row is None:
        row = OeeResult(oee_device_id=device.id, shift_id=shift.id, day=day)
        db.add(row)
    row.device_id, row.line = device.device_id, line
    row.period_start, row.period_end = window[0], min(window[1], until)
    row.planned_seconds, row.run_seconds, row.ideal_seconds = result.planned, result.run, result.ideal
    row.total_count, row.good_count = result.total, result.good
    row.availability, row.performance, row.quality, row.oee = (result.availability, result.performance,
                                                                result.quality, result.oee)
    row.losses = json.dumps(result.losses)
    row.compute_time = datetime.now().replace(microsecond=0)
    return row


async def shift_windows(db: AsyncSession, first: date, last: date) -> list[tuple[datetime, datetime, str]]:
    """The tenant's shifts that start on the days `first` to `last`: (start, end, shift name), by start (the
    calendar's weekdays apply; a night shift ends the next day). Empty when the plant has no shift calendar."""
    rows = list((await db.execute(select(ShiftCalendar).order_by(ShiftCalendar.sort, ShiftCalendar.id))).scalars())
    out = []
    day = first
    while day <= last:
        for row in rows:
            window = oee.shift_of(row).window(day)
            if window is not None:
                out.append((window[0], window[1], row.shift_name))
        day += timedelta(days=1)
    return sorted(out)


async def compute_days(db: AsyncSession, days: Sequence[date], now: datetime | None = None) -> int:
    """Compute and store every OEE device's result for every shift of `days` that has started by `now`; answers
    how many were stored."""
    now = now or datetime.now()
    shifts = [oee.shift_of(s) for s in (await db.execute(select(ShiftCalendar))).scalars()]
    devices = list((await db.execute(select(OeeDevice))).scalars())
    if not shifts or not devices:
        return 0
    lines = dict((await db.execute(select(Device.id, Device.line)
                                   .where(Device.id.in_({d.device_id for d in devices})))).all())
    cycles = dict((await db.execute(select(Product.id, Product.ideal_cycle_time))).all())
    stored = 0
    for device in devices:
        ideal = device.ideal_cycle_time or cycles.get(device.product_id or 0) or 0.0
        for shift in shifts:
            for day in days:
                result = await compute_shift(db, device, shift, day, now, ideal)
                if result is not None:
                    await store(db, device, lines.get(device.device_id), shift, day, now, result)
                    stored += 1
    await db.flush()
    return stored


async def compute_due(db: AsyncSession, now: datetime | None = None) -> None:
    """The `product.oee` job (each tenant, every five minutes): the shifts that started yesterday or today, the
    running one up to now."""
    now = now or datetime.now()
    await compute_days(db, [now.date() - timedelta(days=n) for n in range(SHIFT_IN_USE_DAYS)], now)


async def results(db: AsyncSession, start: date, end: date, *, shift_id: int | None = None,
                  device_id: int | None = None, line: str | None = None) -> list[OeeResult]:
    stmt = select(OeeResult).where(OeeResult.day >= start, OeeResult.day <= end)
    if shift_id is not None:
        stmt = stmt.where(OeeResult.shift_id == shift_id)
    if device_id is not None:
        stmt = stmt.where(OeeResult.device_id == device_id)
    if line:
        stmt = stmt.where(OeeResult.line == line)
    return list((await db.execute(stmt.order_by(OeeResult.day, OeeResult.period_start))).scalars())


async def analyse(db: AsyncSession, start: date, end: date, **scope) -> dict:
    """The stored results of start … end (days) in the scope: overall A, P, Q, OEE; per device, line and shift;
    the trend per day; the losses by cause, largest first, with their cumulative share (Pareto)."""
    rows = await results(db, start, end, **scope)
    devices = await names(db, Device, Device.name, {r.device_id for r in rows})
    shifts = await names(db, ShiftCalendar, ShiftCalendar.shift_name, {r.shift_id for r in rows})
    by: dict[str, dict] = {"device": defaultdict(list), "line": defaultdict(list), "shift": defaultdict(list),
                           "day": defaultdict(list)}
    losses = dict.fromkeys(oee.CAUSES, 0.0)
    for r in rows:
        by["device"][r.device_id].append(r)
        by["line"][r.line or ""].append(r)
        by["shift"][r.shift_id].append(r)
        by["day"][r.day].append(r)
        for cause, seconds in json.loads(r.losses or "{}").items():
            losses[cause] = losses.get(cause, 0.0) + seconds
    whole = sum(losses.values())
    pareto, running = [], 0.0
    for cause, seconds in sorted(losses.items(), key=lambda item: -item[1]):
        running += seconds
        pareto.append({"cause": cause, "name": oee.CAUSE_NAMES.get(cause, cause), "seconds": seconds,
                       "percent": seconds / whole if whole else 0.0, "cumulative": running / whole if whole else 0.0})
    return {"summary": oee.combine(rows),
            "devices": [{"id": str(k), "name": devices.get(k, ""), **oee.combine(v)} for k, v in by["device"].items()],
            "lines": [{"id": k, "name": k, **oee.combine(v)} for k, v in by["line"].items()],
            "shifts": [{"id": str(k), "name": shifts.get(k, ""), **oee.combine(v)} for k, v in by["shift"].items()],
            "trend": [{"day": k.isoformat(), **oee.combine(v)} for k, v in sorted(by["day"].items())],
            "pareto": pareto}

