"""Fixtures for the core mechanism tests: the app's own session factory, and rows made for one test."""

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

OTHER_TENANT = "356782"
PLATFORM = "000000"


@pytest.fixture(scope="session")
def sessions(app) -> async_sessionmaker[AsyncSession]:
    """The engine and session factory the running app uses (its listeners, its database)."""
    return app.state.runtime.sessions
