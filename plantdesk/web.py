"""Serve the built console (web/dist): hashed assets cached for a year, every other path gets index.html."""

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from starlette.middleware.gzip import GZipMiddleware

from plantdesk.core.envelope import fail

IMMUTABLE = "public, max-age=31536000, immutable"


def mount_spa(app: FastAPI, dist: Path) -> None:
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=5)
    root = dist.resolve()

    @app.get("/{path:path}", include_in_schema=False)
    async def spa(path: str, request: Request):
        if path.startswith("api/") or path == "api":
            return JSONResponse(fail("404 没找到请求", 404), status_code=404)
        index = root / "index.html"
        if not index.exists():
            return JSONResponse(fail("控制台未构建: 运行 make run", 404), status_code=404)
        candidate = (root / path).resolve()
        if path and candidate.is_file() and candidate.is_relative_to(root):
            headers = {"Cache-Control": IMMUTABLE} if path.startswith("assets/") else {}
            return FileResponse(candidate, headers=headers)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})
