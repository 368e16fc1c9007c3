"""Paging (`current`, `size`) and sorting (`ascs`, `descs`) on whitelisted columns (contract §2)."""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Generic, TypeVar

from fastapi import Depends, Query
from pydantic import BaseModel
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

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


async def paginate(session: AsyncSession, stmt: Select, params: PageParams, *, few: bool = False) -> dict:
    """One page of `stmt` (an ORM select of one entity) and its total.

    By default two plain queries, a count and the page, not a window count: a window count must visit every
    match, while the page query can stop early along an index. When the caller knows the matches are `few`
    (an index narrowed them), one query takes all their ids in order, which gives the total and the page's
    ids at once, and a second loads just those rows: no count, and no sort of whole rows."""
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
        total = (await session.execute(select(func.count()).select_from(stmt.order_by(None).subquery())))\
            .scalar_one()
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
