"""ASGI entry point for uvicorn workers: the process's log format first (core.logs), then the app."""

from plantdesk.config import Settings
from plantdesk.core import logs

logs.configure(Settings().log_format)

from plantdesk.app import create_app  # noqa: E402  (its import logs nothing before the format is set)

app = create_app()
