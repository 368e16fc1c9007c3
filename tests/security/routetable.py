"""The route table the generated security tests walk, read once at collection time.

The table comes from a `create_app()` that is never started: the same modules, so the same routes as the
session app the tests call. New routes are covered as soon as they exist. Generated request bodies come
from each resource's `write` schema, so no resource is listed by hand.
"""

import hashlib
import inspect
import tempfile
import types
import typing
import warnings
from dataclasses import dataclass
from datetime import date, datetime
from enum import Enum
from pathlib import Path
from typing import Any

from annotated_types import Ge, Gt, Le, Lt, MaxLen, MinLen
from fastapi import params
from fastapi.routing import APIRoute, iter_route_contexts
from pydantic import BaseModel

from plantdesk.app import create_app
from plantdesk.config import Settings
from plantdesk.core import crud
from plantdesk.core.crud import RESOURCES, VERBS, Resource
from plantdesk.core.deps import require_identity, tenant_db
from plantdesk.db.base import TenantMixin
from plantdesk.db.models import Base

CRUD_OPS = ("list", "detail", "submit", "remove")
# The verb of either dialect (core.crud.VERBS) that stands for each of the four: the BladeX one first.
STANDS_FOR = {"list": "list", "detail": "detail", "save": "submit", "remove": "remove"}


@dataclass(frozen=True)
class Op:
    method: str
    path: str
    route: APIRoute
    query: dict[str, bool]  # wire name -> required
    has_body: bool
    json_body: bool  # the body is JSON (not a form or file upload)
    protected: bool  # needs a valid token (core.deps.require_identity somewhere in its dependencies)
    acting: bool  # acts in the platform administrator's `tenantId` (core.deps.TenantDb)

    @property
    def id(self) -> str:
        return f"{self.method} {self.path}"

    @property
    def has_path_params(self) -> bool:
        return "{" in self.path


@dataclass(frozen=True)
class CrudEndpoints:
    prefix: str
    resource: Resource | None  # None: a hand-written folder with the same four verbs
    paths: dict[str, str]  # "list" | "detail" | "submit" | "remove" -> full path
    write: type[BaseModel] | None = None

    @property
    def id(self) -> str:
        return self.prefix

    @property
    def tenant_scoped(self) -> bool | None:
        """From the resource's model, or the table a hand-written folder writes (None when that is unclear)."""
        if self.resource is not None:
            return self.resource.tenant_scoped
        model = _model_for(self.prefix, self.write)
        return None if model is None else issubclass(model, TenantMixin)


def _model_for(prefix: str, write: type[BaseModel] | None) -> type | None:
    """The mapped class whose table is named like the folder and has every column the write schema sets."""
    if write is None:
        return None
    wanted = set(write.model_fields) - {"id"}
    name = prefix.rstrip("/").rsplit("/", 1)[-1].replace("-", "_")
    candidates = [m.class_ for m in Base.registry.mappers
                  if m.local_table.name.split("_", 1)[-1] == name or m.local_table.name == name]
    candidates = [c for c in candidates if wanted & set(c.__table__.columns.keys())]
    return candidates[0] if len(candidates) == 1 else None


def _dependants(dependant):
    yield dependant
    for sub in dependant.dependencies:
        yield from _dependants(sub)


def _op(method: str, path: str, route: APIRoute) -> Op:
    dependants = list(_dependants(route.dependant))
    query = {q.alias: q.field_info.is_required() for d in dependants for q in d.query_params}
    # Parameters a handler reads itself and documents by hand (the token endpoint's query or form fields).
    query |= {p["name"]: p.get("required", False) for p in (route.openapi_extra or {}).get("parameters", ())
              if p.get("in") == "query"}
    bodies = [b for d in dependants for b in d.body_params]
    return Op(method=method, path=path, route=route, query=query, has_body=bool(bodies),
              json_body=bool(bodies) and not any(isinstance(b.field_info, params.Form) for b in bodies),
              protected=any(d.call is require_identity for d in dependants),
              acting=any(d.call is tenant_db for d in dependants))


def _build() -> tuple[list[Op], list[CrudEndpoints]]:
    data_dir = Path(tempfile.gettempdir()) / "plantdesk-route-table"  # never created: the app is not started
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app = create_app(Settings(data_dir=data_dir, jwt_secret="route-table", web_dist=data_dir / "none"))
    ops = []
    for context in iter_route_contexts(app.routes):
        route = context.original_route
        if isinstance(route, APIRoute) and context.path.startswith("/api/"):
            ops.extend(_op(method, context.path, route) for method in sorted(route.methods - {"HEAD", "OPTIONS"}))
    crud = _crud(ops)
    return ops, crud, _folders(ops, crud)


def _crud(ops: list[Op]) -> list[CrudEndpoints]:
    """Pair each registered Resource with the full paths crud_router made for it."""
    found, seen = [], set()
    for prefix, resource in RESOURCES:
        if (prefix, id(resource)) in seen:
            continue
        seen.add((prefix, id(resource)))
        paths: dict[str, str] = {}
        for op in sorted(ops, key=lambda op: op.path.rsplit("/", 1)[-1] not in CRUD_OPS):
            verb = op.path.rsplit("/", 1)[-1]
            role = STANDS_FOR.get(VERBS.get(verb, ""))
            if role and op.path.endswith(f"{prefix}/{verb}") and _made_for(op.route, resource):
                paths.setdefault(role, op.path)
        found.append(CrudEndpoints(prefix, resource, paths, resource.write))
    return found


def _folders(ops: list[Op], crud: list[CrudEndpoints]) -> list[CrudEndpoints]:
    """Hand-written folders that offer list|page, detail, submit or save (JSON model body) and remove, like crud
    does."""
    taken = {path for c in crud for path in c.paths.values()}
    by_path = {(op.method, op.path): op for op in ops}
    found = []
    for op in ops:
        if op.method != "GET" or not op.path.endswith("/detail") or op.path in taken:
            continue
        folder = op.path.rsplit("/", 1)[0]
        listing = next((f"{folder}/{n}" for n in ("list", "page") if ("GET", f"{folder}/{n}") in by_path), None)
        # `save` stands in for `submit` where a folder has save/update instead (device-management): its save
        # with an id updates, as submit does.
        submit = by_path.get(("POST", f"{folder}/submit")) or by_path.get(("POST", f"{folder}/save"))
        remove = by_path.get(("POST", f"{folder}/remove"))
        if listing is None or submit is None or remove is None or not submit.json_body:
            continue
        try:
            write = body_model(submit)
        except LookupError:
            continue
        paths = {"list": listing, "detail": op.path, "submit": submit.path, "remove": remove.path}
        found.append(CrudEndpoints(folder.removeprefix("/api"), None, paths, write))
    return found


def _made_for(route: APIRoute, resource: Resource) -> bool:
    endpoint = route.endpoint
    if endpoint.__module__ != crud.__name__:
        return False
    return inspect.getclosurevars(endpoint).nonlocals.get("resource") is resource



def ops(method: str | None = None, *, suffix: tuple[str, ...] = (), protected: bool | None = None) -> list[Op]:
    return [op for op in OPS
            if (method is None or op.method == method) and (not suffix or op.path.endswith(suffix))
            and (protected is None or op.protected is protected)]


def body_model(op: Op) -> type[BaseModel]:
    """The pydantic model of an operation's JSON body."""
    for dependant in _dependants(op.route.dependant):
        for param in dependant.body_params:
            annotation = param.field_info.annotation
            if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                return annotation
    raise LookupError(f"{op.id} has no model body")


def list_path_for(path: str) -> str | None:
    """The list route of the same folder (`…/detail` → `…/list` or `…/page`), if there is one."""
    folder = path.rsplit("/", 1)[0]
    for name in ("list", "page"):
        if any(op.path == f"{folder}/{name}" and op.method == "GET" for op in OPS):
            return f"{folder}/{name}"
    return None


# --- minimal valid bodies from a write schema -----------------------------------------------------------------

class Unbuildable(Exception):
    """The schema has a required field this simple generator cannot fill (reported by the test as a skip)."""


def minimal_body(schema: type[BaseModel], token: str) -> dict[str, Any]:
    """Every required field of `schema`, by its wire alias, with a simple generated value derived from `token`."""
    body = {}
    for name, field in schema.model_fields.items():
        if field.is_required() and name != "id":
            body[field.alias or name] = _value(field.annotation, field.metadata, token, name)
    return body


def full_body(schema: type[BaseModel], token: str) -> dict[str, Any]:
    """The minimal body plus every optional field the generator can fill (for schemas that check in code).

    Optional references (`*_id`, `*_ids`) stay unset: a made-up id would only be refused as unknown. So do
    optional dates: what they accept is the fuzz test's business, not the isolation test's."""
    body = minimal_body(schema, token)
    for name, field in schema.model_fields.items():
        if name == "id" or name.endswith(("_id", "_ids")) or (field.alias or name) in body:
            continue
        try:
            value = _value(field.annotation, field.metadata, token, name)
        except Unbuildable:
            continue
        if not (isinstance(value, str) and value.startswith("2026-01-01")):
            body[field.alias or name] = value
    return body


def _value(annotation: Any, metadata: list, token: str, name: str) -> Any:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        base, *extra = typing.get_args(annotation)
        return _value(base, [*metadata, *extra], token, name)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _value(options[0], metadata, token, name)
    if origin is typing.Literal:
        return typing.get_args(annotation)[0]
    if origin in (list, set, tuple, typing.Sequence):
        return []
    if origin is dict:
        return {}
    if isinstance(annotation, type):
        if issubclass(annotation, Enum):
            return next(iter(annotation)).value
        if issubclass(annotation, BaseModel):
            return minimal_body(annotation, token)
        if issubclass(annotation, bool):
            return True
        if issubclass(annotation, int):
            return _number(metadata, 0 if name.endswith("_id") else 1)
        if issubclass(annotation, float):
            return float(_number(metadata, 1))
        if issubclass(annotation, datetime):
            return "2026-01-01 08:00:00"
        if issubclass(annotation, date):
            return "2026-01-01"
        if issubclass(annotation, str):
            return _text(metadata, token, name)
    raise Unbuildable(f"required field `{name}` has a type the generator does not know: {annotation!r}")


def _number(metadata: list, default: int) -> int:
    low = next((m.ge for m in metadata if isinstance(m, Ge)), None)
    low = next((m.gt + 1 for m in metadata if isinstance(m, Gt)), low)
    high = next((m.le for m in metadata if isinstance(m, Le)), None)
    high = next((m.lt - 1 for m in metadata if isinstance(m, Lt)), high)
    value = default if low is None else max(default, low)
    return value if high is None else min(value, high)


def _text(metadata: list, token: str, name: str) -> str:
    digits = "".join(str(ord(c) % 10) for c in token)
    if "phone" in name:  # spec §5: 11 digits
        return ("138" + digits + "0" * 8)[:11]
    if "password" in name:  # the console sends md5 hex (spec §3)
        return hashlib.md5(token.encode()).hexdigest()
    if "email" in name:
        return f"qa{token}@example.com"
    if any(getattr(m, "pattern", None) for m in metadata):
        raise Unbuildable(f"text field `{name}` has a pattern")
    longest = min((m.max_length for m in metadata if isinstance(m, MaxLen)), default=64)
    shortest = max((m.min_length for m in metadata if isinstance(m, MinLen)), default=1)
    text = f"qa{token}"[:longest]
    return text + "x" * max(0, shortest - len(text))


OPS, CRUD, FOLDERS = _build()


# --- parent rows ---------------------------------------------------------------------------------------------------

# References a generated body cannot make up: a row that only exists under a parent (a device's point, a model's
# component) names it by one of these fields. The tenant tests make the parent first, in the same tenant and
# through its own route, when a body without it is refused. A `None` in a parent's body is itself a parent.
DEVICE_MANAGEMENT = "/api/device-management"
PARENTS: dict[str, tuple[str, dict[str, Any]]] = {
    "modelId": (f"{DEVICE_MANAGEMENT}/device-model-lib/save", {}),
    "linkId": (f"{DEVICE_MANAGEMENT}/device-model-lib/save", {}),
    "deviceId": (f"{DEVICE_MANAGEMENT}/device/save", {}),
    "pointId": (f"{DEVICE_MANAGEMENT}/datapoints/save", {"deviceId": None}),
}


async def make_parent(api, field: str, token: str, **params) -> str:
    """Create the parent row `field` names, as `api`, and answer its id."""
    import uuid

    path, extra = PARENTS[field]
    body = {"code": f"P{uuid.uuid4().hex[:12]}", "name": f"parent {token}"}
    for name, value in extra.items():
        body[name] = value if value is not None else await make_parent(api, name, token, **params)
    response = await api.post(path, json=body, **params)
    payload = response.json()
    assert response.status_code == 200 and payload.get("success"), (path, payload)
    return payload["data"]["id"]


async def with_parents(api, schema: type[BaseModel], body: dict[str, Any], token: str, **params) -> dict | None:
    """`body` with every parent reference of `schema` filled by a new parent row; None when it has none."""
    fields = [field.alias or name for name, field in schema.model_fields.items() if (field.alias or name) in PARENTS]
    if not fields:
        return None
    return {**body, **{field: await make_parent(api, field, token, **params) for field in fields}}
