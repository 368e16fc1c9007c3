"""API, error and usual logs, queued in memory and batch-written off the request path.

The guarantee (docs/decisions.md "Faults"): the API row of a security-relevant action (`SECURITY_RELEVANT`:
permission and scope changes, password resets, locks, kick-outs, deletions) is written before its answer is
sent (`api_now`), so a crash cannot lose an acknowledged one; other rows wait up to `flush_seconds` and a
crash loses what waits.
"""

import asyncio
import contextlib
import logging
import re
import socket
import traceback
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from plantdesk.core import tenancy
from plantdesk.core.audit_models import ApiLog, ErrorLog, UsualLog
from plantdesk.core.ids import next_id
from plantdesk.db.base import PLATFORM_TENANT

log = logging.getLogger("plantdesk.audit")
HOST = socket.gethostname()
MAX_QUEUE = 10_000
BATCH = 500
SECURITY_RELEVANT = re.compile(
    r"/(remove|grant|reset-password|update-password|lock|unlock|kick|setting|package-setting"
    r"|addFunction|updateFunction)$|^/api/blade-system/(role|menu|api-scope|data-scope|tenant-package|client)/")


class AuditWriter:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], *, service_id: str, flush_seconds: float):
        self._sessions = sessions
        self._service_id = service_id
        self._flush_seconds = flush_seconds
        self._queue: asyncio.Queue[tuple[type, dict]] = asyncio.Queue(MAX_QUEUE)
        self._task: asyncio.Task | None = None

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

    async def flush(self) -> None:
        batches: dict[type, list[dict]] = {}
        while not self._queue.empty():
            model, row = self._queue.get_nowait()
            batches.setdefault(model, []).append(row)
        if not batches:
            return
        try:
            async with self._sessions() as session:
                tenancy.bind(session, tenancy.PLATFORM)  # every row names its tenant (see _put)
                for model, rows in batches.items():
                    await session.execute(insert(model), rows)
                await session.commit()
        except Exception:  # a lost log line must never take a request or the writer down
            log.exception("audit flush failed; %d rows dropped", sum(map(len, batches.values())))

    def _put(self, model: type[ApiLog] | type[ErrorLog] | type[UsualLog], row: dict) -> None:
        # PostgreSQL text cannot hold NUL: one request carrying it would fail the whole batch, other rows too.
        row = {key: value.replace("\x00", "\ufffd") if isinstance(value, str) else value for key, value in row.items()}
        # Anonymous rows (failed logins, public pages) belong to the platform tenant, by name.
        row = {"id": next_id(), "service_id": self._service_id, "server_host": HOST, "env": "prod",
               "create_time": datetime.now().replace(microsecond=0),
               "tenant_id": row.pop("tenant_id", None) or PLATFORM_TENANT, **row}
        try:
            self._queue.put_nowait((model, row))
        except asyncio.QueueFull:
            log.warning("audit queue full; dropping a %s row", model.__tablename__)
        if self._queue.qsize() >= BATCH and self._task is not None:
            asyncio.get_running_loop().create_task(self.flush())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._flush_seconds)
            await self.flush()
