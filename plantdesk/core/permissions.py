"""Granted button/menu codes per role set, cached under the `permissions` generation (core.generations).

The system module registers the loader (it owns roles and menus) and says which of its tables the generation
follows (roles, grants, menus, scopes, tenant packages); core only caches and asks. A write to one of them bumps
the generation once its unit of work has committed, so every worker sees it and no reader can cache the old
grants past the commit.
"""

from collections.abc import Awaitable, Callable, Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import generations
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity

CodeLoader = Callable[[AsyncSession, tuple[int, ...]], Awaitable[Iterable[str]]]
_loader: CodeLoader | None = None
GENERATION = "permissions"  # what roles may do and see: data scopes, API scopes and menus are read under it too


def register_loader(loader: CodeLoader) -> None:
    global _loader
    _loader = loader


async def codes_for(user: Identity, *, db: AsyncSession, cache: Cache) -> frozenset[str]:
    if not user.role_ids:
        return frozenset()
    loader = _loader
    if loader is None:
        raise RuntimeError("the permission loader is not registered (core.areas.wire() registers it)")

    async def load() -> list[str]:
        return sorted(set(await loader(db, user.role_ids)))

    key = f"codes:{user.tenant_id}:{','.join(map(str, sorted(user.role_ids)))}"
    return frozenset(await generations.cached(cache, GENERATION, key, load, session=db))
