"""Knowledge base rules: saving an entry sanitises its HTML, writes its change log and re-indexes it for search;
search scores BM25 over the tenant's postings; comments come back as threads."""

import difflib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from sqlalchemy import case, delete, func, literal, or_, select, union, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import generations, tenancy
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise, mark_deleted
from plantdesk.core.errors import BusinessError, Forbidden
from plantdesk.modules.knowledge import text
from plantdesk.modules.knowledge.models import (
    AlarmEventKnowledge,
    KnowledgeCatalogue,
    KnowledgeChangeLog,
    KnowledgeComment,
    KnowledgeFileRela,
    KnowledgeInfo,
    KnowledgeTerm,
)
from plantdesk.modules.knowledge.schemas import CatalogueWrite, InfoWrite
from plantdesk.modules.resource.models import Attach
from plantdesk.modules.system.trees import descendants_of, forest

TRACKED = ("title", "catalogue_id", "summary", "tags", "status")
K1, B = 1.2, 0.75
REFERENCE_LENGTH = 100  # tokens: BM25's average entry length (a procedure of a few paragraphs)
STATISTICS = "knowledge.statistics"  # generation of the search's entry count and document frequencies
DEPTH = 1000  # postings of a common term read best first before the rest are known not to matter
TITLE_WEIGHT = 3  # a title's tokens count three times: a procedure named after the question ranks first


def who(user: Identity) -> str:
    return user.real_name or user.account


# --- catalogue -----------------------------------------------------------------------------------------------

async def save_catalogue(db: AsyncSession, body: CatalogueWrite) -> KnowledgeCatalogue:
    values = {name: getattr(body, name) for name in body.model_fields_set if name != "id"}
    if body.id is None:
        row = KnowledgeCatalogue(**values)
        db.add(row)
    else:
        row = await get_or_raise(db, KnowledgeCatalogue, body.id)
        for key, value in values.items():
            setattr(row, key, value)
    if row.parent_id:
        if row.parent_id == body.id:
            raise BusinessError("父节点不可选择自身")
        await get_or_raise(db, KnowledgeCatalogue, row.parent_id)
        if body.id is not None and row.parent_id in await _descendants(db, [body.id]):
            raise BusinessError("父节点不可选择自身的子节点")
    await db.flush()
    await db.refresh(row)
    return row


async def _descendants(db: AsyncSession, ids: Sequence[int]) -> set[int]:
    rows = (await db.execute(select(KnowledgeCatalogue.id, KnowledgeCatalogue.parent_id))).all()
    return descendants_of(ids, rows)


async def remove_catalogues(db: AsyncSession, ids: list[int]) -> None:
    """Refused while a catalogue (or one below it) still holds entries."""
    chosen = {*ids, *await _descendants(db, ids)}
    if await db.scalar(select(KnowledgeInfo.id).where(KnowledgeInfo.catalogue_id.in_(chosen)).limit(1)):
        raise BusinessError("请先删除目录下的知识")
    await mark_deleted(db, KnowledgeCatalogue, KnowledgeCatalogue.id.in_(chosen))


async def catalogue_tree(db: AsyncSession) -> list[dict]:
    rows = (await db.execute(select(KnowledgeCatalogue).order_by(KnowledgeCatalogue.sort, KnowledgeCatalogue.id)))
    nodes = [{"id": c.id, "parent_id": c.parent_id, "title": c.name, "key": c.id, "value": c.id, "sort": c.sort}
             for c in rows.scalars()]
    return forest(nodes)


# --- info ----------------------------------------------------------------------------------------------------

async def info_reads(db: AsyncSession, rows: Sequence[KnowledgeInfo]) -> list[dict]:
    ids = {r.catalogue_id for r in rows if r.catalogue_id}
    names = dict((await db.execute(select(KnowledgeCatalogue.id, KnowledgeCatalogue.name)
                                   .where(KnowledgeCatalogue.id.in_(ids)))).all()) if ids else {}
    return [{**{c.key: getattr(r, c.key) for c in KnowledgeInfo.__mapper__.column_attrs},
             "catalogue_name": names.get(r.catalogue_id)} for r in rows]


async def save_info(db: AsyncSession, user: Identity, body: InfoWrite) -> KnowledgeInfo:
    """Insert or update an entry: its HTML sanitised, one change-log row for what changed, its postings renewed."""
    values = {name: getattr(body, name) for name in body.model_fields_set if name != "id"}
    if "content" in values:
        values["content"] = text.sanitize(values["content"])
    if values.get("catalogue_id"):
        await get_or_raise(db, KnowledgeCatalogue, values["catalogue_id"])
    if (body.id is None or "title" in values) and not body.title:
        raise BusinessError("缺少必要的请求参数: title")
    if body.id is None:
        row = KnowledgeInfo(**values, author=who(user))
        db.add(row)
        await db.flush()
        changes = [{"field": f, "old": None, "new": _str(getattr(row, f))} for f in TRACKED if getattr(row, f)]
        await _log(db, user, row.id, "create", changes, _diff("", text.plain(row.content)))
    else:
        row = await get_or_raise(db, KnowledgeInfo, body.id)
        old = {f: getattr(row, f) for f in (*TRACKED, "content")}
        for key, value in values.items():
            setattr(row, key, value)
        changes = [{"field": f, "old": _str(old[f]), "new": _str(getattr(row, f))}
                   for f in TRACKED if old[f] != getattr(row, f)]
        diff = _diff(text.plain(old["content"]), text.plain(row.content)) if old["content"] != row.content else ""
        if changes or diff:
            await _log(db, user, row.id, "update", changes, diff)
    await index(db, row)
    await db.flush()
    await db.refresh(row)
    return row


def _str(value) -> str | None:
    return None if value is None else str(value)


def _diff(old: str, new: str) -> str:
    return "\n".join(difflib.unified_diff(old.splitlines(), new.splitlines(), "before", "after", lineterm=""))


async def _log(db: AsyncSession, user: Identity, info_id: int, action: str, changes: list[dict], diff: str,
               remark: str | None = None) -> None:
    db.add(KnowledgeChangeLog(info_id=info_id, action=action, user_name=who(user),
                              fields=json.dumps(changes, ensure_ascii=False) if changes else None,
                              diff=diff or None, remark=remark))


async def add_note(db: AsyncSession, user: Identity, info_id: int, remark: str) -> KnowledgeChangeLog:
    await get_or_raise(db, KnowledgeInfo, info_id)
    row = KnowledgeChangeLog(info_id=info_id, action="note", user_name=who(user), remark=remark)
    db.add(row)
    await db.flush()
    await db.refresh(row)
    return row


def changelog_read(row: KnowledgeChangeLog) -> dict:
    return {**{c.key: getattr(row, c.key) for c in KnowledgeChangeLog.__mapper__.column_attrs},
            "fields": json.loads(row.fields) if row.fields else []}


async def remove_infos(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    """Removes the caller's tenant's entries of `ids`; each one removed gets its "remove" change-log row (an id
    that names nothing here, or another tenant's entry, writes none)."""
    ids = [row.id for row in await entries(db, ids)]
    if not ids:
        return
    await mark_deleted(db, KnowledgeInfo, KnowledgeInfo.id.in_(ids))
    await db.execute(delete(KnowledgeTerm).where(KnowledgeTerm.info_id.in_(ids))
                     .execution_options(synchronize_session=False))
    await db.execute(delete(AlarmEventKnowledge).where(AlarmEventKnowledge.knowledge_id.in_(ids))
                     .execution_options(synchronize_session=False))
    for id_ in ids:
        await _log(db, user, id_, "remove", [], "")


# --- search --------------------------------------------------------------------------------------------------

def weight(tf: int, length: int) -> float:
    """BM25's term weight without the idf: a posting's share of an entry's score, known when it is written because
    the length normalisation uses a fixed reference length rather than the base's moving average."""
    return tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / REFERENCE_LENGTH))


async def index(db: AsyncSession, row: KnowledgeInfo) -> None:
    """Renew the entry's postings (title tokens weighted) and its length."""
    await db.execute(delete(KnowledgeTerm).where(KnowledgeTerm.info_id == row.id)
                     .execution_options(synchronize_session=False))
    counts = text.counts(row.summary, row.tags, text.plain(row.content))
    for term, n in text.counts(row.title).items():
        counts[term] += n * TITLE_WEIGHT
    row.term_count = sum(counts.values())
    db.add_all(KnowledgeTerm(info_id=row.id, term=term, tf=n, weight=weight(n, row.term_count))
               for term, n in counts.items())


@dataclass(frozen=True)
class Scored:
    info: KnowledgeInfo
    score: float


async def search(db: AsyncSession, cache: Cache, query: str, *, limit: int = 10,
                 catalogue_id: int | None = None) -> list[Scored]:
    """The caller's tenant's best `limit` entries by BM25 (the sum of idf × weight over the query's terms).

    A term in more than DEPTH entries has only its DEPTH best postings read (index order: weight); the entries
    found so, and every entry of the rarer terms, are scored in full. No other entry can score more than the sum of
    idf × the DEPTH-th weight of each long term: when the last of the best is above that bound the answer is exact,
    otherwise every posting is scored (a query whose common words all rank alike: rare)."""
    terms = await _terms(db, text.query_tokens(query))
    if not terms:
        return []
    total, df = await _statistics(db, cache, terms)
    if not df:
        return []
    idf = {term: math.log(1 + (total - n + 0.5) / (n + 0.5)) for term, n in df.items()}
    folders = {catalogue_id, *await _descendants(db, [catalogue_id])} if catalogue_id else None
    long = [term for term, n in df.items() if n > DEPTH]
    best = None
    if long and folders is None:
        best = await _best(db, idf, limit, candidates=_leaders(df, long))
        bound = sum(idf[term] * cut for term, cut in await _cuts(db, long))
        if len(best) < limit or best[-1][1] < bound:
            best = None
    if best is None:
        best = await _best(db, idf, limit, folders=folders)
    rows = {r.id: r for r in await entries(db, [i for i, _ in best])}
    return [Scored(rows[i], s) for i, s in best if i in rows]


async def _terms(db: AsyncSession, tokens: list[str]) -> list[str]:
    """The query's tokens; a lone CJK character is indexed only inside its bigrams: those it is in."""
    lone = [t for t in tokens if len(t) == 1 and t >= "\u3400"]
    if not lone:
        return tokens
    holding = or_(*(or_(KnowledgeTerm.term.startswith(t), KnowledgeTerm.term.endswith(t)) for t in lone))
    return list(dict.fromkeys([*tokens, *(await db.execute(select(KnowledgeTerm.term).distinct()
                                                           .where(holding))).scalars()]))


async def _statistics(db: AsyncSession, cache: Cache, terms: list[str]) -> tuple[int, dict[str, int]]:
    """The tenant's entry count and each term's document frequency (terms in no entry left out). Counting them
    reads every posting of a common term, so they are kept in the cache per tenant and term under a generation
    that every write of entries or postings renews (core.generations): counted again only after a change."""
    tenant = tenancy.bound_tenant(db) or "*"

    async def entries() -> int:
        return await db.scalar(select(func.count()).select_from(KnowledgeInfo)) or 0

    async def frequency(term: str) -> int:
        return await db.scalar(select(func.count()).select_from(KnowledgeTerm).where(KnowledgeTerm.term == term)) or 0

    total = await generations.cached(cache, STATISTICS, tenant, entries, session=db)
    df = {term: await generations.cached(cache, STATISTICS, f"{tenant}:{term}", partial(frequency, term), session=db)
          for term in terms}
    return total, {term: n for term, n in df.items() if n}


def _leaders(df: dict[str, int], long: list[str]):
    """The entries of the short terms and the DEPTH best of each long term's."""
    short = [term for term in df if term not in long]
    parts = [select(KnowledgeTerm.info_id).where(KnowledgeTerm.term.in_(short))] if short else []
    parts += [select(best.c.info_id) for best in (
        select(KnowledgeTerm.info_id).where(KnowledgeTerm.term == term).order_by(KnowledgeTerm.weight.desc())
        .limit(DEPTH).subquery() for term in long)]
    return union(*parts) if len(parts) > 1 else parts[0]


async def _cuts(db: AsyncSession, long: list[str]) -> list[tuple[str, float]]:
    """Each long term's DEPTH-th weight: no posting of it left unread weighs more."""
    cuts = [select(literal(term).label("term"), KnowledgeTerm.weight).where(KnowledgeTerm.term == term)
            .order_by(KnowledgeTerm.weight.desc()).offset(DEPTH - 1).limit(1).subquery() for term in long]
    return [tuple(r) for r in (await db.execute(union_all(*(select(c.c.term, c.c.weight) for c in cuts)))).all()]


async def _best(db: AsyncSession, idf: dict[str, float], limit: int, *, candidates=None,
                folders: set[int] | None = None) -> list[tuple[int, float]]:
    """(entry, score) of the best `limit`, summed and cut in the database (from the index alone)."""
    score = func.sum(case(idf, value=KnowledgeTerm.term, else_=0.0) * KnowledgeTerm.weight).label("score")
    stmt = (select(KnowledgeTerm.info_id, score).where(KnowledgeTerm.term.in_(list(idf)))
            .group_by(KnowledgeTerm.info_id).order_by(score.desc(), KnowledgeTerm.info_id).limit(limit))
    if candidates is not None:
        stmt = stmt.where(KnowledgeTerm.info_id.in_(candidates))
    if folders:
        stmt = stmt.join(KnowledgeInfo, KnowledgeInfo.id == KnowledgeTerm.info_id).where(
            KnowledgeInfo.catalogue_id.in_(folders))
    return [(i, float(s)) for i, s in (await db.execute(stmt)).all()]


def hit(scored: Scored, query: str) -> dict:
    info = scored.info
    body = " ".join(" ".join(filter(None, (info.summary, text.plain(info.content)))).split())
    return {"id": info.id, "catalogue_id": info.catalogue_id, "title": info.title, "tags": info.tags,
            "title_highlight": text.highlight(info.title, query), "snippet": text.snippet(body, query),
            "score": round(scored.score, 4), "update_time": info.update_time or info.create_time}


# --- attachments, comments -----------------------------------------------------------------------------------

async def files_of(db: AsyncSession, info_id: int) -> list[KnowledgeFileRela]:
    """The files attached to an entry, in the order they were attached."""
    stmt = select(KnowledgeFileRela).where(KnowledgeFileRela.info_id == info_id).order_by(KnowledgeFileRela.id)
    return list((await db.execute(stmt)).scalars())


async def add_file(db: AsyncSession, info_id: int, attach_id: int, id_: int | None) -> KnowledgeFileRela:
    await get_or_raise(db, KnowledgeInfo, info_id)
    attach = await get_or_raise(db, Attach, attach_id)
    row = await get_or_raise(db, KnowledgeFileRela, id_) if id_ else KnowledgeFileRela()
    row.info_id, row.attach_id, row.name = info_id, attach.id, attach.original_name
    row.link, row.extension, row.attach_size = attach.link, attach.extension, attach.attach_size
    if id_ is None:
        db.add(row)
    await db.flush()
    await db.refresh(row)
    return row


async def add_comment(db: AsyncSession, user: Identity, info_id: int, parent_id: int | None,
                      content: str) -> KnowledgeComment:
    await get_or_raise(db, KnowledgeInfo, info_id)
    if parent_id:
        parent = await get_or_raise(db, KnowledgeComment, parent_id)
        if parent.info_id != info_id:
            raise BusinessError("回复的评论不属于该知识")
    row = KnowledgeComment(info_id=info_id, parent_id=parent_id or 0, content=content.strip(), user_name=who(user))
    db.add(row)
    await db.flush()
    await db.refresh(row)
    return row


async def comment_threads(db: AsyncSession, info_id: int) -> list[dict]:
    rows = (await db.execute(select(KnowledgeComment).where(KnowledgeComment.info_id == info_id)
                             .order_by(KnowledgeComment.create_time, KnowledgeComment.id))).scalars()
    nodes = [{**{c.key: getattr(r, c.key) for c in KnowledgeComment.__mapper__.column_attrs}} for r in rows]
    return forest(nodes)


async def removable_comments(db: AsyncSession, user: Identity, ids: list[int], *, moderator: bool) -> list[int]:
    """The comments of `ids` the caller may remove: their own, or any with knowledge_delete (`moderator`)."""
    if moderator:
        return ids
    rows = (await db.execute(select(KnowledgeComment.id, KnowledgeComment.create_user)
                             .where(KnowledgeComment.id.in_(ids)))).all()
    if any(owner != user.user_id for _, owner in rows):
        raise Forbidden("无权限访问")
    return ids


async def remove_comments(db: AsyncSession, ids: list[int]) -> None:
    """A removed comment takes its replies with it."""
    rows = (await db.execute(select(KnowledgeComment.id, KnowledgeComment.parent_id))).all()
    chosen = {*ids, *descendants_of(ids, rows)}
    await mark_deleted(db, KnowledgeComment, KnowledgeComment.id.in_(chosen))


# --- alarm events' knowledge links ---------------------------------------------------------------------------

async def entries(db: AsyncSession, ids: Sequence[int]) -> list[KnowledgeInfo]:
    """The caller's tenant's entries of `ids`, in that order (removed or foreign ones left out)."""
    rows = {r.id: r for r in (await db.execute(select(KnowledgeInfo).where(KnowledgeInfo.id.in_(ids)))).scalars()}
    return [rows[i] for i in ids if i in rows]


async def event_knowledge(db: AsyncSession, event_id: int) -> list[KnowledgeInfo]:
    stmt = (select(KnowledgeInfo).join(AlarmEventKnowledge, AlarmEventKnowledge.knowledge_id == KnowledgeInfo.id)
            .where(AlarmEventKnowledge.event_id == event_id).order_by(AlarmEventKnowledge.id))
    return list((await db.execute(stmt)).scalars())


async def link_event(db: AsyncSession, event_id: int, knowledge_ids: Sequence[int]) -> list[KnowledgeInfo]:
    """The event's links become exactly `knowledge_ids` (each must be an entry of the caller's tenant)."""
    wanted = list(dict.fromkeys(knowledge_ids))
    found = set((await db.execute(select(KnowledgeInfo.id).where(KnowledgeInfo.id.in_(wanted)))).scalars())
    if len(found) != len(wanted):
        raise BusinessError("知识不存在")
    have = set((await db.execute(select(AlarmEventKnowledge.knowledge_id)
                                 .where(AlarmEventKnowledge.event_id == event_id))).scalars())
    await db.execute(delete(AlarmEventKnowledge).where(AlarmEventKnowledge.event_id == event_id,
                                                       AlarmEventKnowledge.knowledge_id.notin_(wanted))
                     .execution_options(synchronize_session=False))
    db.add_all(AlarmEventKnowledge(event_id=event_id, knowledge_id=k) for k in wanted if k not in have)
    await db.flush()
    return await event_knowledge(db, event_id)
