"""The API docs page (`/api/docs`) with Swagger UI served by this process, not from a CDN: a plant network often
has no internet, and a page that loads its script from a public host stays blank there.

The Swagger UI distribution comes from the `fastapi-swagger` package, which ships the upstream swagger-ui-dist
files and follows its releases. The page's one inline script (FastAPI's initialiser) is allowed by its hash in
the page's own content policy; everything else keeps the product's policy (core/headers.py). A wire dialect's
routes (core.dialects) are documented on a page of their own, /api/docs/<dialect>.
"""

import re
from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse

from plantdesk.core import dialects
from plantdesk.core.headers import allowing_scripts

DOCS = "/api/docs"
ASSETS = {"swagger-ui-bundle.js": "swagger-ui-bundle.js", "swagger-ui.css": "swagger-ui.css",
          "favicon.png": "favicon-32x32.png"}
CACHE = "public, max-age=86400"  # unhashed names: a day, so an upgrade's files arrive the next day at the latest
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def router(app: FastAPI) -> APIRouter:
    docs = APIRouter()
    dist = Path(str(resources.files("fastapi_swagger") / "resources"))
    _page(docs, DOCS, app.openapi_url or "", app.title, "swagger_ui")
    # Each wire dialect (core.dialects) has its document and page: /api/docs/<dialect>.
    for dialect in dialects.declared():
        schema_url = f"{DOCS}/{dialect.name}/openapi.json"
        _page(docs, f"{DOCS}/{dialect.name}", schema_url, f"{app.title} ({dialect.name} dialect)",
              f"swagger_ui-{dialect.name}")
        docs.add_api_route(schema_url, _schema(app, dialect), include_in_schema=False,
                           name=f"openapi-{dialect.name}")
    for name, file in ASSETS.items():
        docs.add_api_route(f"{DOCS}/{name}", _asset(dist / file), include_in_schema=False, name=f"docs-{name}")
    return docs


def _page(docs: APIRouter, path: str, openapi_url: str, title: str, name: str) -> None:
    page = get_swagger_ui_html(
        openapi_url=openapi_url, title=f"{title} - Swagger UI",
        swagger_js_url=f"{DOCS}/swagger-ui-bundle.js", swagger_css_url=f"{DOCS}/swagger-ui.css",
        swagger_favicon_url=f"{DOCS}/favicon.png",
        # The validator badge would send the schema's address to validator.swagger.io.
        swagger_ui_parameters={"validatorUrl": None}).body
    policy = allowing_scripts(*INLINE_SCRIPT.findall(bytes(page).decode()))

    async def swagger_ui() -> HTMLResponse:
        return HTMLResponse(page, headers={"Content-Security-Policy": policy})

    docs.add_api_route(path, swagger_ui, include_in_schema=False, name=name)


def _schema(app: FastAPI, dialect: dialects.Dialect):
    document: dict = {}  # built on first request, as FastAPI builds the main one

    async def schema() -> JSONResponse:
        if not document:
            document.update(dialects.openapi(dialect, app.title, app.version))
        return JSONResponse(document)

    return schema


def _asset(file: Path):
    async def asset() -> FileResponse:
        return FileResponse(file, headers={"Cache-Control": CACHE})

    return asset
