"""Generations that the writes bump themselves: data derived from some tables and cached under a generation
refreshes as soon as a unit of work that changed those tables commits.

`watch(name, *models)` names a generation and the models it follows. A flush that inserts, updates or deletes
a row of one of them, or an ORM-enabled INSERT/UPDATE/DELETE statement on one, marks the session; the unit of
work bumps the marked generations right after its commit (`Runtime.unit_of_work`), never after a rollback. The counters
live in the cache, so every worker sharing Redis sees the change before the writing request has answered.
Writes outside a unit of work (CLI, seeding) bump nothing: caches under a generation also carry a TTL.

Why after the commit: a reader that loads between the write's flush and its commit reads the old rows (the
write is not visible yet) under the old generation, and that entry is abandoned by the bump that follows the
commit. A bump inside the transaction would let that reader store the old rows under the new generation, where
they stayed until the TTL. The reader must read the generation before it loads, in a transaction that sees
each statement's latest commits (READ COMMITTED on PostgreSQL; SQLite runs reads outside a transaction).
"""

from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session

from plantdesk.core.cache import Cache
from plantdesk.core.tenancy import ScopedSession

MARKS_KEY = "plantdesk.generations"
AFTER_KEY = "plantdesk.after_commit"
TTL = 3600  # what a cache under a generation keeps at most: the bound on staleness after a write outside a unit of work
_followers: dict[type, set[str]] = {}


def watch(name: str, *models: type) -> str:
    for model in models:
        _followers.setdefault(model, set()).add(name)
    return name


def following(tables: Iterable[str]) -> tuple[str, ...] | None:
    """The generations that follow the tables named `tables`, sorted; None when one of them has none (what is
    derived from it could not be told stale)."""
    found: set[str] = set()
    for table in tables:
        names = set().union(*(names for model, names in _followers.items()
                              if getattr(getattr(model, "__table__", None), "fullname", None) == table))
        if not names:
            return None
        found |= names
    return tuple(sorted(found))


def names() -> set[str]:
    """Every generation something follows (the cache-clearing endpoint bumps them all)."""
    return set().union(*_followers.values())


async def current(cache: Cache, name: str) -> int:
    return int(await cache.get(_key(name)) or 0)


async def stamp(cache: Cache, names: Iterable[str]) -> tuple[int, ...]:
    """The current values of several generations (one round trip on Redis)."""
    return tuple(int(value or 0) for value in await cache.get_many(*map(_key, names)))


async def bump(cache: Cache, *names: str) -> None:
    """Bump by hand: only for what has no unit of work (the cache-clearing endpoint); writes bump themselves."""
    for name in names:
        await cache.incr(_key(name))


async def cached(cache: Cache, name: str, key: str, load: Callable[[], Awaitable[Any]], *, session=None,
                 ttl: int = TTL) -> Any:
    """`load()` (a JSON value), cached under the current generation of `name` and `key`. The generation is read
    before loading, so a load that raced a write is stored under the generation the write's commit abandons.
    A `session` that has itself written what `name` follows loads and stores nothing (its cache is behind)."""
    if session is not None and marked(session, name):
        return await load()
    full = f"{name}:{await current(cache, name)}:{key}"
    value = await cache.get(full)
    if value is None:
        value = await load()
        await cache.set(full, value, ttl)
    return value


def marked(session, name: str) -> bool:
    """Whether the session has written what `name` follows (its cached data is stale for this session)."""
    return name in getattr(session, "sync_session", session).info.get(MARKS_KEY, ())


def after_commit(session, action: Callable[[], Awaitable[None]]) -> None:
    """A cache write that the unit of work runs after its commit, with the bumps: one that a reader racing the
    write (between its flush and its commit) could otherwise overwrite with what it read before the commit."""
    getattr(session, "sync_session", session).info.setdefault(AFTER_KEY, []).append(action)


async def bump_marked(session, cache: Cache) -> None:
    """Bump what the session's writes marked and run its `after_commit` actions (after its commit; a rolled-back
    session is never asked). An action may write and commit in the same session (a monitor listener does):
    what it marks is bumped, and what it queues run, in the next round."""
    info = getattr(session, "sync_session", session).info
    while MARKS_KEY in info or AFTER_KEY in info:
        for name in sorted(info.pop(MARKS_KEY, set())):
            await cache.incr(_key(name))
        for action in info.pop(AFTER_KEY, []):
            await action()


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
    if (state.is_insert or state.is_update or state.is_delete) and state.bind_mapper is not None:
        _mark(state.session, {state.bind_mapper.class_})
