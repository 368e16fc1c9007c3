"""Production tables: `product`, `tech_process` (a product's craft flow, its steps as JSON in `prot_list`),
`batch_product` (a batch bound to a counter point: its progress is read, never typed), and the OEE tables
`shift_calendar` (shifts with their planned breaks), `oee_device` (what a device's OEE is measured from) and
`oee_result` (one row per device, shift and day, written by the OEE job)."""

from datetime import date, datetime

from sqlalchemy import BigInteger, Date, DateTime, Float, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class Product(IdMixin, TenantMixin, AuditMixin, Base):
    """A product; `ideal_cycle_time` (seconds per unit) is what OEE performance is measured against."""

    __tablename__ = "product"

    product_name: Mapped[str] = mapped_column(String(128))
    product_code: Mapped[str] = mapped_column(String(64))
    specification: Mapped[str | None] = mapped_column(String(128))
    unit: Mapped[str | None] = mapped_column(String(32))
    ideal_cycle_time: Mapped[float | None] = mapped_column(Float)
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class TechProcess(IdMixin, TenantMixin, AuditMixin, Base):
    """A craft flow of a product: `prot_list` is the JSON list of its steps in order (name, deviceId, minutes,
    remark)."""

    __tablename__ = "tech_process"

    product_id: Mapped[int] = mapped_column(BigInteger, index=True)
    process_name: Mapped[str] = mapped_column(String(128))
    process_code: Mapped[str | None] = mapped_column(String(64))
    prot_list: Mapped[str] = mapped_column(Text, default="[]", server_default="[]")
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class BatchProduct(IdMixin, TenantMixin, AuditMixin, Base):
    """A production batch of a product: how many units are made is the rise of `count_point_id` (a counter) from
    `start_time` to `end_time` (or now), counter resets included."""

    __tablename__ = "batch_product"

    product_id: Mapped[int] = mapped_column(BigInteger, index=True)
    process_id: Mapped[int | None] = mapped_column(BigInteger)
    batch_no: Mapped[str] = mapped_column(String(64))
    device_id: Mapped[int | None] = mapped_column(BigInteger)
    count_point_id: Mapped[int | None] = mapped_column(BigInteger)
    plan_quantity: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    start_time: Mapped[datetime] = mapped_column(DateTime)
    end_time: Mapped[datetime | None] = mapped_column(DateTime)
    remark: Mapped[str | None] = mapped_column(String(500))


class ShiftCalendar(IdMixin, TenantMixin, AuditMixin, Base):
    """A shift: `start_time`/`end_time` as HH:MM (an end at or before the start ends the next day), on the ISO
    weekdays in `weekdays` ("1,2,3,4,5"), minus its planned breaks (`breaks`: JSON [{"start": "HH:MM",
    "end": "HH:MM"}])."""

    __tablename__ = "shift_calendar"

    shift_name: Mapped[str] = mapped_column(String(64))
    start_time: Mapped[str] = mapped_column(String(5))
    end_time: Mapped[str] = mapped_column(String(5))
    weekdays: Mapped[str] = mapped_column(String(16), default="1,2,3,4,5,6,7", server_default="1,2,3,4,5,6,7")
    breaks: Mapped[str] = mapped_column(Text, default="[]", server_default="[]")
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class OeeDevice(IdMixin, TenantMixin, AuditMixin, Base):
    """What one device's OEE is measured from: a run-state point (1 running, 0 stopped, 2 fault, 3 setup), a
    total and an optional good counter (`counter_max`: the value after which the counter rolls over to 0), and the
    ideal cycle time (seconds per unit; else its product's)."""

    __tablename__ = "oee_device"

    device_id: Mapped[int] = mapped_column(BigInteger, index=True)
    product_id: Mapped[int | None] = mapped_column(BigInteger)
    state_point_id: Mapped[int] = mapped_column(BigInteger)
    total_point_id: Mapped[int] = mapped_column(BigInteger)
    good_point_id: Mapped[int | None] = mapped_column(BigInteger)
    counter_max: Mapped[float | None] = mapped_column(Float)
    ideal_cycle_time: Mapped[float | None] = mapped_column(Float)
    remark: Mapped[str | None] = mapped_column(String(500))


class OeeResult(IdMixin, TenantMixin, Base):
    """A device's OEE for one shift of one day (the day the shift starts), up to `period_end` (a running shift is
    recomputed until it ends). Times in seconds; `losses` is JSON seconds per loss cause. A, P, Q and OEE are None
    when the shift had no data; performance is stored raw (above 1 when faster than ideal)."""

    __tablename__ = "oee_result"
    __table_args__ = (
        Index("uq_oee_result_shift", "oee_device_id", "shift_id", "day", unique=True),
        Index("ix_oee_result_tenant_day", "tenant_id", "day"),
    )

    oee_device_id: Mapped[int] = mapped_column(BigInteger)
    device_id: Mapped[int] = mapped_column(BigInteger)
    line: Mapped[str | None] = mapped_column(String(128))
    shift_id: Mapped[int] = mapped_column(BigInteger)
    day: Mapped[date] = mapped_column(Date)
    period_start: Mapped[datetime] = mapped_column(DateTime)
    period_end: Mapped[datetime] = mapped_column(DateTime)
    planned_seconds: Mapped[float] = mapped_column(Float, default=0.0)
    run_seconds: Mapped[float] = mapped_column(Float, default=0.0)
    ideal_seconds: Mapped[float] = mapped_column(Float, default=0.0)
    total_count: Mapped[float] = mapped_column(Float, default=0.0)
    good_count: Mapped[float] = mapped_column(Float, default=0.0)
    availability: Mapped[float | None] = mapped_column(Float)
    performance: Mapped[float | None] = mapped_column(Float)
    quality: Mapped[float | None] = mapped_column(Float)
    oee: Mapped[float | None] = mapped_column(Float)
    losses: Mapped[str] = mapped_column(Text, default="{}")
    compute_time: Mapped[datetime] = mapped_column(DateTime)
