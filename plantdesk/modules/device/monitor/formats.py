"""The gateway formats HTTP ingest reads besides its own JSON and CSV, and the times they carry.

- InfluxDB line protocol (Telegraf's `influx` data format, Node-RED's and many gateways' HTTP output):
  `measurement[,tag=v...] field=value[,field=value...] [timestamp]`, one line per metric. The device is the `device`
  tag when there is one, else the measurement; the fields are point codes. Field values: floats (`1.5`, `1e3`),
  integers (`5i`), unsigned (`5u`), strings (`"auto"`) and booleans (`t`, `true`, `F`, …). The timestamp is in
  nanoseconds unless the request's `precision` says otherwise (`ns`, `us`/`u`/`µs`, `ms`, `s`, `m`, `h`; InfluxDB's
  own parameter). Escapes as InfluxDB documents them: `\\,` `\\ ` `\\=` in names and tags, `\\"` `\\\\` in strings.
- Telegraf's JSON output (`data_format = "json"`): `{"metrics": [{"name", "tags", "fields", "timestamp"}]}` in a
  batch, or one such metric alone; timestamps in seconds (`json_timestamp_units` 1s) or any unit below.

Times everywhere (the `ts` of the JSON and CSV bodies and MQTT messages too): epoch seconds, milliseconds,
microseconds or nanoseconds, told apart by size (a time between 1973 and 5138 in one unit is no plausible time
in another), as a number or digits, or an ISO-8601 text (`2026-11-27T08:00:00Z`, `+08:00`; without an offset, the
server's time). Anything else is "时间格式无法识别" (bad_time), told apart from a readable time outside the
retention window (time_out_of_range).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from plantdesk.core.errors import BadRequest

# Lower bounds of each unit's band (see the module notes): below 1e11 seconds, below 1e14 ms, below 1e17 µs.
_MS_LOW, _MS_HIGH = 100_000_000_000, 100_000_000_000_000
PRECISIONS = {"ns": 1e-6, "n": 1e-6, "us": 1e-3, "u": 1e-3, "µs": 1e-3, "μs": 1e-3, "ms": 1.0, "s": 1e3,
              "m": 60e3, "h": 3_600e3}


class BadLine(Exception):
    """A line-protocol line that cannot be read; its text says why."""


def epoch_ms(ts: Any, now: int) -> int | None:
    """`ts` in epoch ms (see the module notes), `now` when absent, None when its form is not a time."""
    if ts is None:
        return now
    if type(ts) is int:  # the common case: a number in ms
        return ts if _MS_LOW <= ts < _MS_HIGH else _scaled(ts)
    if isinstance(ts, bool):
        return None
    if isinstance(ts, float):
        return _scaled(ts) if math.isfinite(ts) else None
    if isinstance(ts, str):
        text = ts.strip()
        if not text:
            return now
        if text.isdigit() or (text.replace(".", "", 1).isdigit() and not text.startswith(".")):
            return _scaled(float(text) if "." in text else int(text))
        return _iso(text)
    return None


def _scaled(n: int | float) -> int:
    size = abs(n)
    if size < _MS_LOW:
        return round(n * 1000)
    if size < _MS_HIGH:
        return round(n)
    if size < _MS_HIGH * 1000:
        return round(n / 1000)
    return round(n / 1_000_000)


def _iso(text: str) -> int | None:
    if len(text) < 10 or not text[:4].isdigit() or text[4] not in "-/":
        return None
    try:
        moment = datetime.fromisoformat(text.replace("/", "-") if text[4] == "/" else text)
    except ValueError:
        return None
    return round(moment.timestamp() * 1000)


def precision(value: str | None) -> float:
    """ms per unit of the line protocol's `precision` parameter (ns when not given)."""
    if value is None or value == "":
        return PRECISIONS["ns"]
    found = PRECISIONS.get(value.strip())
    if found is None:
        raise BadRequest(f"不支持的时间精度: {value}(ns、us、ms、s、m 或 h)")
    return found


# --- the line protocol ----------------------------------------------------------------------------------------

def line_protocol(text: str, unit_ms: float) -> Iterator[tuple[int, Any, Any, Any, Any]]:
    """(line number, device, point, ts ms or None, value) per field; a line that cannot be read yields point None
    and BadLine as the value (rejected as bad_entry, the line named)."""
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line[0] == "#":
            continue
        try:
            device, fields, ts = _line(line, unit_ms)
        except BadLine as exc:
            yield number, None, None, None, exc
            continue
        for point, value in fields:
            yield number, device, point, ts, value


def _split(text: str, separator: str, limit: int = -1) -> list[str]:
    """`text` split at unescaped `separator`s outside double quotes (escapes kept, to be undone per part)."""
    parts: list[str] = []
    start, quoted, i = 0, False, 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif c == separator and not quoted and (limit < 0 or len(parts) < limit):
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in ', ="\\':
            out.append(text[i + 1])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _line(line: str, unit_ms: float) -> tuple[str, list[tuple[str, Any]], int | None]:
    sections = [s for s in _split(line, " ") if s != ""]
    if len(sections) not in (2, 3):
        raise BadLine("须为 measurement[,tags] fields [timestamp]")
    head = _split(sections[0], ",")
    measurement = _unescape(head[0])
    if not measurement:
        raise BadLine("缺少 measurement")
    tags = {}
    for tag in head[1:]:
        key, sep, value = tag.partition("=")
        if not sep or not key or not value:
            raise BadLine(f"标签格式错误: {tag}")
        tags[_unescape(key)] = _unescape(value)
    fields = []
    for field in _split(sections[1], ","):
        parts = _split(field, "=", 1)
        if len(parts) != 2 or not parts[0] or not parts[1]:
            raise BadLine(f"字段格式错误: {field}")
        fields.append((_unescape(parts[0]), _field_value(parts[1])))
    ts = None
    if len(sections) == 3:
        stamp = sections[2]
        if not stamp.lstrip("-").isdigit():
            raise BadLine(f"时间戳须为整数: {stamp}")
        ts = round(int(stamp) * unit_ms)
    return tags.get("device") or measurement, fields, ts


_TRUE, _FALSE = {"t", "T", "true", "True", "TRUE"}, {"f", "F", "false", "False", "FALSE"}


def _field_value(raw: str) -> Any:
    if raw[0] == '"':
        if len(raw) < 2 or raw[-1] != '"':
            raise BadLine(f"字符串字段缺少引号: {raw}")
        return _unescape(raw[1:-1])
    if raw in _TRUE:
        return True
    if raw in _FALSE:
        return False
    try:
        if raw[-1] in "iu":
            return int(raw[:-1])
        return float(raw)
    except ValueError:
        raise BadLine(f"字段值无法识别: {raw}") from None


# --- Telegraf's JSON ------------------------------------------------------------------------------------------

def is_telegraf(data: Any) -> bool:
    return isinstance(data, dict) and (isinstance(data.get("metrics"), list) or (
        "fields" in data and "name" in data and "deviceCode" not in data))


def telegraf(data: dict) -> Iterator[tuple[int, Any, Any, Any, Any]]:
    """(metric index, device, point, ts, value) per field of a Telegraf JSON batch or single metric."""
    metrics = data["metrics"] if isinstance(data.get("metrics"), list) else [data]
    for index, metric in enumerate(metrics):
        if not isinstance(metric, dict) or not isinstance(metric.get("fields"), dict):
            yield index, None, None, None, BadLine("须为 {name, tags, fields, timestamp}")
            continue
        tags = metric.get("tags")
        device = (tags.get("device") if isinstance(tags, dict) else None) or metric.get("name")
        if not isinstance(device, str) or not device:
            yield index, None, None, None, BadLine("缺少 name")
            continue
        ts = metric.get("timestamp")
        for point, value in metric["fields"].items():
            yield index, device, point, ts, value
