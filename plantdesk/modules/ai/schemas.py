"""Wire shapes of /api/ai: the OpenAI chat request, conversations and the tenant's provider settings."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from plantdesk.core.envelope import DateTime, Id, Schema


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="ignore")

    role: Literal["system", "user", "assistant", "tool"]
    content: str | None = Field(None, max_length=20_000)


class ChatRequest(BaseModel):
    """The OpenAI chat-completions request (other OpenAI fields are accepted and ignored), plus the conversation
    to continue (`conversation_id`, or `conversationId` as the console sends it; none starts one)."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True)

    messages: list[ChatMessage] = Field(min_length=1, max_length=100)
    stream: bool = False
    model: str | None = None
    conversation_id: Id | None = Field(None, alias="conversationId")


class Citation(BaseModel):
    index: int
    id: str
    title: str
    link: str
    snippet: str = ""


class ConversationRead(Schema):
    id: Id
    title: str
    create_time: DateTime | None = None
    update_time: DateTime | None = None


class MessageRead(Schema):
    id: Id
    conversation_id: Id
    role: str
    content: str
    citations: list[Citation] = []
    create_time: DateTime | None = None


class ProviderRead(Schema):
    """The key itself never leaves the server: `has_key` says whether one is stored."""

    base_url: str = ""
    model: str = ""
    temperature: float = 0.2
    max_tokens: int = 1024
    timeout_seconds: int = 120
    enabled: int = 0
    has_key: bool = False


class ProviderWrite(Schema):
    """`api_key` omitted keeps the stored key; "" removes it."""

    base_url: str = Field(min_length=8, max_length=500, pattern=r"^https?://")
    api_key: str | None = Field(None, max_length=500)
    model: str = Field(min_length=1, max_length=128)
    temperature: float = Field(0.2, ge=0, le=2)
    max_tokens: int = Field(1024, ge=1, le=32_000)
    timeout_seconds: int = Field(120, ge=5, le=600)
    enabled: int = Field(1, ge=0, le=1)


class Ability(Schema):
    """One kind of question the assistant answers (a tool, or the knowledge base), with an example in each
    language."""

    name: str
    zh: str
    en: str


class ModeRead(Schema):
    """`builtin`: no model configured, the assistant reads the question itself (the abilities listed);
    `model`: the tenant's model answers, calling the same tools."""

    mode: Literal["builtin", "model"]
    model: str
    abilities: list[Ability] = []
