"""One small cache interface; memory by default, Redis when `PLANTDESK_REDIS_URL` is set.

Values are JSON. Keys are namespaced by the caller and carry the tenant where the value is per tenant.
Derived data (permission sets, dictionaries, cached responses) is keyed by generation counters that the
writes bump after their commit (core.generations), so a change is seen at once by every worker sharing Redis.
"""

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import orjson

log = logging.getLogger("plantdesk.cache")
TIMEOUT = 2  # seconds a Redis call may take before this worker treats Redis as down
RETRY_SECONDS = 1.0  # while Redis is down, one call a second tries it again; the others go local at once

class Cache(Protocol):
    async def get(self, key: str) -> Any: ...
    async def get_many(self, *keys: str) -> list[Any]: ...
    async def set(self, key: str, value: Any, ttl: int | None = None) -> None: ...
    async def delete(self, *keys: str) -> None: ...
    async def incr(self, key: str, ttl: int | None = None) -> int: ...
    async def ttl(self, key: str) -> int: ...
    async def close(self) -> None: ...
    async def reachable(self) -> bool: ...
    async def about(self) -> dict[str, Any]: ...  # what the server-state screen shows of it


class MemoryCache:
    def __init__(self, max_items: int = 100_000):
        self._items: dict[str, tuple[Any, float | None]] = {}
        self._max_items = max_items

    async def get(self, key: str) -> Any:
        item = self._items.get(key)
        if item is None:
            return None
        value, expires = item
        if expires is not None and expires <= time.monotonic():
            del self._items[key]
            return None
        return value

    async def get_many(self, *keys: str) -> list[Any]:
        return [await self.get(key) for key in keys]

    async def set(self, key: str, value: Any, ttl: int | None = None) -> None:
        if len(self._items) >= self._max_items:
            self._evict()
        self._items[key] = (orjson.loads(orjson.dumps(value)), time.monotonic() + ttl if ttl else None)

    async def delete(self, *keys: str) -> None:
        for key in keys:
            self._items.pop(key, None)

    async def incr(self, key: str, ttl: int | None = None) -> int:
        current = await self.get(key)
        value = int(current or 0) + 1
        expires = self._items[key][1] if current is not None else (time.monotonic() + ttl if ttl else None)
        self._items[key] = (value, expires)
        return value

    async def ttl(self, key: str) -> int:
        item = self._items.get(key)
        if item is None or await self.get(key) is None:
            return -2
        return -1 if item[1] is None else max(0, int(item[1] - time.monotonic()))

    async def reachable(self) -> bool:
        return True

    async def about(self) -> dict[str, Any]:
        return {"kind": "memory", "keys": len(self._items)}

    async def close(self) -> None:
        self._items.clear()

    def _evict(self) -> None:
        now = time.monotonic()
        for key in [k for k, (_, exp) in self._items.items() if exp is not None and exp <= now]:
            del self._items[key]
        while len(self._items) >= self._max_items:
            self._items.pop(next(iter(self._items)))


class RedisCache:
    """Redis, and while Redis does not answer, a local `MemoryCache`: a cache is an accelerator, so an outage
    turns each worker into one without Redis (what the cache holds is derived from the database, and the
    session check falls back to its row) instead of failing requests.

    On recovery, before the first call is served from Redis again, the outage's writes are replayed: every key
    set or deleted during it is deleted in Redis (what Redis held for it predates the outage) and every counter
    adds what it counted (generations bumped during the outage invalidate for every worker; failed logins
    carry over). What weakens during an outage is in docs/decisions.md ("Faults").
    """

    def __init__(self, url: str, prefix: str = "plantdesk:"):
        from redis.asyncio import Redis
        from redis.backoff import NoBackoff
        from redis.exceptions import RedisError
        from redis.retry import Retry

        # One immediate retry (a pooled connection may be stale after a Redis restart), then fall back: the
        # default retries with back-off would hold a request for seconds while Redis is down.
        self._redis = Redis.from_url(url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT,
                                     retry=Retry(NoBackoff(), 1))
        self._prefix = prefix
        self._local: MemoryCache | None = None  # set while Redis is down
        self._retry_at = 0.0
        self._written: set[str] = set()
        self._counted: dict[str, tuple[int, int | None]] = {}
        self._recovering = asyncio.Lock()
        self._unreachable = (RedisError, OSError)

    async def get(self, key: str) -> Any:
        async def remote() -> Any:
            raw = await self._redis.get(self._prefix + key)
            return None if raw is None else orjson.loads(raw)

        return await self._call(remote, lambda local: local.get(key))

    async def get_many(self, *keys: str) -> list[Any]:
        if not keys:
            return []

        async def remote() -> list[Any]:
            return [None if raw is None else orjson.loads(raw)
                    for raw in await self._redis.mget([self._prefix + key for key in keys])]

        return await self._call(remote, lambda local: local.get_many(*keys))

    async def set(self, key: str, value: Any, ttl: int | None = None) -> None:
        def local_set(local: MemoryCache) -> Awaitable[None]:
            self._forget(key)
            return local.set(key, value, ttl)

        await self._call(lambda: self._redis.set(self._prefix + key, orjson.dumps(value), ex=ttl), local_set)

    async def delete(self, *keys: str) -> None:
        if not keys:
            return

        def local_delete(local: MemoryCache) -> Awaitable[None]:
            self._forget(*keys)
            return local.delete(*keys)

        await self._call(lambda: self._redis.delete(*(self._prefix + k for k in keys)), local_delete)

    async def incr(self, key: str, ttl: int | None = None) -> int:
        async def remote() -> int:
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.incr(self._prefix + key)
                if ttl:
                    pipe.expire(self._prefix + key, ttl, nx=True)
                value, *_ = await pipe.execute()
            return int(value)

        def local_incr(local: MemoryCache) -> Awaitable[int]:
            self._counted[key] = (self._counted.get(key, (0, ttl))[0] + 1, ttl)
            return local.incr(key, ttl)

        return await self._call(remote, local_incr)

    async def ttl(self, key: str) -> int:
        async def remote() -> int:
            return int(await self._redis.ttl(self._prefix + key))

        return await self._call(remote, lambda local: local.ttl(key))

    async def close(self) -> None:
        await self._redis.aclose()

    async def reachable(self) -> bool:
        """Whether Redis answers now (the readiness check): asked directly, never the local fallback."""
        try:
            return bool(await self._redis.ping())
        except self._unreachable:
            return False

    async def about(self) -> dict[str, Any]:
        """Redis's version, memory and clients as INFO answers them, or that it does not answer."""
        try:
            info = await self._redis.info()
            keys = await self._redis.dbsize()
        except self._unreachable:
            return {"kind": "redis", "reachable": False}
        return {"kind": "redis", "reachable": True, "version": info.get("redis_version", ""),
                "usedMemory": int(info.get("used_memory", 0)), "maxMemory": int(info.get("maxmemory", 0)),
                "clients": int(info.get("connected_clients", 0)), "keys": int(keys),
                "uptimeSeconds": int(info.get("uptime_in_seconds", 0)), "fallback": self._local is not None}

    async def _call(self, remote: Callable[[], Awaitable[Any]], local: Callable[[MemoryCache], Awaitable[Any]]) -> Any:
        if self._local is not None and not await self._recover():
            return await local(self._local)
        try:
            return await remote()
        except self._unreachable as exc:
            if self._local is None:
                log.warning("Redis unreachable (%r); caching locally until it answers", exc)
                self._local = MemoryCache()
            self._retry_at = time.monotonic() + RETRY_SECONDS
            return await local(self._local)

    def _forget(self, *keys: str) -> None:
        """A key set or deleted during the outage: Redis's value for it is dropped on recovery."""
        self._written.update(keys)
        for key in keys:
            self._counted.pop(key, None)

    async def _recover(self) -> bool:
        """Whether Redis is back (its outage replayed); tried at most once per RETRY_SECONDS."""
        if time.monotonic() < self._retry_at or self._recovering.locked():
            return False  # the others stay local while one call probes a Redis that may hang
        async with self._recovering:
            try:
                async with self._redis.pipeline(transaction=True) as pipe:
                    if self._written:
                        pipe.delete(*(self._prefix + k for k in self._written))
                    for key, (count, ttl) in self._counted.items():
                        pipe.incrby(self._prefix + key, count)
                        if ttl:
                            pipe.expire(self._prefix + key, ttl, nx=True)
                    pipe.ping()
                    await pipe.execute()
            except self._unreachable:
                self._retry_at = time.monotonic() + RETRY_SECONDS
                return False
            log.warning("Redis answers again; replayed %d keys and %d counters written during the outage",
                        len(self._written), len(self._counted))
            self._local, self._written, self._counted = None, set(), {}
            return True


def create_cache(redis_url: str) -> Cache:
    return RedisCache(redis_url) if redis_url else MemoryCache()
