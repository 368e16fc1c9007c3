"""core.cache: the same behaviour class runs against MemoryCache and RedisCache.

Redis is redis://127.0.0.1:6379/15 (or PLANTDESK_TEST_REDIS_URL) with a random key prefix per run; the Redis
run is skipped, with the reason, only when no server answers there.
"""

import asyncio
import os
import time
import uuid

import pytest

from plantdesk.core.cache import RETRY_SECONDS, TIMEOUT, MemoryCache, RedisCache, create_cache
from tests.helpers import RedisServer

REDIS_URL = os.environ.get("PLANTDESK_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


async def _redis_cache() -> RedisCache:
    from redis.asyncio import Redis

    probe = Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        await probe.ping()
    except Exception as exc:  # any connection failure means "no Redis here"
        pytest.skip(f"Redis unreachable at {REDIS_URL}: {exc!r}")
    finally:
        await probe.aclose()
    return RedisCache(REDIS_URL, prefix=f"plantdesk-test:{uuid.uuid4().hex}:")


@pytest.fixture(params=["memory", "redis"])
async def cache(request):
    backend = MemoryCache() if request.param == "memory" else await _redis_cache()
    yield backend
    if isinstance(backend, RedisCache):
        redis = backend._redis
        keys = [key async for key in redis.scan_iter(match=f"{backend._prefix}*")]
        if keys:
            await redis.delete(*keys)
    await backend.close()


class TestCache:
    async def test_missing_key_is_none(self, cache):
        assert await cache.get("nope") is None

    @pytest.mark.parametrize("value", [1, "文本", {"a": [1, 2], "b": None}, [True, 1.5], 0, ""])
    async def test_set_then_get_round_trips_json(self, cache, value):
        await cache.set("k", value)
        assert await cache.get("k") == value

    async def test_get_many_answers_in_order_with_none_for_the_missing(self, cache):
        await cache.set("a", 1)
        await cache.incr("c")
        assert await cache.get_many("a", "b", "c") == [1, None, 1]
        assert await cache.get_many() == []

    async def test_set_overwrites(self, cache):
        await cache.set("k", 1)
        await cache.set("k", 2)
        assert await cache.get("k") == 2

    async def test_stored_value_is_a_copy(self, cache):
        value = {"list": [1]}
        await cache.set("k", value)
        value["list"].append(2)
        assert await cache.get("k") == {"list": [1]}

    async def test_ttl_of_missing_and_persistent_keys(self, cache):
        assert await cache.ttl("missing") == -2
        await cache.set("forever", 1)
        assert await cache.ttl("forever") == -1

    async def test_ttl_counts_down_from_the_set_value(self, cache):
        await cache.set("k", 1, ttl=100)
        assert 98 <= await cache.ttl("k") <= 100

    async def test_value_expires(self, cache):
        await cache.set("k", 1, ttl=1)
        await asyncio.sleep(1.2)
        assert await cache.get("k") is None
        assert await cache.ttl("k") == -2

    async def test_delete_one_and_many(self, cache):
        for key in ("a", "b", "c"):
            await cache.set(key, key)
        await cache.delete("a")
        await cache.delete("b", "c", "never-set")
        assert [await cache.get(k) for k in ("a", "b", "c")] == [None, None, None]

    async def test_delete_nothing_is_fine(self, cache):
        await cache.delete()

    async def test_incr_starts_at_one_and_counts(self, cache):
        assert [await cache.incr("n") for _ in range(3)] == [1, 2, 3]
        assert await cache.get("n") == 3

    async def test_incr_sets_the_ttl_only_on_creation(self, cache):
        await cache.incr("n", ttl=100)
        await cache.incr("n", ttl=5)
        assert 98 <= await cache.ttl("n") <= 100

    async def test_incr_counter_expires(self, cache):
        await cache.incr("n", ttl=1)
        await asyncio.sleep(1.2)
        assert await cache.incr("n", ttl=1) == 1

    async def test_incr_is_atomic_under_concurrency(self, cache):
        await asyncio.gather(*(cache.incr("n") for _ in range(50)))
        assert await cache.get("n") == 50


class TestMemoryEviction:
    async def test_full_cache_drops_expired_then_oldest(self):
        cache = MemoryCache(max_items=3)
        await cache.set("old", 1)
        await cache.set("b", 2)
        await cache.set("c", 3)
        await cache.set("d", 4)
        assert await cache.get("old") is None and await cache.get("d") == 4


class TestCreateCache:
    def test_memory_without_url_redis_with_url(self):
        assert isinstance(create_cache(""), MemoryCache)
        assert isinstance(create_cache(REDIS_URL), RedisCache)


@pytest.fixture
def redis_server():
    server = RedisServer()
    server.start()
    yield server
    server.stop()


class TestRedisOutage:
    """Issue 16.1: an unreachable Redis makes each call answer from a local cache, and its return replays what
    the outage wrote before anything is read from Redis again."""

    async def test_calls_answer_locally_while_redis_is_refused(self, redis_server):
        cache = RedisCache(redis_server.url)
        await cache.set("k", "before")
        redis_server.stop()
        started = time.monotonic()
        assert await cache.get("k") is None
        await cache.set("k", "during", ttl=60)
        assert await cache.get("k") == "during"
        assert await cache.incr("n", ttl=60) == 1
        assert await cache.ttl("k") > 0
        await cache.delete("k")
        assert time.monotonic() - started < 1
        await cache.close()

    async def test_reachable_asks_redis_itself_not_the_local_fallback(self, redis_server):
        """The readiness probe (core.health) must see an outage the fallback hides from every other call."""
        cache = RedisCache(redis_server.url)
        assert await cache.reachable()
        redis_server.stop()
        await cache.set("k", "during")
        assert await cache.get("k") == "during"
        assert not await cache.reachable()
        await cache.close()

    async def test_a_hung_redis_costs_one_timeout_then_calls_go_local(self, redis_server):
        cache = RedisCache(redis_server.url)
        await cache.set("k", 1)
        redis_server.pause()
        try:
            started = time.monotonic()
            assert await cache.get("k") is None
            assert time.monotonic() - started < 2 * TIMEOUT + 1
            started = time.monotonic()
            assert await cache.get("k") is None
            assert time.monotonic() - started < 0.1
            await asyncio.sleep(RETRY_SECONDS)
            probe = asyncio.create_task(cache.get("k"))  # tries Redis again and waits for its time-out
            await asyncio.sleep(0.05)
            started = time.monotonic()
            assert await cache.get("k") is None
            assert time.monotonic() - started < 0.1
            assert await probe is None
        finally:
            redis_server.resume()
        await cache.close()

    async def test_recovery_drops_keys_written_during_the_outage_and_adds_counts(self, redis_server):
        cache = RedisCache(redis_server.url)
        await cache.set("written", "before")
        await cache.set("kept", "before")
        await cache.incr("counter")
        redis_server.pause()
        try:
            await cache.set("written", "during")
            await cache.incr("counter")
            await cache.incr("counter")
        finally:
            redis_server.resume()
        await asyncio.sleep(RETRY_SECONDS)
        assert await cache.get("written") is None
        assert await cache.get("kept") == "before"
        assert await cache.get("counter") == 3
        await cache.close()

    async def test_redis_back_empty_is_used_again(self, redis_server):
        cache = RedisCache(redis_server.url)
        redis_server.stop()
        await cache.set("k", "during")
        redis_server.start()
        await asyncio.sleep(RETRY_SECONDS)
        await cache.set("k", "after")
        other = RedisCache(redis_server.url)
        assert await other.get("k") == "after"
        await other.close()
        await cache.close()
