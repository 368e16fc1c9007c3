"""Assistant tables: a tenant's provider settings and each user's conversations."""

from sqlalchemy import BigInteger, Float, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class AiProvider(IdMixin, TenantMixin, AuditMixin, Base):
    """A tenant's OpenAI-compatible endpoint; `api_key` is encrypted at rest (core.secrets). `enabled` 0: the
    offline assistant answers."""

    __tablename__ = "ai_provider"

    base_url: Mapped[str] = mapped_column(String(500))
    api_key: Mapped[str | None] = mapped_column(String(1000))
    model: Mapped[str] = mapped_column(String(128))
    temperature: Mapped[float] = mapped_column(Float, default=0.2, server_default="0.2")
    max_tokens: Mapped[int] = mapped_column(Integer, default=1024, server_default="1024")
    timeout_seconds: Mapped[int] = mapped_column(Integer, default=120, server_default="120")
    enabled: Mapped[int] = mapped_column(Integer, default=1, server_default="1")


class AiConversation(IdMixin, TenantMixin, AuditMixin, Base):
    """One user's conversation (`create_user` owns it)."""

    __tablename__ = "ai_conversation"

    title: Mapped[str] = mapped_column(String(255))


class AiMessage(IdMixin, TenantMixin, AuditMixin, Base):
    """A turn of a conversation; `citations` is JSON [{id, title, link}] of the knowledge entries it cites."""

    __tablename__ = "ai_message"

    conversation_id: Mapped[int] = mapped_column(BigInteger, index=True)
    role: Mapped[str] = mapped_column(String(16))
    content: Mapped[str] = mapped_column(Text)
    citations: Mapped[str | None] = mapped_column(Text)
