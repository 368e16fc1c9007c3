"""Wire shapes of /api/device-management (camelCase, ids as strings, BladeX paging)."""

from datetime import date

from pydantic import Field, model_validator

from plantdesk.core.envelope import DateTime, Id, Schema
from plantdesk.modules.device.collect import specs

DATA_TYPES = r"^(float|int|bool|string)$"


class _Audit(Schema):
    id: Id
    tenant_id: str
    create_time: DateTime | None = None
    update_time: DateTime | None = None
    status: int = 1


# --- device models --------------------------------------------------------------------------------------------

class ModelRead(_Audit):
    parent_id: Id = 0
    code: str
    name: str
    category: str | None = None
    manufacturer: str | None = None
    specification: str | None = None
    sort: int = 0
    remark: str | None = None
    component_count: int = 0
    point_count: int = 0


class ModelWrite(Schema):
    id: Id | None = None
    parent_id: Id | None = None
    code: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=128)
    category: str | None = Field(None, max_length=64)
    manufacturer: str | None = Field(None, max_length=128)
    specification: str | None = Field(None, max_length=255)
    sort: int | None = Field(None, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)
    status: int | None = Field(None, ge=0, le=1)


class CopyModel(Schema):
    """copy-model: a new model from `id` (components and template points included)."""

    id: Id
    code: str | None = Field(None, min_length=1, max_length=64)
    name: str | None = Field(None, min_length=1, max_length=128)


class CopyProcess(Schema):
    """copy-process: the components and template points of model `source_id` appended to model `target_id`."""

    source_id: Id
    target_id: Id


class _ComponentRead(_Audit):
    """What a model's component and a device's share."""

    parent_id: Id = 0
    code: str
    name: str
    category: str | None = None
    sort: int = 0
    remark: str | None = None


class _ComponentWrite(Schema):
    id: Id | None = None
    parent_id: Id | None = None
    code: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=128)
    category: str | None = Field(None, max_length=64)
    sort: int | None = Field(None, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)


class ComponentRead(_ComponentRead):
    model_id: Id


class ComponentWrite(_ComponentWrite):
    model_id: Id | None = None


class _PointRead(_Audit):
    code: str
    name: str
    unit: str | None = None
    data_type: str = "float"
    scale: float = 1.0
    offset: float = 0.0
    range_min: float | None = None
    range_max: float | None = None
    address: str | None = None
    collect_group_id: Id | None = None
    source_id: Id | None = None
    deadband: float = 0.0
    store: int = 1
    point_class: str | None = None
    sort: int = 0
    remark: str | None = None


class _PointWrite(Schema):
    id: Id | None = None
    code: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=128)
    unit: str | None = Field(None, max_length=32)
    data_type: str | None = Field(None, pattern=DATA_TYPES)
    scale: float | None = Field(None, ge=-1e12, le=1e12)
    offset: float | None = Field(None, ge=-1e12, le=1e12)
    range_min: float | None = Field(None, ge=-1e15, le=1e15)
    range_max: float | None = Field(None, ge=-1e15, le=1e15)
    address: str | None = Field(None, max_length=128)
    collect_group_id: Id | None = None
    source_id: Id | None = None
    deadband: float | None = Field(None, ge=0, le=1e12)
    store: int | None = Field(None, ge=0, le=1)
    point_class: str | None = Field(None, max_length=64)
    sort: int | None = Field(None, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)


class ModelPointRead(_PointRead):
    link_id: Id
    component_id: Id | None = None


class ModelPointWrite(_PointWrite):
    link_id: Id | None = None
    component_id: Id | None = None


# --- devices --------------------------------------------------------------------------------------------------

class DeviceRead(_Audit):
    model_id: Id | None = None
    model_name: str | None = None
    code: str
    name: str
    category: str | None = None
    dept_id: Id | None = None
    dept_name: str | None = None
    line: str | None = None
    area: str | None = None
    location: str | None = None
    manufacturer: str | None = None
    serial_no: str | None = None
    install_date: date | None = None
    sort: int = 0
    remark: str | None = None
    point_count: int = 0
    # From data freshness (plantdesk.modules.device.monitor.service.device_status); `status` is the enabled flag.
    run_status: str = "offline"  # online, offline, fault
    last_data_ts: int | None = None  # epoch ms of the newest value of any of its points


class DeviceWrite(Schema):
    """A device; with `modelId` on creation its components and data points are copied from the model.
    `dataPoints` (optional) override the copied points by code (or add points) on creation."""

    id: Id | None = None
    model_id: Id | None = None
    code: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=128)
    category: str | None = Field(None, max_length=64)
    dept_id: Id | None = None
    line: str | None = Field(None, max_length=128)
    area: str | None = Field(None, max_length=128)
    location: str | None = Field(None, max_length=255)
    manufacturer: str | None = Field(None, max_length=128)
    serial_no: str | None = Field(None, max_length=128)
    install_date: date | None = None
    sort: int | None = Field(None, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)
    status: int | None = Field(None, ge=0, le=1)
    data_points: list["DataPointWrite"] | None = Field(None, max_length=2000)


class DeviceComponentRead(_ComponentRead):
    device_id: Id
    model_component_id: Id | None = None


class DeviceComponentWrite(_ComponentWrite):
    device_id: Id | None = None


class DataPointRead(_PointRead):
    device_id: Id
    device_code: str | None = None
    device_name: str | None = None
    model_point_id: Id | None = None
    component_id: Id | None = None
    alarm_switch: int = 0


class DataPointWrite(_PointWrite):
    device_id: Id | None = None
    component_id: Id | None = None


class DeviceTreeNode(Schema):
    """framework / department trees: `type` is model, device, dept or component."""

    id: str
    key: str
    title: str
    name: str
    type: str
    code: str | None = None
    parent_id: str = "0"
    title_en: str | None = None  # the English title of a node the platform names itself (shown in English mode)
    children: list["DeviceTreeNode"] = []


# --- sources, alarm settings, collect groups -------------------------------------------------------------------

class SourceRead(_Audit):
    """A source without its secrets (collect.specs): `secrets_set` names the settings stored sealed,
    `password_set` says whether a password is one of them."""

    type: str
    code: str
    name: str
    config: str | None = None
    remark: str | None = None
    password_set: bool = False
    secrets_set: list[str] = []

    @model_validator(mode="after")
    def _without_secrets(self) -> "SourceRead":
        self.secrets_set = specs.secret_keys(specs.settings(self.config))
        self.password_set = "password" in self.secrets_set
        self.config = specs.shown(self.config)
        return self


class SourceWrite(Schema):
    id: Id | None = None
    type: str = Field(min_length=1, max_length=32)
    code: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=128)
    config: str | None = Field(None, max_length=20_000)
    remark: str | None = Field(None, max_length=500)


class AlarmRead(_Audit):
    point_id: Id
    switch_flag: int = 0
    high_high: float | None = None
    high: float | None = None
    low: float | None = None
    low_low: float | None = None
    deadband: float = 0.0
    delay_seconds: int = 0
    level: int | None = None
    message: str | None = None
    rules: str | None = None


class AlarmWrite(Schema):
    id: Id | None = None
    point_id: Id
    switch_flag: int | None = Field(None, ge=0, le=1)
    high_high: float | None = Field(None, ge=-1e15, le=1e15)
    high: float | None = Field(None, ge=-1e15, le=1e15)
    low: float | None = Field(None, ge=-1e15, le=1e15)
    low_low: float | None = Field(None, ge=-1e15, le=1e15)
    deadband: float | None = Field(None, ge=0, le=1e12)
    delay_seconds: int | None = Field(None, ge=0, le=86_400)
    level: int | None = Field(None, ge=1, le=100)
    message: str | None = Field(None, max_length=500)
    rules: str | None = Field(None, max_length=20_000)


class CollectRead(_Audit):
    code: str
    name: str
    period_ms: int
    timeout_ms: int
    retries: int
    protocol: str | None = None
    protocol_config: str | None = None
    enabled: int = 1
    remark: str | None = None


class CollectWrite(Schema):
    id: Id | None = None
    code: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=128)
    period_ms: int | None = Field(None, ge=100, le=86_400_000)
    timeout_ms: int | None = Field(None, ge=10, le=600_000)
    retries: int | None = Field(None, ge=0, le=100)
    protocol: str | None = Field(None, max_length=32)
    protocol_config: str | None = Field(None, max_length=20_000)
    enabled: int | None = Field(None, ge=0, le=1)
    remark: str | None = Field(None, max_length=500)


# --- import logs and the operation log -------------------------------------------------------------------------

class ImportLogRead(_Audit):
    type: str
    file_name: str
    file_url: str
    state: int
    progress: int
    total: int
    success_count: int
    fail_count: int
    message: str | None = None
    finish_time: DateTime | None = None
    create_user: Id | None = None


class ImportErrorRead(Schema):
    id: Id
    import_id: Id
    row_no: int
    content: str | None = None
    reason: str


class ImportStarted(Schema):
    """What an import answers at once: the log to poll (import-log detail or oplog/import-datapoint-status)."""

    id: Id
    state: int
    progress: int
DeviceWrite.model_rebuild()
DeviceTreeNode.model_rebuild()
