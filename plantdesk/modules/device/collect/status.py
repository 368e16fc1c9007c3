"""What a running source reports: state, connected since, values per second, last error, the values it
rejected counted by reason, and when each of its devices last sent something. The supervisor publishes it to
the cache every few seconds (Redis when scaled out, so `serve` shows what a worker collects); the API reads it
from there and resolves it as of the moment it is read (`resolved`): a source down for its timeout is offline,
and so are its devices, whatever the freshness of their last values says (`device_verdicts`)."""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.cache import Cache
from plantdesk.modules.device.collect.specs import HTTP, SOURCE_TIMEOUT_MS
from plantdesk.modules.device.models import DataPointSource, Device

CONNECTING, ONLINE, OFFLINE = "connecting", "online", "offline"
RATE_WINDOW = 10.0  # seconds the values-per-second figure averages over
MAX_DEVICES = 10_000  # devices one source tracks (an MQTT source hears whatever device codes its topics name)
KEY = "collect:source:{}"
TTL = 30  # a status not refreshed this long is gone: its owner stopped

REASONS = {
    # The ingest's own reasons (monitor.ingest.MESSAGES) and the collectors'.
    "unknown_tenant": "租户不符",
    "malformed": "报文格式错误",
    "bad_address": "点位地址错误",
    "read_failed": "读取失败",
    "unknown_alias": "Sparkplug 别名未知(未收到出生证明)",
}


def key(source_id: int) -> str:
    return KEY.format(source_id)


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass
class SourceStatus:
    source_id: int
    tenant_id: str
    kind: str
    owner: str
    timeout_ms: int = SOURCE_TIMEOUT_MS
    allowances: dict[str, int] = field(default_factory=dict)  # device code → ms it may stay silent
    state: str = CONNECTING
    connected_since: int | None = None  # epoch ms
    down_since: int | None = field(default_factory=now_ms)  # epoch ms; None while connected
    last_contact: int | None = None  # epoch ms: the server last answered or sent
    last_value_time: int | None = None
    last_error: str | None = None
    last_error_time: int | None = None
    values: int = 0
    rejected: Counter = field(default_factory=Counter)
    seen: dict[str, int | None] = field(default_factory=dict)  # device code → when it last sent (epoch ms)
    untrusted_certificate: dict | None = None  # the server certificate the last connection refused (OPC UA)
    _recent: deque = field(default_factory=deque)  # (monotonic second, values)

    def connected(self) -> None:
        self.state, self.connected_since, self.down_since = ONLINE, now_ms(), None
        self.last_contact, self.untrusted_certificate = self.connected_since, None

    def failed(self, error: str, certificate: dict | None = None) -> None:
        """A connection lost or refused: connecting again; offline once down for the timeout (`resolved`), which
        counts from the server's last word, not from when the loss was noticed."""
        if self.down_since is None:
            self.down_since = min(self.last_contact or now_ms(), now_ms())
        self.last_error, self.last_error_time = error[:500], now_ms()
        self.state, self.connected_since, self.untrusted_certificate = CONNECTING, None, certificate

    def point_failed(self, error: str) -> None:
        """One point could not be read while its server answers: the last error, the state unchanged."""
        self.last_error, self.last_error_time = error[:500], now_ms()

    def heard(self, devices: Iterable[str]) -> bool:
        """These devices sent something (values, or an `online` on their status topic); True when one of them
        was offline until now (the news should be published at once)."""
        stamp = self.last_contact = now_ms()
        back = False
        for device in devices:
            if device in self.seen or len(self.seen) < MAX_DEVICES:
                before = self.seen.get(device)
                back = back or before is None or stamp - before > self.allowances.get(device, self.timeout_ms)
                self.seen[device] = stamp
        return back

    def gone(self, device: str) -> None:
        """The device said it is offline (an MQTT gateway's last will): offline until it sends again."""
        if device in self.seen or len(self.seen) < MAX_DEVICES:
            self.seen[device] = None

    def counted(self, accepted: int, rejected: Counter) -> None:
        if accepted:
            self.values += accepted
            self.last_value_time = now_ms()
            second = int(time.monotonic())
            if self._recent and self._recent[-1][0] == second:
                self._recent[-1] = (second, self._recent[-1][1] + accepted)
            else:
                self._recent.append((second, accepted))
        self.rejected.update(rejected)

    def rate(self) -> float:
        horizon = time.monotonic() - RATE_WINDOW
        while self._recent and self._recent[0][0] < horizon:
            self._recent.popleft()
        return round(sum(n for _, n in self._recent) / RATE_WINDOW, 1)

    def wire(self) -> dict:
        devices = {code: [None, allowance] for code, allowance in self.allowances.items()}
        for code, seen in self.seen.items():
            devices[code] = [seen, self.allowances.get(code, self.timeout_ms)]
        return {"source_id": str(self.source_id), "kind": self.kind, "owner": self.owner, "state": self.state,
                "connected_since": self.connected_since, "down_since": self.down_since,
                "timeout_ms": self.timeout_ms, "values_per_second": self.rate(), "values": self.values,
                "last_value_time": self.last_value_time, "last_error": self.last_error,
                "last_error_time": self.last_error_time,
                "rejected": [{"reason": reason, "count": count} for reason, count in sorted(self.rejected.items())],
                "devices": devices, "untrusted_certificate": self.untrusted_certificate, "reported_at": now_ms()}


def resolved(wire: dict, now: int | None = None) -> dict:
    """A published status as of now (it is published every couple of seconds, the timeout runs meanwhile): a
    source down for its timeout is offline, and so are all its devices; a device is offline too when nothing came
    from it for its allowance, online otherwise."""
    now = now or now_ms()
    if "parts" in wire:
        wire = merged(wire["parts"].values(), now)
    state, down, timeout = wire.get("state"), wire.get("down_since"), wire.get("timeout_ms", SOURCE_TIMEOUT_MS)
    if state == CONNECTING and down is not None and now - down >= timeout:
        state = OFFLINE
    if wire.get("kind") == HTTP:  # pushed: online while values arrive
        last = wire.get("last_value_time")
        state = ONLINE if last is not None and now - last < timeout else OFFLINE
        if state == OFFLINE:
            wire = {**wire, "values_per_second": 0.0}
    devices = {code: ONLINE if state != OFFLINE and seen is not None and now - seen <= allowance else OFFLINE
               for code, (seen, allowance) in (wire.get("devices") or {}).items()}
    return {**wire, "state": state, "device_states": devices}


def merged(parts: Iterable[dict], now: int) -> dict:
    """One status of the parts several processes published for one source (collect.http): counts added up,
    the newest times, each device's latest word; a part older than the rate window adds no rate."""
    parts = sorted(parts, key=lambda part: part.get("reported_at", 0))
    if not parts:
        return {"state": OFFLINE}
    rejected: Counter = Counter()
    devices: dict[str, list] = {}
    for part in parts:
        rejected.update({r["reason"]: r["count"] for r in part.get("rejected", [])})
        for code, (seen, allowance) in (part.get("devices") or {}).items():
            if code not in devices or (seen or 0) >= (devices[code][0] or 0):
                devices[code] = [seen, allowance]
    times = [part["last_value_time"] for part in parts if part.get("last_value_time")]
    return {**parts[-1], "owner": None, "values": sum(part.get("values", 0) for part in parts),
            "values_per_second": round(sum(part.get("values_per_second", 0.0) for part in parts
                                           if now - part.get("reported_at", 0) < RATE_WINDOW * 1000), 1),
            "last_value_time": max(times) if times else None,
            "rejected": [{"reason": reason, "count": count} for reason, count in sorted(rejected.items())],
            "devices": devices}


def allowances(timeout_ms: int, periods: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Device code → how long it may stay silent: the source's timeout, or two of its slowest collect period
    when that is longer (a device polled every 10 s is not offline 5 s after each poll)."""
    out: dict[str, int] = {}
    for device, period_ms in periods:
        out[device] = max(out.get(device, timeout_ms), 2 * period_ms)
    return out


async def device_verdicts(db: AsyncSession, cache: Cache, device_ids: Sequence[int]) -> dict[int, str]:
    """online / offline per device of the caller's tenant, as the sources reading it last said (`resolved`);
    devices no running source speaks for are left out. A device two sources read is online when one of them
    says so."""
    sources = list((await db.execute(select(DataPointSource.id))).scalars())
    if not sources or not device_ids:
        return {}
    spoken: dict[str, str] = {}
    now = now_ms()
    for wire in await cache.get_many(*(key(sid) for sid in sources)):
        if wire:
            for code, state in resolved(wire, now)["device_states"].items():
                if spoken.get(code) != ONLINE:
                    spoken[code] = state
    if not spoken:
        return {}
    codes = (await db.execute(select(Device.id, Device.code).where(Device.id.in_(list(device_ids))))).all()
    return {device_id: spoken[code] for device_id, code in codes if code in spoken}
