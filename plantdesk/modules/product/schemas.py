"""Wire shapes of /api/product and /api/blade-system/oee, oee-ana (camelCase, ids as strings, BladeX paging)."""

import json
from typing import Any

from pydantic import Field, field_validator

from plantdesk.core.envelope import DateTime, Id, Schema, TenantRowRead

HH_MM = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"


class ProductRead(TenantRowRead):
    product_name: str
    product_code: str
    specification: str | None = None
    unit: str | None = None
    ideal_cycle_time: float | None = None
    sort: int = 0
    remark: str | None = None


class ProductWrite(Schema):
    id: Id | None = None
    product_name: str = Field(min_length=1, max_length=128)
    product_code: str = Field(min_length=1, max_length=64)
    specification: str | None = Field(None, max_length=128)
    unit: str | None = Field(None, max_length=32)
    ideal_cycle_time: float | None = Field(None, gt=0, le=1e6)
    sort: int = Field(0, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)


class ProcessStep(Schema):
    """One step of a craft flow."""

    name: str = Field(min_length=1, max_length=128)
    device_id: Id | None = None
    minutes: float | None = Field(None, ge=0, le=1e6)
    remark: str | None = Field(None, max_length=500)


class TechProcessRead(TenantRowRead):
    product_id: Id
    product_name: str = ""
    process_name: str
    process_code: str | None = None
    prot_list: list[ProcessStep] = []
    sort: int = 0
    remark: str | None = None

    @field_validator("prot_list", mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        return json.loads(value) if isinstance(value, str) else value


class TechProcessWrite(Schema):
    id: Id | None = None
    product_id: Id
    process_name: str = Field(min_length=1, max_length=128)
    process_code: str | None = Field(None, max_length=64)
    prot_list: list[ProcessStep] = Field(default_factory=list, max_length=200)
    sort: int = Field(0, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)


class BatchRead(TenantRowRead):
    product_id: Id
    product_name: str = ""
    process_id: Id | None = None
    process_name: str = ""
    batch_no: str
    device_id: Id | None = None
    device_name: str = ""
    count_point_id: Id | None = None
    plan_quantity: float = 0
    produced_quantity: float = 0
    progress: float | None = None  # produced / planned, 0 … 1
    batch_status: str = ""
    start_time: DateTime
    end_time: DateTime | None = None
    remark: str | None = None


class BatchWrite(Schema):
    id: Id | None = None
    product_id: Id
    process_id: Id | None = None
    batch_no: str = Field(min_length=1, max_length=64)
    device_id: Id | None = None
    count_point_id: Id | None = None
    plan_quantity: float = Field(0, ge=0, le=1e12)
    start_time: DateTime
    end_time: DateTime | None = None
    remark: str | None = Field(None, max_length=500)


class Break(Schema):
    start: str = Field(pattern=HH_MM)
    end: str = Field(pattern=HH_MM)


class ShiftRead(TenantRowRead):
    shift_name: str
    start_time: str
    end_time: str
    weekdays: str
    breaks: list[Break] = []
    sort: int = 0

    @field_validator("breaks", mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        return json.loads(value) if isinstance(value, str) else value


class ShiftWrite(Schema):
    id: Id | None = None
    shift_name: str = Field(min_length=1, max_length=64)
    start_time: str = Field(pattern=HH_MM)
    end_time: str = Field(pattern=HH_MM)
    weekdays: str = Field("1,2,3,4,5,6,7", pattern=r"^[1-7](,[1-7]){0,6}$")
    breaks: list[Break] = Field(default_factory=list, max_length=20)
    sort: int = Field(0, ge=0, le=1_000_000)


class OeeDeviceRead(TenantRowRead):
    device_id: Id
    product_id: Id | None = None
    state_point_id: Id
    total_point_id: Id
    good_point_id: Id | None = None
    counter_max: float | None = None
    ideal_cycle_time: float | None = None
    remark: str | None = None


class OeeDeviceWrite(Schema):
    id: Id | None = None
    device_id: Id
    product_id: Id | None = None
    state_point_id: Id
    total_point_id: Id
    good_point_id: Id | None = None
    counter_max: float | None = Field(None, gt=0, le=1e18)
    ideal_cycle_time: float | None = Field(None, gt=0, le=1e6)
    remark: str | None = Field(None, max_length=500)


class OeeResultRead(Schema):
    id: Id
    device_id: Id
    line: str | None = None
    shift_id: Id
    day: str
    period_start: DateTime
    period_end: DateTime
    planned_seconds: float
    run_seconds: float
    ideal_seconds: float
    total_count: float
    good_count: float
    availability: float | None = None
    performance: float | None = None
    quality: float | None = None
    oee: float | None = None
    losses: dict[str, float] = {}

    @field_validator("day", mode="before")
    @classmethod
    def _day(cls, value: Any) -> Any:
        return value.isoformat() if hasattr(value, "isoformat") else value

    @field_validator("losses", mode="before")
    @classmethod
    def _losses(cls, value: Any) -> Any:
        return json.loads(value) if isinstance(value, str) else value


class Figures(Schema):
    """A, P, Q and OEE of a set of results (fractions; performance raw, may pass 1)."""

    planned_seconds: float = 0
    run_seconds: float = 0
    ideal_seconds: float = 0
    total_count: float = 0
    good_count: float = 0
    availability: float | None = None
    performance: float | None = None
    quality: float | None = None
    oee: float | None = None


class Named(Figures):
    id: str
    name: str


class TrendPoint(Figures):
    day: str


class Loss(Schema):
    cause: str
    name: str
    seconds: float
    percent: float
    cumulative: float


class OeeAnalysis(Schema):
    summary: Figures
    devices: list[Named]
    lines: list[Named]
    shifts: list[Named]
    trend: list[TrendPoint]
    pareto: list[Loss]
