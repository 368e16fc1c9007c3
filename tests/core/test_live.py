"""core.live: routing by tenant, topic and key, in one process and across processes over Redis; events published
on commit only; a slow stream told to resync.

Redis is PLANTDESK_TEST_REDIS_URL (default redis://127.0.0.1:6379/15); its runs are skipped, with the reason,
only when no server answers there.
"""

import asyncio
import contextlib
import os
import uuid

import orjson
import pytest
from sqlalchemy import text

from plantdesk.core import live, tenancy
from plantdesk.core.live import Hub, Subscription

REDIS_URL = os.environ.get("PLANTDESK_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
TOPIC = "test.live"


async def _redis_up() -> None:
    from redis.asyncio import Redis

    probe = Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        await probe.ping()
    except Exception as exc:  # any connection failure means "no Redis here"
        pytest.skip(f"Redis unreachable at {REDIS_URL}: {exc!r}")
    finally:
        await probe.aclose()


@pytest.fixture(params=["in-process", "redis"])
async def hubs(request):
    """(the publishing hub, the subscribing hub): one hub in process; over Redis, two, as two workers have."""
    if request.param == "in-process":
        hub = Hub()
        await hub.start()
        yield hub, hub
        await hub.stop()
        return
    await _redis_up()
    publisher, subscriber = Hub(REDIS_URL), Hub(REDIS_URL)
    for hub in (publisher, subscriber):
        await hub.start()
        assert await hub.wait_up(5)
    yield publisher, subscriber
    for hub in (publisher, subscriber):
        await hub.stop()


def subscription(tenant: str, keys: frozenset[str] | None = None, user_id: int = 1) -> Subscription:
    return Subscription(tenant, user_id, {TOPIC: keys})


async def received(sub: Subscription, timeout: float = 2.0) -> list[dict] | None:
    """The next event's payloads, or None when none comes within `timeout`."""
    try:
        item = await asyncio.wait_for(sub.queue.get(), timeout)
    except TimeoutError:
        return None
    head, _, data = item.partition(b"\ndata: ")
    assert head == b"event: " + TOPIC.encode()
    return orjson.loads(data)


def tenant() -> str:
    return uuid.uuid4().hex[:6]


class TestRouting:
    async def test_another_tenants_subscriber_never_hears_the_topic(self, hubs):
        publisher, subscriber = hubs
        a, b = tenant(), tenant()
        mine, theirs = subscription(a), subscription(b)
        subscriber.subscribe(mine)
        subscriber.subscribe(theirs)
        publisher.publish(TOPIC, a, [(None, {"n": 1})])
        assert await received(mine) == [{"n": 1}]
        assert await received(theirs, timeout=0.3) is None

    async def test_a_subscriber_hears_the_keys_it_asked_for(self, hubs):
        publisher, subscriber = hubs
        t = tenant()
        some, every = subscription(t, frozenset({"1", "3"})), subscription(t)
        subscriber.subscribe(some)
        subscriber.subscribe(every)
        publisher.publish(TOPIC, t, [("1", {"v": 1}), ("2", {"v": 2}), ("3", {"v": 3})])
        assert await received(some) == [{"v": 1}, {"v": 3}]
        assert await received(every) == [{"v": 1}, {"v": 2}, {"v": 3}]

    async def test_an_unsubscribed_stream_hears_nothing_more(self, hubs):
        publisher, subscriber = hubs
        t = tenant()
        sub = subscription(t)
        subscriber.subscribe(sub)
        subscriber.unsubscribe(sub)
        publisher.publish(TOPIC, t, [(None, {})])
        assert await received(sub, timeout=0.3) is None
        assert not subscriber._index


async def test_a_slow_stream_is_told_to_resync_instead_of_growing():
    hub = Hub()
    t = tenant()
    sub = subscription(t)
    hub.subscribe(sub)
    for n in range(live.QUEUE_LIMIT + 10):
        hub.publish(TOPIC, t, [(None, {"n": n})])
    items = [sub.queue.get_nowait() for _ in range(sub.queue.qsize())]
    assert len(items) == live.QUEUE_LIMIT and items[-1] is live.RESYNC


async def test_redis_down_ends_the_streams_and_refuses_new_ones():
    from tests.helpers import RedisServer

    server = RedisServer()
    server.start()
    try:
        hub = Hub(server.url)
        await hub.start()
        assert await hub.wait_up(5)
        sub = subscription(tenant())
        hub.subscribe(sub)
        server.stop()
        assert await asyncio.wait_for(sub.queue.get(), 10) is live.CLOSE
        assert not hub.up
        server.start()
        assert await hub.wait_up(10)
        await hub.stop()
    finally:
        with contextlib.suppress(Exception):
            server.stop()


class TestOnCommit:
    async def test_published_after_the_commit_and_never_after_a_rollback(self, app):
        t = tenant()
        sub = subscription(t)
        live.hub().subscribe(sub)
        try:
            async with app.state.runtime.sessions() as db:
                tenancy.bind(db, tenancy.PLATFORM)
                await db.execute(text("SELECT 1"))  # what publishes has written: its transaction is open
                live.publish_on_commit(db, TOPIC, t, None, {"kept": False})
                await db.rollback()
                live.publish_on_commit(db, TOPIC, t, None, {"kept": True})
                assert await received(sub, timeout=0.2) is None  # not before the commit
                await db.commit()
            assert await received(sub) == [{"kept": True}]
            assert await received(sub, timeout=0.2) is None
        finally:
            live.hub().unsubscribe(sub)


class TestWatched:
    """A watched topic: read per listening tenant, only what changed delivered, and only to that tenant."""

    async def test_changes_only_and_only_to_the_tenant(self):
        hub = Hub()
        await hub.start()
        state = {"a": {"1": "offline", "2": "online"}, "b": {"9": "online"}}
        reads: list[str] = []

        async def watch(db, _cache):
            reads.append(db)
            return dict(state[db])

        @contextlib.asynccontextmanager
        async def reader(tenant_id):
            yield tenant_id  # the watch reads "its tenant's session": here, the tenant's name

        live.register("test.watched", live.anyone(), watch=watch, every=1.0)
        try:
            mine = Subscription("a", 1, {"test.watched": None})
            theirs = Subscription("b", 1, {"test.watched": frozenset({"1"})})
            hub.subscribe(mine)
            hub.subscribe(theirs)
            watcher = live.Watcher(hub, reader, cache=None)  # type: ignore[arg-type]
            await watcher.round(now=0.0)
            assert sorted(reads) == ["a", "b"]  # once per tenant, however many streams
            first = mine.queue.get_nowait()
            assert orjson.loads(first.partition(b"\ndata: ")[2]) == ["offline", "online"]
            assert theirs.queue.empty()  # b's key 1 is not b's state: nothing for b
            state["a"]["1"] = "online"
            await watcher.round(now=0.5)  # not due yet
            assert mine.queue.empty()
            await watcher.round(now=1.0)
            assert orjson.loads(mine.queue.get_nowait().partition(b"\ndata: ")[2]) == ["online"]
            assert mine.queue.empty() and theirs.queue.empty()
            await watcher.round(now=2.0)  # nothing changed: nothing sent
            assert mine.queue.empty()
            hub.unsubscribe(mine)
            hub.unsubscribe(theirs)
            reads.clear()
            await watcher.round(now=3.0)
            assert reads == []  # nobody listens: nothing read
        finally:
            live._topics.pop("test.watched", None)
            await hub.stop()
