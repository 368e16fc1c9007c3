"""Ownership: a worker's share of named partitions (a collector source, a device partition of the alarm engine;
report schedules and camera/topology gateways next), on core.leases. The one mechanism for "exactly one worker
does this, and another takes over when it dies".

Each partition is a lease `<kind>:<partition>`; each worker also holds a membership lease `member:<kind>:<holder>`
so the workers count each other without talking. Every round (`claim`, called every few seconds by the owner's
own loop) a worker renews what it owns (one statement, every third of the lease), hands back what is no longer a
partition, trims itself to a fair share (the partitions divided by the live members, rounded up) and tops itself
up from the partitions nobody else holds. A worker that dies stops renewing: after the lease's ttl its partitions
are free and the others take them in their next round. A worker cut off from the database past its ttl drops
what it owned, since another may own it by then. `on_change` hears every change of the share (gained, lost), so
the owner starts and stops its work there; `release` hands everything back when the worker stops.
"""

import logging
import math
from collections.abc import Awaitable, Callable, Collection, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from sqlalchemy import func, select

from plantdesk.core import tenancy
from plantdesk.core.leases import Lease, Leases

log = logging.getLogger("plantdesk.ownership")

N = TypeVar("N", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Change(Generic[N]):
    gained: frozenset[N]
    lost: frozenset[N]

    def __bool__(self) -> bool:
        return bool(self.gained or self.lost)


class Share(Generic[N]):
    """The partitions of one kind this worker owns. `on_change` (async) is called with each change."""

    def __init__(self, leases: Leases, kind: str, on_change: Callable[[Change[N]], Awaitable[None]] | None = None):
        self.leases, self.kind, self.on_change = leases, kind, on_change
        self.owned: set[N] = set()
        self.renewed: float | None = None  # when (leases' clock) the leases were last renewed
        self.expires = 0.0  # when what is owned lapses unless renewed

    def owns(self, partition: N) -> bool:
        return partition in self.owned

    async def claim(self, partitions: Collection[N]) -> Change[N]:
        """One round: renew, hand back, trim and top up; tells `on_change` what changed, even when the round
        failed half-way (the database away: what it owned is dropped once its leases have lapsed)."""
        gained: set[N] = set()
        lost: set[N] = set()
        try:
            await self._claim({self._lease(p): p for p in partitions}, gained, lost)
        except Exception:
            if self.owned and self.leases.clock() >= self.expires:
                log.error("%s: leases of %s lapsed unrenewed; dropped", self.kind, self.leases.holder)
                lost |= self.owned
                self.owned.clear()
                self.renewed = None
            raise
        finally:
            change = Change(frozenset(gained - lost), frozenset(lost - gained))
            if change and self.on_change is not None:
                await self.on_change(change)
        return change

    async def _claim(self, wanted: dict[str, N], gained: set[N], lost: set[N]) -> None:
        gone = [p for p in self.owned if self._lease(p) not in wanted]
        if gone:  # no longer a partition (a source removed or disabled)
            await self.leases.release(*(self._lease(p) for p in gone))
            self.owned.difference_update(gone)
            lost.update(gone)
        now = self.leases.clock()
        if self.renewed is None or now - self.renewed >= self.leases.ttl / 3:
            await self.leases.acquire(self._member)
            kept = await self.leases.renew([self._lease(p) for p in self.owned])
            taken = {p for p in self.owned if self._lease(p) not in kept}  # we stalled past expiry; another has it
            if taken:
                log.warning("%s: %s lost %s", self.kind, self.leases.holder, sorted(map(str, taken)))
            self.owned -= taken
            lost |= taken
            self.renewed, self.expires = now, now + self.leases.ttl
        held, ours, members = await self._census(list(wanted))
        share = math.ceil(len(wanted) / max(1, members))
        surplus = sorted(self.owned, key=str)[share:]
        if surplus:  # more workers than when these were taken: left for them
            await self.leases.release(*(self._lease(p) for p in surplus))
            self.owned.difference_update(surplus)
            lost.update(surplus)
        # Leases still ours (dropped while the database was away) first: the work stays where it was.
        for name in sorted(wanted, key=lambda name: name not in ours):
            if len(self.owned) >= share:
                break
            partition = wanted[name]
            if partition not in self.owned and name not in held and await self.leases.acquire(name) is not None:
                self.owned.add(partition)
                gained.add(partition)

    async def _census(self, names: list[str]) -> tuple[set[str], set[str], int]:
        """The partitions held by other workers, those held by this one, and how many workers (this one
        included) there are."""
        now = int(self.leases.clock() * 1000)
        held: set[str] = set()
        ours: set[str] = set()
        async with self.leases.sessions() as session:
            with tenancy.platform_scope(session):
                live = Lease.expires_at >= now
                if names:
                    for name, holder in await session.execute(select(Lease.name, Lease.holder).where(
                            Lease.name.in_(names), live)):
                        (ours if holder == self.leases.holder else held).add(name)
                members = await session.scalar(select(func.count()).select_from(Lease).where(
                    Lease.name.startswith(f"member:{self.kind}:", autoescape=True), live))
        return held, ours, members or 1

    async def release(self) -> None:
        """Hand every partition and the membership back (the worker stops), and tell `on_change`."""
        owned, self.owned, self.renewed = set(self.owned), set(), None
        try:
            await self.leases.release(self._member, *(self._lease(p) for p in owned))
        finally:
            if owned and self.on_change is not None:
                await self.on_change(Change(frozenset(), frozenset(owned)))

    @property
    def _member(self) -> str:
        return f"member:{self.kind}:{self.leases.holder}"

    def _lease(self, partition: N) -> str:
        return f"{self.kind}:{partition}"
