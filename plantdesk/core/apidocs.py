"""The API docs page (`/api/docs`) with Swagger UI served by this process, not from a CDN: a plant network often
has no internet, and a page that loads its script from a public host stays blank there.

The Swagger UI distribution comes from the `fastapi-swagger` package, which ships the upstream swagger-ui-dist
files and follows its releases. The page's one inline script (FastAPI's initialiser) is allowed by its hash in
the page's own content policy; everything else keeps the product's policy (core/headers.py).
"""

import re
from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse

from plantdesk.core.headers import allowing_scripts

DOCS = "/api/docs"
ASSETS = {"swagger-ui-bundle.js": "swagger-ui-bundle.js", "swagger-ui.css": "swagger-ui.css",
          "favicon.png": "favicon-32x32.png"}
CACHE = "public, max-age=86400"  # unhashed names: a day, so an upgrade's files arrive the next day at the latest
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def router(app: FastAPI) -> APIRouter:
    docs = APIRouter()
    dist = Path(str(resources.files("fastapi_swagger") / "resources"))
    page = get_swagger_ui_html(
        openapi_url=app.openapi_url or "", title=f"{app.title} - Swagger UI",
        swagger_js_url=f"{DOCS}/swagger-ui-bundle.js", swagger_css_url=f"{DOCS}/swagger-ui.css",
        swagger_favicon_url=f"{DOCS}/favicon.png",
        # The validator badge would send the schema's address to validator.swagger.io.
        swagger_ui_parameters={"validatorUrl": None}).body
    policy = allowing_scripts(*INLINE_SCRIPT.findall(bytes(page).decode()))

    @docs.get(DOCS, include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return HTMLResponse(page, headers={"Content-Security-Policy": policy})

    for name, file in ASSETS.items():
        docs.add_api_route(f"{DOCS}/{name}", _asset(dist / file), include_in_schema=False, name=f"docs-{name}")
    return docs


def _asset(file: Path):
    async def asset() -> FileResponse:
        return FileResponse(file, headers={"Cache-Control": CACHE})

    return asset
