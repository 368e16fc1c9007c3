"""The collector supervisor: one task per enabled source it owns, each connecting, reading and reconnecting with
back-off; configuration re-read every few seconds and applied live (a source whose spec changed is restarted,
a removed or disabled one stopped); statuses published to the cache.

Ownership: the sources are partitions of core.ownership (leases `collect:source:<id>`), so with several `worker`
processes each source is collected by exactly one, and each worker collects a fair share; a worker that dies
stops renewing and the others take its sources over within LEASE_TTL plus one poll. Inside `serve` (embedded
mode) the one process simply holds them all.

Every value goes through the monitor's write path (monitor.ingest.write_values), the same as the HTTP ingest:
the same checks, the same store, the same listeners after a write.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from plantdesk.core import system_log, tenancy
from plantdesk.core.leases import Leases, process_holder
from plantdesk.core.ownership import Change, Share
from plantdesk.modules.device.collect import connection, specs, status
from plantdesk.modules.device.collect.specs import SourceSpec
from plantdesk.modules.device.monitor import ingest

log = logging.getLogger("plantdesk.collect")

POLL_SECONDS = 2.0
LEASE_TTL = 20.0  # with POLL_SECONDS, a dead worker's sources move within 30 s
BACKOFF_MIN, BACKOFF_MAX = 0.5, 30.0
LOG_EVERY = 60.0
STOP_SECONDS = 2.0  # a rejection reason is written to the system log at most once a minute per source

Value = tuple[str, str, int | None, Any]  # device code, point code, ts (ms; None: now), value
Collector = Callable[[SourceSpec, "Sink"], Awaitable[None]]


def collectors() -> dict[str, Collector]:
    from plantdesk.modules.device.collect import modbus, mqtt, opcua

    return {specs.MQTT: mqtt.run, specs.OPCUA: opcua.run, specs.MODBUS: modbus.run}


class Sink:
    """Where a collector hands its values and its news: it writes, counts, and reports."""

    def __init__(self, runtime: Any, spec: SourceSpec, state: status.SourceStatus):
        self.runtime, self.spec, self.status = runtime, spec, state
        self.caller = ingest.Caller(tenant_id=spec.tenant_id)
        self.was_connected = False
        self.changed = False  # news to publish now rather than with the next second's status
        self._logged: dict[str, float] = {}
        self._published = 0.0

    async def connected(self) -> None:
        self.status.connected()
        self.was_connected = True
        endpoint = connection.endpoint(self.spec)
        log.info("source %s (%s) connected to %s", self.spec.code, self.spec.tenant_id, endpoint)
        system_log.record("info", "collector", "connected", f"数据源 {self.spec.code} 已连接 {endpoint}",
                          tenant_id=self.spec.tenant_id)
        await self.publish()

    async def publish(self) -> None:
        """The status to the cache now (the supervisor also refreshes it every poll)."""
        self._published = time.monotonic()
        await self.runtime.cache.set(status.key(self.spec.id), self.status.wire(), ttl=status.TTL)

    async def write(self, values: list[Value]) -> None:
        if not values:
            return
        entries = [(index, device, point, ts, value) for index, (device, point, ts, value) in enumerate(values)]
        async with self.runtime.unit_of_work_in(tenancy.Scope(self.spec.tenant_id)) as db:
            answer = await ingest.write_values(db, self.caller, entries)
        reasons: Counter = Counter(answer.reasons)  # every rejection under its reason, past the listed ones too
        unknown = set()
        for rejection in answer.rejections:
            self._note(rejection["reason"], f"{rejection['device_code']}/{rejection['point_code']}")
            if rejection["reason"] == "unknown_device":
                unknown.add(rejection["device_code"])
        back = self.status.heard({device for device, *_ in values} - unknown)
        self.status.counted(answer.accepted, reasons)
        if reasons or back or time.monotonic() - self._published >= 1.0:
            await self.publish()

    def reject(self, reason: str, detail: str) -> None:
        """A value or message refused before the write path (a topic of another tenant, a malformed payload, a
        bad address): counted with its reason and logged; the collector carries on."""
        self.status.counted(0, Counter({reason: 1}))
        self._note(reason, detail)

    def point_failed(self, point: specs.Point, cause: str) -> None:
        """One point its server refused (a Modbus exception, an OPC UA node that does not exist): counted as a
        read failure and named in the source's last error; the source and its other points carry on."""
        where = f"点位 {point.device_code}/{point.code} (地址 {point.address})"
        self.status.point_failed(f"{where} 读取失败: {cause}")
        self.reject("read_failed", f"{where}: {cause}")

    def rebirth_requested(self, topic: str, why: str) -> None:
        """A Sparkplug edge node was asked for its births again (collect.sparkplug): said in the system log."""
        text = f"数据源 {self.spec.code} 请求 Sparkplug 节点重新发送出生证明 ({topic}): {why}"
        log.info("%s (tenant %s)", text, self.spec.tenant_id)
        system_log.record("info", "collector", "rebirth", text, tenant_id=self.spec.tenant_id)

    def _note(self, reason: str, detail: str) -> None:
        now = time.monotonic()
        if now - self._logged.get(reason, -LOG_EVERY) < LOG_EVERY:
            return
        self._logged[reason] = now
        message = status.REASONS.get(reason) or ingest.MESSAGES.get(reason, reason)
        text = f"数据源 {self.spec.code}: {message}: {detail[:300]}"
        log.warning("%s (tenant %s)", text, self.spec.tenant_id)
        audit = getattr(self.runtime, "audit", None)
        if audit is not None:
            audit.usual(tenant_id=self.spec.tenant_id, log_level="warn", log_id="collect", log_data=text,
                        method_class="plantdesk.collect", method_name=reason)


class Running:
    def __init__(self, spec: SourceSpec, state: status.SourceStatus, task: asyncio.Task):
        self.spec, self.status, self.task = spec, state, task


class Supervisor:
    def __init__(self, runtime: Any, *, holder: str | None = None, poll_seconds: float = POLL_SECONDS,
                 lease_ttl: float = LEASE_TTL, tenant_id: str | None = None):
        self.runtime = runtime
        self.holder = holder or process_holder()
        self.leases = Leases(runtime.sessions, self.holder, ttl=lease_ttl)
        self.share: Share[int] = Share(self.leases, "collect:source", self._changed)
        self.poll_seconds = poll_seconds
        self.tenant_id = tenant_id  # tests narrow a supervisor to one tenant
        self.wanted: dict[int, SourceSpec] = {}
        self.running: dict[int, Running] = {}
        self.collectors = collectors()

    async def run(self) -> None:
        try:
            while True:
                try:
                    await self.reconcile()
                except Exception:  # the database away for a moment: the sources keep running meanwhile
                    log.warning("collect: reading the sources failed", exc_info=True)
                await asyncio.sleep(self.poll_seconds)
        finally:
            await self.stop_all()

    async def reconcile(self) -> None:
        """The sources as configured now: a changed one restarted, then this worker's share claimed (`_changed`
        starts what it gained and stops what it lost), then the statuses published."""
        async with self.runtime.sessions() as db:
            self.wanted = await specs.load(db, self.runtime.settings, self.tenant_id)
        for sid, item in list(self.running.items()):
            if self.wanted.get(sid, item.spec) != item.spec:
                await self._stop(sid)
                self._start(self.wanted[sid])
        await self.share.claim(self.wanted)
        for item in self.running.values():
            await self.runtime.cache.set(status.key(item.spec.id), item.status.wire(), ttl=status.TTL)

    async def _changed(self, change: Change[int]) -> None:
        for sid in change.lost:
            if sid in self.running:
                await self._stop(sid)
        for sid in change.gained:
            self._start(self.wanted[sid])

    def _start(self, spec: SourceSpec) -> None:
        state = status.SourceStatus(spec.id, spec.tenant_id, spec.kind, self.holder, spec.timeout_ms,
                                    status.allowances(spec.timeout_ms,
                                                      ((p.device_code, p.group.period_ms) for p in spec.points)))
        task = asyncio.create_task(self._collect(spec, state), name=f"collect-{spec.id}")
        self.running[spec.id] = Running(spec, state, task)

    async def _stop(self, sid: int) -> None:
        item = self.running.pop(sid)
        item.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await item.task
        await self.runtime.cache.delete(status.key(sid))

    async def stop_all(self) -> None:
        """Every source at once, within STOP_SECONDS (a server that does not answer a goodbye is not waited
        for: the process is stopping), then the leases handed back."""
        items = list(self.running.values())
        self.running.clear()
        for item in items:
            item.task.cancel()
        if items:
            await asyncio.wait([item.task for item in items], timeout=STOP_SECONDS)
            with contextlib.suppress(Exception):
                await self.runtime.cache.delete(*(status.key(item.spec.id) for item in items))
        with contextlib.suppress(Exception):
            await self.share.release()

    async def _collect(self, spec: SourceSpec, state: status.SourceStatus) -> None:
        """Connect, collect until the connection fails, wait, again; the wait doubles up to BACKOFF_MAX and
        starts over after a connection that worked."""
        sink = Sink(self.runtime, spec, state)
        backoff = BACKOFF_MIN
        last_error: str | None = None
        while True:
            sink.was_connected = False
            try:
                await connection.check(self.runtime.settings.outbound_policy, spec)
                await self.collectors[spec.kind](spec, sink)
                error, certificate = "连接已关闭", None
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                error, certificate = connection.describe(exc), getattr(exc, "certificate", None)
            state.failed(error, certificate)
            with contextlib.suppress(Exception):
                await sink.publish()
            log.info("source %s (%s): %s; retrying in %.1f s", spec.code, spec.tenant_id, error, backoff)
            if sink.was_connected or error != last_error:  # a drop, or a new reason it cannot connect
                system_log.record("warn", "collector", "dropped" if sink.was_connected else "connect_failed",
                                  f"数据源 {spec.code} {'连接断开' if sink.was_connected else '连接失败'}: {error}",
                                  tenant_id=spec.tenant_id)
            last_error = error
            if sink.was_connected:
                backoff = BACKOFF_MIN
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, BACKOFF_MAX)


async def serve(runtime: Any) -> None:
    """The collect service (core.services): runs where jobs run, until the process stops."""
    # The protocol libraries log every notification (asyncua, at INFO) and every refused connection (pymodbus):
    # the sources' status and this module's log say what matters, once.
    logging.getLogger("asyncua").setLevel(logging.WARNING)
    # A server granting a shorter session than asked is its right, not a fault.
    logging.getLogger("asyncua.client.client").setLevel(logging.ERROR)
    logging.getLogger("pymodbus").setLevel(logging.CRITICAL)
    await Supervisor(runtime).run()
