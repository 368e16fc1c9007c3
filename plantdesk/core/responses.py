"""The exact response cache of hot reads: a GET route opts in with `@cached(*generations, per=...)`.

A read that every console polls or reopens (the bell, menus, dictionaries, a list's first page, realtime values)
is a function of the tables it reads and of who asks. The decorator names both: the generations of the tables
(core.generations; the writes bump them after their commit) and the caller's scope (`per`). Their digest is the
answer's ETag and its cache key, so

- a request whose `If-None-Match` holds the current ETag is answered `304 Not Modified` after one lookup of the
  generations: no database, no handler, no body;
- any other request is answered from the stored body when one is there, else by the handler, whose answer is
  validated and serialised as FastAPI would (the route's response model) and stored for the next caller;
- no answer is stale for a moment after a commit: the commit bumps a generation, which changes the ETag and the
  key. A handler that raced the write (it read between the write's flush and its commit) stored the old rows
  under the generation the bump abandons (core.generations says why the order matters).

The answer says `Cache-Control: private, no-cache`: the browser keeps it and revalidates every time with the
ETag it got, and hands the kept body to the page on a 304 (fetch and XMLHttpRequest both do), so the console needs
no code of its own. A shared proxy stores nothing.

`per` is what the answer depends on besides the generations: USER (tenant, user, department, role set; what a
data-scoped list or a user's own rows need), ROLES (tenant and role set: menus, buttons), TENANT (the tenant:
dictionaries). The full URL with its query is always part of the key (paging, filters, an acting `tenantId`).
`vary` names request headers the answer depends on (e.g. `accept-language` for an answer translated by the
server). Anonymous requests are not cached. An answer that is not a plain value (a Response, a download) passes
through uncached.

Generations are coarse (a table, not a row): any write to a followed table changes every key under it. That is the
price of exactness without knowing which rows a read touched.

The fast path (`FastHits`, put in front of every cached route by core.routing) answers a stored body or a 304
before FastAPI resolves the route's dependencies, which cost a hit several times the cache's own work. It runs the
token checks of core.deps itself (signature, expiry, revocation, the `Tenant-Id` header) and computes the same
ETag; what it cannot check itself, the route's authorisation (`need`, data and API scopes, the acting tenant), it
takes from a pass: the normal path, once the dependencies have let a caller through, stores a pass under the ETag,
the caller's claims (all but the token's own: session, id, times) and the `permissions` generation as it was
before the dependencies ran. A pass found means this caller was let through for this very answer under the grants
that hold now; a revoked grant, a changed data scope or role bumps `permissions` and no pass matches. Anything
else (no pass, no body, no or a refused token, a GET with a body, a token only in the link) goes the normal way,
whose answers and errors are the authority.
"""

import functools
import hashlib
import inspect
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import TypeAdapter
from starlette.types import ASGIApp, Receive, Scope, Send

from plantdesk.core import deps, generations, permissions
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.errors import Unauthorized

USER, ROLES, TENANT = "user", "roles", "tenant"
CACHE_CONTROL = "private, no-cache"
_REQUEST = "response_cache_request"  # the parameter the decorator adds to the route's signature
_SPEC = "response_cache"  # the attribute of a cached endpoint that declares it to the fast path
_STAMPS = "plantdesk.response_stamps"  # the scope key of the stamps the fast path read before the dependencies
_PER_TOKEN = frozenset({"sid", "jti", "iat", "nbf", "exp"})  # claims that differ between tokens of one caller
_adapters: dict[int, TypeAdapter] = {}


@dataclass(frozen=True, slots=True)
class Spec:
    names: tuple[str, ...]
    per: str
    vary: tuple[str, ...]
    ttl: int


class Stamps(NamedTuple):
    tag: tuple[int, ...]  # the generations `names` and the TTL's period: part of the ETag
    permissions: int  # the `permissions` generation: part of a pass


def cached(*names: str, per: str = USER, vary: tuple[str, ...] = (), ttl: int = generations.TTL):
    """Serve a GET route from the response cache, keyed by the generations `names` and the caller's scope `per`.

    Put it under the route decorator; the route keeps its signature and its response model."""
    if not names:
        raise ValueError("a cached response must name the generations it reads")
    if per not in (USER, ROLES, TENANT):
        raise ValueError(f"unknown scope {per!r}")
    spec = Spec(names, per, vary, ttl)

    def decorate(endpoint: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        signature = inspect.signature(endpoint)
        # FastAPI fills one Request parameter per route: the handler's own when it has one, else the one added here.
        own = next((p.name for p in signature.parameters.values() if p.annotation is Request), None)

        @functools.wraps(endpoint)
        async def serve(**kwargs: Any) -> Any:
            request: Request = kwargs[own] if own else kwargs.pop(_REQUEST)
            identity: Identity | None = getattr(request.state, "identity", None)
            if identity is None or request.method != "GET":
                return await endpoint(**kwargs)
            cache = request.app.state.runtime.cache
            early: Stamps | None = request.scope.get(_STAMPS)
            stamps = early or await _stamps(cache, spec)
            tag = entity_tag(request, identity, spec, stamps.tag)
            headers = {"ETag": tag, "Cache-Control": CACHE_CONTROL}
            if _matches(request.headers.get("if-none-match"), tag):
                await _let_through(cache, early, tag, identity, ttl)
                return Response(status_code=304, headers=headers)
            key = f"response:{tag}"
            body = await cache.get(key)
            if body is None:
                result = await endpoint(**kwargs)
                if isinstance(result, Response):
                    return result
                body = _serialise(request, result)
                await cache.set(key, body, ttl)
            await _let_through(cache, early, tag, identity, ttl)
            return Response(body, media_type="application/json", headers=headers)

        if own is None:
            added = inspect.Parameter(_REQUEST, inspect.Parameter.KEYWORD_ONLY, annotation=Request)
            serve.__signature__ = signature.replace(  # type: ignore[attr-defined]
                parameters=[*signature.parameters.values(), added])
        setattr(serve, _SPEC, spec)
        return serve

    return decorate


def fast(route: APIRoute) -> None:
    """Put the fast path in front of a cached route's dependencies (core.routing does, for every route it adds)."""
    spec = getattr(route.endpoint, _SPEC, None)
    if spec is not None and not isinstance(route.app, FastHits):
        route.app = FastHits(route.app, spec)


class FastHits:
    """A cached route's answer from the stored body, or a 304, before its dependencies are resolved; anything it
    cannot vouch for goes on to the route as usual."""

    def __init__(self, app: ASGIApp, spec: Spec) -> None:
        self.app = app
        self.spec = spec

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] == "GET":
            answer = await _stored(scope, self.spec)
            if answer is not None:
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def _stored(scope: Scope, spec: Spec) -> Response | None:
    request = Request(scope)
    headers = request.headers
    if headers.get("content-length", "0") != "0" or "transfer-encoding" in headers:
        return None  # a dependency may read the body (an acting tenant's form), which no key holds
    rt = scope["app"].state.runtime
    try:
        identity = await deps.verified(rt, headers.get("blade-auth"), headers.get("tenant-id"))
    except Unauthorized:
        return None
    if identity is None:
        return None
    # Read before the dependencies run: a pass the route stores on a fall-through must carry the `permissions`
    # generation its authorisation saw, never one a grant's revocation bumped meanwhile.
    stamps = scope[_STAMPS] = await _stamps(rt.cache, spec)
    tag = entity_tag(request, identity, spec, stamps.tag)
    answer = {"ETag": tag, "Cache-Control": CACHE_CONTROL}
    if _matches(headers.get("if-none-match"), tag):
        if await rt.cache.get(_pass_key(tag, identity, stamps.permissions)) is None:
            return None
        return Response(status_code=304, headers=answer)
    let_through, body = await rt.cache.get_many(_pass_key(tag, identity, stamps.permissions), f"response:{tag}")
    if let_through is None or body is None:
        return None
    return Response(body, media_type="application/json", headers=answer)


async def _stamps(cache: Cache, spec: Spec) -> Stamps:
    # The TTL's period is part of the stamp: a write outside a unit of work (the CLI) bumps nothing, and an ETag
    # may not outlive the bodies it stands for.
    *values, granted = await generations.stamp(cache, (*spec.names, permissions.GENERATION))
    return Stamps((*values, int(time.time()) // spec.ttl), granted)


async def _let_through(cache: Cache, early: Stamps | None, tag: str, identity: Identity, ttl: int) -> None:
    """The pass the fast path looks for: stored only when the fast path read the stamps before the dependencies
    that just let `identity` through."""
    if early is not None:
        await cache.set(_pass_key(tag, identity, early.permissions), 1, ttl)


def _pass_key(tag: str, identity: Identity, granted: int) -> str:
    caller = sorted((name, value) for name, value in identity.claims.items() if name not in _PER_TOKEN)
    return f"response-pass:{_digest((tag, caller, granted))}"


def entity_tag(request: Request, identity: Identity, spec: Spec, stamps: tuple[int, ...]) -> str:
    """A weak ETag (the gzip layer may re-encode the body) digesting everything the answer depends on."""
    scope: tuple[object, ...] = (identity.tenant_id,)
    if spec.per == ROLES:
        scope += (sorted(identity.role_ids),)
    elif spec.per == USER:
        scope += (identity.user_id, identity.dept_id, sorted(identity.role_ids))
    parts = (request.url.path, request.url.query, spec.per, scope,
             tuple(request.headers.get(h, "") for h in spec.vary), spec.names, stamps)
    return f'W/"{_digest(parts)}"'


def _digest(parts: object) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def _matches(if_none_match: str | None, tag: str) -> bool:
    if not if_none_match:
        return False
    if if_none_match.strip() == "*":
        return True
    return any(candidate.strip().removeprefix("W/") == tag.removeprefix("W/")
               for candidate in if_none_match.split(","))


def _serialise(request: Request, result: Any) -> str:
    """What FastAPI would send for `result` under the route's response model."""
    route = request.scope["route"]
    assert isinstance(route, APIRoute) and route.response_model is not None, "a cached route needs a response model"
    adapter = _adapters.get(id(route))
    if adapter is None:
        adapter = _adapters[id(route)] = TypeAdapter(route.response_model)
    value = adapter.validate_python(result, from_attributes=True)
    return adapter.dump_json(value, by_alias=True, exclude_unset=route.response_model_exclude_unset,
                             exclude_defaults=route.response_model_exclude_defaults,
                             exclude_none=route.response_model_exclude_none).decode()
