"""HTTP sources' live state. Values posted to the HTTP ingest (the simulator's too) for points that name an
HTTP data-point source are counted per source as a collector counts its own: last value time, values per
second, rejections by reason, each device heard (ingest.Answer.http). An HTTP source has no connection of
its own: it is online while values arrive and offline once its timeout passes without one (status.resolved),
and so are its devices.

Every API process counts what it received and writes its own part of the source's one cache entry
(`parts[process]`) at most once a second; readers add the parts up (status.merged). Two processes writing at
the same moment may drop each other's part until the next second: figures, not records."""

from __future__ import annotations

import os
import socket
import time

from plantdesk.core.cache import Cache
from plantdesk.modules.device.collect import status
from plantdesk.modules.device.monitor.ingest import Answer

PROCESS = f"{socket.gethostname()}:{os.getpid()}"
PUBLISH_SECONDS = 1.0
TTL = 86_400  # the last value time outlives a quiet night


class HttpSources:
    def __init__(self) -> None:
        self.statuses: dict[int, status.SourceStatus] = {}
        self._published: dict[int, float] = {}

    async def record(self, cache: Cache, tenant_id: str, answer: Answer) -> None:
        for sid, tally in answer.http.items():
            state = self.statuses.get(sid)
            if state is None:
                state = self.statuses[sid] = status.SourceStatus(sid, tenant_id, status.HTTP, PROCESS,
                                                                 tally.source.timeout_ms, state=status.ONLINE)
            state.timeout_ms = tally.source.timeout_ms  # its settings may have changed
            state.counted(tally.accepted, tally.rejected)
            back = state.heard(tally.devices)
            if back or time.monotonic() - self._published.get(sid, 0.0) >= PUBLISH_SECONDS:
                self._published[sid] = time.monotonic()
                entry = await cache.get(status.key(sid)) or {}
                parts = {process: part for process, part in (entry.get("parts") or {}).items()
                         if status.now_ms() - part.get("reported_at", 0) < TTL * 1000}
                parts[PROCESS] = state.wire()
                await cache.set(status.key(sid), {"kind": status.HTTP, "parts": parts}, ttl=TTL)


sources = HttpSources()
