"""Alembic environment: async engine, the URL from settings (or the caller), every model's metadata."""

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from plantdesk.config import Settings
from plantdesk.db.models import Base
from plantdesk.db.session import create_engine

config = context.config
target_metadata = Base.metadata


def _ours(name: str | None, type_: str, _parent) -> bool:
    """The job queue's tables belong to its engine, which creates and upgrades them (core.jobs)."""
    return not (type_ == "table" and (name or "").startswith("procrastinate_"))


def _url() -> str:
    return config.attributes.get("database_url") or Settings().resolved_database_url


def run_migrations_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True,
                      render_as_batch=True, include_name=_ours)
    with context.begin_transaction():
        context.run_migrations()


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True,
                      include_name=_ours)
    with context.begin_transaction():
        context.run_migrations()


async def run_async_migrations() -> None:
    engine = create_engine(_url())
    async with engine.connect() as connection:
        await connection.run_sync(_run)
    await engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
elif config.attributes.get("connection") is not None:  # the caller's connection (plantdesk.cli), inside its loop
    _run(config.attributes["connection"])
else:
    asyncio.run(run_async_migrations())
