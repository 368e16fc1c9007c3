"""The one list pipeline: filters → data scope → order → paginate (contract §2).

A list declares once, in a `Listing`, which wire names filter which columns, which columns sort, its default
order and its data-scope code; `core.crud` builds one from every `Resource`, and hand-written services keep
one beside their module's own narrowing:

    USERS = Listing(User, filters={...}, sorts={...}, order=(User.create_time.desc(),), scope="user")

    stmt = USERS.select(query).where(...module's own clauses...)
    return await USERS.page(db, stmt, paging, user=identity, cache=cache)

Filters (core.query): a bare name uses `default_filter` (LIKE unless told), `exact` names compare equal, and
BladeX suffixes (`_equal`, `_ge`, `_datele`, ...) work on any declared name. `ranges` are columns that take
only the comparison suffixes (`createTime_datege=...&createTime_datele=...`): a bare `createTime` is ignored,
never a LIKE on a timestamp. Sorting: `ascs`/`descs` name whitelisted columns (snake_case, as BladeX passes
them through to SQL); an unknown name answers 400 `不支持的排序字段`. The requested keys come first, then the
default order (so equal keys still page deterministically). The page and its total come from
`core.paging.paginate`.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from plantdesk.core import datascope
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.paging import PageParams, paginate
from plantdesk.core.query import RANGE_OPS, Column, filters


@dataclass(frozen=True)
class Listing:
    model: type[Any]  # a mapped class with an `id`
    filters: Mapping[str, Column] = field(default_factory=dict)  # wire name (camelCase) -> column
    default_filter: str = "like"  # the operator of a bare name in `filters`
    exact: Mapping[str, Column] = field(default_factory=dict)  # wire name -> column; a bare name compares equal
    ranges: Mapping[str, Column] = field(default_factory=dict)  # wire name -> column; comparison suffixes only
    sorts: Mapping[str, Column] = field(default_factory=dict)  # snake_case name -> column (`ascs`, `descs`)
    order: Sequence[Any] = ()  # the default order, and the tie-break after requested keys
    scope: str | None = None  # data-scope resource code (core.datascope); None: no data scope
    # Columns a data-scope rule may name beyond the model's own (core.datascope.clause's `columns`).
    scope_columns: Mapping[str, ColumnElement[Any]] = field(default_factory=dict)

    def where(self, query: Mapping[str, str]) -> list[ColumnElement[bool]]:
        """The filter clauses the query string asks for (undeclared names are ignored, as BladeX does)."""
        return [*filters(query, self.filters, default=self.default_filter),
                *filters(query, self.exact, default="equal"),
                *filters(query, self.ranges, default="ignore", only=RANGE_OPS)]

    def select(self, query: Mapping[str, str]) -> Select:
        """`SELECT model WHERE <filters>`: the statement a module narrows further before `page()`."""
        return select(self.model).where(*self.where(query))

    async def scope_clause(self, *, db: AsyncSession, user: Identity | None,
                           cache: Cache | None) -> ColumnElement[bool] | None:
        """The data-scope clause of `scope` for `user` (None: nothing to narrow), for a module that narrows more
        than the list by it (the alarm overview's counters narrow as its results list does)."""
        if self.scope is None:
            return None
        if user is None or cache is None:
            raise RuntimeError(f"list {self.scope!r} applies a data scope: pass the user and the cache")
        return await datascope.clause(user, self.scope, self.model, db=db, cache=cache, columns=self.scope_columns)

    async def scoped(self, stmt: Select, *, db: AsyncSession, user: Identity | None, cache: Cache | None) -> Select:
        """`stmt` narrowed by the data-scope rules of `scope` for `user`."""
        clause = await self.scope_clause(db=db, user=user, cache=cache)
        return stmt if clause is None else stmt.where(clause)

    def ordered(self, stmt: Select, paging: PageParams | None = None) -> Select:
        """The requested sort keys (whitelisted), then the default order."""
        if paging is not None:
            stmt = paging.order_by(stmt, self.sorts)
        return stmt.order_by(*self.order) if self.order else stmt

    async def page(self, db: AsyncSession, stmt: Select, paging: PageParams, *, user: Identity | None = None,
                   cache: Cache | None = None, few: bool = False) -> dict:
        """Data scope, order and one page of `stmt` (from `select()`), with its total (`core.paging.paginate`).
        `few`: an index already narrowed the matches to a few (see `paginate`)."""
        stmt = await self.scoped(stmt, db=db, user=user, cache=cache)
        return await paginate(db, self.ordered(stmt, paging), paging, few=few, cache=cache)

    async def rows(self, db: AsyncSession, stmt: Select, *, limit: int, user: Identity | None = None,
                   cache: Cache | None = None) -> list[Any]:
        """Every row of `stmt` (an export), scoped and in the default order, at most `limit`."""
        stmt = self.ordered(await self.scoped(stmt, db=db, user=user, cache=cache)).limit(limit)
        return list((await db.execute(stmt)).scalars())
