"""The list/detail/submit/remove router most modules use (contract §2 CRUD verbs).

A module describes its table once in a `Resource`; this factory makes the four BladeX endpoints with
paging, filters, permission codes, tenant scope and logical deletion applied by core. Every resource made
here is recorded in `RESOURCES`, which the tenant-isolation tests walk.
"""

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Body, Request
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.context import Identity
from plantdesk.core.deps import DB_SESSION, TENANT_DB, IdQuery, Rt, form_or_query, need
from plantdesk.core.envelope import R, Schema, ok
from plantdesk.core.errors import BadRequest, NotFoundError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, Paging
from plantdesk.core.query import to_int
from plantdesk.db.base import IdMixin, SoftDeleteMixin, TenantMixin

Hook = Callable[..., Awaitable[Any]]


@dataclass
class Resource:
    name: str  # the menu code: permission codes are `<name>`, `<name>_add`, `<name>_edit`, ...
    model: type[Any]  # a mapped class with an id; its columns are named in filters, sorts and order
    read: type[Schema]
    write: type[Schema]
    filters: Mapping[str, Any] = field(default_factory=dict)  # wire name -> column
    sorts: Mapping[str, Any] = field(default_factory=dict)  # snake_case name -> column
    order: Sequence[Any] = ()  # the default order (then id, newest first)
    default_filter: str = "like"
    ranges: Mapping[str, Any] = field(default_factory=dict)  # wire name -> column, comparison suffixes only
    # Optional hooks: statement(db, user, stmt, request) narrows the list (after the filters, before the data
    # scope, order and page of `listing`); before_save(db, user, obj, body, created) validates and fills;
    # before_remove(db, user, ids) refuses or cascades.
    statement: Hook | None = None
    before_save: Hook | None = None
    before_remove: Hook | None = None
    view_codes: tuple[str, ...] = ()
    data_scope: bool = False  # narrow the list by the data-scope rules of resource code `name` (core.datascope)

    @property
    def tenant_scoped(self) -> bool:
        return issubclass(self.model, TenantMixin)

    @property
    def listing(self) -> Listing:
        """The list pipeline of this resource (core.listing)."""
        return Listing(self.model, filters=self.filters, default_filter=self.default_filter, ranges=self.ranges,
                       sorts=self.sorts, order=(*self.order, self.model.id.desc()),
                       scope=self.name if self.data_scope else None)

    def codes(self, action: str) -> tuple[str, ...]:
        if action == "view":
            return (self.name, f"{self.name}_view", *self.view_codes)
        if action == "submit":
            return (f"{self.name}_add", f"{self.name}_edit")
        return (f"{self.name}_{action}",)


RESOURCES: list[tuple[str, Resource]] = []


def parse_ids(raw: str | None, *, required: bool = True) -> list[int]:
    """`ids=1,2,3` (query or form), as BladeX sends them; an optional list may be empty."""
    ids = [to_int(part, "ids") for part in (raw or "").split(",") if part.strip()]
    if not ids and required:
        raise BadRequest("缺少必要的请求参数: ids")
    return ids


async def request_ids(request: Request, name: str = "ids") -> list[int]:
    """The ids a remove-style call names, from its form body or its query string."""
    return parse_ids(await form_or_query(request, name))


Model = TypeVar("Model", bound=IdMixin)


async def get_or_raise(db: AsyncSession, model: type[Model], id_: int) -> Model:
    obj = (await db.execute(select(model).where(model.id == id_))).scalar_one_or_none()
    if obj is None:
        raise NotFoundError()
    return obj


def crud_router(resource: Resource, prefix: str, *, ops: Sequence[str] = ("list", "detail", "submit", "remove"),
                tags: Sequence[str] | None = None) -> APIRouter:
    router = APIRouter(prefix=prefix, tags=list(tags or [resource.name]))
    RESOURCES.append((prefix, resource))
    model, read, write = resource.model, resource.read, resource.write
    # A tenant's rows: the platform administrator may act in another tenant (`tenantId`); global rows: no switch.
    session = TENANT_DB if resource.tenant_scoped else DB_SESSION
    Session = Annotated[AsyncSession, session]  # noqa: N806

    listing = resource.listing

    if "list" in ops:
        # The schemas are run-time values of this route factory, which a static checker cannot follow.
        @router.get("/list", response_model=R[Page[read]], summary=f"{resource.name} list")  # type: ignore[valid-type]
        async def list_(request: Request, db: Session, rt: Rt, paging: Paging,
                        user: Identity = need(*resource.codes("view"))):
            stmt = listing.select(request.query_params)
            if resource.statement is not None:
                stmt = await resource.statement(db, user, stmt, request)
            return ok(await listing.page(db, stmt, paging, user=user, cache=rt.cache))

    if "detail" in ops:
        @router.get("/detail", response_model=R[read], summary=f"{resource.name} detail")  # type: ignore[valid-type]
        async def detail(db: Session, id: IdQuery,
                         user: Identity = need(*resource.codes("view"))):
            return ok(await get_or_raise(db, model, id))

    if "submit" in ops:
        @router.post("/submit", response_model=R[read],  # type: ignore[valid-type]
                     summary=f"{resource.name} submit (insert or update)")
        async def submit(db: Session, body: Annotated[write, Body()],  # type: ignore[valid-type]
                         user: Identity = need(*resource.codes("submit"))):
            return ok(await save(db, user, resource, body))

    if "remove" in ops:
        @router.post("/remove", response_model=R[bool], summary=f"{resource.name} remove (logical)")
        async def remove(request: Request, db: Session, user: Identity = need(*resource.codes("delete"))):
            await remove_ids(db, user, resource, await request_ids(request))
            return ok(True)

    return router


async def save(db: AsyncSession, user: Identity, resource: Resource, body: Schema):
    """Insert when the body has no id, else update the fields the body carries."""
    # Attribute values, not model_dump(): the wire serializers would turn ids and datetimes into text.
    values = {name: getattr(body, name) for name in body.model_fields_set}
    id_ = values.pop("id", None)
    created = id_ is None
    if created:
        obj = resource.model(**values)
    else:
        obj = await get_or_raise(db, resource.model, id_)
        for key, value in values.items():
            setattr(obj, key, value)
    if resource.before_save is not None:
        await resource.before_save(db, user, obj, body, created)
    if created:
        db.add(obj)
    await db.flush()
    await db.refresh(obj)
    return obj


async def remove_ids(db: AsyncSession, user: Identity, resource: Resource, ids: list[int]) -> None:
    if resource.before_remove is not None:
        await resource.before_remove(db, user, ids)
    model = resource.model
    chosen = model.id.in_(ids)
    if issubclass(model, SoftDeleteMixin):
        await mark_deleted(db, model, chosen)
    else:
        await db.execute(delete(model).where(chosen).execution_options(synchronize_session=False))


async def mark_deleted(db: AsyncSession, model: type[Any], clause: Any) -> None:
    """Logically remove the rows of `model` matching `clause` (is_deleted = 1); the tenant mechanism hides them."""
    await db.execute(update(model).where(clause).values(is_deleted=1).execution_options(synchronize_session=False))

