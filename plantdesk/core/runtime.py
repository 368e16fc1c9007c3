"""What one running process holds: settings, engine, session factory, cache, audit writer, storage."""

from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from plantdesk.config import Settings
from plantdesk.core.cache import Cache


@dataclass
class Runtime:
    settings: Settings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    cache: Cache
    audit: Any = None
    extras: dict[str, Any] = field(default_factory=dict)


def runtime(request: Request) -> Runtime:
    return request.app.state.runtime
