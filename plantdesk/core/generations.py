"""Generations that the writes bump themselves: data derived from some tables and cached under a generation
refreshes as soon as a unit of work that changed those tables commits.

`watch(name, *models)` names a generation and the models it follows. A flush that inserts, updates or deletes
a row of one of them, or an ORM-enabled UPDATE/DELETE on one, marks the session; the unit of work bumps the
marked generations right after its commit (`Runtime.unit_of_work`), never after a rollback. The counters
live in the cache, so every worker sharing Redis sees the change before the writing request has answered.
Writes outside a unit of work (CLI, seeding) bump nothing: caches under a generation also carry a TTL.
"""

from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session

from plantdesk.core.cache import Cache
from plantdesk.core.tenancy import ScopedSession

MARKS_KEY = "plantdesk.generations"
_followers: dict[type, set[str]] = {}


def watch(name: str, *models: type) -> str:
    for model in models:
        _followers.setdefault(model, set()).add(name)
    return name


async def current(cache: Cache, name: str) -> int:
    return int(await cache.get(_key(name)) or 0)


def marked(session, name: str) -> bool:
    """Whether the session has written what `name` follows (its cached data is stale for this session)."""
    return name in getattr(session, "sync_session", session).info.get(MARKS_KEY, ())


async def bump_marked(session, cache: Cache) -> None:
    """Bump what the session's writes marked (after its commit; a rolled-back session is never asked)."""
    for name in sorted(getattr(session, "sync_session", session).info.pop(MARKS_KEY, set())):
        await cache.incr(_key(name))


def _key(name: str) -> str:
    return f"generation:{name}"


def _mark(session: Session, models: set[type]) -> None:
    names = set().union(*(_followers.get(model, ()) for model in models))
    if names:
        session.info.setdefault(MARKS_KEY, set()).update(names)


@event.listens_for(ScopedSession, "after_flush")
def _flushed(session: Session, _flush_context) -> None:
    _mark(session, {type(obj) for obj in (*session.new, *session.dirty, *session.deleted)})


@event.listens_for(ScopedSession, "do_orm_execute")
def _bulk_write(state: ORMExecuteState) -> None:
    if (state.is_update or state.is_delete) and state.bind_mapper is not None:
        _mark(state.session, {state.bind_mapper.class_})
