"""Users (blade_user) and their third-party bindings (blade_user_oauth)."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.core.search import SearchIndex
from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class User(IdMixin, TenantMixin, AuditMixin, Base):
    __tablename__ = "blade_user"
    # The user page lists a tenant's live users newest first: walked along this index a page costs no sort, and
    # their count reads the index alone.
    __table_args__ = (Index("ix_blade_user_tenant_live_created", "tenant_id", "is_deleted", "create_time", "id"),)

    code: Mapped[str | None] = mapped_column(String(12))
    user_type: Mapped[int] = mapped_column(Integer, default=1)
    account: Mapped[str] = mapped_column(String(45), index=True)
    # argon2id over the client's md5 hex (~97 chars), or a legacy BladeX sha1(md5) awaiting upgrade.
    password: Mapped[str] = mapped_column(String(128))
    name: Mapped[str | None] = mapped_column(String(20))
    real_name: Mapped[str | None] = mapped_column(String(40))
    avatar: Mapped[str | None] = mapped_column(String(500))
    email: Mapped[str | None] = mapped_column(String(45))
    phone: Mapped[str | None] = mapped_column(String(45))
    birthday: Mapped[datetime | None] = mapped_column(DateTime)
    sex: Mapped[int | None] = mapped_column(Integer)
    role_id: Mapped[str | None] = mapped_column(String(1000))  # comma-joined ids (BladeX)
    dept_id: Mapped[str | None] = mapped_column(String(1000))
    post_id: Mapped[str | None] = mapped_column(String(1000))
    leader_id: Mapped[int | None] = mapped_column(BigInteger)
    is_leader: Mapped[int] = mapped_column(Integer, default=0)
    # Password policy state (spec §4): set when an admin resets to the initial password.
    need_reset: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    password_time: Mapped[datetime | None] = mapped_column(DateTime)
    # Registered through a third-party sign-in and awaiting an administrator's approval (status 0).
    oauth_id: Mapped[str | None] = mapped_column(String(64))
    user_ext: Mapped[str | None] = mapped_column(String(2000))  # update-platform's userExt (JSON text)


# The user page's "contains" filters, answered from the gram index (core.search) rather than a scan.
SEARCH = SearchIndex("user", {"account": User.account, "realName": User.real_name})


class UserOauth(IdMixin, TenantMixin, Base):
    __tablename__ = "blade_user_oauth"

    uuid: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    username: Mapped[str | None] = mapped_column(String(32))
    nickname: Mapped[str | None] = mapped_column(String(64))
    avatar: Mapped[str | None] = mapped_column(String(1000))
    email: Mapped[str | None] = mapped_column(String(255))
    source: Mapped[str] = mapped_column(String(32))
    is_deleted: Mapped[int] = mapped_column(Integer, default=0)
