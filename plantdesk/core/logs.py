"""The process's log lines: readable text by default, or with `PLANTDESK_LOG_FORMAT=json` one JSON object per
line for a log shipper (time, level, logger, message, the request id, the exception's trace), on stderr.

Every HTTP request carries a request id: the caller's `X-Request-Id` when it is a plausible one (a proxy's or a
load balancer's, so its logs and ours join), else a new one; the answer echoes it, and every line logged while
the request runs names it.
"""

import contextvars
import json
import logging
import re
import sys
import uuid
from datetime import UTC, datetime

REQUEST_ID: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")
HEADER = b"x-request-id"
PLAUSIBLE = re.compile(rb"[A-Za-z0-9._:-]{1,64}")
TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {"time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
                "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage()}
        if request_id := REQUEST_ID.get():
            line["request_id"] = request_id
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure(log_format: str, level: int = logging.WARNING) -> None:
    """The root logger's one handler, in the configured format (uvicorn's own loggers propagate to it)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(TEXT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    if log_format == "json":  # uvicorn's loggers keep handlers of their own; ours writes for them
        for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
            logging.getLogger(name).handlers[:] = []
            logging.getLogger(name).propagate = True


class RequestIds:
    """Pure ASGI: the request's id in REQUEST_ID while it runs, and in the answer's `X-Request-Id`."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        given = next((value for name, value in scope["headers"] if name == HEADER), b"")
        request_id = given.decode() if PLAUSIBLE.fullmatch(given) else uuid.uuid4().hex
        token = REQUEST_ID.set(request_id)

        async def stamped(message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (HEADER, request_id.encode())]
            await send(message)

        try:
            await self.app(scope, receive, stamped)
        finally:
            REQUEST_ID.reset(token)
