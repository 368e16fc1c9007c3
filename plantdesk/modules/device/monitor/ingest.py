"""Telemetry ingest over HTTP: parse a JSON object, a JSON array of them, CSV rows, or a gateway's format (the
InfluxDB line protocol and Telegraf's JSON: formats.py), gzip-compressed or not; resolve device and point
codes in the caller's tenant; check each value's type and time; write the good ones in one batch; and answer
how many were accepted and, for each rejected one, why (the first MAX_REJECTIONS listed, every one counted under
its reason). Nothing is dropped silently.

Per-device tokens: `pdt_` + 32 random bytes (base64url), stored as SHA-256 (a random 256-bit secret needs no
slow hash), shown once at creation, revocable. A device token writes its own device's points only.
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
import secrets
import time
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import metrics, tenancy
from plantdesk.core.errors import BadRequest, NotFoundError, Unauthorized
from plantdesk.modules.device.collect import specs
from plantdesk.modules.device.models import DataPoint, DataPointSource, Device
from plantdesk.modules.device.monitor import formats, retention
from plantdesk.modules.device.monitor.models import DeviceToken
from plantdesk.modules.device.monitor.store import store

TOKEN_PREFIX = "pdt_"
FUTURE_MS = 5 * 60_000  # a clock up to 5 minutes ahead is tolerated
MAX_REJECTIONS = 1_000
MAX_TEXT = 4_096  # characters of a string value
MAX_INFLATED = 64 * 1024 * 1024  # a gzip body's size once inflated
CACHE_SECONDS = 10.0  # a device or point added or changed is seen by ingest within this time
LAST_USED_EVERY = 60.0

MESSAGES = {
    "unknown_device": "设备不存在",
    "unknown_point": "点位不存在",
    "bad_type": "数值类型错误",
    "time_out_of_range": "时间超出允许范围",
    "bad_time": "时间格式无法识别",
    "text_too_long": f"字符串值超过 {MAX_TEXT} 个字符",
    "device_not_allowed": "令牌无权写入该设备",
    "bad_entry": "数据格式错误",
}
NUMERIC = {"float", "int", "double", "number", "integer", "long"}
TRUE = {"true", "1", "on", "yes"}
FALSE = {"false", "0", "off", "no"}
BOOLEANS, TEXTS = frozenset({"bool", "boolean"}), frozenset({"string", "text"})
NOT_NUMBERS = BOOLEANS | TEXTS


@dataclass(frozen=True, slots=True)
class HttpSource:
    """The HTTP data-point source a point names (its live state is tallied per source)."""

    id: int
    timeout_ms: int


@dataclass(frozen=True, slots=True)
class PointInfo:
    id: int
    data_type: str
    deadband: float
    store: bool
    http_source: HttpSource | None = None


@dataclass(frozen=True, slots=True)
class DeviceInfo:
    id: int
    points: dict[str, PointInfo]

    @property
    def http_sources(self) -> set[HttpSource]:
        return {p.http_source for p in self.points.values() if p.http_source is not None}


@dataclass(slots=True)
class Tally:
    """What one HTTP source received in a batch: values taken, values refused by reason, devices heard."""

    source: HttpSource
    accepted: int = 0
    rejected: Counter = field(default_factory=Counter)
    devices: set[str] = field(default_factory=set)


@dataclass(slots=True)
class Caller:
    tenant_id: str
    user_id: int | None = None
    device_id: int | None = None  # a device token: only this device


@dataclass(slots=True)
class Answer:
    accepted: int = 0
    rejected: int = 0
    stored: int = 0
    rejections: list[dict] = field(default_factory=list)
    reasons: Counter = field(default_factory=Counter)  # every rejection by reason, past the listed ones too
    http: dict[int, Tally] = field(default_factory=dict)  # HTTP source id → what it received

    def tally(self, source: HttpSource, device: str) -> Tally:
        found = self.http.get(source.id)
        if found is None:
            found = self.http[source.id] = Tally(source)
        found.devices.add(device)
        return found

    def reject(self, index: int, reason: str, device: str | None = None, point: str | None = None,
               ts: int | None = None, count: int = 1, sources: Iterable[HttpSource] = (),
               detail: str | None = None) -> None:
        for source in sources:
            assert device is not None
            self.tally(source, device).rejected[reason] += count
        self.rejected += count
        self.reasons[reason] += count
        if len(self.rejections) < MAX_REJECTIONS:
            self.rejections.append({"index": index, "device_code": device, "point_code": point, "ts": ts,
                                    "reason": reason, "message": detail or MESSAGES[reason]})

    def wire(self) -> dict:
        return {"accepted": self.accepted, "rejected": self.rejected, "stored": self.stored,
                "rejections": self.rejections, "truncated": self.rejected > len(self.rejections),
                "reasons": dict(self.reasons)}


# --- tokens ---------------------------------------------------------------------------------------------------

def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


_last_used: dict[int, float] = {}


async def token_caller(db: AsyncSession, token: str) -> Caller:
    """The tenant and device of a live device token (the session is unscoped: nothing is known yet)."""
    if not token.startswith(TOKEN_PREFIX):
        raise Unauthorized("设备令牌无效")
    with tenancy.platform_scope(db):
        row = (await db.execute(select(DeviceToken.id, DeviceToken.tenant_id, DeviceToken.device_id)
                                .where(DeviceToken.token_hash == hash_token(token),
                                       DeviceToken.revoke_time.is_(None)))).first()
        if row is None:
            raise Unauthorized("设备令牌无效或已吊销")
        now = time.monotonic()
        if now - _last_used.get(row.id, -math.inf) >= LAST_USED_EVERY:  # one write a minute, not one a request
            _last_used[row.id] = now
            await db.execute(update(DeviceToken).where(DeviceToken.id == row.id)
                             .values(last_used_time=datetime.now().replace(microsecond=0)))
    return Caller(tenant_id=row.tenant_id, device_id=row.device_id)


async def create_token(db: AsyncSession, device_id: int, name: str, user_id: int | None) -> tuple[DeviceToken, str]:
    if (await db.execute(select(Device.id).where(Device.id == device_id))).first() is None:
        raise NotFoundError("设备不存在")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    row = DeviceToken(device_id=device_id, name=name.strip()[:100], token_hash=hash_token(token),
                      prefix=token[:12], create_user=user_id, create_time=datetime.now().replace(microsecond=0))
    db.add(row)
    await db.flush()
    return row, token


async def device_tokens(db: AsyncSession, device_id: int) -> list[DeviceToken]:
    """A device's tokens, newest first."""
    stmt = select(DeviceToken).where(DeviceToken.device_id == device_id).order_by(DeviceToken.id.desc())
    return list((await db.execute(stmt)).scalars())


async def revoke_tokens(db: AsyncSession, ids: list[int]) -> int:
    result = await db.execute(update(DeviceToken).where(DeviceToken.id.in_(ids), DeviceToken.revoke_time.is_(None))
                              .values(revoke_time=datetime.now().replace(microsecond=0))
                              .execution_options(synchronize_session=False))
    return getattr(result, "rowcount", 0) or 0


# --- resolving codes ------------------------------------------------------------------------------------------

_devices: dict[tuple[str, str], tuple[float, DeviceInfo | None]] = {}


async def resolve(db: AsyncSession, tenant_id: str, codes: set[str]) -> dict[str, DeviceInfo | None]:
    """Device code → its points, cached per process for CACHE_SECONDS (ingest runs every second per device)."""
    now = time.monotonic()
    found: dict[str, DeviceInfo | None] = {}
    missing = []
    for code in codes:
        hit = _devices.get((tenant_id, code))
        if hit is not None and hit[0] > now:
            found[code] = hit[1]
        else:
            missing.append(code)
    if missing:
        loaded: dict[str, DeviceInfo | None] = dict.fromkeys(missing)
        devices = dict((await db.execute(select(Device.code, Device.id).where(Device.code.in_(missing)))).all())
        if devices:
            by_device: dict[int, dict[str, PointInfo]] = {d: {} for d in devices.values()}
            stmt = (select(DataPoint.device_id, DataPoint.code, DataPoint.id, DataPoint.data_type,
                           DataPoint.deadband, DataPoint.store, DataPointSource.id, DataPointSource.config)
                    .outerjoin(DataPointSource, (DataPointSource.id == DataPoint.source_id)
                               & (func.lower(DataPointSource.type) == specs.HTTP))
                    .where(DataPoint.device_id.in_(list(devices.values()))))
            for device_id, code, pid, data_type, deadband, keep, source_id, config in (await db.execute(stmt)).all():
                by_device[device_id][code] = PointInfo(pid, (data_type or "float").lower(), deadband or 0.0,
                                                       bool(keep), _http_source(source_id, config))
            for code, device_id in devices.items():
                loaded[code] = DeviceInfo(device_id, by_device[device_id])
        if len(_devices) > 100_000:
            _devices.clear()
        for code, info in loaded.items():
            _devices[(tenant_id, code)] = (now + CACHE_SECONDS, info)
        found.update(loaded)
    return found


def _http_source(source_id: int | None, config: str | None) -> HttpSource | None:
    if source_id is None:
        return None
    try:
        timeout = int(specs.settings(config).get("timeoutMs") or 0)
    except (TypeError, ValueError):
        timeout = 0
    return HttpSource(source_id, timeout or specs.SOURCE_TIMEOUT_MS)


# --- parsing --------------------------------------------------------------------------------------------------

def inflate(body: bytes, encoding: str | None) -> bytes:
    """The body as sent before its `Content-Encoding` (gzip or deflate; none: as it is), at most MAX_INFLATED."""
    encoding = (encoding or "").strip().lower()
    if encoding in ("", "identity"):
        return body
    if encoding not in ("gzip", "x-gzip", "deflate"):
        raise BadRequest(f"不支持的内容编码: {encoding}(gzip 或 deflate)")
    inflater = zlib.decompressobj(zlib.MAX_WBITS | 32 if encoding != "deflate" else zlib.MAX_WBITS)
    try:
        data = inflater.decompress(body, MAX_INFLATED)
    except zlib.error:
        raise BadRequest(f"请求体不是合法的 {encoding} 数据") from None
    if inflater.unconsumed_tail:
        raise BadRequest(f"解压后的请求体超过 {MAX_INFLATED // 1024 // 1024} MB")
    return data


def parse(body: bytes, content_type: str, precision: str | None = None) -> Iterator[tuple[int, Any, Any, Any, Any]]:
    """(index, deviceCode, pointCode, ts, value) per value; a malformed entry yields pointCode None and the
    entry itself (or formats.BadLine) as value, to be rejected as bad_entry. `text/plain` is the line protocol
    when its first line reads as one (a space and a `=`), CSV otherwise."""
    if content_type.startswith("text/csv"):
        yield from _csv_rows(body)
        return
    if content_type.startswith("text/plain") or content_type.startswith("application/x-influx"):
        text = _text(body)
        first = next((line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")), "")
        if "=" in first and " " in first.strip():
            yield from formats.line_protocol(text, formats.precision(precision))
        else:
            yield from _csv_rows(body)
        return
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        raise BadRequest("请求体不是合法的 JSON") from None
    if formats.is_telegraf(data):
        yield from formats.telegraf(data)
        return
    entries = data if isinstance(data, list) else [data]
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("deviceCode"), str) \
                or not isinstance(entry.get("values"), dict):
            yield index, entry.get("deviceCode") if isinstance(entry, dict) else None, None, None, _BAD
            continue
        device, ts = entry["deviceCode"], entry.get("ts")
        for point, value in entry["values"].items():
            yield index, device, point, ts, value


_BAD = object()


def _text(body: bytes) -> str:
    try:
        return body.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadRequest("文本须为 UTF-8 编码") from None


def _csv_rows(body: bytes) -> Iterator[tuple[int, Any, Any, Any, Any]]:
    # newline="": a lone carriage return ends a row as csv expects, instead of failing the whole body.
    reader = csv.reader(io.StringIO(_text(body), newline=""))
    try:
        yield from _csv_cells(reader)
    except csv.Error as exc:  # a cell past csv's field limit, or a quote left open at the end
        raise BadRequest(f"数据格式错误: CSV 第 {reader.line_num} 行无法读取 ({exc})") from None


def _csv_cells(reader: Any) -> Iterator[tuple[int, Any, Any, Any, Any]]:
    for line, row in enumerate(reader, start=1):
        if not row or all(not cell.strip() for cell in row):
            continue
        if line == 1 and row[0].strip() == "deviceCode":  # a header line
            continue
        if len(row) != 4:
            yield line, row[0].strip() if row else None, None, None, _BAD
            continue
        device, point, ts, value = (cell.strip() for cell in row)
        yield line, device, point, (None if ts == "" else ts), _CsvText(value)


class _CsvText(str):
    """A CSV cell: text that a numeric or boolean point parses."""


def convert(value: Any, data_type: str) -> tuple[float | None, str | None] | None:
    """(number, text) for the point's type, or None when the value does not fit it."""
    if value.__class__ is float and data_type not in NOT_NUMBERS:  # the common case, before the others
        return (value, None) if math.isfinite(value) else None
    if data_type in BOOLEANS:
        if isinstance(value, bool):
            return (1.0 if value else 0.0), None
        if isinstance(value, int | float) and value in (0, 1):
            return float(value), None
        if isinstance(value, str) and value.strip().lower() in TRUE | FALSE:
            return (1.0 if value.strip().lower() in TRUE else 0.0), None
        return None
    if data_type in TEXTS:
        if isinstance(value, str):
            return None, value  # its length is checked by the write path (text_too_long)
        if isinstance(value, bool):
            return None, "true" if value else "false"
        if isinstance(value, int | float):
            return None, str(value)
        return None
    # numeric (float, int, and any type we do not know: numbers are the common case)
    if isinstance(value, bool):
        return (1.0 if value else 0.0), None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            return None
    else:
        return None
    return (number, None) if math.isfinite(number) else None


async def ingest(db: AsyncSession, caller: Caller, body: bytes, content_type: str,
                 precision: str | None = None) -> Answer:
    return await write_values(db, caller, list(parse(body, content_type, precision)))


async def write_values(db: AsyncSession, caller: Caller, values: list[tuple[int, Any, Any, Any, Any]]) -> Answer:
    """The write path of every value, posted or collected (the MQTT, OPC UA and Modbus collectors call it too):
    (index, deviceCode, pointCode, ts, value) each, checked and written in one batch."""
    answer = Answer()
    now = int(time.time() * 1000)
    oldest = now - await retention.retention_ms(db)
    newest = now + FUTURE_MS
    devices = await resolve(db, caller.tenant_id, {v[1] for v in values if isinstance(v[1], str)})
    samples: list[tuple] = []  # Sample fields
    deadbands: dict[int, float] = {}
    latest_only: set[int] = set()
    previous_raw: Any = _BAD
    ts: int | None = None
    for index, device_code, point_code, raw_ts, value in values:
        if value is _BAD or isinstance(value, formats.BadLine):
            answer.reject(index, "bad_entry", device_code if isinstance(device_code, str) else None,
                          detail=f"{MESSAGES['bad_entry']}: {value}" if value is not _BAD else None)
            continue
        info = devices.get(device_code)
        if info is None:
            answer.reject(index, "unknown_device", device_code, point_code)
            continue
        if caller.device_id is not None and info.id != caller.device_id:
            answer.reject(index, "device_not_allowed", device_code, point_code, sources=info.http_sources)
            continue
        point = info.points.get(point_code)
        if point is None:
            answer.reject(index, "unknown_point", device_code, point_code, sources=info.http_sources)
            continue
        http = (point.http_source,) if point.http_source is not None else ()
        if raw_ts is not previous_raw:  # an entry's values share its time: read once
            previous_raw, ts = raw_ts, formats.epoch_ms(raw_ts, now)
        if ts is None:
            answer.reject(index, "bad_time", device_code, point_code, None, sources=http,
                          detail=f"{MESSAGES['bad_time']}: {str(raw_ts)[:64]}")
            continue
        if not oldest <= ts <= newest:
            answer.reject(index, "time_out_of_range", device_code, point_code, ts, sources=http)
            continue
        converted = convert(value, point.data_type)
        if converted is None:
            answer.reject(index, "bad_type", device_code, point_code, ts, sources=http)
            continue
        if converted[1] is not None and len(converted[1]) > MAX_TEXT:
            answer.reject(index, "text_too_long", device_code, point_code, ts, sources=http,
                          detail=f"{MESSAGES['text_too_long']}(收到 {len(converted[1])} 个)")
            continue
        for source in http:
            answer.tally(source, device_code).accepted += 1
        samples.append((point.id, ts, converted[0], converted[1], 0))  # a Sample's fields, without its cost
        if point.deadband:
            deadbands[point.id] = point.deadband
        if not point.store:
            latest_only.add(point.id)
    if samples:
        result = await store.write_batch(db, samples, deadbands, latest_only=latest_only)
        answer.accepted, answer.stored = result.received, result.stored
        # Two values of one point at one ts in the batch count once: the later one is kept.
        duplicates = len(samples) - result.received
        answer.accepted += duplicates
    metrics.ingested(answer.accepted, answer.rejected)
    return answer
