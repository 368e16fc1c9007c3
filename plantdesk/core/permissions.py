"""Granted button/menu codes per role set, cached under a generation counter.

The system module registers the loader (it owns roles and menus); core only caches and asks. Any change
to roles, menus or grants calls `invalidate()`, which bumps the generation so every worker sees it.
"""

from collections.abc import Awaitable, Callable, Iterable

from fastapi.responses import Response
from pydantic import TypeAdapter
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.envelope import ok
from plantdesk.core.runtime import Runtime

CodeLoader = Callable[[AsyncSession, tuple[int, ...]], Awaitable[Iterable[str]]]
_loader: CodeLoader | None = None
GENERATION_KEY = "perm:generation"
TTL = 3600


def register_loader(loader: CodeLoader) -> None:
    global _loader
    _loader = loader


async def codes_for(user: Identity, *, db: AsyncSession, cache: Cache) -> frozenset[str]:
    if not user.role_ids:
        return frozenset()
    if _loader is None:
        raise RuntimeError("the permission loader is not registered (plantdesk.modules.setup() registers it)")
    key = f"perm:{await generation(cache)}:{user.tenant_id}:{','.join(map(str, sorted(user.role_ids)))}"
    cached = await cache.get(key)
    if cached is None:
        cached = sorted(set(await _loader(db, user.role_ids)))
        await cache.set(key, cached, TTL)
    return frozenset(cached)


async def invalidate(cache: Cache) -> None:
    await cache.incr(GENERATION_KEY)


async def generation(cache: Cache) -> int:
    return int(await cache.get(GENERATION_KEY) or 0)


async def per_role_set(rt: Runtime, user: Identity, name: str, adapter: TypeAdapter,
                       build: Callable[[AsyncSession], Awaitable[object]]) -> Response:
    """A JSON answer that depends only on the tenant and role set (menus, buttons): built once per
    permission generation, then served as stored bytes with no database session or validation work."""
    roles = ",".join(map(str, sorted(user.role_ids)))
    key = f"perm:{await generation(rt.cache)}:json:{name}:{user.tenant_id}:{roles}"
    body = await rt.cache.get(key)
    if body is None:
        async with rt.unit_of_work(user) as db:
            body = adapter.dump_json(adapter.validate_python(ok(await build(db)))).decode()
        await rt.cache.set(key, body, TTL)
    return Response(body, media_type="application/json")
