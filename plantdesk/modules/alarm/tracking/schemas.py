"""Wire shapes of alarm tracking: /api/alarm/{sourcegroup, metrics, timelydetect, relationdata, sourcecensus,
sourcetimely, sourceevent} (camelCase, ids as strings)."""

from typing import Any

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema
from plantdesk.modules.alarm.schemas import ConditionRead, ConditionWrite

SYSTEM = r"^(MES|OA|QMS|SCADA)$"
DB_TYPE = r"^(mysql|postgresql|sqlite)$"
AGGREGATE = r"^(LATEST|COUNT|SUM|AVG|MAX|MIN)$"
NAME = 128  # the longest table or column name taken (PostgreSQL allows 63, MySQL 64)


class AlarmSourceRead(Schema):
    """A source without its password: `password_set` says whether one is stored."""

    id: Id
    name: str
    system: str
    db_type: str
    host: str | None = None
    port: int | None = None
    database: str
    username: str | None = None
    password_set: bool = False
    sort: int = 0
    remark: str | None = None
    create_time: DateTime | None = None


class AlarmSourceWrite(Schema):
    """A blank password keeps the stored one."""

    id: Id | None = None
    name: str | None = Field(None, min_length=1, max_length=128)
    system: str | None = Field(None, pattern=SYSTEM)
    db_type: str | None = Field(None, pattern=DB_TYPE)
    host: str | None = Field(None, max_length=255)
    port: int | None = Field(None, ge=1, le=65535)
    database: str | None = Field(None, min_length=1, max_length=255)
    username: str | None = Field(None, max_length=128)
    password: str | None = Field(None, max_length=255)
    sort: int | None = Field(None, ge=0, le=100_000)
    remark: str | None = Field(None, max_length=500)


class AlarmSourceNode(Schema):
    """The tree: the four systems, each with its sources."""

    id: str
    name: str
    system: str
    source: AlarmSourceRead | None = None
    children: list["AlarmSourceNode"] | None = None


class ServerInfo(Schema):
    version: str
    database: str
    tables: int


class TableInfo(Schema):
    table_name: str
    published: bool = False
    time_column: str | None = None


class ColumnInfo(Schema):
    name: str
    type: str
    nullable: bool = True
    comment: str | None = None
    numeric: bool = False
    temporal: bool = False


class SourceData(Schema):
    columns: list[str]
    records: list[dict[str, Any]]
    total: int
    current: int
    size: int


class PublishedTable(Schema):
    id: Id
    source_id: Id
    table_name: str
    time_column: str
    publish_time: DateTime


class Category(Schema):
    """A source system with its sources (relationdata/getAllCategory)."""

    system: str
    sources: list[AlarmSourceRead]


class MetricFilter(Schema):
    """`column` `op` `value`: the value is bound as a parameter of the column's type."""

    column: str = Field(min_length=1, max_length=NAME)
    op: str = Field(pattern=r"^(eq|ne|gt|ge|lt|le)$")
    value: str = Field(max_length=200)


class MetricRead(ConditionRead):
    """A metric on a source's table: its measure, its condition and its last check."""

    source_id: Id
    source_name: str = ""
    system: str = ""
    table_name: str
    aggregate: str
    value_column: str | None = None
    time_column: str | None = None
    window_seconds: int = 0
    filters: list[MetricFilter] = []
    columns: list[str] = []
    last_value: float | None = None
    last_check_time: DateTime | None = None
    last_error: str | None = None
    open_count: int = 0


class MetricWrite(ConditionWrite):
    source_id: Id | None = None
    table_name: str | None = Field(None, min_length=1, max_length=NAME)
    aggregate: str | None = Field(None, pattern=AGGREGATE)
    value_column: str | None = Field(None, max_length=NAME)
    time_column: str | None = Field(None, max_length=NAME)
    window_seconds: int | None = Field(None, ge=0, le=86_400 * 31)
    filters: list[MetricFilter] | None = Field(None, max_length=10)


class MetricOption(Schema):
    id: Id
    name: str
    source_id: Id
    table_name: str


class TimelyRead(Schema):
    enabled: int = 1
    interval_seconds: int = 60
    late_seconds: int = 600
    last_run: DateTime | None = None


class TimelyWrite(Schema):
    enabled: int | None = Field(None, ge=0, le=1)
    interval_seconds: int | None = Field(None, ge=10, le=86_400)
    late_seconds: int | None = Field(None, ge=10, le=86_400 * 31)


class CheckResult(Schema):
    """One metric's check: its value now, or why there is none, and whether its alarm is open after it."""

    metric_id: Id
    name: str
    value: float | None = None
    error: str | None = None
    open: bool = False


class CensusTable(Schema):
    table_name: str
    time_column: str
    rows: int | None = None
    recent_rows: int | None = None
    newest: DateTime | None = None
    error: str | None = None


class SourceCensus(Schema):
    """A source's counts: its published tables' rows (and rows of the last 24 hours), its metrics, and its
    alarms (open, and raised in the last 24 hours)."""

    source_id: Id
    source_name: str
    tables: list[CensusTable]
    metrics: int
    open_alarms: int
    alarms_today: int


class TimelyTable(Schema):
    table_name: str
    time_column: str
    newest: DateTime | None = None
    delay_seconds: int | None = None
    late: bool = True
    error: str | None = None


class SourceTimely(Schema):
    source_id: Id
    late_seconds: int
    tables: list[TimelyTable]
