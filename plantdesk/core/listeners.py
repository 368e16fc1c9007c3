"""After-values-written listeners: the seam through which other areas (the alarm engine) see every value as it
arrives, whoever wrote it (HTTP ingest, the simulator through it, collectors).

Every writer goes through `store.write_batch`, which hands this module the values that became a point's newest
(late values are history, not news). Once the writer's unit of work commits, each listener is awaited with the
committed session and those values, in order of time per point; a rolled-back write calls nothing. The session
is still open and in a new transaction: a listener that writes commits itself (core.generations bumps what it
marked). A listener's failure is logged and never reaches the writer, whose values are already committed.

A writer outside a unit of work (a CLI command, a script with a bare session) runs no after-commit actions,
so no listener hears it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import generations

log = logging.getLogger("plantdesk.monitor")

# (session, values): each value is (point id, ts ms, number, text, quality)
Listener = Callable[[AsyncSession, Sequence[tuple]], Awaitable[None]]
_listeners: list[Listener] = []


def on_written(listener: Listener) -> None:
    """Register a listener (core.areas does, from the areas' declarations)."""
    if listener not in _listeners:
        _listeners.append(listener)


def written(db: AsyncSession, values: Sequence[tuple]) -> None:
    if _listeners and values:
        generations.after_commit(db, lambda: _call(db, values))


async def _call(db: AsyncSession, values: Sequence[tuple]) -> None:
    for listener in _listeners:
        try:
            await listener(db, values)
        except Exception:
            log.exception("monitor listener %s failed", getattr(listener, "__qualname__", listener))
            await db.rollback()
