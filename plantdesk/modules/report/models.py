"""Reports: templates (blade_report_file, spec §7 "Others") and the files generated from them."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class ReportFile(IdMixin, TenantMixin, AuditMixin, Base):
    """A report template: what it shows (`kind`), over which period, for which points; `is_enable` 1 has the
    `report.schedule` job generate it after each period and mail it to `recipients`."""

    __tablename__ = "blade_report_file"

    name: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(20), default="production")  # production, alarm, points, workflow
    period: Mapped[str] = mapped_column(String(10), default="day")  # shift, day, week, month
    point_ids: Mapped[str | None] = mapped_column(Text)  # comma-separated data point ids
    recipients: Mapped[str | None] = mapped_column(String(1000))  # comma-separated e-mail addresses
    content: Mapped[str | None] = mapped_column(Text)  # a description shown under the title
    auth: Mapped[str | None] = mapped_column(String(255))  # spec §7's `auth`: kept and answered, not enforced
    is_enable: Mapped[int] = mapped_column(Integer, default=1, server_default="1")


class ReportOutput(IdMixin, TenantMixin, Base):
    """A generated report: one period of one template, as an Excel and a PDF file in object storage."""

    __tablename__ = "report_output"
    __table_args__ = (Index("ix_report_output_report_period", "report_id", "period_start"),)

    report_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20))
    period: Mapped[str] = mapped_column(String(10))
    period_start: Mapped[datetime] = mapped_column(DateTime)
    period_end: Mapped[datetime] = mapped_column(DateTime)
    trigger: Mapped[str] = mapped_column(String(10), default="manual")  # manual, schedule, demo
    xlsx_key: Mapped[str | None] = mapped_column(String(500))
    pdf_key: Mapped[str | None] = mapped_column(String(500))
    oss_code: Mapped[str | None] = mapped_column(String(64))  # the storage holding them; None: local
    xlsx_size: Mapped[int] = mapped_column(BigInteger, default=0)
    pdf_size: Mapped[int] = mapped_column(BigInteger, default=0)
    create_user: Mapped[int | None] = mapped_column(BigInteger)
    create_time: Mapped[datetime] = mapped_column(DateTime, index=True)
