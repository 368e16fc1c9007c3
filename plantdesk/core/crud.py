"""The resource router most modules use: the BladeX CRUD verbs (contract §2) and the industrial dialect (spec §7).

A module describes its table once in a `Resource`; `crud_router` makes the endpoints it names with paging,
filters, permission codes, tenant scope, data scope and logical deletion applied by core. Every resource made
here is recorded in `RESOURCES`, which the tenant-isolation tests walk.

The verbs, by what they do (`VERBS`):
- list: `list`, `page` (a page of the list pipeline, core.listing);
- detail: `detail`, `selectById` (`?id=`);
- save: `submit`, `save`, `saveAndUpdate` (insert without an id, else update), `update` (an id is required);
- remove: `remove`, `removeByIds`, `delete` (`ids=1,2` in the query or a form).
"""

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Body, Request
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.deps import DB_SESSION, TENANT_DB, IdQuery, Rt, form_or_query, need
from plantdesk.core.envelope import R, Schema, ok
from plantdesk.core.errors import BadRequest, BusinessError, NotFoundError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, PageParams, Paging
from plantdesk.core.query import to_int
from plantdesk.db.base import IdMixin, SoftDeleteMixin, TenantMixin

Hook = Callable[..., Awaitable[Any]]


# Each verb of either dialect, by what it does.
VERBS = {"list": "list", "page": "list", "detail": "detail", "selectById": "detail", "submit": "save",
         "save": "save", "saveAndUpdate": "save", "update": "update", "remove": "remove", "removeByIds": "remove",
         "delete": "remove"}


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
    exact: Mapping[str, Any] = field(default_factory=dict)  # wire name -> column, a bare name compares equal
    # Optional hooks: statement(db, user, stmt, request) narrows the list (after the filters, before the data
    # scope, order and page of `listing`); before_save(db, user, obj, body, created) validates and fills;
    # before_remove(db, user, ids) refuses or cascades.
    statement: Hook | None = None
    before_save: Hook | None = None
    before_remove: Hook | None = None
    # An area whose rows need more than the generic steps hands them to its service: save(db, body) answers
    # the saved row, remove(db, ids) removes, reads(db, rows, cache) turns rows into the records answered.
    save: Hook | None = None
    remove: Hook | None = None
    reads: Hook | None = None
    view_codes: tuple[str, ...] = ()
    # Codes that replace the derived ones of an action (view, add, edit, delete), for an area whose menus grant
    # other buttons (the alarm settings screen edits levels, groups and cycles with `setting_edit`).
    action_codes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    data_scope: bool = False  # narrow the list by the data-scope rules of resource code `name` (core.datascope)

    @property
    def tenant_scoped(self) -> bool:
        return issubclass(self.model, TenantMixin)

    @property
    def listing(self) -> Listing:
        """The list pipeline of this resource (core.listing)."""
        return Listing(self.model, filters=self.filters, default_filter=self.default_filter, exact=self.exact,
                       ranges=self.ranges, sorts=self.sorts, order=(*self.order, self.model.id.desc()),
                       scope=self.name if self.data_scope else None)

    def codes(self, action: str) -> tuple[str, ...]:
        """The codes of an action (view, submit, add, edit, delete); holding one of them is enough."""
        if action == "submit":
            return tuple(dict.fromkeys((*self.codes("add"), *self.codes("edit"))))
        if action in self.action_codes:
            return self.action_codes[action]
        if action == "view":
            return (self.name, f"{self.name}_view", *self.view_codes)
        return (f"{self.name}_{action}",)

    async def records(self, db: AsyncSession, rows: list[Any], cache: Cache) -> list[Any]:
        return rows if self.reads is None else await self.reads(db, rows, cache)


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
                tags: Sequence[str] | None = None, names: Mapping[str, str] | None = None,
                docs: Mapping[str, str] | None = None) -> APIRouter:
    """A router of `prefix` with the verbs `ops` (either dialect, see `VERBS`) of `resource`.

    `names` (verb -> route name) keeps the operation ids a console's generated client calls, `docs` (verb ->
    text) the routes' descriptions; `add_verbs` adds more verbs to the router later, after hand-written routes.
    """
    router = APIRouter(prefix=prefix, tags=list(tags or [resource.name]))
    add_verbs(router, resource, ops, names=names, docs=docs)
    return router


def add_verbs(router: APIRouter, resource: Resource, ops: Sequence[str], *, names: Mapping[str, str] | None = None,
              docs: Mapping[str, str] | None = None) -> None:
    if not any(prefix == router.prefix and known is resource for prefix, known in RESOURCES):
        RESOURCES.append((router.prefix, resource))
    for verb in ops:
        if verb not in VERBS:
            raise ValueError(f"unknown verb {verb!r}: one of {', '.join(VERBS)}")
        _ROUTES[VERBS[verb]](router, resource, verb, (names or {}).get(verb), (docs or {}).get(verb))


async def page_of(resource: Resource, db: AsyncSession, request: Request, paging: PageParams, *, user: Identity,
                  cache: Cache) -> dict:
    """One page of the resource's list pipeline for this request: what its list verbs answer."""
    listing = resource.listing
    stmt = listing.select(request.query_params)
    if resource.statement is not None:
        stmt = await resource.statement(db, user, stmt, request)
    page = await listing.page(db, stmt, paging, user=user, cache=cache)
    page["records"] = await resource.records(db, page["records"], cache)
    return page


def _route(router: APIRouter, method: str, verb: str, name: str | None, doc: str | None, response_model: Any,
           summary: str) -> Callable[[Hook], Hook]:
    """A route of one verb: named `name` (its summary follows from the name, as for a hand-written route), or
    with the generic summary (and, for a verb of the industrial dialect, named after it: operation ids stay
    unique when one router offers both `list` and `page`)."""
    return router.api_route(f"/{verb}", methods=[method], response_model=response_model,
                            name=name or (None if verb in _BLADEX else verb), summary=None if name else summary,
                            description=doc)


_BLADEX = ("list", "detail", "submit", "remove")


def _session(resource: Resource) -> Any:
    # A tenant's rows: the platform administrator may act in another tenant (`tenantId`); global rows: no switch.
    return Annotated[AsyncSession, TENANT_DB if resource.tenant_scoped else DB_SESSION]


# The schemas are run-time values of this route factory, which a static checker cannot follow.
def _list_route(router: APIRouter, resource: Resource, verb: str, name: str | None, doc: str | None) -> None:
    Session, read = _session(resource), resource.read  # noqa: N806

    @_route(router, "GET", verb, name, doc, R[Page[read]], f"{resource.name} {verb}")  # type: ignore[valid-type]
    async def list_(request: Request, db: Session, rt: Rt, paging: Paging,  # type: ignore[valid-type]
                    user: Identity = need(*resource.codes("view"))):
        return ok(await page_of(resource, db, request, paging, user=user, cache=rt.cache))


def _detail_route(router: APIRouter, resource: Resource, verb: str, name: str | None, doc: str | None) -> None:
    Session, read, model = _session(resource), resource.read, resource.model  # noqa: N806

    @_route(router, "GET", verb, name, doc, R[read], f"{resource.name} {verb}")  # type: ignore[valid-type]
    async def detail(db: Session, rt: Rt, id: IdQuery,  # type: ignore[valid-type]
                     user: Identity = need(*resource.codes("view"))):
        return ok((await resource.records(db, [await get_or_raise(db, model, id)], rt.cache))[0])


def _save_route(router: APIRouter, resource: Resource, verb: str, name: str | None, doc: str | None) -> None:
    Session, read, write = _session(resource), resource.read, resource.write  # noqa: N806

    @_route(router, "POST", verb, name, doc, R[read],  # type: ignore[valid-type]
            f"{resource.name} {verb} (insert or update)")
    async def submit(db: Session, rt: Rt, body: Annotated[write, Body()],  # type: ignore[valid-type]
                     user: Identity = need(*resource.codes("submit"))):
        return ok((await resource.records(db, [await save(db, user, resource, body)], rt.cache))[0])


def _update_route(router: APIRouter, resource: Resource, verb: str, name: str | None, doc: str | None) -> None:
    Session, read, write = _session(resource), resource.read, resource.write  # noqa: N806

    @_route(router, "POST", verb, name, doc, R[read], f"{resource.name} {verb}")  # type: ignore[valid-type]
    async def update_(db: Session, rt: Rt, body: Annotated[write, Body()],  # type: ignore[valid-type]
                      user: Identity = need(*resource.codes("edit"))):
        if body.id is None:  # type: ignore[attr-defined]
            raise BusinessError("缺少必要的请求参数: id")
        return ok((await resource.records(db, [await save(db, user, resource, body)], rt.cache))[0])


def _remove_route(router: APIRouter, resource: Resource, verb: str, name: str | None, doc: str | None) -> None:
    Session = _session(resource)  # noqa: N806

    @_route(router, "POST", verb, name, doc, R[bool], f"{resource.name} {verb} (logical)")
    async def remove(request: Request, db: Session,  # type: ignore[valid-type]
                     user: Identity = need(*resource.codes("delete"))):
        await remove_ids(db, user, resource, await request_ids(request))
        return ok(True)


_ROUTES = {"list": _list_route, "detail": _detail_route, "save": _save_route, "update": _update_route,
           "remove": _remove_route}


async def save(db: AsyncSession, user: Identity, resource: Resource, body: Schema):
    """Insert when the body has no id, else update the fields the body carries (or the area's own save)."""
    if resource.save is not None:
        return await resource.save(db, body)
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
    if resource.remove is not None:
        return await resource.remove(db, ids)
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

