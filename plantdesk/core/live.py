"""The live channel: one server-push stream per console (Server-Sent Events) carrying the topics the areas
publish, so the console stops polling what did not change.

An area registers a topic with the check that decides who may hear it (`register`), and publishes events to one
tenant (`publish`, or `publish_on_commit` from inside a unit of work, so a rolled-back write tells nobody). An
event may carry a key: a subscriber hears the keys it asked for (the points on its screen), every key, or, for a
per-user topic (the bell), only its own user id, which the server sets. A subscriber never hears another tenant:
events are routed by (topic, tenant) and a subscription's tenant is its token's.

Across processes the events go over Redis pub/sub when `PLANTDESK_REDIS_URL` is set (every process listens to
its database's channels and routes to its own subscribers); without Redis they are delivered in the process
(embedded mode). While Redis cannot be reached the streams are ended and new ones refused (503), so the consoles
fall back to polling until it is back. Delivery is at most once: a stream (re)opened, or one whose queue
overflowed, gets a `resync` event and the console reloads what it shows.

What changes with time rather than with a write (a device offline once its values are stale, a source offline
once its server is silent for its timeout) is a *watched* topic: it declares how to read its state in one tenant
(`watch`), and each process reads it every `every` seconds for the tenants its own streams listen to, once for
all of them, and delivers to its own streams the keys whose value changed (the first reading: every key). So
the cost follows the tenants watched, not the consoles open, and nothing runs where nobody listens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.tenancy import ScopedSession

log = logging.getLogger("plantdesk.live")

HEARTBEAT_SECONDS = 15.0  # a comment line this often keeps proxies from closing an idle stream
QUEUE_LIMIT = 256  # events a slow stream may fall behind before it is told to resync instead
RECONNECT_SECONDS = 1.0
STOP_SECONDS = 2.0
PENDING_KEY = "plantdesk.live"
MAX_KEYS = 5_000  # keys one stream may ask of a topic (the points of the largest screen, with room)

# (identity, session in the identity's tenant, cache): may this user hear the topic?
Check = Callable[[Identity, AsyncSession, Cache], Awaitable[bool]]
# (session in one tenant, cache) -> key -> JSON-able value: a watched topic's state in that tenant now
Watch = Callable[[AsyncSession, Cache], Awaitable[dict[str, Any]]]
WATCH_EVERY = 5.0


@dataclass(frozen=True, slots=True)
class Topic:
    name: str
    allowed: Check
    per_user: bool = False  # keyed by user id: a subscriber hears only its own
    watch: Watch | None = None  # read every `every` seconds per listening tenant; the changed keys are sent
    every: float = WATCH_EVERY


_topics: dict[str, Topic] = {}


def register(name: str, allowed: Check, *, per_user: bool = False, watch: Watch | None = None,
             every: float = WATCH_EVERY) -> None:
    """Declare a topic (core.areas does, from the areas' declarations)."""
    _topics[name] = Topic(name, allowed, per_user, watch, every)


def topic(name: str) -> Topic | None:
    return _topics.get(name)


def anyone() -> Check:
    """Every logged-in user of the tenant."""
    async def check(_user: Identity, _db: AsyncSession, _cache: Cache) -> bool:
        return True
    return check


def holding(*codes: str) -> Check:
    """Users holding one of the menu/button `codes` (administrators hold everything), as `deps.need` checks."""
    async def check(user: Identity, db: AsyncSession, cache: Cache) -> bool:
        from plantdesk.core import permissions

        return user.is_administrator or not (await permissions.codes_for(user, db=db, cache=cache)).isdisjoint(codes)
    return check


# --- subscriptions ----------------------------------------------------------------------------------------------

CLOSE = object()  # queued to end a stream


@dataclass(eq=False)
class Subscription:
    tenant_id: str
    user_id: int
    topics: dict[str, frozenset[str] | None]  # topic -> the keys heard (None: every key)
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    behind: bool = False  # the queue overflowed: what it lost is made good by one resync

    def push(self, item: Any) -> None:
        if self.behind:
            return
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            self.behind = True
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()  # room for the resync, which supersedes everything queued
            self.queue.put_nowait(RESYNC)

    def close(self) -> None:
        self.behind = True  # nothing after the end
        while self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(CLOSE)


RESYNC = b"event: resync\ndata: {}\n\n"


def frame(topic: str, data: bytes) -> bytes:
    return b"event: " + topic.encode() + b"\ndata: " + data + b"\n\n"


class Hub:
    """This process's subscribers, and the way events reach them: directly, or through Redis."""

    def __init__(self, redis_url: str = "") -> None:
        # (topic, tenant) -> key (None: the subscribers of every key) -> subscriptions
        self._index: dict[tuple[str, str], dict[str | None, set[Subscription]]] = {}
        self._redis_url = redis_url
        self._redis: Any = None
        self._channel = ""
        self._outbox: list[tuple[str, bytes]] = []
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task] = []
        self._listening = asyncio.Event()  # Redis mode: the subscription is up
        self._stopped = False

    @property
    def up(self) -> bool:
        return not self._redis_url or self._listening.is_set()

    async def start(self) -> None:
        if not self._redis_url:
            return
        from redis.asyncio import Redis

        self._redis = Redis.from_url(self._redis_url, socket_connect_timeout=2, health_check_interval=30)
        db = self._redis.connection_pool.connection_kwargs.get("db", 0)
        self._channel = f"plantdesk:{db}:live:"  # pub/sub ignores the database number; the channel carries it
        self._tasks = [asyncio.create_task(self._listen(), name="live-listen"),
                       asyncio.create_task(self._send(), name="live-send")]

    async def stop(self) -> None:
        self._stopped = True
        for task in self._tasks:
            task.cancel()
        if self._tasks:  # redis-py may swallow a cancellation while it connects: the loops also see _stopped
            await asyncio.wait(self._tasks, timeout=STOP_SECONDS)
        self._close_all()
        if self._redis is not None:
            await self._redis.aclose()

    async def wait_up(self, timeout: float) -> bool:
        if self.up:
            return True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), timeout)
        return self.up

    @property
    def open_streams(self) -> int:
        """The streams this process serves now (the metrics' gauge; counted when read, nothing on the hot path)."""
        return len({sub for by_key in self._index.values() for subs in by_key.values() for sub in subs})

    def listened(self, topic: str) -> bool:
        """Whether an event of `topic` may reach anyone: in Redis mode another process's subscribers may hear it."""
        return self._redis is not None or any(name == topic for name, _ in self._index)

    def tenants(self, topic: str) -> set[str]:
        """The tenants whose streams in this process listen to `topic`."""
        return {tenant_id for name, tenant_id in self._index if name == topic}

    def deliver_here(self, topic: str, tenant_id: str, events: Sequence[tuple[str | None, Any]]) -> None:
        """Send `events` to this process's subscribers only (a watched topic: every process reads its own)."""
        self._deliver(topic, tenant_id, [(key, orjson.dumps(payload)) for key, payload in events])

    def subscribe(self, sub: Subscription) -> None:
        for name, keys in sub.topics.items():
            by_key = self._index.setdefault((name, sub.tenant_id), {})
            for key in (None,) if keys is None else keys:
                by_key.setdefault(key, set()).add(sub)

    def unsubscribe(self, sub: Subscription) -> None:
        for name, keys in sub.topics.items():
            by_key = self._index.get((name, sub.tenant_id), {})
            for key in (None,) if keys is None else keys:
                subs = by_key.get(key)
                if subs is not None:
                    subs.discard(sub)
                    if not subs:
                        del by_key[key]
            if not by_key:
                self._index.pop((name, sub.tenant_id), None)

    def publish(self, topic: str, tenant_id: str, events: Sequence[tuple[str | None, Any]]) -> None:
        """Send `events`, each (key, JSON-able payload), to the subscribers of `topic` in `tenant_id`. Never
        waits: in Redis mode the message goes out with the next send round."""
        if not events:
            return
        if self._redis is None:
            self._deliver(topic, tenant_id, [(key, orjson.dumps(payload)) for key, payload in events])
            return
        message = orjson.dumps([[key, orjson.Fragment(orjson.dumps(payload))] for key, payload in events])
        self._outbox.append((f"{self._channel}{topic}:{tenant_id}", message))
        self._wake.set()

    def _deliver(self, topic: str, tenant_id: str, events: Iterable[tuple[str | None, bytes]]) -> None:
        by_key = self._index.get((topic, tenant_id))
        if not by_key:
            return
        everything = by_key.get(None, ())
        heard: dict[Subscription, list[bytes]] = {}
        for key, data in events:
            for sub in (*everything, *by_key.get(key, ())) if key is not None else everything:
                heard.setdefault(sub, []).append(data)
        for sub, parts in heard.items():
            sub.push(frame(topic, b"[" + b",".join(parts) + b"]"))

    def _close_all(self) -> None:
        for by_key in list(self._index.values()):
            for subs in list(by_key.values()):
                for sub in list(subs):
                    sub.close()

    async def _send(self) -> None:
        while not self._stopped:
            await self._wake.wait()
            self._wake.clear()
            batch, self._outbox = self._outbox, []
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, message in batch:
                        pipe.publish(channel, message)
                    await pipe.execute()
            except Exception as exc:  # Redis away: the listener ends the streams, the consoles poll meanwhile
                log.warning("live: %d events not sent: %r", len(batch), exc)

    async def _listen(self) -> None:
        while not self._stopped:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(self._channel + "*")
                self._listening.set()
                prefix = len(self._channel)
                while not self._stopped:
                    message = await pubsub.get_message(timeout=HEARTBEAT_SECONDS)
                    if message is None:
                        await pubsub.ping()  # a dead connection shows here; its pong comes back as a message
                        continue
                    if message["type"] != "pmessage":
                        continue
                    topic, _, tenant_id = message["channel"].decode()[prefix:].partition(":")
                    self._deliver(topic, tenant_id, [(key, orjson.dumps(payload))
                                                     for key, payload in orjson.loads(message["data"])])
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self._listening.is_set():
                    log.warning("live: Redis subscription lost (%r); streams end, consoles poll", exc)
                self._listening.clear()
                self._close_all()
                await asyncio.sleep(RECONNECT_SECONDS)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()


# --- watched topics ---------------------------------------------------------------------------------------------

Reader = Callable[[str], "contextlib.AbstractAsyncContextManager[AsyncSession]"]  # a session in one tenant


class Watcher:
    """Reads each watched topic for the tenants this process's streams listen to, and delivers what changed."""

    def __init__(self, hub_: Hub, reader: Reader, cache: Cache, *, tick: float = 1.0) -> None:
        self.hub, self.reader, self.cache, self.tick = hub_, reader, cache, tick
        self._seen: dict[tuple[str, str], dict[str, Any]] = {}  # (topic, tenant) -> the state last delivered
        self._due: dict[str, float] = {}

    async def run(self) -> None:
        while True:
            try:
                await self.round()
            except Exception:  # the database away for a moment: the next round reads again
                log.warning("live: reading the watched topics failed", exc_info=True)
            await asyncio.sleep(self.tick)

    async def round(self, *, now: float | None = None) -> None:
        """One pass: every watched topic that is due, for each tenant listening here."""
        now = time.monotonic() if now is None else now
        for spec in list(_topics.values()):
            if spec.watch is None or now < self._due.get(spec.name, 0.0):
                continue
            self._due[spec.name] = now + spec.every
            tenants = self.hub.tenants(spec.name)
            for gone in [key for key in self._seen if key[0] == spec.name and key[1] not in tenants]:
                del self._seen[gone]  # nobody listens: a later listener starts from a full delivery
            for tenant_id in sorted(tenants):
                try:
                    await self.read(spec, tenant_id)
                except Exception:  # one tenant's failure must not starve the others
                    log.warning("live: reading %s for tenant %s failed", spec.name, tenant_id, exc_info=True)

    async def read(self, spec: Topic, tenant_id: str) -> None:
        assert spec.watch is not None
        async with self.reader(tenant_id) as db:
            state = await spec.watch(db, self.cache)
        before = self._seen.get((spec.name, tenant_id))
        self._seen[(spec.name, tenant_id)] = state
        changed = [(key, value) for key, value in state.items() if before is None or before.get(key) != value]
        self.hub.deliver_here(spec.name, tenant_id, changed)


# --- the process's hub ------------------------------------------------------------------------------------------

_hub = Hub()


def hub() -> Hub:
    return _hub


@contextlib.asynccontextmanager
async def running(redis_url: str, *, reader: Reader | None = None, cache: Cache | None = None
                  ) -> AsyncIterator[Hub]:
    """The process's hub while the runtime runs (core.runtime.started), with the watched topics read through
    `reader` (a session in one tenant) when it is given."""
    global _hub
    previous, _hub = _hub, Hub(redis_url)
    await _hub.start()
    watching = asyncio.create_task(Watcher(_hub, reader, cache).run(), name="live-watch") \
        if reader is not None and cache is not None else None
    try:
        yield _hub
    finally:
        if watching is not None:
            watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watching
        await _hub.stop()
        _hub = previous


def publish(topic: str, tenant_id: str, events: Sequence[tuple[str | None, Any]]) -> None:
    _hub.publish(topic, tenant_id, events)


def publish_on_commit(session: AsyncSession | Session, topic: str, tenant_id: str, key: str | None,
                      payload: Any) -> None:
    """Publish once the session's transaction commits (any session: a unit of work's or a bare one); a rollback
    drops it."""
    target = getattr(session, "sync_session", session)
    target.info.setdefault(PENDING_KEY, []).append((topic, tenant_id, key, payload))


@event.listens_for(ScopedSession, "after_commit")
def _committed(session: Session) -> None:
    pending = session.info.pop(PENDING_KEY, None)
    if not pending:
        return
    grouped: dict[tuple[str, str], list[tuple[str | None, Any]]] = {}
    for topic_name, tenant_id, key, payload in pending:
        grouped.setdefault((topic_name, tenant_id), []).append((key, payload))
    for (topic_name, tenant_id), events in grouped.items():
        _hub.publish(topic_name, tenant_id, events)


@event.listens_for(ScopedSession, "after_rollback")
def _rolled_back(session: Session) -> None:
    session.info.pop(PENDING_KEY, None)


# --- the stream -------------------------------------------------------------------------------------------------

def parse_topics(raw: Iterable[str]) -> dict[str, frozenset[str] | None]:
    """`topic` or `topic:key1,key2`, one per `topic` query parameter; unknown topics are the caller's error."""
    from plantdesk.core.errors import BadRequest

    asked: dict[str, frozenset[str] | None] = {}
    for item in raw:
        name, sep, keys = item.partition(":")
        if name not in _topics:
            raise BadRequest(f"未知的订阅主题: {name[:64]}")
        wanted = frozenset(k for k in keys.split(",") if k) if sep else None
        if wanted is not None and (len(wanted) > MAX_KEYS or max(map(len, wanted), default=0) > 64):
            raise BadRequest(f"订阅的键过多或过长: {name}")
        asked[name] = wanted
    if not asked:
        raise BadRequest("缺少必要的请求参数: topic")
    return asked


async def open_subscription(user: Identity, asked: dict[str, frozenset[str] | None], *, db: AsyncSession,
                            cache: Cache) -> tuple[Subscription, list[str]]:
    """The subscription to what `user` may hear of `asked`, and the topics refused."""
    topics: dict[str, frozenset[str] | None] = {}
    refused: list[str] = []
    for name, keys in asked.items():
        spec = _topics[name]
        if not await spec.allowed(user, db, cache):
            refused.append(name)
            continue
        topics[name] = frozenset({str(user.user_id)}) if spec.per_user else keys
    return Subscription(user.tenant_id, user.user_id, topics), refused


async def stream(sub: Subscription, *, topics: list[str], refused: list[str], expires_at: float,
                 still_valid: Callable[[], Awaitable[bool]]) -> AsyncIterator[bytes]:
    """The event stream of `sub` until the client leaves, its token expires or is revoked, or the hub closes it:
    an `open` event naming the topics granted and refused, then events, with a comment every heartbeat."""
    hub_ = _hub
    hub_.subscribe(sub)
    try:
        yield b"retry: 3000\n" + frame("open", orjson.dumps({"topics": topics, "refused": refused}))
        checked = time.monotonic()
        while True:
            try:
                item = await asyncio.wait_for(sub.queue.get(), HEARTBEAT_SECONDS)
            except TimeoutError:
                item = b": ping\n\n"
            if item is CLOSE or time.time() >= expires_at:
                return
            if time.monotonic() - checked >= HEARTBEAT_SECONDS:
                checked = time.monotonic()
                if not await still_valid():
                    return
            if item is RESYNC:
                sub.behind = False
            yield item
    finally:
        hub_.unsubscribe(sub)
