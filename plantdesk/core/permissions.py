"""Granted button/menu codes per role set, cached under a generation counter.

The system module registers the loader (it owns roles and menus); core only caches and asks. Any change
to roles, menus or grants calls `invalidate()`, which bumps the generation so every worker sees it.
"""

from collections.abc import Awaitable, Callable, Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity

CodeLoader = Callable[[AsyncSession, tuple[int, ...]], Awaitable[Iterable[str]]]
_loader: CodeLoader | None = None
GENERATION_KEY = "perm:generation"
TTL = 3600


def register_loader(loader: CodeLoader) -> None:
    global _loader
    _loader = loader


async def codes_for(user: Identity, *, db: AsyncSession, cache: Cache) -> frozenset[str]:
    if _loader is None or not user.role_ids:
        return frozenset()
    generation = await cache.get(GENERATION_KEY) or 0
    key = f"perm:{generation}:{user.tenant_id}:{','.join(map(str, sorted(user.role_ids)))}"
    cached = await cache.get(key)
    if cached is None:
        cached = sorted(set(await _loader(db, user.role_ids)))
        await cache.set(key, cached, TTL)
    return frozenset(cached)


async def invalidate(cache: Cache) -> None:
    await cache.incr(GENERATION_KEY)
