"""Wire shapes of /api/warning/alarm/manager (camelCase, ids as strings, BladeX paging)."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema

MEASURES = r"^(COUNT|OPEN|UNCONFIRMED|CONFIRM_MINUTES|CLEAR_MINUTES)$"
PERIODS = r"^(day|week|month)$"


class IndicatorRead(Schema):
    """A warning indicator with its scope's names and its newest published value."""

    id: Id
    name: str
    measure: str
    period: str
    level_id: Id | None = None
    level_name: str = ""
    group_id: Id | None = None
    group_name: str = ""
    device_id: Id | None = None
    device_name: str = ""
    event_id: Id | None = None
    event_name: str = ""
    threshold: float
    enabled: int = 1
    remark: str | None = None
    last_value: float | None = None
    last_period: str | None = None
    last_status: str | None = None
    create_time: DateTime | None = None


class IndicatorWrite(Schema):
    id: Id | None = None
    name: str | None = Field(None, max_length=128)
    measure: str | None = Field(None, pattern=MEASURES)
    period: str | None = Field(None, pattern=PERIODS)
    level_id: Id | None = None
    group_id: Id | None = None
    device_id: Id | None = None
    event_id: Id | None = None
    threshold: float | None = Field(None, ge=0, le=1e9)
    enabled: int | None = Field(None, ge=0, le=1)
    remark: str | None = Field(None, max_length=500)


class RecordRead(Schema):
    """A published warning record: an indicator's value for one period."""

    id: Id
    indicator_id: Id
    name: str
    measure: str
    mode: str
    period: str
    period_start: DateTime
    period_end: DateTime
    value: float | None = None
    threshold: float
    alarms: int = 0
    warned: int = 0
    status: str
    publish_time: DateTime


class EventMetrics(Schema):
    """One event's alarms in the range and how they were handled."""

    event_id: Id
    event_name: str
    device_name: str = ""
    point_name: str = ""
    level_name: str = ""
    group_name: str = ""
    count: int
    open: int
    unconfirmed: int
    mean_confirm_minutes: float | None = None
    mean_clear_minutes: float | None = None
    keep_minutes: int = 0
    last_time: DateTime


class PeriodFigures(Schema):
    period: str
    start: DateTime
    count: int
    cleared: int
    confirmed: int
    mean_confirm_minutes: float | None = None
    mean_clear_minutes: float | None = None
    warned: int = 0


class SourceCount(Schema):
    """How many alarms one device, event or level had."""

    key: str
    name: str
    count: int


class LevelCount(SourceCount):
    color: str | None = None


class Analysis(Schema):
    """Counts and durations per period, the top sources and the count by level."""

    mode: str
    series: list[PeriodFigures]
    total: int
    mean_confirm_minutes: float | None = None
    mean_clear_minutes: float | None = None
    top_devices: list[SourceCount]
    top_events: list[SourceCount]
    by_level: list[LevelCount]
