"""Equipment area (industrial.md §2–§3): device models with components and template points, devices with their
components and data points, data-point sources, data-point alarm settings, collect groups, and import logs.

Every table is tenant-scoped (`TenantMixin`); ids are the core's snowflake ids, so `data_point.id` is unique
across tenants and the monitor-data store keys its rows by it alone.
"""

from datetime import date, datetime

from sqlalchemy import BigInteger, Date, DateTime, Float, Index, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, deferred, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class EquipmentModel(IdMixin, TenantMixin, AuditMixin, Base):
    """A device model (device-model-lib): the template devices are created from."""

    __tablename__ = "equipment_model"
    __table_args__ = (Index("ix_equipment_model_tenant_code", "tenant_id", "code"),)

    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")  # a model family (tree)
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    category: Mapped[str | None] = mapped_column(String(64))  # e.g. reactor, pump, heat-exchanger
    manufacturer: Mapped[str | None] = mapped_column(String(128))
    specification: Mapped[str | None] = mapped_column(String(255))
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class ModelComponent(IdMixin, TenantMixin, AuditMixin, Base):
    """A component of a device model (device-model-component), e.g. the agitator of a reactor model."""

    __tablename__ = "model_component"

    model_id: Mapped[int] = mapped_column(BigInteger, index=True)
    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    category: Mapped[str | None] = mapped_column(String(64))
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class PointFields:
    """What a template point and a device's data point share (a device's point starts as a copy)."""

    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    unit: Mapped[str | None] = mapped_column(String(32))
    data_type: Mapped[str] = mapped_column(String(16), default="float", server_default="float")  # float/int/bool/string
    scale: Mapped[float] = mapped_column(Float, default=1.0, server_default="1")
    offset: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    range_min: Mapped[float | None] = mapped_column(Float)
    range_max: Mapped[float | None] = mapped_column(Float)
    address: Mapped[str | None] = mapped_column(String(128))  # e.g. a Modbus register "40001" or an OPC UA node id
    collect_group_id: Mapped[int | None] = mapped_column(BigInteger)
    source_id: Mapped[int | None] = mapped_column(BigInteger)  # data_point_source
    deadband: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    store: Mapped[int] = mapped_column(Integer, default=1, server_default="1")  # 1 keep history, 0 latest only
    point_class: Mapped[str | None] = mapped_column(String(64))  # dictionary 1005 (data-point class)
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class ModelPoint(IdMixin, TenantMixin, AuditMixin, PointFields, Base):
    """A template data point of a device model (device-model-data-points; `link_id` is the model)."""

    __tablename__ = "model_point"

    link_id: Mapped[int] = mapped_column(BigInteger, index=True)  # equipment_model.id
    component_id: Mapped[int | None] = mapped_column(BigInteger)  # model_component.id


class Device(IdMixin, TenantMixin, AuditMixin, Base):
    """A device (equipment ledger). Its online/offline/fault status is derived from data freshness by the
    monitor module; `status` is the BladeX enabled flag (AuditMixin)."""

    __tablename__ = "device"
    __table_args__ = (Index("ix_device_tenant_code", "tenant_id", "code"),)

    model_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    category: Mapped[str | None] = mapped_column(String(64))
    dept_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    line: Mapped[str | None] = mapped_column(String(128))  # production line
    area: Mapped[str | None] = mapped_column(String(128))
    location: Mapped[str | None] = mapped_column(String(255))
    manufacturer: Mapped[str | None] = mapped_column(String(128))
    serial_no: Mapped[str | None] = mapped_column(String(128))
    install_date: Mapped[date | None] = mapped_column(Date)
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class DeviceComponent(IdMixin, TenantMixin, AuditMixin, Base):
    """A part of one device (components), copied from its model's components and editable."""

    __tablename__ = "device_component"

    device_id: Mapped[int] = mapped_column(BigInteger, index=True)
    model_component_id: Mapped[int | None] = mapped_column(BigInteger)
    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    category: Mapped[str | None] = mapped_column(String(64))
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class DataPoint(IdMixin, TenantMixin, AuditMixin, PointFields, Base):
    """A device's data point (测点): copied from a model point, overridable per device. `id` is globally unique
    (snowflake): the monitor store is keyed by it."""

    __tablename__ = "data_point"
    __table_args__ = (Index("ix_data_point_device_code", "device_id", "code"),)

    device_id: Mapped[int] = mapped_column(BigInteger)
    model_point_id: Mapped[int | None] = mapped_column(BigInteger)
    component_id: Mapped[int | None] = mapped_column(BigInteger)  # device_component.id


class DataPointSource(IdMixin, TenantMixin, AuditMixin, Base):
    """Where values of a point come from (data-point-source), grouped by `type` (e.g. modbus, opcua, mqtt, http,
    manual, calc); `config` is JSON text."""

    __tablename__ = "data_point_source"

    type: Mapped[str] = mapped_column(String(32), index=True)
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    config: Mapped[str | None] = mapped_column(Text)
    remark: Mapped[str | None] = mapped_column(String(500))


class DataPointAlarm(IdMixin, TenantMixin, AuditMixin, Base):
    """Alarm settings of one data point (datapoints-alarm), kept for the alarm engine: limits, level, delay and
    the on/off switch."""

    __tablename__ = "data_point_alarm"

    point_id: Mapped[int] = mapped_column(BigInteger, index=True)
    switch_flag: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # 1 on, 0 off
    high_high: Mapped[float | None] = mapped_column(Float)
    high: Mapped[float | None] = mapped_column(Float)
    low: Mapped[float | None] = mapped_column(Float)
    low_low: Mapped[float | None] = mapped_column(Float)
    deadband: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")  # hysteresis on clearing
    delay_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # condition must hold
    level: Mapped[int | None] = mapped_column(Integer)  # alarm_level (1 most urgent … 5)
    message: Mapped[str | None] = mapped_column(String(500))
    rules: Mapped[str | None] = mapped_column(Text)  # JSON for richer conditions (the alarm engine's)


class CollectGroup(IdMixin, TenantMixin, AuditMixin, Base):
    """A named poll schedule (datapoints-collects): period, timeout, retries and protocol settings (JSON)."""

    __tablename__ = "collect_group"

    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    period_ms: Mapped[int] = mapped_column(Integer, default=1000, server_default="1000")
    timeout_ms: Mapped[int] = mapped_column(Integer, default=3000, server_default="3000")
    retries: Mapped[int] = mapped_column(Integer, default=3, server_default="3")
    protocol: Mapped[str | None] = mapped_column(String(32))  # modbus-tcp, opcua, mqtt, http, ...
    protocol_config: Mapped[str | None] = mapped_column(Text)  # JSON
    enabled: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    remark: Mapped[str | None] = mapped_column(String(500))


class ImportLog(IdMixin, TenantMixin, AuditMixin, Base):
    """One Excel import: what was uploaded, its progress while the job runs, and the outcome."""

    __tablename__ = "import_log"

    type: Mapped[str] = mapped_column(String(32))  # device, datapoint, model
    file_name: Mapped[str] = mapped_column(String(255))
    file_url: Mapped[str] = mapped_column(String(500), index=True)  # the download key of the uploaded file
    # The uploaded file itself: kept with its log, so a worker on another host reads it and the log downloads it.
    content: Mapped[bytes | None] = deferred(mapped_column(LargeBinary))
    state: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # 0 queued 1 running 2 done 3 failed
    progress: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # percent
    total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    success_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    fail_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    message: Mapped[str | None] = mapped_column(String(500))
    finish_time: Mapped[datetime | None] = mapped_column(DateTime)
    # A data-point import adds the devices its file names that do not exist (1: its user also held the device
    # ledger's add authority when starting it); kept on the log so that a resumed job does the same.
    create_devices: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class ImportErrorRow(IdMixin, TenantMixin, Base):
    """A rejected row of an import: its row number, its cells (JSON) and why."""

    __tablename__ = "import_log_error"

    import_id: Mapped[int] = mapped_column(BigInteger, index=True)
    row_no: Mapped[int] = mapped_column(Integer)
    content: Mapped[str | None] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(String(500))
