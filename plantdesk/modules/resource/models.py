"""Resources: attachments, object-storage and SMS configurations, logos, and the SMS send log."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class Attach(IdMixin, TenantMixin, AuditMixin, Base):
    __tablename__ = "blade_attach"

    link: Mapped[str] = mapped_column(String(1000))
    domain_url: Mapped[str | None] = mapped_column(String(500))
    name: Mapped[str] = mapped_column(String(500))  # the storage key
    original_name: Mapped[str] = mapped_column(String(500))
    extension: Mapped[str | None] = mapped_column(String(12))
    attach_size: Mapped[int] = mapped_column(BigInteger, default=0)
    content_type: Mapped[str | None] = mapped_column(String(128))
    oss_code: Mapped[str | None] = mapped_column(String(32))  # which storage holds it; None = local


class Oss(IdMixin, TenantMixin, AuditMixin, Base):
    """S3-compatible endpoints; status 2 marks the one enabled config of a tenant (BladeX)."""

    __tablename__ = "blade_oss"

    category: Mapped[int] = mapped_column(default=1)
    oss_code: Mapped[str] = mapped_column(String(32))
    endpoint: Mapped[str] = mapped_column(String(255))
    transform_endpoint: Mapped[str | None] = mapped_column(String(255))
    access_key: Mapped[str] = mapped_column(String(255))
    secret_key: Mapped[str] = mapped_column(String(255))
    bucket_name: Mapped[str] = mapped_column(String(255))
    app_id: Mapped[str | None] = mapped_column(String(255))
    region: Mapped[str | None] = mapped_column(String(255))
    remark: Mapped[str | None] = mapped_column(String(255))


class Sms(IdMixin, TenantMixin, AuditMixin, Base):
    """SMS provider configs; status 2 marks the enabled one."""

    __tablename__ = "blade_sms"

    category: Mapped[int] = mapped_column(default=5)
    sms_code: Mapped[str] = mapped_column(String(32))
    template_id: Mapped[str] = mapped_column(String(64))
    access_key: Mapped[str | None] = mapped_column(String(255))
    secret_key: Mapped[str | None] = mapped_column(String(255))
    region_id: Mapped[str | None] = mapped_column(String(255))
    app_id: Mapped[str | None] = mapped_column(String(255))
    sign_name: Mapped[str | None] = mapped_column(String(64))
    remark: Mapped[str | None] = mapped_column(String(255))


class SmsLog(IdMixin, TenantMixin, Base):
    """What the default ("log") SMS provider sends: one row per message, so nothing leaves the machine."""

    __tablename__ = "plantdesk_sms_log"

    sms_code: Mapped[str] = mapped_column(String(32))
    template_id: Mapped[str] = mapped_column(String(64))
    phones: Mapped[str] = mapped_column(Text)
    params: Mapped[str | None] = mapped_column(Text)
    send_time: Mapped[datetime] = mapped_column(DateTime)


class Logo(IdMixin, TenantMixin, AuditMixin, Base):
    __tablename__ = "plantdesk_logo"

    type: Mapped[str] = mapped_column(String(16))  # BACKEND or LABEL
    mode: Mapped[str] = mapped_column(String(16))  # LIGHT or DARK
    url: Mapped[str] = mapped_column(String(1000))
    document: Mapped[str | None] = mapped_column(String(255))  # alt text
