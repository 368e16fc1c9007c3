"""Paging (`current`, `size`) and sorting (`ascs`, `descs`) on whitelisted columns (contract §2)."""

import hashlib
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Generic, TypeVar

from fastapi import Depends, Query
from pydantic import BaseModel
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql import visitors

from plantdesk.core import generations, tenancy
from plantdesk.core.cache import Cache
from plantdesk.core.errors import BadRequest
from plantdesk.core.query import Column

T = TypeVar("T")
MAX_SIZE = 1000


class Page(BaseModel, Generic[T]):
    records: list[T]
    total: int
    size: int
    current: int
    pages: int


@dataclass(frozen=True, slots=True)
class PageParams:
    current: int = 1
    size: int = 10
    ascs: str = ""
    descs: str = ""

    @property
    def offset(self) -> int:
        return (self.current - 1) * self.size

    def order_by(self, stmt: Select, columns: Mapping[str, Column]) -> Select:
        """Apply `ascs`/`descs`; `columns` maps the accepted names (snake_case, as BladeX sends) to columns."""
        for names, descending in ((self.ascs, False), (self.descs, True)):
            for name in filter(None, (n.strip() for n in names.split(","))):
                column = columns.get(name)
                if column is None:
                    raise BadRequest(f"不支持的排序字段: {name}")
                stmt = stmt.order_by(column.desc() if descending else column.asc())
        return stmt


async def page_params(
    current: Annotated[int, Query(ge=1, le=10_000_000)] = 1,
    size: Annotated[int, Query(ge=1, le=MAX_SIZE)] = 10,
    ascs: Annotated[str, Query(max_length=200)] = "",
    descs: Annotated[str, Query(max_length=200)] = "",
) -> PageParams:
    return PageParams(current, size, ascs, descs)


Paging = Annotated[PageParams, Depends(page_params)]


async def paginate(session: AsyncSession, stmt: Select, params: PageParams, *, few: bool = False,
                   cache: Cache | None = None) -> dict:
    """One page of `stmt` (an ORM select of one entity) and its total.

    By default two plain queries, a count and the page, not a window count: a window count must visit every
    match, while the page query can stop early along an index. When the caller knows the matches are `few`
    (an index narrowed them), one query takes all their ids in order, which gives the total and the page's
    ids at once, and a second loads just those rows: no count, and no sort of whole rows. With a `cache`, the
    count is kept as a cached page is (`count`)."""
    if few:
        entity = stmt.column_descriptions[0]["entity"]
        ids = list((await session.execute(stmt.with_only_columns(entity.id))).scalars())
        total, page_ids = len(ids), ids[params.offset:params.offset + params.size]
        rows = {}
        if page_ids:
            rows = {row.id: row for row in (await session.execute(select(entity).where(entity.id.in_(page_ids))))
                    .scalars()}
        records = [rows[id_] for id_ in page_ids if id_ in rows]
    else:
        total = await count(session, stmt, cache)
        records = []
        if total > params.offset:
            records = list((await session.execute(stmt.limit(params.size).offset(params.offset))).scalars())
    return {
        "records": records,
        "total": total,
        "size": params.size,
        "current": params.current,
        "pages": math.ceil(total / params.size) if total else 0,
    }


async def count(session: AsyncSession, stmt: Select, cache: Cache | None = None) -> int:
    """How many rows `stmt` matches. Counting visits every match (10,000 users cost PostgreSQL about a millisecond,
    more than the page itself), so with a `cache` the total is kept under the generations of every table the
    statement reads (core.generations), in the session's tenant: a write to any of them changes the key, as it
    changes a cached page's. A statement reading a table no generation follows, or a session that has itself
    written one of them, counts every time."""
    unordered = stmt.order_by(None)
    counting = select(func.count()).select_from(unordered.subquery())
    key = None if cache is None else await _total_key(session, unordered, cache)
    if key is not None and cache is not None:
        total = await cache.get(key)
        if total is not None:
            return int(total)
    total = (await session.execute(counting)).scalar_one()
    if key is not None and cache is not None:
        await cache.set(key, total, generations.TTL)
    return total


_TABLES_LIMIT = 10_000  # statement shapes remembered (a list has a few per filter combination)
_tables: dict[int, tuple[str, ...] | None] = {}  # a statement shape's hash -> the generations of its tables


async def _total_key(session: AsyncSession, stmt: Select, cache: Cache) -> str | None:
    """The cache key of `stmt`'s total, or None when it cannot be kept. The statement's shape is SQLAlchemy's
    own cache key (what its compiled-statement cache uses), hashed in process; its values are digested. The
    generations are read before the count runs, so a count that raced a write is stored under the generation
    the write's commit abandons (core.generations)."""
    cache_key = stmt._generate_cache_key()
    if cache_key is None:  # an element SQLAlchemy cannot key (its compiled cache does not keep it either)
        return None
    shape = hash(cache_key.key)
    if shape not in _tables:
        if len(_tables) >= _TABLES_LIMIT:
            _tables.clear()
        _tables[shape] = _generations_read(stmt)
    names = _tables[shape]
    if names is None or session.new or session.dirty or session.deleted \
            or any(generations.marked(session, name) for name in names):
        return None  # unflushed rows, or written ones: this session's own writes are not in a cached total
    stamps = (*await generations.stamp(cache, names), int(time.time()) // generations.TTL)
    values = [bind.effective_value for bind in cache_key.bindparams]
    parts = (shape, values, tenancy.bound_tenant(session), stmt.get_execution_options(), names, stamps)
    return f"total:{hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()}"


# SQL functions whose value changes without a write: a count using one changes with the clock.
_VOLATILE = {"now", "current_timestamp", "current_date", "current_time", "localtimestamp", "localtime", "random",
             "clock_timestamp", "statement_timestamp", "transaction_timestamp", "julianday", "datetime", "date"}


def _generations_read(stmt: Select) -> tuple[str, ...] | None:
    """The generations of every table `stmt` reads, subqueries included; None when one has none, when raw SQL
    text could read tables no one can see, or when a function of the clock or chance makes the count change
    without a write."""
    tables: list = []
    unkeyable: list = []

    def function(element) -> None:
        if str(getattr(element, "name", "")).lower() in _VOLATILE:
            unkeyable.append(element)

    visitors.traverse(stmt, {}, {"table": tables.append, "textclause": unkeyable.append, "function": function,
                                 "now": unkeyable.append, "current_timestamp": unkeyable.append,
                                 "current_date": unkeyable.append, "localtimestamp": unkeyable.append,
                                 "random": unkeyable.append})
    return None if unkeyable or not tables else generations.following({table.fullname for table in tables})
