"""Scaled out: two engines (two workers) share the device partitions through leases, each device's rule state has
one owner, a value heard by both raises one alarm, and a partition taken over continues from the database."""

import asyncio
from types import SimpleNamespace

import pytest
from sqlalchemy import func, select

from plantdesk.core.leases import Lease, Leases
from plantdesk.core.ownership import Change, Share
from plantdesk.modules.alarm import engine
from plantdesk.modules.alarm.models import AlarmPending
from tests.alarm.helpers import Plant, now_ms
from tests.device.monitor_helpers import session


@pytest.fixture
async def plant(app, demo_admin, recipient, unique) -> Plant:
    return await Plant(app, demo_admin, recipient, unique).setup()


class Worker(engine.Engine):
    ownership: Share[int]

    async def claim(self):
        return await self.ownership.claim(range(engine.PARTITIONS))


def worker(app, name: str, unique: str) -> Worker:
    leases = Leases(app.state.runtime.sessions, f"{name}-{unique}", ttl=30)
    return Worker(Share(leases, f"test:{unique}"))


async def hear(app, worker_: engine.Engine, point: int, ts: int, value: float) -> None:
    """The value as a write in that worker's process hands it to its listener."""
    async with session(app) as db:
        await worker_.on_values(db, [(point, ts, value, None, 0)])


async def drain(app, *workers: engine.Engine) -> None:
    for each in workers:
        async with session(app) as db:
            await each.drain(db)


async def test_the_partitions_are_shared_without_overlap(app, unique):
    a, b = worker(app, "a", unique), worker(app, "b", unique)
    assert len((await a.claim()).gained) == engine.PARTITIONS  # alone: all of them
    assert (await b.claim()).gained == set()  # all held
    lost = (await a.claim()).lost  # a second holder: a keeps its half
    assert len(lost) == engine.PARTITIONS // 2
    assert (await b.claim()).gained == lost
    assert a.ownership.owned.isdisjoint(b.ownership.owned)
    assert a.ownership.owned | b.ownership.owned == set(range(engine.PARTITIONS))
    await a.ownership.release()
    await b.ownership.release()


async def test_a_value_heard_by_both_workers_raises_once(app, plant, unique):
    a, b = worker(app, "a", unique), worker(app, "b", unique)
    for each in (a, b, a, b):
        await each.claim()
    rule = await plant.rule(threshold=50)
    point, device = int(plant.device["points"]["V"]), int(plant.device["id"])
    owner, other = (a, b) if a.owns(device) else (b, a)
    assert not other.owns(device)
    t = now_ms() - 10_000
    await hear(app, other, point, t, 60)  # handed over, not evaluated
    assert await plant.results(rule) == []
    async with session(app) as db:
        waiting = await db.scalar(select(func.count()).select_from(AlarmPending).where(
            AlarmPending.point_id == point))
    assert waiting == 1
    await hear(app, owner, point, t, 60)
    await drain(app, a, b)
    [record] = await plant.results(rule)
    assert record["frequency"] == 1
    await hear(app, other, point, t + 1000, 70)  # still bad: the same alarm
    await drain(app, a, b)
    [record] = await plant.results(rule)
    assert record["peakValue"] == 70

    # the owner stops: the other takes the partition over and clears the alarm it raised
    await owner.ownership.release()
    taken = (await other.claim()).gained
    assert engine.partition(device) in taken
    other.forget(set(taken))
    await hear(app, other, point, t + 2000, 40)
    [record] = await plant.results(rule)
    assert record["removeStatus"] == "已解除" and record["batch"] == 1
    await other.ownership.release()


async def test_a_process_that_owns_nothing_hands_everything_over(app, plant, unique):
    idle = engine.Engine()  # a `serve` beside workers
    rule = await plant.rule(threshold=50)
    point = int(plant.device["points"]["V"])
    await hear(app, idle, point, now_ms() - 1000, 60)
    assert await plant.results(rule) == []
    async with session(app) as db:
        assert await idle.drain(db) == 0  # nor does it drain
    takes = worker(app, "a", unique)
    await takes.claim()
    await drain(app, takes)
    assert len(await plant.results(rule)) == 1
    await takes.ownership.release()


async def test_the_service_of_a_queue_worker_leases_drains_and_hands_back(app, plant, monkeypatch):
    worker_engine = engine.Engine()
    monkeypatch.setattr(engine, "default", worker_engine)  # the app's own engine keeps owning everything
    monkeypatch.setattr(engine, "DRAIN_SECONDS", 0.05)
    runtime = SimpleNamespace(settings=SimpleNamespace(jobs="queue"), sessions=app.state.runtime.sessions,
                              cache=app.state.runtime.cache)
    rule = await plant.rule(threshold=50)
    await hear(app, engine.Engine(), int(plant.device["points"]["V"]), now_ms() - 1000, 60)  # a serve hands over
    service = asyncio.create_task(engine.partitions(runtime))
    try:
        for _ in range(100):
            if await plant.results(rule):
                break
            await asyncio.sleep(0.05)
        assert len(await plant.results(rule)) == 1
        assert worker_engine.ownership is not None and len(worker_engine.ownership.owned) == engine.PARTITIONS
    finally:
        service.cancel()
        await asyncio.gather(service, return_exceptions=True)
    assert worker_engine.ownership is None
    async with session(app) as db:
        held = await db.scalar(select(func.count()).select_from(Lease).where(
            Lease.name.contains(engine.LEASE_KIND, autoescape=True)))
    assert held == 0  # handed back, not left to lapse


async def test_a_change_of_share_waits_for_the_evaluation_in_progress(monkeypatch):
    """A sweep reads a rule's progress across awaits: partitions taken over or lost meanwhile are forgotten only
    after it (a worker's sweep failed with a KeyError when its share changed under it)."""
    worker_engine = engine.Engine()
    monkeypatch.setattr(engine, "default", worker_engine)
    worker_engine.by_id = {1: SimpleNamespace(device_id=5)}  # type: ignore[dict-item]
    worker_engine.states = {1: engine._State(count=1)}
    async with worker_engine.lock:  # an evaluation between two awaits
        forgetting = asyncio.create_task(engine._changed(Change(frozenset({engine.partition(5)}), frozenset())))
        await asyncio.sleep(0.05)
        assert 1 in worker_engine.states
    await forgetting
    assert 1 not in worker_engine.states
