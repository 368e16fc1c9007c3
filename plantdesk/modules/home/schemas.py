"""Wire shapes of /api/blade-desk/home."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Schema


class HomeCard(Schema):
    key: str = Field(min_length=1, max_length=32)
    hidden: bool = False


class HomeLayoutRead(Schema):
    """The caller's cards in order; `profile` is the role's layout they start from (operator, manager,
    administrator), `custom` whether the caller changed it."""

    profile: str
    custom: bool
    cards: list[HomeCard]


class HomeLayoutWrite(Schema):
    """The cards in the caller's order; an empty list goes back to the role's default."""

    cards: list[HomeCard] = Field(default_factory=list, max_length=20)


class DeviceStates(Schema):
    total: int
    online: int
    offline: int
    fault: int
    in_alarm: int


class HomeLevelCount(Schema):
    id: str
    level: int | None = None
    name: str
    color: str | None = None
    count: int


class NewestAlarm(Schema):
    id: str
    event_id: str
    event_name: str
    level: int | None = None
    level_name: str
    color: str | None = None
    device_name: str
    point_name: str
    batch: int
    first_time: DateTime
    affirmed: bool
    last_value: float | None = None


class AlarmSummary(Schema):
    open: int
    unaffirmed: int
    raised_today: int
    by_level: list[HomeLevelCount]
    newest: list[NewestAlarm]


class HomeTrendBucket(Schema):
    ts: int
    avg: float | None = None
    min: float | None = None
    max: float | None = None


class HomeTrendPoint(Schema):
    point_id: str
    device_id: str
    device_name: str
    point_code: str
    point_name: str
    unit: str | None = None
    value: float | None = None
    stale: bool
    buckets: list[HomeTrendBucket]


class HomeTrend(Schema):
    start_time: int
    end_time: int
    points: list[HomeTrendPoint]


class BatchToday(Schema):
    id: str
    batch_no: str
    product_name: str
    plan_quantity: float
    made_today: float
    running: bool


class Production(Schema):
    day: str
    oee: float | None = None
    availability: float | None = None
    performance: float | None = None
    quality: float | None = None
    good_count: float
    total_count: float
    made_today: float
    running_batches: int
    batches: list[BatchToday]


class TaskRow(Schema):
    id: str
    task: str
    process: str | None = None
    since: str


class Tasks(Schema):
    todo: list[TaskRow]
    claim: list[TaskRow]


class AdminCounts(Schema):
    users: int
    notices: int
    roles: int
    depts: int
    posts: int
    tenants: int | None = None


class HomeSummary(Schema):
    """The plant at a glance; a section the caller may not read is null and absent from `sections`."""

    profile: str
    time: DateTime
    sections: list[str]
    devices: DeviceStates | None = None
    trend: HomeTrend | None = None
    alarms: AlarmSummary | None = None
    production: Production | None = None
    tasks: Tasks
    admin: AdminCounts | None = None
