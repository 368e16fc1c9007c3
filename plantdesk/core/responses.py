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
"""

import functools
import hashlib
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import TypeAdapter

from plantdesk.core import generations
from plantdesk.core.context import Identity

USER, ROLES, TENANT = "user", "roles", "tenant"
CACHE_CONTROL = "private, no-cache"
_REQUEST = "response_cache_request"  # the parameter the decorator adds to the route's signature
_adapters: dict[int, TypeAdapter] = {}


def cached(*names: str, per: str = USER, vary: tuple[str, ...] = (), ttl: int = generations.TTL):
    """Serve a GET route from the response cache, keyed by the generations `names` and the caller's scope `per`.

    Put it under the route decorator; the route keeps its signature and its response model."""
    if not names:
        raise ValueError("a cached response must name the generations it reads")
    if per not in (USER, ROLES, TENANT):
        raise ValueError(f"unknown scope {per!r}")

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
            # The TTL's period is part of the stamp: a write outside a unit of work (the CLI) bumps nothing, and
            # an ETag may not outlive the bodies it stands for.
            stamps = (*await generations.stamp(cache, names), int(time.time()) // ttl)
            tag = entity_tag(request, identity, per, vary, names, stamps)
            headers = {"ETag": tag, "Cache-Control": CACHE_CONTROL}
            if _matches(request.headers.get("if-none-match"), tag):
                return Response(status_code=304, headers=headers)
            key = f"response:{tag}"
            body = await cache.get(key)
            if body is None:
                result = await endpoint(**kwargs)
                if isinstance(result, Response):
                    return result
                body = _serialise(request, result)
                await cache.set(key, body, ttl)
            return Response(body, media_type="application/json", headers=headers)

        if own is None:
            added = inspect.Parameter(_REQUEST, inspect.Parameter.KEYWORD_ONLY, annotation=Request)
            serve.__signature__ = signature.replace(  # type: ignore[attr-defined]
                parameters=[*signature.parameters.values(), added])
        return serve

    return decorate


def entity_tag(request: Request, identity: Identity, per: str, vary: tuple[str, ...], names: tuple[str, ...],
               stamps: tuple[int, ...]) -> str:
    """A weak ETag (the gzip layer may re-encode the body) digesting everything the answer depends on."""
    scope: tuple[object, ...] = (identity.tenant_id,)
    if per == ROLES:
        scope += (sorted(identity.role_ids),)
    elif per == USER:
        scope += (identity.user_id, identity.dept_id, sorted(identity.role_ids))
    parts = (request.url.path, request.url.query, per, scope, tuple(request.headers.get(h, "") for h in vary),
             names, stamps)
    return f'W/"{hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()}"'


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
