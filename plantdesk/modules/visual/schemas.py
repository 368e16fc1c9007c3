"""Wire shapes of /api/blade-api/visual (map configs, dots, tag look-ups, the large screens' summaries) and
/api/blade-api/large (API hooks and their error log): camelCase, ids as strings, BladeX paging.

A dot's content keeps the spec §3 names as the console sends them (`mapTagData`, `busiData`, `SCADAData`,
`tipsData`, `clientX`…): they are the stored JSON, so the schema spells them out with explicit aliases."""

import json
from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator

from plantdesk.core.envelope import DateTime, Id, Schema, TenantRowRead

# Spec §4: useData 1 means empty / not yet valid; Y shows green, N red.
UseData = Literal["1", "Y", "N"]


class MapRead(TenantRowRead):
    map_name: str
    image_url: str | None = None
    sort: int = 0
    remark: str | None = None
    is_app: int = 0
    dot_count: int = 0


class MapWrite(Schema):
    id: Id | None = None
    map_name: str = Field(min_length=1, max_length=128)
    image_url: str | None = Field(None, max_length=2_000_000)
    sort: int = Field(0, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)
    is_app: int = Field(0, ge=0, le=1)


class DotPosition(Schema):
    model_config = ConfigDict(populate_by_name=True, from_attributes=True, serialize_by_alias=True,
                              json_schema_serialization_defaults_required=True)

    client_x: float = Field(0, alias="clientX", ge=-1e6, le=1e6)
    client_y: float = Field(0, alias="clientY", ge=-1e6, le=1e6)
    scale_w: float = Field(1, alias="scaleW", gt=0, le=1e6)
    scale_h: float = Field(1, alias="scaleH", gt=0, le=1e6)


class BusiRow(Schema):
    busi_type: str | None = Field(None, max_length=64)
    busi_name: str | None = Field(None, max_length=128)
    alias_name: str | None = Field(None, max_length=128)
    use_data: UseData = "1"
    busi_api_list: list[Id] = Field(default_factory=list, max_length=20)


class ScadaRow(Schema):
    model_config = ConfigDict(populate_by_name=True, from_attributes=True, serialize_by_alias=True,
                              json_schema_serialization_defaults_required=True)

    monitor: str | None = Field(None, max_length=128)  # the tag's display name
    depart: str | None = Field(None, max_length=128)  # the device's name
    tag_name: str | None = Field(None, alias="tagName", max_length=160)  # DEVICE.POINT
    point_id: Id | None = Field(None, alias="pointId")  # the data point the tag is bound to
    use_data: UseData = Field("1", alias="useData")


class TipRow(Schema):
    name: str = Field("", max_length=64)
    value: str = Field("", max_length=255)


class MapTagData(Schema):
    model_config = ConfigDict(populate_by_name=True, from_attributes=True, serialize_by_alias=True,
                              json_schema_serialization_defaults_required=True)

    name: str = Field("", max_length=200)
    busi_data: list[BusiRow] = Field(default_factory=list, alias="busiData", max_length=100)
    scada_data: list[ScadaRow] = Field(default_factory=list, alias="SCADAData", max_length=100)


class DotContent(Schema):
    uid: str = Field("", max_length=64)
    position: DotPosition = Field(default_factory=lambda: DotPosition.model_validate({}))
    map_tag_data: MapTagData = Field(default_factory=lambda: MapTagData.model_validate({}))
    tips_data: list[TipRow] = Field(default_factory=list, max_length=50)


class DotRead(TenantRowRead):
    map_id: Id
    uid: str
    name: str
    content: DotContent

    @field_validator("content", mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        return json.loads(value) if isinstance(value, str) else value


class DotWrite(Schema):
    id: Id | None = None
    map_id: Id
    content: DotContent


class DotEntry(Schema):
    """One dot of addDotMap: with an id an update of that dot, without a new one."""

    id: Id | None = None
    content: DotContent


class DotMapWrite(Schema):
    """addDotMap: dots of map `map_id` saved at once."""

    map_id: Id
    dots: list[DotEntry] = Field(min_length=1, max_length=500)


class TagRead(Schema):
    """A data point as a SCADA tag: its live value and spec §4 state."""

    point_id: Id
    device_id: Id
    depart: str
    tag_name: str
    monitor: str
    unit: str | None = None
    value: float | str | None = None
    time: str | None = None
    use_data: UseData = "1"


class ProType(Schema):
    type_name: str
    process_id: Id
    product_name: str = ""
    steps: list[str] = []


class DataByNameBody(Schema):
    """Spec §7: proType.TypeName list and Scada.ScadaName list."""

    model_config = ConfigDict(populate_by_name=True, from_attributes=True, serialize_by_alias=True)

    pro_type: list[dict[str, str]] = Field(default_factory=list, alias="proType", max_length=200)
    scada: list[dict[str, str]] = Field(default_factory=list, alias="Scada", max_length=2000)


class DataByName(Schema):
    pro_type: list[ProType] = []
    scada: list[TagRead] = []


class DepRead(Schema):
    device_id: Id
    depart: str
    code: str
    line: str | None = None


# --- large screens --------------------------------------------------------------------------------------------

Screen = Literal["cockpit", "part", "wisdomView", "batchMonitor", "flowMonitor"]
# The charts of the large screens a hook can feed (a hook's `chart`): its data replaces what the screen's own
# answer has for that chart, in the same shape (camelCase, as ScreenData's field).
Chart = Literal["kpis", "alarmLevels", "alarms", "lines", "devices", "trends", "oee", "oeeTrend", "batches", "flows"]


class ScreenKpi(Schema):
    key: str
    value: float | None = None
    unit: str = ""


class ScreenAlarmLevel(Schema):
    level: int
    name: str
    color: str | None = None
    active: int = 0
    today: int = 0


class ScreenAlarm(Schema):
    id: Id
    device_name: str
    point_name: str
    level: int | None = None
    level_name: str = ""
    color: str | None = None
    first_time: DateTime
    last_value: float | None = None
    cleared: int = 0


class ScreenLine(Schema):
    line: str
    devices: int = 0
    online: int = 0
    fault: int = 0
    offline: int = 0
    oee: float | None = None


class ScreenDevice(Schema):
    device_id: Id
    code: str
    name: str
    line: str | None = None
    status: str


class ScreenTrend(Schema):
    point_id: Id
    name: str
    unit: str | None = None
    points: list[tuple[int, float | None]] = []


class ScreenOee(Schema):
    availability: float | None = None
    performance: float | None = None
    quality: float | None = None
    oee: float | None = None
    trend: list[dict[str, Any]] = []
    losses: list[dict[str, Any]] = []


class ScreenBatch(Schema):
    id: Id
    batch_no: str
    product_name: str = ""
    device_name: str = ""
    process_name: str = ""
    plan_quantity: float = 0
    produced: float = 0
    progress: float | None = None
    state: str = ""
    start_time: DateTime


class ScreenFlowStep(Schema):
    name: str
    device_id: Id | None = None
    device_name: str = ""
    status: str = "offline"
    minutes: float | None = None
    tags: list[TagRead] = []


class ScreenFlow(Schema):
    process_id: Id
    process_name: str
    product_name: str = ""
    steps: list[ScreenFlowStep] = []


class MapDots(Schema):
    map_id: Id
    map_name: str
    image_url: str | None = None
    dots: list[DotRead] = []
    tags: list[TagRead] = []


class ScreenData(Schema):
    """What one large screen shows, in one answer."""

    screen: Screen
    time: DateTime
    kpis: list[ScreenKpi] = []
    alarm_levels: list[ScreenAlarmLevel] = []
    alarms: list[ScreenAlarm] = []
    lines: list[ScreenLine] = []
    devices: list[ScreenDevice] = []
    trends: list[ScreenTrend] = []
    oee: ScreenOee | None = None
    batches: list[ScreenBatch] = []
    flows: list[ScreenFlow] = []
    map: MapDots | None = None
    hooks: list["HookCall"] = []  # the hooks bound to the screen's charts, called: their data, or none and why


# --- API hooks ------------------------------------------------------------------------------------------------

ImplMethod = Literal["GET", "POST"]


class HookRead(TenantRowRead):
    api_name: str
    api_url: str
    chart: str | None = None
    business_type: str | None = None
    impl_method: str = "GET"
    params: str | None = None
    res_path: str | None = None
    remark: str | None = None


class HookWrite(Schema):
    id: Id | None = None
    api_name: str = Field(min_length=1, max_length=128)
    api_url: str = Field(min_length=1, max_length=1000, pattern=r"^https?://")
    chart: str | None = Field(None, max_length=64)
    business_type: str | None = Field(None, max_length=64)
    impl_method: ImplMethod = "GET"
    params: str | None = Field(None, max_length=10_000)
    res_path: str | None = Field(None, max_length=255)
    remark: str | None = Field(None, max_length=500)


class ImplMethodBody(Schema):
    id: Id
    impl_method: ImplMethod


class HookErrorRead(Schema):
    """Failed calls with one message: the first at `create_time`, `repeat_count` of them up to `last_time`."""

    id: Id
    api_id: Id
    api_name: str
    api_url: str
    message: str
    create_time: DateTime
    repeat_count: int = 1
    last_time: DateTime | None = None


class HookCall(Schema):
    """A hook's answer: `data` is None when the call failed (the failure is in the error log, `error` says it)."""

    api_id: Id
    chart: str | None = None
    data: Any = None
    error: str | None = None


class BusiCall(Schema):
    """getDataByImpl: a business row of a dot with the calls of its API hooks (busiApiList); useData Y when every
    hook answered, N when one failed, 1 when it names none."""

    busi_type: str | None = None
    busi_name: str | None = None
    alias_name: str | None = None
    use_data: UseData = "1"
    hooks: list[HookCall] = []


ScreenData.model_rebuild()
