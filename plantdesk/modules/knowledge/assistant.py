"""The knowledge base as the assistant's corpus (core.assistant): the entries a fact points to, then the best
entries for the question (BM25, as the knowledge search), as citations with a snippet."""

import html
import re
from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.cache import Cache
from plantdesk.modules.knowledge import service as knowledge


def knowledge_link(info_id: int) -> str:
    return f"/index/knowledge?id={info_id}"


async def retrieve(db: AsyncSession, cache: Cache, question: str, k: int,
                   first: Sequence[int] = ()) -> list[dict]:
    """The entries `first` names, then the tenant's best `k` others for the question, as citations."""
    pointed = [knowledge.Scored(info, 0.0) for info in await knowledge.entries(db, first)] if first else []
    hits = [*pointed, *(s for s in await knowledge.search(db, cache, question, limit=k + len(pointed))
                        if s.info.id not in first)][:len(pointed) + k]
    return [{"index": n, "id": str(s.info.id), "title": s.info.title, "link": knowledge_link(s.info.id),
             "snippet": html.unescape(re.sub(r"</?mark>", "", knowledge.hit(s, question)["snippet"]))}
            for n, s in enumerate(hits, start=1)]
