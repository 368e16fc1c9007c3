"""Leases: a named thing (a collector connection, a tenant's alarm partition, a snowflake worker id) owned by
exactly one process at a time, until it stops renewing; then the next process to ask takes it over.

One row per name in `plantdesk_lease`, taken or renewed by one atomic upsert that succeeds only when the row
is free, expired or already ours; so it works the same on SQLite and PostgreSQL and needs no Redis. Core owns
this table because leases are a core mechanism that no module owns, and the table must not draw its ids from
the snowflake generator whose worker ids it hands out. Expiry is compared with each process's wall clock:
hosts keep their clocks in sync (NTP), and a lease lasts many times the skew that leaves.
"""

import asyncio
import logging
import os
import random
import socket
import time
import uuid
from collections.abc import AsyncIterator, Callable, Collection, Iterable
from contextlib import asynccontextmanager

from sqlalchemy import BigInteger, String, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.core import ids, tenancy
from plantdesk.db.base import Base

log = logging.getLogger("plantdesk.leases")

TTL_SECONDS = 30.0
# A worker id stops issuing this long (at most a third of the lease) before its lease lapses, so the next
# holder's clock, even a little ahead, never issues it in the same millisecond.
SKEW_MARGIN_SECONDS = 5.0


class Lease(Base):
    __tablename__ = "plantdesk_lease"

    name: Mapped[str] = mapped_column(String(128), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[int] = mapped_column(BigInteger)  # epoch milliseconds


def process_holder() -> str:
    """A holder name for one owner in this process: host, pid, and a tag, as two owners may share a process."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"


class Leases:
    """The leases one process (`holder`) takes and renews. `clock` (epoch seconds) is replaceable in tests."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], holder: str, *, ttl: float = TTL_SECONDS,
                 clock: Callable[[], float] = time.time):
        self.sessions, self.holder, self.ttl, self.clock = sessions, holder, ttl, clock

    @asynccontextmanager
    async def _session(self) -> AsyncIterator[AsyncSession]:
        """Leases belong to no tenant: a platform-scope session, committed at the end."""
        async with self.sessions() as session:
            with tenancy.platform_scope(session):
                yield session
                await session.commit()

    async def acquire(self, name: str) -> float | None:
        """Take or renew `name`; answers when the lease lapses (epoch seconds), or None when another holds it."""
        now_ms = int(self.clock() * 1000)
        expires = now_ms + int(self.ttl * 1000)
        async with self._session() as session:
            insert = (postgresql if session.get_bind().dialect.name == "postgresql" else sqlite).insert
            statement = insert(Lease).values(name=name, holder=self.holder, expires_at=expires)
            statement = statement.on_conflict_do_update(
                index_elements=[Lease.name],
                set_={"holder": statement.excluded.holder, "expires_at": statement.excluded.expires_at},
                where=(Lease.holder == self.holder) | (Lease.expires_at < now_ms),
            ).returning(Lease.holder)
            won = (await session.execute(statement)).scalar() is not None
        return expires / 1000 if won else None

    async def renew(self, names: Collection[str]) -> set[str]:
        """Renew, in one statement, those of `names` this holder still holds (lapsed too, while no one has taken
        them); answers them."""
        if not names:
            return set()
        expires = int(self.clock() * 1000) + int(self.ttl * 1000)
        async with self._session() as session:
            rows = await session.execute(
                update(Lease).where(Lease.name.in_(names), Lease.holder == self.holder)
                .values(expires_at=expires).returning(Lease.name).execution_options(synchronize_session=False))
            return set(rows.scalars())

    async def release(self, *names: str) -> None:
        """Hand `names` back (those this holder holds), so the next holder need not wait for them to lapse."""
        if not names:
            return
        async with self._session() as session:
            await session.execute(delete(Lease).where(Lease.name.in_(names), Lease.holder == self.holder))

    async def acquire_any(self, names: Iterable[str]) -> tuple[str, float] | None:
        """Take one free name of `names` (tried in random order, so processes starting together rarely race for
        the same one)."""
        names = list(names)
        async with self._session() as session:
            held = set((await session.execute(
                select(Lease.name).where(Lease.name.in_(names), Lease.expires_at >= int(self.clock() * 1000))
            )).scalars())
        free = [name for name in names if name not in held]
        random.shuffle(free)
        for name in free:
            if (expires := await self.acquire(name)) is not None:
                return name, expires
        return None

    async def keep(self, name: str, on_renewed: Callable[[float], None]) -> None:
        """Renew `name` every third of its life, reporting each new expiry; a renewal that fails (another holder,
        or the database unreachable) is retried until the lease has lapsed, then the owner is told by an expiry
        in the past, and this returns. Cancelled (the owner stops), it tells the owner the same, then hands the
        lease back so the next holder need not wait for it to lapse."""
        expires = self.clock() + self.ttl
        try:
            while True:
                await asyncio.sleep(self.ttl / 3)
                renewed = None
                try:
                    renewed = await self.acquire(name)
                except Exception:  # the database may be back before the lease lapses
                    log.warning("renewing lease %s failed", name, exc_info=True)
                if renewed is not None:
                    expires = renewed
                    on_renewed(expires)
                elif self.clock() >= expires:
                    log.error("lease %s lost by %s", name, self.holder)
                    on_renewed(0.0)
                    return
        except asyncio.CancelledError:
            on_renewed(0.0)
            await self.release(name)
            raise


async def lease_worker_id(leases: Leases, generator: ids.Snowflake | None = None) -> asyncio.Task:
    """Lease a free snowflake worker id for `generator` (the process's own by default) and keep it renewed in a
    task; cancelling the task stops the generator and frees the id. Raises when all 1,024 are held."""
    generator = generator or ids.generator
    taken = await leases.acquire_any(f"snowflake:{n}" for n in range(ids.WORKER_IDS))
    if taken is None:
        raise RuntimeError("every snowflake worker id is leased")
    name, expires = taken
    worker, margin = int(name.rsplit(":", 1)[1]), min(SKEW_MARGIN_SECONDS, leases.ttl / 3)
    generator.lease(worker, expires - margin)
    keeper = asyncio.create_task(leases.keep(name, lambda renewed: generator.lease(worker, renewed - margin)),
                                 name=f"lease-{name}")
    keeper.add_done_callback(lambda _: generator.lease(worker, 0.0))  # even when cancelled before it ran
    return keeper
