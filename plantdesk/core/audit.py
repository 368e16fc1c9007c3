"""API, error and usual logs, queued in memory and batch-written off the request path.

The guarantee (docs/decisions.md "Faults"): the API row of a security-relevant action (`SECURITY_RELEVANT`:
permission and scope changes, password resets, locks, kick-outs, deletions) is written before its answer is
sent (`api_now`), so a crash cannot lose an acknowledged one; other rows wait up to `flush_seconds` and a
crash loses what waits. While the database is unavailable (`db.session.is_outage`) the rows wait and are
retried with back-off; beyond `MAX_QUEUE` waiting rows the oldest are dropped and counted ("Audit outage").
"""

import asyncio
import contextlib
import logging
import re
import socket
import traceback
from collections import deque
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from plantdesk.core import tenancy
from plantdesk.core.audit_models import ApiLog, ErrorLog, SystemLog, UsualLog
from plantdesk.core.ids import next_id
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.db.session import is_outage

log = logging.getLogger("plantdesk.audit")
HOST = socket.gethostname()
MAX_QUEUE = 10_000  # rows kept while the database is unavailable; beyond it the oldest are dropped
BATCH = 500
MAX_BACKOFF = 30.0  # seconds between retries at most while the database is unavailable
SECURITY_RELEVANT = re.compile(
    r"/(remove|grant|reset-password|update-password|lock|unlock|kick|setting|package-setting"
    r"|addFunction|updateFunction)$|^/api/blade-system/(role|menu|api-scope|data-scope|tenant-package|client)/")


class AuditWriter:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], *, service_id: str, flush_seconds: float,
                 max_rows: int = MAX_QUEUE):
        self._sessions = sessions
        self._max_rows = max_rows
        self._service_id = service_id
        self._flush_seconds = flush_seconds
        self._rows: deque[tuple[type, dict]] = deque()
        self._flushing = asyncio.Lock()
        self._failures = 0  # flushes failed in a row by an outage: the next waits flush_seconds * 2**failures
        self._dropped = 0  # rows dropped for max_rows and not yet reported in the usual log
        self._task: asyncio.Task | None = None
        self._batch: asyncio.Task | None = None  # the flush a full batch started, so one at a time

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="audit-writer")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.flush()

    def api(self, **row: Any) -> None:
        self._put(ApiLog, {"type": "1", **row})

    async def api_now(self, **row: Any) -> None:
        """`api`, written before returning (with whatever else waits): for rows that must survive a crash."""
        self.api(**row)
        await self.flush()

    def error(self, exc: BaseException, **row: Any) -> None:
        frames = traceback.extract_tb(exc.__traceback__)
        last = frames[-1] if frames else None
        self._put(ErrorLog, {
            "exception_name": type(exc).__name__, "message": str(exc)[:4000],
            "stack_trace": "".join(traceback.format_exception(exc))[:20000],
            "file_name": last.filename if last else None, "line_number": last.lineno if last else None,
            "method_name": last.name if last else None, **row,
        })

    def usual(self, **row: Any) -> None:
        self._put(UsualLog, {"log_level": "info", **row})

    def system(self, **row: Any) -> None:
        """A system-log row (core.system_log)."""
        self._put(SystemLog, row)

    async def flush(self) -> None:
        async with self._flushing:
            if not self._rows:
                return
            taken, dropped = list(self._rows), self._dropped
            self._rows.clear()
            batches: dict[type, list[dict]] = {}
            for model, row in taken:
                batches.setdefault(model, []).append(row)
            if dropped:
                batches.setdefault(UsualLog, []).append(self._row(self._dropped_row(dropped)))
            try:
                async with self._sessions() as session:
                    tenancy.bind(session, tenancy.PLATFORM)  # every row names its tenant (see _put)
                    for model, rows in batches.items():
                        await session.execute(insert(model), rows)
                    await session.commit()
            except Exception as exc:  # a lost log line must never take a request or the writer down
                if is_outage(exc):
                    self._keep(taken, exc)
                else:
                    log.exception("audit flush failed; %d rows dropped", len(taken))
                return
            if self._failures:
                log.warning("audit database back; %d waiting rows written, %d dropped", len(taken), dropped)
            self._failures = 0
            self._dropped -= dropped

    def _keep(self, taken: list[tuple[type, dict]], exc: Exception) -> None:
        """Puts a batch the outage refused back before the rows queued meanwhile, within `max_rows`."""
        self._rows.extendleft(reversed(taken))
        while len(self._rows) > self._max_rows:
            self._rows.popleft()
            self._dropped += 1
        self._failures += 1
        log.warning("audit database unavailable (%s); %d rows wait, %d dropped (oldest first); next try in %.1f s",
                    type(exc).__name__, len(self._rows), self._dropped, self._delay())

    def _dropped_row(self, count: int) -> dict:
        return {"log_level": "warn", "log_id": "audit", "method_class": "plantdesk.audit", "method_name": "dropped",
                "log_data": f"数据库不可用期间日志队列已满（上限 {self._max_rows} 条），丢弃最早的 {count} 条日志"}

    def _delay(self) -> float:
        backoff = self._flush_seconds * 2 ** min(self._failures, 16)
        return min(backoff, max(MAX_BACKOFF, self._flush_seconds))

    def _put(self, model: type[ApiLog] | type[ErrorLog] | type[UsualLog] | type[SystemLog], row: dict) -> None:
        if len(self._rows) >= self._max_rows:
            self._rows.popleft()
            self._dropped += 1
            if self._dropped == 1:
                log.warning("audit queue full (%d rows); dropping the oldest", self._max_rows)
        self._rows.append((model, self._row(row)))
        # During an outage only the back-off retries: a flush per new row would be a hot loop.
        if len(self._rows) >= BATCH and self._task is not None and not self._failures \
                and (self._batch is None or self._batch.done()):
            self._batch = asyncio.get_running_loop().create_task(self.flush())

    def _row(self, row: dict) -> dict:
        # PostgreSQL text cannot hold NUL: one request carrying it would fail the whole batch, other rows too.
        row = {key: value.replace("\x00", "\ufffd") if isinstance(value, str) else value for key, value in row.items()}
        # Anonymous rows (failed logins, public pages) belong to the platform tenant, by name.
        return {"id": next_id(), "service_id": self._service_id, "server_host": HOST, "env": "prod",
                "create_time": datetime.now().replace(microsecond=0),
                "tenant_id": row.pop("tenant_id", None) or PLATFORM_TENANT, **row}

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._delay())
            await self.flush()
