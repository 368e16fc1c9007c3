"""Declarative base and the column families every BladeX table shares (contract §9)."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Integer, MetaData, String, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from plantdesk.core.ids import next_id

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

PLATFORM_TENANT = "000000"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class IdMixin:
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, default=next_id)


class SoftDeleteMixin:
    """Rows are removed logically (BladeX `is_deleted`); reads skip them automatically (core.tenancy)."""

    is_deleted: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class AuditMixin(SoftDeleteMixin):
    """BladeX "base" columns; the user/dept/time stamps are filled by core.tenancy on flush."""

    create_user: Mapped[int | None] = mapped_column(BigInteger)
    create_dept: Mapped[int | None] = mapped_column(BigInteger)
    create_time: Mapped[datetime | None] = mapped_column(DateTime, server_default=func.now())
    update_user: Mapped[int | None] = mapped_column(BigInteger)
    update_time: Mapped[datetime | None] = mapped_column(DateTime)
    status: Mapped[int] = mapped_column(Integer, default=1, server_default="1")


class TenantMixin:
    """Tenant-scoped rows: every ORM read, update and delete is narrowed to the bound tenant. No default: a row
    gets its tenant from the session's scope (core.tenancy), or the write fails."""

    tenant_id: Mapped[str] = mapped_column(String(12), index=True)
