"""Wire shapes of the monitor endpoints: camelCase, ids as strings, times as epoch ms plus a formatted `time`."""

from datetime import datetime

from plantdesk.core.envelope import DateTime, Id, Schema


class RealtimeValue(Schema):
    point_id: Id
    device_id: Id
    point_code: str
    point_name: str
    unit: str | None = None
    data_type: str
    value: float | None = None
    text_value: str | None = None
    ts: int | None = None  # epoch ms of the newest value; none before the first
    time: str | None = None  # the same, "yyyy-MM-dd HH:mm:ss" (server time)
    quality: int | None = None  # 0 good
    stale: bool  # no value, or now − ts > 3 × the point's collect period (or the default)


class AggregateBucket(Schema):
    ts: int  # bucket start, epoch ms
    min: float | None = None
    max: float | None = None
    avg: float | None = None
    last: float | None = None
    count: int


class AggregateSeries(Schema):
    point_id: Id
    point_code: str
    point_name: str
    unit: str | None = None
    buckets: list[AggregateBucket]


class AggregateAnswer(Schema):
    source: str  # raw, 1m or 1h: which table the buckets came from
    interval: int  # bucket width, ms
    start_time: int
    end_time: int
    series: list[AggregateSeries]


class HistoryRow(Schema):
    point_id: Id
    ts: int
    time: str
    value: float | None = None
    text_value: str | None = None
    quality: int


class DeviceStatus(Schema):
    device_id: Id
    status: str  # online, offline, fault
    last_ts: int | None = None


class Rejection(Schema):
    index: int  # the entry of a JSON array (0-based), or the CSV line (1-based)
    device_code: str | None = None
    point_code: str | None = None
    ts: int | None = None
    reason: str  # unknown_device, unknown_point, bad_type, bad_time, time_out_of_range, text_too_long,
    # device_not_allowed, bad_entry
    message: str


class IngestAnswer(Schema):
    accepted: int  # values taken (stored, or within the deadband of the last stored one)
    rejected: int
    stored: int  # rows written to the history
    rejections: list[Rejection]  # one per rejected value (the first MAX_REJECTIONS of them)
    truncated: bool  # more values were rejected than listed; `rejected` counts them all
    reasons: dict[str, int] = {}  # every rejected value counted under its reason (the unlisted ones too)


class TokenCreate(Schema):
    device_id: Id
    name: str = ""


class TokenRead(Schema):
    id: Id
    device_id: Id
    name: str
    prefix: str
    create_time: DateTime
    last_used_time: DateTime | None = None
    revoke_time: DateTime | None = None
    revoked: bool


class TokenCreated(TokenRead):
    token: str  # shown once; only its hash is kept


def format_ms(ts: int | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts / 1000).strftime("%Y-%m-%d %H:%M:%S")
