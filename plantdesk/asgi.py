"""ASGI entry point for uvicorn workers."""

from plantdesk.app import create_app

app = create_app()
