"""One chat turn: the conversation (the caller's own), the question, the answer (offline or through the tenant's
provider) and both stored. A streamed answer outlives the request's session, so each step opens its own unit of
work in the caller's tenant."""

import json
import logging
import re
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import assistant, outbound, permissions, secrets, tenancy
from plantdesk.core.context import Identity
from plantdesk.core.crud import mark_deleted
from plantdesk.core.errors import BusinessError, NotFoundError
from plantdesk.core.runtime import Runtime
from plantdesk.modules.ai import offline, provider
from plantdesk.modules.ai.models import AiConversation, AiMessage, AiProvider
from plantdesk.modules.ai.schemas import ChatRequest, ProviderWrite

OFFLINE_MODEL = "plantdesk-offline"
PROVIDER_KEY = "ai.provider-key"  # core.secrets purpose: the keys sealed before the move open unchanged
UNAVAILABLE = "服务暂时不可用,请稍后重试"
log = logging.getLogger(__name__)
HISTORY = 10  # earlier turns sent to a provider
OUTBOUND_KIND = "ai"  # its connections' kind for core.outbound's grants
_CJK = re.compile(r"[\u3400-\u9fff]")


@dataclass
class Turn:
    conversation_id: int
    question: str
    history: list[dict]
    user: Identity


async def own_conversation(db: AsyncSession, user: Identity, conversation_id: int) -> AiConversation:
    row = (await db.execute(select(AiConversation).where(AiConversation.id == conversation_id,
                                                         AiConversation.create_user == user.user_id))).scalar()
    if row is None:
        raise NotFoundError()
    return row


async def begin(rt: Runtime, user: Identity, body: ChatRequest) -> Turn:
    """Store the question (in a new conversation unless one of the caller's is named)."""
    question = next((m.content for m in reversed(body.messages) if m.role == "user" and m.content), None)
    if not question or not question.strip():
        raise BusinessError("请输入问题")
    async with rt.unit_of_work(user) as db:
        if body.conversation_id:
            conversation = await own_conversation(db, user, body.conversation_id)
            conversation.update_time = datetime.now()  # the list shows recent conversations first
        else:
            conversation = AiConversation(title=question.strip()[:60])
            db.add(conversation)
        await db.flush()
        earlier = (await db.execute(select(AiMessage.role, AiMessage.content)
                                    .where(AiMessage.conversation_id == conversation.id)
                                    .order_by(AiMessage.id.desc()).limit(HISTORY))).all()
        db.add(AiMessage(conversation_id=conversation.id, role="user", content=question.strip()))
        return Turn(conversation.id, question.strip(), [{"role": r, "content": c} for r, c in reversed(earlier)], user)


async def answer(rt: Runtime, turn: Turn) -> AsyncIterator[str | dict]:
    """The answer's text pieces, then one dict: {citations, links, model} (after the answer is stored)."""
    user = turn.user
    async with rt.unit_of_work(user) as db:
        granted = await permissions.codes_for(user, db=db, cache=rt.cache)
        usable = assistant.allowed(user, granted)
        endpoint = await _endpoint(db, rt)
        if endpoint is None:
            result = await offline.answer(db, rt.cache, user, usable, turn.question)
            citations, links, model = result.citations, result.links, OFFLINE_MODEL
        else:
            citations = await assistant.retrieve(db, rt.cache, turn.question, offline.TOP_K)
            links, model = [], endpoint.model
    if endpoint is None:
        pieces = _pieces(result.content)
    else:
        pieces = _provider_pieces(rt, user, endpoint, turn, citations, usable)
    content = []
    async for piece in pieces:
        content.append(piece)
        yield piece
    async with rt.unit_of_work(user) as db:
        db.add(AiMessage(conversation_id=turn.conversation_id, role="assistant", content="".join(content),
                         citations=json.dumps(citations, ensure_ascii=False) if citations else None))
    yield {"citations": citations, "links": links, "model": model}


# The knowledge base answers "what to do" in either mode (core.assistant.retrieve).
PROCEDURES = ("procedures", "P-101A 振动高怎么处理?", "What should I do about a high reactor temperature?")


async def mode(rt: Runtime, db: AsyncSession, user: Identity) -> dict:
    """Which mode the caller's assistant is in and what it answers: the examples of the tools the caller may use."""
    endpoint = await _endpoint(db, rt)
    granted = await permissions.codes_for(user, db=db, cache=rt.cache)
    abilities = [{"name": t.name, "zh": zh, "en": en} for t in assistant.allowed(user, granted)
                 for zh, en in t.examples]
    abilities.append(dict(zip(("name", "zh", "en"), PROCEDURES, strict=True)))
    return {"mode": "builtin" if endpoint is None else "model",
            "model": OFFLINE_MODEL if endpoint is None else endpoint.model, "abilities": abilities}


async def _pieces(content: str) -> AsyncIterator[str]:
    """An offline answer streamed a line at a time (the console shows it growing, as a model's would)."""
    for line in content.splitlines(keepends=True):
        yield line


async def _provider_pieces(rt: Runtime, user: Identity, endpoint: provider.Endpoint, turn: Turn,
                           citations: list[dict], usable: list[assistant.Tool]) -> AsyncIterator[str]:
    async def run_tool(tool: assistant.Tool, args: dict) -> dict:
        async with rt.unit_of_work(user) as db:
            return await tool.run(db, user, args)

    zh = bool(_CJK.search(turn.question))
    messages = [{"role": "system", "content": provider.system_prompt(citations, zh)}, *turn.history,
                {"role": "user", "content": turn.question}]
    policy = rt.settings.outbound_policy.scoped(user.tenant_id, OUTBOUND_KIND)
    try:
        async for piece in provider.stream(endpoint, policy, messages, usable, run_tool):
            yield piece
    except provider.ProviderError as exc:
        yield f"\n\n{exc}"


async def _endpoint(db: AsyncSession, rt: Runtime) -> provider.Endpoint | None:
    row = (await db.execute(select(AiProvider).where(AiProvider.enabled == 1).limit(1))).scalar()
    if row is None:
        return None
    return provider.Endpoint(row.base_url, secrets.unseal(rt.settings, PROVIDER_KEY, row.api_key), row.model,
                             row.temperature, row.max_tokens, row.timeout_seconds)


def completion(turn: Turn, content: str, meta: dict) -> dict:
    """The OpenAI `chat.completion` object, plus the conversation and the citations."""
    return {"id": f"chatcmpl-{uuid.uuid4().hex}", "object": "chat.completion", "created": int(time.time()),
            "model": meta["model"], "conversation_id": str(turn.conversation_id),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "citations": meta["citations"], "links": meta["links"]}


async def sse(rt: Runtime, turn: Turn) -> AsyncIterator[bytes]:
    """`chat.completion.chunk` events; the last chunk carries finish_reason, the conversation and the citations;
    then `data: [DONE]`."""
    id_, created = f"chatcmpl-{uuid.uuid4().hex}", int(time.time())

    def event(payload: dict) -> bytes:
        return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n".encode()

    base = {"id": id_, "object": "chat.completion.chunk", "created": created,
            "conversation_id": str(turn.conversation_id)}
    yield event({**base, "model": OFFLINE_MODEL, "choices": [{"index": 0, "delta": {"role": "assistant"},
                                                               "finish_reason": None}]})
    try:
        async for piece in answer(rt, turn):
            if isinstance(piece, str):
                yield event({**base, "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]})
            else:
                yield event({**base, "model": piece["model"], "citations": piece["citations"],
                             "links": piece["links"], "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    except Exception:  # the headers are sent: the failure can only travel as an event (OpenAI's error shape)
        log.exception("assistant answer failed")
        yield event({**base, "error": {"message": UNAVAILABLE, "type": "server_error"}})
    yield b"data: [DONE]\n\n"


# --- conversations, provider settings ------------------------------------------------------------------------

async def conversations(db: AsyncSession, user: Identity) -> list[AiConversation]:
    stmt = (select(AiConversation).where(AiConversation.create_user == user.user_id)
            .order_by(AiConversation.update_time.desc(), AiConversation.id.desc()).limit(200))
    return list((await db.execute(stmt)).scalars())


async def messages(db: AsyncSession, user: Identity, conversation_id: int) -> list[dict]:
    await own_conversation(db, user, conversation_id)
    rows = (await db.execute(select(AiMessage).where(AiMessage.conversation_id == conversation_id)
                             .order_by(AiMessage.id))).scalars()
    return [{"id": r.id, "conversation_id": r.conversation_id, "role": r.role, "content": r.content,
             "citations": json.loads(r.citations) if r.citations else [], "create_time": r.create_time}
            for r in rows]


async def remove_conversations(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    """Only the caller's own; their messages go with them."""
    mine = AiConversation.id.in_(ids) & (AiConversation.create_user == user.user_id)
    owned = list((await db.execute(select(AiConversation.id).where(mine))).scalars())
    await mark_deleted(db, AiConversation, AiConversation.id.in_(owned))
    await mark_deleted(db, AiMessage, AiMessage.conversation_id.in_(owned))


async def provider_read(db: AsyncSession) -> dict:
    row = (await db.execute(select(AiProvider).limit(1))).scalar()
    if row is None:
        return {}
    return {"base_url": row.base_url, "model": row.model, "temperature": row.temperature,
            "max_tokens": row.max_tokens, "timeout_seconds": row.timeout_seconds, "enabled": row.enabled,
            "has_key": bool(row.api_key)}


async def save_provider(db: AsyncSession, rt: Runtime, body: ProviderWrite) -> dict:
    row = (await db.execute(select(AiProvider).limit(1))).scalar()
    await outbound.check(rt.settings.outbound_policy, body.base_url,
                         tenant=tenancy.writing_tenant(db, row), kind=OUTBOUND_KIND)
    if row is None:
        row = AiProvider()
        db.add(row)
    for name in ("base_url", "model", "temperature", "max_tokens", "timeout_seconds", "enabled"):
        setattr(row, name, getattr(body, name))
    if body.api_key is not None:
        row.api_key = secrets.seal(rt.settings, PROVIDER_KEY, body.api_key) if body.api_key else None
    await db.flush()
    return await provider_read(db)


