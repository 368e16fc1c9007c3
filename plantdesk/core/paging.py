"""Paging (`current`, `size`) and sorting (`ascs`, `descs`) on whitelisted columns (contract §2)."""

import math
from dataclasses import dataclass
from typing import Annotated, Generic, TypeVar

from fastapi import Depends, Query
from pydantic import BaseModel
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.errors import BadRequest

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

    def order_by(self, stmt: Select, columns: dict[str, object]) -> Select:
        """Apply `ascs`/`descs`; `columns` maps the accepted names (snake_case, as BladeX sends) to columns."""
        for names, descending in ((self.ascs, False), (self.descs, True)):
            for name in filter(None, (n.strip() for n in names.split(","))):
                column = columns.get(name)
                if column is None:
                    raise BadRequest(f"不支持的排序字段: {name}")
                stmt = stmt.order_by(column.desc() if descending else column.asc())
        return stmt


def page_params(
    current: Annotated[int, Query(ge=1, le=10_000_000)] = 1,
    size: Annotated[int, Query(ge=1, le=MAX_SIZE)] = 10,
    ascs: Annotated[str, Query(max_length=200)] = "",
    descs: Annotated[str, Query(max_length=200)] = "",
) -> PageParams:
    return PageParams(current, size, ascs, descs)


Paging = Annotated[PageParams, Depends(page_params)]


async def paginate(session: AsyncSession, stmt: Select, params: PageParams) -> dict:
    """One page of `stmt` (an ORM select of one entity) and its total. Two plain queries, not a window count:
    a window count must visit every matching row, while the page query can stop early along an index."""
    total = (await session.execute(select(func.count()).select_from(stmt.order_by(None).subquery()))).scalar_one()
    records: list = []
    if total > params.offset:
        records = list((await session.execute(stmt.limit(params.size).offset(params.offset))).scalars())
    return {
        "records": records,
        "total": total,
        "size": params.size,
        "current": params.current,
        "pages": math.ceil(total / params.size) if total else 0,
    }
