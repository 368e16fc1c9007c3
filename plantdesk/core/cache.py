"""One small cache interface; memory by default, Redis when `PLANTDESK_REDIS_URL` is set.

Values are JSON. Keys are namespaced by the caller and carry the tenant where the value is per tenant.
Invalidation of derived data (permission sets, dict lists) bumps a generation counter that is part of
the key, so a change is seen at once by every worker sharing the Redis backend.
"""

import time
from typing import Any, Protocol

import orjson


class Cache(Protocol):
    async def get(self, key: str) -> Any: ...
    async def set(self, key: str, value: Any, ttl: int | None = None) -> None: ...
    async def delete(self, *keys: str) -> None: ...
    async def incr(self, key: str, ttl: int | None = None) -> int: ...
    async def ttl(self, key: str) -> int: ...
    async def close(self) -> None: ...


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

    async def close(self) -> None:
        self._items.clear()

    def _evict(self) -> None:
        now = time.monotonic()
        for key in [k for k, (_, exp) in self._items.items() if exp is not None and exp <= now]:
            del self._items[key]
        while len(self._items) >= self._max_items:
            self._items.pop(next(iter(self._items)))


class RedisCache:
    def __init__(self, url: str, prefix: str = "plantdesk:"):
        from redis.asyncio import Redis

        self._redis = Redis.from_url(url)
        self._prefix = prefix

    async def get(self, key: str) -> Any:
        raw = await self._redis.get(self._prefix + key)
        return None if raw is None else orjson.loads(raw)

    async def set(self, key: str, value: Any, ttl: int | None = None) -> None:
        await self._redis.set(self._prefix + key, orjson.dumps(value), ex=ttl)

    async def delete(self, *keys: str) -> None:
        if keys:
            await self._redis.delete(*(self._prefix + k for k in keys))

    async def incr(self, key: str, ttl: int | None = None) -> int:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.incr(self._prefix + key)
            if ttl:
                pipe.expire(self._prefix + key, ttl, nx=True)
            value, *_ = await pipe.execute()
        return int(value)

    async def ttl(self, key: str) -> int:
        return int(await self._redis.ttl(self._prefix + key))

    async def close(self) -> None:
        await self._redis.aclose()


def create_cache(redis_url: str) -> Cache:
    return RedisCache(redis_url) if redis_url else MemoryCache()
