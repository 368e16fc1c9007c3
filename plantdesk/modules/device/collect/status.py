"""What a running source reports: state, connected since, values per second, last error, and the values it
rejected counted by reason. The supervisor publishes it to the cache every few seconds (Redis when scaled out,
so `serve` shows what a worker collects); the API reads it from there."""

from __future__ import annotations

import time
from collections import Counter, deque
from dataclasses import dataclass, field

CONNECTING, ONLINE, OFFLINE = "connecting", "online", "offline"
RATE_WINDOW = 10.0  # seconds the values-per-second figure averages over
KEY = "collect:source:{}"
TTL = 30  # a status not refreshed this long is gone: its owner stopped

REASONS = {
    # The ingest's own reasons (monitor.ingest.MESSAGES) and the collectors'.
    "unknown_tenant": "租户不符",
    "malformed": "报文格式错误",
    "bad_address": "点位地址错误",
    "read_failed": "读取失败",
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
    state: str = CONNECTING
    connected_since: int | None = None  # epoch ms
    down_since: float = field(default_factory=time.monotonic)
    last_value_time: int | None = None
    last_error: str | None = None
    last_error_time: int | None = None
    values: int = 0
    rejected: Counter = field(default_factory=Counter)
    device_states: dict[str, str] = field(default_factory=dict)  # MQTT status topics: device code → online/offline
    _recent: deque = field(default_factory=deque)  # (monotonic second, values)

    def connected(self) -> None:
        self.state, self.connected_since = ONLINE, now_ms()

    def failed(self, error: str, timeout_ms: int) -> None:
        """A connection lost or refused: offline once it has been down for the source's timeout."""
        if self.state == ONLINE:
            self.down_since = time.monotonic()
        self.last_error, self.last_error_time = error[:500], now_ms()
        self.connected_since = None
        self.state = OFFLINE if time.monotonic() - self.down_since >= timeout_ms / 1000 else CONNECTING

    def check_timeout(self, timeout_ms: int) -> None:
        if self.state == CONNECTING and time.monotonic() - self.down_since >= timeout_ms / 1000:
            self.state = OFFLINE

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
        return {"source_id": str(self.source_id), "kind": self.kind, "owner": self.owner, "state": self.state,
                "connected_since": self.connected_since, "values_per_second": self.rate(), "values": self.values,
                "last_value_time": self.last_value_time, "last_error": self.last_error,
                "last_error_time": self.last_error_time,
                "rejected": [{"reason": reason, "count": count} for reason, count in sorted(self.rejected.items())],
                "device_states": self.device_states, "reported_at": now_ms()}
