"""The product app plus one bare JSON endpoint, GET /api/bench/ping, for the ratio figures.

Only the bench process serves this module; the product's own entry point is plantdesk.asgi.
The ping route goes first in the route table so the SPA catch-all cannot shadow it; it passes
through the same middleware stack (body limit, audit, gzip) as every product route.
"""

from fastapi import APIRouter

from plantdesk.app import create_app
from plantdesk.core.envelope import ok

app = create_app()
_bench = APIRouter()


@_bench.get("/api/bench/ping")
async def ping():
    return ok({"pong": True})


app.include_router(_bench)
app.router.routes.insert(0, app.router.routes.pop())
