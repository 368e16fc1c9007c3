"""Reads of monitor data for the console (realtime, aggregate, page, export) and the device status derived from
data freshness. Point ids always go through the tenant-scoped `data_point` rows first, so a caller sees only its
tenant's points, whatever ids it sends."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.cache import Cache
from plantdesk.core.errors import BadRequest
from plantdesk.modules.device.models import CollectGroup, DataPoint, Device
from plantdesk.modules.device.monitor.schemas import format_ms
from plantdesk.modules.device.monitor.store import Source, now_ms, store

DEFAULT_PERIOD_MS = 10_000  # a point without a collect group is expected at least every 10 s
STALE_FACTOR = 3
MAX_POINTS = 2_000
MAX_EXPORT_ROWS = 200_000  # xlsx: a sheet holds 1,048,576 rows, but memory and time run out first
ONLINE, OFFLINE, FAULT = "online", "offline", "fault"


@dataclass(frozen=True, slots=True)
class PointRef:
    id: int
    device_id: int
    code: str
    name: str
    unit: str | None
    data_type: str
    period_ms: int


async def points(db: AsyncSession, *, device_ids: Iterable[int] = (), point_ids: Iterable[int] = ()
                 ) -> list[PointRef]:
    """The caller's tenant's points of the devices and/or ids given, in device and sort order."""
    device_ids, point_ids = list(device_ids), list(point_ids)
    if not device_ids and not point_ids:
        return []
    if len(point_ids) > MAX_POINTS:
        raise BadRequest(f"一次最多查询 {MAX_POINTS} 个点位")
    stmt = (select(DataPoint.id, DataPoint.device_id, DataPoint.code, DataPoint.name, DataPoint.unit,
                   DataPoint.data_type, CollectGroup.period_ms)
            .outerjoin(CollectGroup, CollectGroup.id == DataPoint.collect_group_id)
            .order_by(DataPoint.device_id, DataPoint.sort, DataPoint.id))
    if device_ids:
        stmt = stmt.where(DataPoint.device_id.in_(device_ids))
    if point_ids:
        stmt = stmt.where(DataPoint.id.in_(point_ids))
    return [PointRef(pid, did, code, name, unit, data_type or "float", period or DEFAULT_PERIOD_MS)
            for pid, did, code, name, unit, data_type, period in (await db.execute(stmt)).all()]


def stale_after(period_ms: int) -> int:
    return STALE_FACTOR * (period_ms or DEFAULT_PERIOD_MS)


async def realtime(db: AsyncSession, refs: Sequence[PointRef]) -> list[dict]:
    latest = await store.latest(db, [p.id for p in refs])
    now = now_ms()
    times: dict[int, str | None] = {}  # a batch's points share their ts: format each once
    out = []
    for p in refs:
        row = latest.get(p.id)
        if row is not None and row.ts not in times:
            times[row.ts] = format_ms(row.ts)
        out.append({
            "point_id": p.id, "device_id": p.device_id, "point_code": p.code, "point_name": p.name, "unit": p.unit,
            "data_type": p.data_type,
            "value": row.value if row else None, "text_value": row.text if row else None,
            "ts": row.ts if row else None, "time": times[row.ts] if row else None,
            "quality": row.quality if row else None,
            "stale": row is None or now - row.ts > stale_after(p.period_ms),
        })
    return out


async def aggregate(db: AsyncSession, refs: Sequence[PointRef], start: int, end: int, *, buckets: int,
                    interval: int | None, source: Source) -> dict:
    result = await store.aggregate(db, [p.id for p in refs], start, end, buckets=buckets, interval=interval,
                                   source=source)
    by_id = {p.id: p for p in refs}
    return {
        "source": result.source, "interval": result.interval, "start_time": result.start, "end_time": result.end,
        "series": [{"point_id": s.point_id, "point_code": by_id[s.point_id].code,
                    "point_name": by_id[s.point_id].name, "unit": by_id[s.point_id].unit,
                    "buckets": [{"ts": b.ts, "min": b.min, "max": b.max, "avg": b.avg, "last": b.last,
                                 "count": b.count} for b in s.buckets]}
                   for s in result.series],
    }


async def history_page(db: AsyncSession, ref: PointRef, start: int, end: int, *, current: int, size: int,
                       descending: bool) -> dict:
    rows, total = await store.range(db, ref.id, start, end, offset=(current - 1) * size, limit=size,
                                    descending=descending, count=True)
    total = total or 0
    return {
        "records": [_history(r) for r in rows], "total": total, "size": size, "current": current,
        "pages": -(-total // size) if total else 0,
    }


def _history(r) -> dict:
    return {"point_id": r.point_id, "ts": r.ts, "time": format_ms(r.ts), "value": r.value, "text_value": r.text,
            "quality": r.quality}


EXPORT_COLUMNS = [("deviceId", "设备ID"), ("pointCode", "点位编码"), ("pointName", "点位名称"), ("time", "时间"),
                  ("ts", "时间戳(ms)"), ("value", "数值"), ("textValue", "文本值"), ("quality", "质量码"),
                  ("unit", "单位")]


async def export_rows(db: AsyncSession, refs: Sequence[PointRef], start: int, end: int) -> list[dict]:
    rows: list[dict] = []
    for p in refs:
        samples, _ = await store.range(db, p.id, start, end, limit=MAX_EXPORT_ROWS - len(rows) + 1)
        rows.extend({"deviceId": str(p.device_id), "pointCode": p.code, "pointName": p.name, "time": format_ms(s.ts),
                     "ts": s.ts, "value": s.value, "textValue": s.text, "quality": s.quality, "unit": p.unit}
                    for s in samples)
        if len(rows) > MAX_EXPORT_ROWS:
            raise BadRequest(f"导出数据超过 {MAX_EXPORT_ROWS} 行, 请缩小时间范围")
    return rows


def csv_bytes(rows: Iterable[dict]) -> bytes:
    """UTF-8 with a BOM, so Excel opens the Chinese header right; cells a spreadsheet would run as a formula
    (text starting with = + - @) get an apostrophe, as in core.excel."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([label for _, label in EXPORT_COLUMNS])
    for row in rows:
        writer.writerow([_csv_cell(row.get(key)) for key, _ in EXPORT_COLUMNS])
    return ("\ufeff" + out.getvalue()).encode()


def _csv_cell(value) -> object:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return "" if value is None else value


async def device_ids(db: AsyncSession) -> list[int]:
    """Every device of the session's tenant."""
    return list((await db.execute(select(Device.id))).scalars())


async def device_status(db: AsyncSession, device_ids: Sequence[int], cache: Cache | None = None) -> dict[int, dict]:
    """online / offline / fault per device, from its points' latest values: offline when no point has a value
    younger than 3 × its collect period; fault when a fresh value carries a bad quality code; online otherwise.
    With the cache, a running collector's word decides online or offline for the devices it reads (its source
    down for the timeout, or nothing heard from the device: offline; collect.status.device_verdicts); fault
    still comes from the values. Devices of other tenants (and unknown ids) are left out."""
    from plantdesk.modules.device.collect.status import device_verdicts

    refs = await points(db, device_ids=device_ids) if device_ids else []
    latest = await store.latest(db, [p.id for p in refs])
    now = now_ms()
    status: dict[int, dict] = {d: {"status": OFFLINE, "last_ts": None} for d in device_ids}
    for p in refs:
        row = latest.get(p.id)
        if row is None:
            continue
        entry = status[p.device_id]
        entry["last_ts"] = max(entry["last_ts"] or 0, row.ts)
        if now - row.ts <= stale_after(p.period_ms):
            if row.quality != 0:
                entry["status"] = FAULT
            elif entry["status"] == OFFLINE:
                entry["status"] = ONLINE
    verdicts = await device_verdicts(db, cache, device_ids) if cache is not None else {}
    for device_id, verdict in verdicts.items():
        entry = status[device_id]
        entry["status"] = OFFLINE if verdict == OFFLINE else FAULT if entry["status"] == FAULT else ONLINE
    return status


def parse_time(value: str | None, *, default: int) -> int:
    """Epoch ms, or "yyyy-MM-dd[ HH:mm:ss]" in server time; `default` when not given."""
    if value is None or value == "":
        return default
    value = value.strip()
    if value.isdigit() and len(value) <= 15:
        return int(value)
    for fmt in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d"):
        try:
            return int(datetime.strptime(value, fmt).timestamp() * 1000)
        except ValueError:
            continue
    raise BadRequest(f"时间格式错误: {value}")
