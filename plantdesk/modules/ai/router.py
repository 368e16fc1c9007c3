"""/api/ai: POST chat (the OpenAI chat-completions shape, streamed as server-sent events when `stream` is true),
the caller's conversations, and the tenant's provider settings (administrators)."""

from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import StreamingResponse

from plantdesk.core.context import Identity
from plantdesk.core.crud import request_ids
from plantdesk.core.deps import IdQuery, Rt, TenantDb, admin_only, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.routing import include
from plantdesk.modules.ai import service
from plantdesk.modules.ai.schemas import (
    ChatRequest,
    ConversationRead,
    MessageRead,
    ModeRead,
    ProviderRead,
    ProviderWrite,
)

CHAT = need("aiChat", "ai")

chat = APIRouter(prefix="/ai", tags=["ai"])

SSE_RESPONSE: dict[int | str, dict[str, Any]] = {200: {
    "description": "The OpenAI `chat.completion` object; with `stream`, `text/event-stream` of "
                   "`chat.completion.chunk` events ending with `data: [DONE]`",
    "content": {"text/event-stream": {}}}}


@chat.post("/chat", response_model=None, responses=SSE_RESPONSE)
async def chat_completions(body: Annotated[ChatRequest, Body()], rt: Rt, user: Identity = CHAT):
    """Answers the last user message from the tenant's knowledge base and live plant data (offline), or through
    the tenant's OpenAI-compatible provider with the same retrieval and tools. Acts in the caller's own tenant;
    the question and the answer are stored in the conversation (`conversationId`, or a new one)."""
    turn = await service.begin(rt, user, body)
    if body.stream:
        return StreamingResponse(service.sse(rt, turn), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    content, meta = [], {}
    async for piece in service.answer(rt, turn):
        if isinstance(piece, str):
            content.append(piece)
        else:
            meta = piece
    return service.completion(turn, "".join(content), meta)


@chat.get("/mode", response_model=R[ModeRead])
async def chat_mode(db: TenantDb, rt: Rt, user: Identity = CHAT):
    """The assistant's mode for the caller's tenant (`builtin`: no model configured; `model`: the tenant's model)
    and what it answers: an example question per tool the caller may use, in Chinese and English."""
    return ok(await service.mode(rt, db, user))


conversations = APIRouter(prefix="/ai/conversations", tags=["ai"])


@conversations.get("/list", response_model=R[list[ConversationRead]])
async def conversation_list(db: TenantDb, user: Identity = CHAT):
    """The caller's own conversations, most recent first."""
    return ok(await service.conversations(db, user))


@conversations.get("/messages", response_model=R[list[MessageRead]])
async def conversation_messages(db: TenantDb, id: IdQuery, user: Identity = CHAT):
    return ok(await service.messages(db, user, id))


@conversations.post("/remove", response_model=R[bool])
async def conversation_remove(request: Request, db: TenantDb, user: Identity = CHAT):
    await service.remove_conversations(db, user, await request_ids(request))
    return ok(True)


settings = APIRouter(prefix="/ai/provider", tags=["ai"])


@settings.get("/detail", response_model=R[ProviderRead])
async def provider_detail(db: TenantDb, user: Identity = admin_only()):
    return ok(await service.provider_read(db))


@settings.post("/submit", response_model=R[ProviderRead])
async def provider_submit(db: TenantDb, rt: Rt, body: Annotated[ProviderWrite, Body()], user: Identity = admin_only()):
    """The tenant's OpenAI-compatible endpoint; the key is stored encrypted and never answered."""
    return ok(await service.save_provider(db, rt, body))


router = APIRouter()
include(router, chat, conversations, settings)
