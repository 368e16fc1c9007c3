"""API, error and usual logs (blade_log_*): written by core.audit, read by the log module."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import Base, IdMixin, TenantMixin


class _LogColumns(IdMixin, TenantMixin):
    service_id: Mapped[str | None] = mapped_column(String(32))
    server_host: Mapped[str | None] = mapped_column(String(255))
    server_ip: Mapped[str | None] = mapped_column(String(255))
    env: Mapped[str | None] = mapped_column(String(255))
    method: Mapped[str | None] = mapped_column(String(10))
    request_uri: Mapped[str | None] = mapped_column(String(255))
    user_agent: Mapped[str | None] = mapped_column(String(1000))
    remote_ip: Mapped[str | None] = mapped_column(String(255))
    method_class: Mapped[str | None] = mapped_column(String(255))
    method_name: Mapped[str | None] = mapped_column(String(255))
    params: Mapped[str | None] = mapped_column(Text)
    time: Mapped[str | None] = mapped_column(String(64))
    create_by: Mapped[str | None] = mapped_column(String(64))
    create_time: Mapped[datetime] = mapped_column(DateTime, index=True)


class ApiLog(_LogColumns, Base):
    __tablename__ = "blade_log_api"

    type: Mapped[str | None] = mapped_column(String(2))
    title: Mapped[str | None] = mapped_column(String(255))


class ErrorLog(_LogColumns, Base):
    __tablename__ = "blade_log_error"

    stack_trace: Mapped[str | None] = mapped_column(Text)
    exception_name: Mapped[str | None] = mapped_column(String(255))
    message: Mapped[str | None] = mapped_column(Text)
    file_name: Mapped[str | None] = mapped_column(String(1000))
    line_number: Mapped[int | None] = mapped_column(BigInteger)


class UsualLog(_LogColumns, Base):
    __tablename__ = "blade_log_usual"

    log_level: Mapped[str | None] = mapped_column(String(10))
    log_id: Mapped[str | None] = mapped_column(String(100))
    log_data: Mapped[str | None] = mapped_column(Text)


class SystemLog(IdMixin, TenantMixin, Base):
    """The server's own events (core.system_log): start and stop, migrations and the seed sync, job failures,
    collector connects and drops, outbound refusals, alarm engine lag. Platform events belong to the platform
    tenant; an event of one tenant's device, job or setting to that tenant."""

    __tablename__ = "blade_log_system"

    level: Mapped[str] = mapped_column(String(10), index=True)  # debug, info, warn, error
    source: Mapped[str] = mapped_column(String(32), index=True)  # server, migrate, jobs, collector, outbound, alarm
    event: Mapped[str] = mapped_column(String(64))  # a stable name: start, stop, failed, connected, dropped, ...
    message: Mapped[str] = mapped_column(Text)
    detail: Mapped[str | None] = mapped_column(Text)  # JSON, or a traceback
    service_id: Mapped[str | None] = mapped_column(String(32))
    server_host: Mapped[str | None] = mapped_column(String(255))
    env: Mapped[str | None] = mapped_column(String(255))
    create_time: Mapped[datetime] = mapped_column(DateTime, index=True)
