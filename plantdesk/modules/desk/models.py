"""Desk: notices (blade_notice) and per-user notifications behind the header bell."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class Notice(IdMixin, TenantMixin, AuditMixin, Base):
    __tablename__ = "blade_notice"

    title: Mapped[str] = mapped_column(String(255))
    category: Mapped[int] = mapped_column(Integer, default=1)
    release_time: Mapped[datetime | None] = mapped_column(DateTime)
    content: Mapped[str | None] = mapped_column(String(2000))


class SystemNotice(IdMixin, TenantMixin, AuditMixin, Base):
    """A notification for one user (alarm events and system messages); status 0 unread, 1 read."""

    __tablename__ = "plantdesk_system_notice"

    user_id: Mapped[int] = mapped_column(BigInteger, index=True)
    content: Mapped[str] = mapped_column(Text)  # JSON text: level, name, firstTime, removeStatus, affirmStatus
    alarm_id: Mapped[int | None] = mapped_column(BigInteger)
    batch: Mapped[str | None] = mapped_column(String(64))
    read_status: Mapped[int] = mapped_column(Integer, default=0, index=True)
