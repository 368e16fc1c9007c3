"""Tables the identity mechanisms own: OAuth clients (blade_client) and token sessions."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin


class Client(IdMixin, AuditMixin, Base):
    __tablename__ = "blade_client"

    client_id: Mapped[str] = mapped_column(String(48), unique=True)
    client_secret: Mapped[str] = mapped_column(String(256))
    resource_ids: Mapped[str | None] = mapped_column(String(256))
    scope: Mapped[str] = mapped_column(String(256), default="all")
    authorized_grant_types: Mapped[str] = mapped_column(
        String(256), default="refresh_token,password,captcha,social")
    web_server_redirect_uri: Mapped[str | None] = mapped_column(String(256))
    authorities: Mapped[str | None] = mapped_column(String(256))
    access_token_validity: Mapped[int] = mapped_column(Integer, default=3600)
    refresh_token_validity: Mapped[int] = mapped_column(Integer, default=604800)
    additional_information: Mapped[str | None] = mapped_column(String(4096))
    autoapprove: Mapped[str | None] = mapped_column(String(256))


class UserSession(IdMixin, Base):
    """One row per issued token pair: online users, logout, kick-out and refresh rotation."""

    __tablename__ = "plantdesk_session"

    tenant_id: Mapped[str] = mapped_column(String(12), index=True)
    user_id: Mapped[int] = mapped_column(BigInteger, index=True)
    account: Mapped[str] = mapped_column(String(64))
    client_id: Mapped[str] = mapped_column(String(48))
    refresh_jti: Mapped[str] = mapped_column(String(64))
    ip: Mapped[str | None] = mapped_column(String(64))
    user_agent: Mapped[str | None] = mapped_column(String(512))
    login_time: Mapped[datetime] = mapped_column(DateTime)
    last_refresh_time: Mapped[datetime] = mapped_column(DateTime)
    expire_time: Mapped[datetime] = mapped_column(DateTime, index=True)
    revoked: Mapped[int] = mapped_column(Integer, default=0)
