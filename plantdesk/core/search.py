"""Substring filters that do not scan: a gram index behind the "contains" filters of big lists.

A BladeX list filter `realName=王` means "contains 王" (LIKE '%王%'), which no B-tree answers: the page and its count
read every row of the tenant. For the columns a `SearchIndex` names, `blade_search_gram` keeps every distinct piece of
one to three characters of each row's value (casefolded), kept current on every ORM flush. A filter of up to three
characters is then one index range; a longer one takes the range of its rarest three-character piece. When that
range is long (most rows match), the filter is left to the scan, which is then cheaper.

The LIKE clause stays in the query and decides; the index only narrows the rows it is checked on. So the index must
never miss a row (every write through the ORM adds the grams of the new value) but may hold a few too many: rows
written with a Core bulk statement call `rebuild`. CJK names need the one- and two-character grams: a surname is one
character, which is also why trigram indexes (pg_trgm, FTS5 trigram) do not serve here.
"""

import functools
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Integer,
    String,
    bindparam,
    delete,
    event,
    func,
    inspect,
    literal,
    select,
    union_all,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute, Mapped, Session, mapped_column

from plantdesk.core import tenancy
from plantdesk.db.base import Base

LONGEST = 3
# A lookup per candidate costs about four scanned rows (SQLite, 10,000-user tenant: ~3 µs against ~0.7 µs), and
# the scan stops after one page where the index path sorts every candidate: below 1,000 the index always wins.
SELECTIVE = 1000
PROBES = 8  # candidate grams of a long filter, spread over it, counted to choose the rarest
CHOSEN_SECONDS, CHOSEN_MAX = 300, 4096
_chosen: dict[tuple, tuple[float, tuple[str, int]]] = {}


class SearchGram(Base):
    """Not a TenantMixin row: the primary key leads with tenant_id (the mixin would add a second index on it),
    so `_among_candidates` narrows to the session's bound tenant itself."""

    __tablename__ = "blade_search_gram"
    __table_args__ = {"sqlite_with_rowid": False}

    tenant_id: Mapped[str] = mapped_column(String(12), primary_key=True)
    field: Mapped[str] = mapped_column(String(40), primary_key=True)
    gram: Mapped[str] = mapped_column(String(LONGEST * 4), primary_key=True)
    row_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)


def grams(value: str | None) -> set[str]:
    text = (value or "").casefold()
    return {text[i:i + n] for n in range(1, LONGEST + 1) for i in range(len(text) - n + 1)}


@dataclass(frozen=True)
class SearchIndex:
    """The indexed "contains" filters of one list: filter name (as the console sends it) → column."""

    name: str
    columns: Mapping[str, InstrumentedAttribute]

    def __post_init__(self) -> None:
        INDEXES.append(self)

    @property
    def model(self) -> Any:  # the mapped class of the indexed columns
        return next(iter(self.columns.values())).class_

    def field(self, filter_name: str) -> str:
        return f"{self.name}.{filter_name}"

    async def narrow(self, db: AsyncSession, params: Mapping[str, str]) -> list[ColumnElement[bool]]:
        """`id IN (index candidates)` for every indexed filter present as a bare (contains) parameter whose
        candidates are few; a filter most rows match is left to the scan, which is then the cheaper plan."""
        clauses = []
        for name in self.columns:
            needle = (params.get(name) or "").casefold()
            if not needle:
                continue
            field = self.field(name)
            gram, candidates = await _rarest(db, field, _pieces(needle))
            if candidates < SELECTIVE:
                clauses.append(_among_candidates(self.model, field, gram, tenancy.bound_tenant(db)))
        return clauses

    async def rebuild(self, db: AsyncSession) -> int:
        """Index every row again (after Core bulk writes, or to repair); answers the number of grams written."""
        await db.execute(delete(SearchGram).where(SearchGram.field.in_([self.field(n) for n in self.columns])))
        with tenancy.platform_scope(db):
            rows = (await db.execute(select(self.model.id, self.model.tenant_id, *self.columns.values()))).all()
        grams_rows = [gram_row for row_id, tenant_id, *values in rows
                      for name, value in zip(self.columns, values, strict=True)
                      for gram_row in self._rows(tenant_id, name, row_id, grams(value))]
        for start in range(0, len(grams_rows), 5000):
            await db.execute(_insert(db.get_bind().dialect.name), grams_rows[start:start + 5000])
        return len(grams_rows)

    def _rows(self, tenant_id: str, name: str, row_id: int, pieces: Iterable[str]) -> list[dict]:
        field = self.field(name)
        return [{"tenant_id": tenant_id, "field": field, "gram": gram, "row_id": row_id} for gram in pieces]

    def _changes(self, obj, is_new: bool) -> tuple[list[dict], list[dict]]:
        """The gram rows to add and to drop for one flushed row."""
        state = inspect(obj)
        added: list[dict] = []
        dropped: list[dict] = []
        for name, column in self.columns.items():
            history = state.attrs[column.key].history
            if not is_new and not history.has_changes():
                continue
            new = grams(getattr(obj, column.key))
            old = set() if is_new else set().union(*(grams(value) for value in history.deleted))
            added += self._rows(obj.tenant_id, name, obj.id, new - old)
            dropped += self._rows(obj.tenant_id, name, obj.id, old - new)
        return added, dropped


INDEXES: list[SearchIndex] = []


def _pieces(needle: str) -> list[str]:
    """The grams a filter's candidates are drawn from: the filter itself when short, else its three-character
    pieces (at most PROBES of them)."""
    if len(needle) <= LONGEST:
        return [needle]
    pieces = list(dict.fromkeys(needle[i:i + LONGEST] for i in range(len(needle) - LONGEST + 1)))
    if len(pieces) <= PROBES:
        return pieces
    step = (len(pieces) - 1) / (PROBES - 1)
    return [pieces[round(i * step)] for i in range(PROBES)]


@functools.lru_cache(maxsize=1024)
def _among_candidates(model: Any, field: str, gram: str, tenant_id: str | None) -> ColumnElement[bool]:
    """`id IN (the rows holding the gram)`, built once per filter value: building SQL expressions costs more
    than running this one (paging through one search asks for the same clause again and again)."""
    stmt = select(SearchGram.row_id).where(SearchGram.field == field, SearchGram.gram == gram)
    if tenant_id is not None:
        stmt = stmt.where(SearchGram.tenant_id == tenant_id)
    return model.id.in_(stmt)


async def _rarest(db: AsyncSession, field: str, pieces: list[str]) -> tuple[str, int]:
    """The piece with the fewest candidates, and how many, in one query that reads at most SELECTIVE index
    entries: each piece is counted up to its share, and a piece that reaches it counts as not selective.

    Answers are remembered for a while: they only choose the plan, never the rows, so a stale one costs
    speed at worst, and repeated filters (paging through one search) skip the query."""
    tenant_id = tenancy.bound_tenant(db)
    key = (tenant_id, field, *pieces)
    remembered = _chosen.get(key)
    if remembered is not None and remembered[0] > time.monotonic():
        return remembered[1]
    share = SELECTIVE // len(pieces)
    values = {"field": field, "share": share} | {f"g{i}": piece for i, piece in enumerate(pieces)}
    if tenant_id is not None:
        values["tenant_id"] = tenant_id
    counts = (await db.execute(_probe(len(pieces), tenant_id is not None), values)).all()
    index, candidates = min(counts, key=lambda row: row[1])
    chosen = pieces[index], SELECTIVE if candidates >= share else candidates
    if len(_chosen) >= CHOSEN_MAX:
        _chosen.pop(next(iter(_chosen)))
    _chosen[key] = (time.monotonic() + CHOSEN_SECONDS, chosen)
    return chosen


@functools.cache
def _probe(pieces: int, scoped: bool):
    """The counting query for a number of pieces, built once: building SQL expressions costs more than running
    this one."""
    def count(i: int):
        stmt = select(SearchGram.row_id).where(SearchGram.field == bindparam("field"),
                                               SearchGram.gram == bindparam(f"g{i}"))
        if scoped:
            stmt = stmt.where(SearchGram.tenant_id == bindparam("tenant_id"))
        limited = stmt.limit(bindparam("share", type_=Integer)).subquery()
        return select(literal(i), func.count()).select_from(limited)

    return union_all(*map(count, range(pieces))) if pieces > 1 else count(0)


def _insert(dialect: str):
    """Insert grams, skipping ones already there (a value written back to an earlier one)."""
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(SearchGram).on_conflict_do_nothing()


@event.listens_for(Session, "after_flush")
def _index(session: Session, _flush_context) -> None:
    """Keep the grams of every indexed row in step with the flush that writes it, in the same transaction."""
    for index in INDEXES:
        added: list[dict] = []
        dropped: list[dict] = []
        for obj in (*session.new, *session.dirty):
            if isinstance(obj, index.model):
                more, less = index._changes(obj, is_new=obj in session.new)
                added += more
                dropped += less
        if dropped:
            session.connection().execute(delete(SearchGram).where(
                SearchGram.tenant_id == bindparam("tenant_id"), SearchGram.field == bindparam("field"),
                SearchGram.gram == bindparam("gram"), SearchGram.row_id == bindparam("row_id")), dropped)
        if added:
            session.connection().execute(_insert(session.get_bind().dialect.name), added)
