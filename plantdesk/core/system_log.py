"""The system log: the server's own events as structured rows (blade_log_system), read on /monitor/log/system.

`record(level, source, event, message)` is what an area or the core calls: it never blocks and never raises.
In a serving or worker process the row joins the audit writer's queue (core.audit: batch-written off the
caller's path, kept while the database is away, the oldest dropped beyond its bound); before the writer is
attached, and in a process that has none (`migrate`), rows wait in a bounded list that `flush_pending` writes.
A call from another thread is handed to the writer's loop. `Handler` turns the warnings and errors of the
`plantdesk` loggers into rows too, so a failure logged anywhere is seen without a call of its own.

Sources: server (start, stop), migrate (migrations, seed sync), jobs (a failed run), collector (connects and
drops), outbound (a refused address), alarm (engine lag), and the logger's last name for the handler's rows.
"""

import asyncio
import contextlib
import functools
import logging
import socket
import threading
import traceback
from collections import deque
from datetime import datetime
from typing import Any

from plantdesk.db.base import PLATFORM_TENANT

LEVELS = ("debug", "info", "warn", "error")
MAX_PENDING = 1_000
MAX_MESSAGE = 4_000
MAX_DETAIL = 20_000
_LOG_LEVELS = {logging.DEBUG: "debug", logging.INFO: "info", logging.WARNING: "warn", logging.ERROR: "error",
               logging.CRITICAL: "error"}
# Loggers whose rows would echo the writer's own trouble, or that repeat what a call here records already.
_QUIET = ("plantdesk.audit", "plantdesk.jobs", "plantdesk.simulator")

# The writers attached, newest last: rows go to the newest. One per serving process; a test process starts apps
# inside apps, and one closing must hand the rows back to the one still running.
_attached: list[tuple[Any, asyncio.AbstractEventLoop]] = []
_pending: deque[dict] = deque(maxlen=MAX_PENDING)
_local = threading.local()


def record(level: str, source: str, event: str, message: str, *, tenant_id: str | None = None,
           detail: str | None = None) -> None:
    """One event; `tenant_id` names the tenant whose device, job or setting it concerns (else the platform's)."""
    try:
        row = {"level": level if level in LEVELS else "info", "source": source[:32], "event": event[:64],
               "message": (message or "")[:MAX_MESSAGE], "detail": detail[:MAX_DETAIL] if detail else None,
               "tenant_id": tenant_id or PLATFORM_TENANT}
        if not _attached or _attached[-1][1].is_closed():
            _pending.append(row)
            return
        writer, loop = _attached[-1]
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            writer.system(**row)
        else:
            loop.call_soon_threadsafe(functools.partial(writer.system, **row))
    except Exception:  # a log row must never take its caller down
        return


def failure(source: str, event: str, message: str, exc: BaseException, *, tenant_id: str | None = None) -> None:
    """An error row with the exception's traceback as its detail."""
    record("error", source, event, f"{message}: {type(exc).__name__}: {exc}"[:MAX_MESSAGE], tenant_id=tenant_id,
           detail="".join(traceback.format_exception(exc)))


def attach(writer: Any) -> None:
    """Rows go to `writer` (a core.audit.AuditWriter) from now on, the waiting ones first. Called in its loop."""
    _attached.append((writer, asyncio.get_running_loop()))
    while _pending:
        writer.system(**_pending.popleft())


def detach(writer: Any) -> None:
    """`writer` stops: rows go to the writer attached before it, if one still runs."""
    _attached[:] = [(w, loop) for w, loop in _attached if w is not writer]


async def flush_pending(engine: Any) -> int:
    """Write the rows that wait for want of a writer (a `migrate` process) on `engine`; answers how many."""
    from sqlalchemy import insert

    from plantdesk.core.audit_models import SystemLog
    from plantdesk.core.ids import next_id

    rows = []
    while _pending:
        rows.append({**_pending.popleft(), "id": next_id(), "service_id": "plantdesk",
                     "server_host": socket.gethostname(), "env": "prod",
                     "create_time": datetime.now().replace(microsecond=0)})
    if rows:
        with contextlib.suppress(Exception):
            async with engine.begin() as connection:
                await connection.execute(insert(SystemLog), rows)
    return len(rows)


class Handler(logging.Handler):
    """Warnings and errors of the `plantdesk` loggers as rows (source: the logger's last name)."""

    def __init__(self, level: int = logging.WARNING):
        super().__init__(level)

    def emit(self, item: logging.LogRecord) -> None:
        if getattr(_local, "busy", False) or item.name.startswith(_QUIET):
            return
        _local.busy = True
        try:
            detail = None
            if item.exc_info and item.exc_info[1] is not None:
                detail = "".join(traceback.format_exception(item.exc_info[1]))
            record(_LOG_LEVELS.get(item.levelno, "warn"), item.name.rsplit(".", 1)[-1], "logged", item.getMessage(),
                   tenant_id=getattr(item, "tenant_id", None), detail=detail)
        except Exception:
            return
        finally:
            _local.busy = False


_handler: Handler | None = None


def install_handler() -> None:
    """Once per process: the `plantdesk` loggers' warnings and errors become rows."""
    global _handler
    if _handler is None:
        _handler = Handler()
        logging.getLogger("plantdesk").addHandler(_handler)
