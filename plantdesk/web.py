"""Serve the built console (web/dist): hashed assets cached for a year, every other path outside /api gets
index.html."""

import mimetypes
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from starlette.convertors import PathConvertor, register_url_convertor
from starlette.middleware.gzip import GZipMiddleware

from plantdesk.core.envelope import fail

IMMUTABLE = "public, max-age=31536000, immutable"


class ConsolePath(PathConvertor):
    """Any path outside /api. Were the fallback to match /api paths too, a POST to an unknown API path would
    match it by path but not by method and answer 405; matching nothing there, every method gets the 404."""

    regex = r"(?!api(?:/|$)).*"


register_url_convertor("console", ConsolePath())


def mount_spa(app: FastAPI, dist: Path) -> None:
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=5)
    root = dist.resolve()

    @app.get("/{path:console}", include_in_schema=False)
    async def spa(path: str, request: Request):
        index = root / "index.html"
        if not index.exists():
            return JSONResponse(fail("控制台未构建: 运行 make run", 404), status_code=404)
        candidate = (root / path).resolve()
        if path and candidate.is_file() and candidate.is_relative_to(root):
            if path.startswith("assets/"):
                return _asset(candidate, request.headers.get("accept-encoding", ""))
            return FileResponse(candidate)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})


def _asset(file: Path, accepted: str) -> FileResponse:
    """A hashed asset, cached for a year; sent as the build's .br or .gz when the client takes it
    (web/scripts/precompress.mjs), so no response is compressed twice."""
    headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
    media_type = mimetypes.guess_type(file.name)[0]
    codings = {part.split(";")[0].strip().lower() for part in accepted.split(",")}
    for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
        encoded = file.with_name(file.name + suffix)
        if encoding in codings and encoded.is_file():
            return FileResponse(encoded, media_type=media_type, headers={**headers, "Content-Encoding": encoding})
    return FileResponse(file, headers=headers)
