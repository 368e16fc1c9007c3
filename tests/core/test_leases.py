"""core.leases: exactly one holder owns a name until its lease lapses, then another takes over; snowflake worker
ids come from leases, so two leased generators never issue the same id and a lapsed one issues none."""

import asyncio
import time

import pytest

from plantdesk.core import ids
from plantdesk.core.leases import Leases, lease_worker_id


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def pair(sessions, unique):
    clock = Clock()
    return clock, Leases(sessions, f"a-{unique}", ttl=30, clock=clock), Leases(sessions, f"b-{unique}", ttl=30,
                                                                                  clock=clock)


class TestLeases:
    async def test_one_holder_until_expiry_then_the_other(self, pair, unique):
        clock, a, b = pair
        name = f"collector:{unique}"
        assert await a.acquire(name) == pytest.approx(clock.now + 30, abs=0.01)
        assert await b.acquire(name) is None
        clock.now += 29
        assert await a.acquire(name) is not None  # renewed: 30 s from now
        clock.now += 29
        assert await b.acquire(name) is None
        clock.now += 2
        assert await b.acquire(name) is not None
        assert await a.acquire(name) is None

    async def test_release_frees_only_ones_own(self, pair, unique):
        _, a, b = pair
        name = f"partition:{unique}"
        assert await a.acquire(name) is not None
        await b.release(name)
        assert await b.acquire(name) is None
        await a.release(name)
        assert await b.acquire(name) is not None

    async def test_acquire_any_skips_held_names(self, pair, unique):
        _, a, b = pair
        names = [f"slot:{unique}:{n}" for n in range(3)]
        taken = {(await a.acquire_any(names))[0] for _ in range(2)}
        rest = await b.acquire_any(names)
        assert len(taken) == 2 and rest is not None and rest[0] not in taken
        assert await b.acquire_any(names) is None

    async def test_a_dead_holders_share_moves_on_after_expiry(self, sessions, unique):
        name = f"alarm-partition:{unique}"
        alive, dead = Leases(sessions, f"alive-{unique}", ttl=0.4), Leases(sessions, f"dead-{unique}", ttl=0.4)
        assert await dead.acquire(name) is not None  # and then the process dies: no renewal, no release
        assert await alive.acquire(name) is None
        await asyncio.sleep(0.45)
        assert await alive.acquire(name) is not None

    async def test_a_kept_lease_outlives_its_ttl_and_a_stopped_keeper_hands_it_back(self, sessions, unique):
        name = f"collector:{unique}"
        # A renewal every 0.5 s, each allowed 1 s before the lease lapses: a slow CI box must not lose it.
        owner, other = Leases(sessions, f"owner-{unique}", ttl=1.5), Leases(sessions, f"other-{unique}", ttl=1.5)
        assert await owner.acquire(name) is not None
        reports = []
        keeper = asyncio.create_task(owner.keep(name, reports.append))
        await asyncio.sleep(2.0)
        assert await other.acquire(name) is None
        keeper.cancel()
        with pytest.raises(asyncio.CancelledError):
            await keeper
        assert reports[-1] == 0.0 and all(r > 0 for r in reports[:-1]) and len(reports) >= 3
        assert await other.acquire(name) is not None

    async def test_a_keeper_that_loses_its_lease_says_so(self, sessions, unique):
        name = f"owner:{unique}"
        mine, thief = Leases(sessions, f"mine-{unique}", ttl=0.3), Leases(sessions, f"thief-{unique}", ttl=5)
        assert await mine.acquire(name) is not None
        renewals = []
        await asyncio.sleep(0.35)
        assert await thief.acquire(name) is not None
        await asyncio.wait_for(mine.keep(name, renewals.append), 2)
        assert renewals == [0.0]


class TestLeasedWorkerIds:
    async def test_two_leased_generators_never_collide(self, sessions, unique):
        first, second = ids.Snowflake(0), ids.Snowflake(0)  # the same random id, as two processes might draw
        keepers = [await lease_worker_id(Leases(sessions, f"{n}-{unique}"), generator)
                   for n, generator in enumerate((first, second))]
        try:
            assert first.worker != second.worker
            a = {first.next_id() for _ in range(20_000)}
            b = {second.next_id() for _ in range(20_000)}
            assert len(a) == len(b) == 20_000 and not a & b
        finally:
            for keeper in keepers:
                keeper.cancel()

    async def test_unrenewed_it_stops_before_the_lease_lapses(self, sessions, unique, monkeypatch):
        generator, leases = ids.Snowflake(0), Leases(sessions, f"w-{unique}", ttl=0.6)
        keeper = await lease_worker_id(leases, generator)
        try:
            assert generator.next_id() > 0

            async def unreachable(name):
                raise ConnectionError("database down")

            monkeypatch.setattr(leases, "acquire", unreachable)
            await asyncio.sleep(0.45)  # past the lease less its margin of 0.2 s, before the lease itself lapses
            with pytest.raises(ids.LeaseLapsed):
                generator.next_id()
            await asyncio.sleep(0.2)
            assert await Leases(sessions, f"next-{unique}").acquire(f"snowflake:{generator.worker}") is not None
        finally:
            keeper.cancel()

    async def test_stopping_stops_the_generator_and_frees_the_id(self, sessions, unique):
        generator = ids.Snowflake(0)
        keeper = await lease_worker_id(Leases(sessions, f"w-{unique}"), generator)
        await asyncio.sleep(0.01)  # the keeper is running
        keeper.cancel()
        with pytest.raises(asyncio.CancelledError):
            await keeper
        with pytest.raises(ids.LeaseLapsed):
            generator.next_id()
        assert await Leases(sessions, f"next-{unique}").acquire(f"snowflake:{generator.worker}") is not None
