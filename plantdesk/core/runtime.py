"""What one running process holds: settings, engine, session factory, cache, audit writer, storage."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from plantdesk.config import Settings
from plantdesk.core import generations, tenancy
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity


@dataclass
class Runtime:
    settings: Settings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    cache: Cache
    audit: Any = None
    extras: dict[str, Any] = field(default_factory=dict)

    @asynccontextmanager
    async def unit_of_work(self, identity: Identity | None = None) -> AsyncIterator[AsyncSession]:
        """One session in the identity's tenant scope (with no identity: no scope, so it sees and writes no tenant
        row; core.tenancy), committed on success and rolled back on any error; the generations its writes marked
        are bumped once the commit is done."""
        async with self.sessions() as session:
            if identity is not None:
                tenancy.bind(session, tenancy.Scope(identity.tenant_id, identity.user_id, identity.dept_id))
            try:
                yield session
                await session.commit()
            except BaseException:
                await session.rollback()
                raise
            await generations.bump_marked(session, self.cache)


async def runtime(request: Request) -> Runtime:
    return request.app.state.runtime
