"""Alarm tracking tables: third-party sources (`alarm_source`, grouped by system MES / OA / QMS / SCADA), the
tables published from them for the census and timely views (`alarm_source_table`), metrics on their tables
(`alarm_metric`: a RuleCondition like a data-point rule's) and a tenant's timely-detection schedule
(`alarm_timely`)."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Float, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin
from plantdesk.modules.alarm.models import RuleCondition


class AlarmSource(IdMixin, TenantMixin, AuditMixin, Base):
    """A connection to an external database, read-only. `password` is sealed (core.secrets) and never sent
    back; `db_type` mysql (MySQL / MariaDB), postgresql or sqlite (a file under the data dir's `tracking/`)."""

    __tablename__ = "alarm_source"

    name: Mapped[str] = mapped_column(String(128))
    system: Mapped[str] = mapped_column(String(16))  # MES, OA, QMS, SCADA
    db_type: Mapped[str] = mapped_column(String(16))
    host: Mapped[str | None] = mapped_column(String(255))
    port: Mapped[int | None] = mapped_column(Integer)
    database: Mapped[str] = mapped_column(String(255))
    username: Mapped[str | None] = mapped_column(String(128))
    password: Mapped[str | None] = mapped_column(Text)
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class AlarmSourceTable(IdMixin, TenantMixin, Base):
    """A table published for tracking (sourcegroup/publish): its rows are counted (census) and its newest
    `time_column` value tells whether it is fed on time (timely)."""

    __tablename__ = "alarm_source_table"
    __table_args__ = (Index("uq_alarm_source_table", "source_id", "table_name", unique=True),)

    source_id: Mapped[int] = mapped_column(BigInteger)
    table_name: Mapped[str] = mapped_column(String(128))
    time_column: Mapped[str] = mapped_column(String(128))
    publish_time: Mapped[datetime] = mapped_column(DateTime)


class AlarmMetric(IdMixin, TenantMixin, RuleCondition, AuditMixin, Base):
    """A measure of one table of a source (`aggregate` COUNT, SUM, AVG, MAX, MIN of `value_column`, or its
    LATEST value by `time_column`), over the rows of the last `window_seconds` by `time_column` (0: all) that
    match `filters` (JSON: [{column, op, value}], ANDed), checked on the timely-detection schedule; its condition
    raises and clears alarms through the data-point rules' lifecycle."""

    __tablename__ = "alarm_metric"

    source_id: Mapped[int] = mapped_column(BigInteger, index=True)
    table_name: Mapped[str] = mapped_column(String(128))
    aggregate: Mapped[str] = mapped_column(String(16), default="LATEST", server_default="LATEST")
    value_column: Mapped[str | None] = mapped_column(String(128))
    time_column: Mapped[str | None] = mapped_column(String(128))
    window_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    filters: Mapped[str | None] = mapped_column(Text)
    last_value: Mapped[float | None] = mapped_column(Float)
    last_check_time: Mapped[datetime | None] = mapped_column(DateTime)
    last_error: Mapped[str | None] = mapped_column(String(500))


class AlarmTimely(IdMixin, TenantMixin, Base):
    """A tenant's timely detection (one row; none means the defaults): whether and how often its metrics are
    checked, and how old a published table's newest row may be before it counts as late."""

    __tablename__ = "alarm_timely"
    __table_args__ = (Index("uq_alarm_timely_tenant", "tenant_id", unique=True),)

    enabled: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    interval_seconds: Mapped[int] = mapped_column(Integer, default=60, server_default="60")
    late_seconds: Mapped[int] = mapped_column(Integer, default=600, server_default="600")
    last_run: Mapped[datetime | None] = mapped_column(DateTime)
