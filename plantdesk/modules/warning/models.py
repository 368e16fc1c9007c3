"""Warning tables: `warning_indicator` (what to watch) and `warning_record` (its published values, one per
indicator and period: publishing a period again replaces its record)."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Float, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class WarningIndicator(IdMixin, TenantMixin, AuditMixin, Base):
    """`measure` of the alarms raised in one `period` (day, week, month), narrowed to a level, group, device or
    event when given; the period warns when the value reaches `threshold`. Measures: COUNT (alarms raised),
    OPEN (of those, not cleared by the period's end), UNCONFIRMED (not confirmed by the period's end),
    CONFIRM_MINUTES (mean minutes from raise to confirmation), CLEAR_MINUTES (mean minutes from raise to clear)."""

    __tablename__ = "warning_indicator"

    name: Mapped[str] = mapped_column(String(128))
    measure: Mapped[str] = mapped_column(String(16))
    period: Mapped[str] = mapped_column(String(8), default="day", server_default="day")
    level_id: Mapped[int | None] = mapped_column(BigInteger)
    group_id: Mapped[int | None] = mapped_column(BigInteger)
    device_id: Mapped[int | None] = mapped_column(BigInteger)
    event_id: Mapped[int | None] = mapped_column(BigInteger)
    threshold: Mapped[float] = mapped_column(Float)
    enabled: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    remark: Mapped[str | None] = mapped_column(String(500))


class WarningRecord(IdMixin, TenantMixin, Base):
    """An indicator's value for one period as published: what it measured (`value`; None for a mean over no
    alarm), over how many alarms, against which threshold, and whether it warned."""

    __tablename__ = "warning_record"
    __table_args__ = (
        Index("uq_warning_record_period", "indicator_id", "period_start", unique=True),
        Index("ix_warning_record_tenant_start", "tenant_id", "period_start"),
    )

    indicator_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(128))
    measure: Mapped[str] = mapped_column(String(16))
    mode: Mapped[str] = mapped_column(String(8))
    period_start: Mapped[datetime] = mapped_column(DateTime)
    period_end: Mapped[datetime] = mapped_column(DateTime)
    value: Mapped[float | None] = mapped_column(Float)
    threshold: Mapped[float] = mapped_column(Float)
    alarms: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    warned: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    publish_time: Mapped[datetime] = mapped_column(DateTime)
    publish_user: Mapped[int | None] = mapped_column(BigInteger)
