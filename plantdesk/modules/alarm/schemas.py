"""Wire shapes of /api/alarm (camelCase, ids as strings, BladeX paging)."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema

KINDS = r"^(THRESHOLD|RANGE|RATE|NO_DATA|OFFLINE)$"
MODES = r"^(SIMPLE|DURATION|REPEATING)$"
HHMM = r"^([01]\d|2[0-4]):[0-5]\d$"


class LevelRead(Schema):
    id: Id
    level: int
    name: str
    color: str | None = None
    sort: int = 0
    remark: str | None = None


class LevelWrite(Schema):
    id: Id | None = None
    level: int | None = Field(None, ge=1, le=99)
    name: str | None = Field(None, min_length=1, max_length=64)
    color: str | None = Field(None, max_length=16)
    sort: int | None = Field(None, ge=0, le=100_000)
    remark: str | None = Field(None, max_length=500)


class GroupRead(Schema):
    id: Id
    parent_id: Id = 0
    name: str
    user_ids: str | None = None
    user_names: str = ""
    notify_on: str = ""
    email: int = 0
    escalate_seconds: int = 0
    escalate_user_ids: str | None = None
    escalate_steps: int = 1
    sort: int = 0
    remark: str | None = None
    children: list["GroupRead"] | None = None


class GroupWrite(Schema):
    id: Id | None = None
    parent_id: Id | None = None
    name: str | None = Field(None, min_length=1, max_length=128)
    user_ids: str | None = Field(None, max_length=4000, pattern=r"^[0-9,]*$")
    notify_on: str | None = Field(None, max_length=64, pattern=r"^((raise|clear|affirm),?)*$")
    email: int | None = Field(None, ge=0, le=1)
    escalate_seconds: int | None = Field(None, ge=0, le=86_400 * 7)
    escalate_user_ids: str | None = Field(None, max_length=4000, pattern=r"^[0-9,]*$")
    escalate_steps: int | None = Field(None, ge=1, le=10)
    sort: int | None = Field(None, ge=0, le=100_000)
    remark: str | None = Field(None, max_length=500)


class AuthUser(Schema):
    id: Id
    account: str
    real_name: str | None = None


class TimeCycleRead(Schema):
    id: Id
    name: str
    days: str
    start_time: str
    end_time: str
    remark: str | None = None


class TimeCycleWrite(Schema):
    id: Id | None = None
    name: str | None = Field(None, min_length=1, max_length=128)
    days: str | None = Field(None, max_length=32, pattern=r"^([1-7],?)*$")
    start_time: str | None = Field(None, pattern=HHMM)
    end_time: str | None = Field(None, pattern=HHMM)
    remark: str | None = Field(None, max_length=500)


class SettingRead(Schema):
    enabled: int = 1
    notify: int = 1
    keep_days: int = 180


class TenantInitRead(Schema):
    """Whether the tenant's alarm area is ready to raise alarms: levels to rate them and a time cycle."""

    initialized: bool
    levels: int
    cycles: int


class SettingWrite(Schema):
    enabled: int | None = Field(None, ge=0, le=1)
    notify: int | None = Field(None, ge=0, le=1)
    keep_days: int | None = Field(None, ge=1, le=3650)


class ConditionRead(Schema):
    """The condition fields of a data-point rule (event) and of a third-party metric (alarm.tracking), with the
    names the screens show and the rule in words."""

    id: Id
    name: str
    level_id: Id | None = None
    level_name: str = ""
    group_id: Id | None = None
    group_name: str = ""
    time_cycle_id: Id | None = None
    kind: str
    operator: str
    threshold: float | None = None
    low: float | None = None
    high: float | None = None
    mode: str
    duration_seconds: int = 0
    repeat_count: int = 1
    hysteresis: float = 0.0
    clear_seconds: int = 0
    enabled: int = 1
    remark: str | None = None
    rules: str = ""


class EventRead(ConditionRead):
    """An alarm event (a rule on one data point) with the names the screens show."""

    device_id: Id
    point_id: Id
    device_name: str = ""
    point_name: str = ""
    no_data_seconds: int = 0
    open_count: int = 0
    create_time: DateTime | None = None


class ConditionWrite(Schema):
    """The condition fields of a data-point rule (event) and of a third-party metric (alarm.tracking)."""

    id: Id | None = None
    name: str | None = Field(None, min_length=1, max_length=128)
    level_id: Id | None = None
    group_id: Id | None = None
    time_cycle_id: Id | None = None
    kind: str | None = Field(None, pattern=KINDS)
    operator: str | None = Field(None, pattern=r"^(gt|ge|lt|le)$")
    threshold: float | None = None
    low: float | None = None
    high: float | None = None
    mode: str | None = Field(None, pattern=MODES)
    duration_seconds: int | None = Field(None, ge=0, le=86_400 * 7)
    repeat_count: int | None = Field(None, ge=1, le=10_000)
    no_data_seconds: int | None = Field(None, ge=0, le=86_400 * 7)
    hysteresis: float | None = Field(None, ge=0)
    clear_seconds: int | None = Field(None, ge=0, le=86_400)
    enabled: int | None = Field(None, ge=0, le=1)
    remark: str | None = Field(None, max_length=500)


class EventWrite(ConditionWrite):
    point_id: Id | None = None
    device_id: Id | None = None  # an OFFLINE rule's device (a point's rule takes its point's device)


class ResultRead(Schema):
    """One raise → clear cycle of an event (spec §3 alarm event)."""

    id: Id
    event_id: Id
    event_name: str = ""
    level_id: Id | None = None
    level_name: str = ""
    level: int | None = None
    color: str | None = None
    group_name: str = ""
    device_id: Id
    device_name: str = ""
    point_name: str = ""
    batch: int
    first_time: DateTime
    last_time: DateTime
    remove_status: str
    remove_time: DateTime | None = None
    keep_time: int = 0
    affirm_status: str
    affirm_time: DateTime | None = None
    affirm_person: str | None = None
    affirm_reason: str | None = None
    frequency: int = 1
    frequency_content: str = ""
    interval_content: str = ""
    first_value: float | None = None
    peak_value: float | None = None
    last_value: float | None = None


class Col(Schema):
    name: str
    prop: str


class TrailRead(Schema):
    id: Id
    record_id: Id
    event_id: Id
    event_name: str = ""
    batch: int
    action: str
    value: float | None = None
    person: str | None = None
    remark: str | None = None
    create_time: DateTime


class Limit(Schema):
    name: str  # threshold, low, high
    value: float


class Bucket(Schema):
    ts: int
    avg: float | None = None
    min: float | None = None
    max: float | None = None


class AroundChart(Schema):
    """The alarm's point before, during and after the alarm (epoch ms), with the rule's limits."""

    unit: str | None = None
    start: int
    end: int
    raised: int
    cleared: int | None = None
    limits: list[Limit] = []
    buckets: list[Bucket] = []


class AlarmDetail(ResultRead):
    """Event result and alarm record of one (eventId, batch): the record, its rules, its trail as a table and the
    chart of its point around it (none for a device-offline alarm or a third-party metric's)."""

    rules: str = ""
    cols: list[Col] = []
    row_data: list[TrailRead] = []
    chart: AroundChart | None = None


class AffirmForm(Schema):
    """The confirmation form: the password hashed as at login (md5 hex)."""

    user_name: str | None = Field(None, max_length=64)
    password: str | None = Field(None, max_length=64)
    affirm_reason: str | None = Field(None, max_length=500)
    data_list: list[Id] = Field(default_factory=list, max_length=1000)


class Count(Schema):
    key: str
    name: str
    count: int


class Overview(Schema):
    """Counts by level and by status, and the newest results."""

    total: int
    open: int
    unaffirmed: int
    by_level: list[Count]
    by_status: list[Count]
    newest: list[ResultRead]


class TrendBucket(Schema):
    start: DateTime
    raised: int
    cleared: int


class Trend(Schema):
    """Alarms raised and cleared per `unit` (hour: the last 24, day: the last 30), oldest first."""

    unit: str
    buckets: list[TrendBucket]


class UserSettingRead(Schema):
    """How the caller's console heralds a new alarm of level 1 … `levels`: sound, flash (1 on)."""

    sound: int = 0
    flash: int = 0
    levels: int = 2


class UserSettingWrite(Schema):
    sound: int | None = Field(None, ge=0, le=1)
    flash: int | None = Field(None, ge=0, le=1)
    levels: int | None = Field(None, ge=1, le=99)


class OpenAlarm(Schema):
    id: Id
    event_name: str
    level_name: str
    device_name: str
    point_name: str
    first_time: DateTime
    affirm_status: str
    peak_value: float | None = None


class MailParamsRead(Schema):
    """The tenant's SMTP parameters; the password is never sent back, only whether one is set."""

    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_user: str | None = None
    smtp_from: str | None = None
    smtp_tls: int = 0
    password_set: bool = False


class MailParamsWrite(Schema):
    smtp_host: str | None = Field(None, max_length=255, pattern=r"^[A-Za-z0-9.\-:\[\]]*$")
    smtp_port: int | None = Field(None, ge=1, le=65535)
    smtp_user: str | None = Field(None, max_length=255)
    smtp_password: str | None = Field(None, max_length=255)  # absent or empty: keep the stored one
    smtp_from: str | None = Field(None, max_length=255)
    smtp_tls: int | None = Field(None, ge=0, le=1)


class TemplateRead(Schema):
    """A notification template: what `channel` says for `action`, with `{field}` placeholders."""

    id: Id
    name: str
    channel: str
    action: str
    title: str | None = None
    content: str
    enabled: int = 1
    remark: str | None = None
    update_time: DateTime | None = None


class TemplateWrite(Schema):
    id: Id | None = None
    name: str | None = Field(None, max_length=128)
    channel: str | None = Field(None, pattern=r"^(bell|email)$")
    action: str | None = Field(None, pattern=r"^(raise|clear|affirm|escalate)$")
    title: str | None = Field(None, max_length=255)
    content: str | None = Field(None, max_length=4000)
    enabled: int | None = Field(None, ge=0, le=1)
    remark: str | None = Field(None, max_length=500)


class TemplatePreview(Schema):
    title: str | None = Field(None, max_length=255)
    content: str | None = Field(None, max_length=4000)


class RenderedText(Schema):
    title: str
    content: str


class ModelFieldRead(Schema):
    """A field a template's placeholder may name: `{key}`."""

    key: str
    name: str
    name_en: str
    example: str


class UnusualRead(Schema):
    """A job that failed for good (jobunusua)."""

    id: Id
    job: str
    ref_id: Id | None = None
    summary: str
    error: str | None = None
    attempts: int = 0
    retried: int = 0
    create_time: DateTime
    retry_time: DateTime | None = None
