"""create_app(): the one place that builds the process, maps errors and mounts every router."""

import asyncio
import contextlib
import ctypes
import gc
import logging
import time
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from plantdesk.config import Settings
from plantdesk.core import apidocs, areas, health, logs, metrics, redact
from plantdesk.core.audit import SECURITY_RELEVANT
from plantdesk.core.dialects import DialectSwitch
from plantdesk.core.envelope import fail
from plantdesk.core.errors import PlantDeskError, TokenError
from plantdesk.core.headers import SecurityHeaders
from plantdesk.core.limits import BodyLimit
from plantdesk.core.routing import RouteIndex, include
from plantdesk.core.runtime import started
from plantdesk.db.session import is_outage, refresh_statistics
from plantdesk.web import mount_spa

log = logging.getLogger("plantdesk")

M_ARENA_MAX, M_MMAP_THRESHOLD = -8, -3  # glibc mallopt parameters
GC_YOUNG_THRESHOLD = 5000

UNAVAILABLE = "服务暂时不可用,请稍后重试"
RETRY_AFTER = 5  # seconds: long enough for a restarted database or Redis, short enough not to give up

STANDARD_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "Bad request: validation failed (body code 400)"},
    401: {"description": "Missing, invalid or revoked token (body code 401)"},
    403: {"description": "Permission denied (body code 403)"},
}


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    app = FastAPI(
        title="PlantDesk API",
        version="0.1.0",
        lifespan=_lifespan,
        openapi_url="/api/openapi.json",
        docs_url=None,  # core.apidocs serves it without a CDN
        redoc_url=None,
        responses=STANDARD_ERRORS,
        openapi_tags=areas.openapi_tags(),
        generate_unique_id_function=lambda route: f"{route.tags[0] if route.tags else 'api'}-{route.name}",
    )
    app.state.settings = settings
    areas.wire()
    _errors(app)
    app.add_middleware(AuditMiddleware)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(metrics.RequestMetrics)
    app.add_middleware(logs.RequestIds)  # outermost: every line of the request, the metrics' too, names it
    include(app.router, health.router, metrics.router, apidocs.router(app))
    include(app.router, *areas.routers(), prefix="/api")
    mount_spa(app, settings.web_dist)
    app.router.middleware_stack = DialectSwitch(RouteIndex(app.router))
    return app


@asynccontextmanager
async def _lifespan(app: FastAPI):
    settings: Settings = app.state.settings
    _tune_malloc()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    # In the queue mode the jobs run in `worker` processes, never in every API worker.
    async with started(settings, run_jobs=settings.jobs == "embedded") as runtime:
        app.state.runtime = runtime
        tasks = [asyncio.create_task(refresh_statistics(runtime.engine), name="planner-statistics")]
        if metrics.multiprocess_dir():
            tasks.append(asyncio.create_task(metrics.keep_gauges(runtime), name="metrics-gauges"))
        _tune_gc()
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)  # the gauges leave the sums before the exit


def _tune_malloc() -> None:
    """glibc gives every thread that allocates its own arena (up to eight per core), and the database threads
    leave freed memory in theirs; after a password hash frees its 19 MiB, glibc raises the mmap threshold and
    serves the next ones from the heap, which then never shrinks. Two arenas and a fixed 1 MiB threshold keep
    a loaded worker's RSS within budget at no measured cost."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_ARENA_MAX, 2)
        libc.mallopt(M_MMAP_THRESHOLD, 1 << 20)


def _tune_gc() -> None:
    """What is alive once the app has started (routes, mappers, schemas: ~180,000 objects) is moved out of the
    collector's sight, and the young generation is collected every 5,000 allocations instead of 700: under 32
    concurrent user-page requests the ORM's short-lived objects made the collector run ~130 times a second,
    about a tenth of the worker's CPU (bench/README.md)."""
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])


def _errors(app: FastAPI) -> None:
    @app.exception_handler(PlantDeskError)
    async def plantdesk_error(_request: Request, exc: PlantDeskError):
        return JSONResponse(fail(exc.msg, exc.code), status_code=exc.http_status)

    @app.exception_handler(TokenError)
    async def token_error(_request: Request, exc: TokenError):
        body = {"error_code": exc.error_code, "error_description": exc.description, "error": exc.error}
        return JSONResponse(body, status_code=exc.http_status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError):
        return JSONResponse(fail(_validation_message(exc)), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException):
        messages = {404: "404 没找到请求", 405: "不支持当前请求方法", 415: "不支持当前媒体类型"}
        msg = messages.get(exc.status_code) or str(exc.detail)
        return JSONResponse(fail(msg, exc.status_code), status_code=exc.status_code)

    @app.exception_handler(DBAPIError)
    async def database_error(request: Request, exc: DBAPIError):
        # PostgreSQL text cannot hold NUL (SQLSTATE 22021): bad input, not a server fault.
        if getattr(exc.orig, "sqlstate", None) == "22021":
            return JSONResponse(fail("请求参数包含非法字符"), status_code=400)
        return _unexpected(request, exc)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):
        """Errors of the outer middlewares only: ServerErrors answers everything inside them."""
        return _unexpected(request, exc)

    app.add_middleware(ServerErrors)


def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    """An outage (database, network or disk cannot serve now) answers 503 with Retry-After, so clients and load
    balancers retry; anything else is a bug: logged with its trace, error-log row, 500."""
    if is_outage(exc):
        log.warning("service unavailable on %s %s: %r", request.method, request.url.path, exc)
        return JSONResponse(fail(UNAVAILABLE, 503), status_code=503, headers={"Retry-After": str(RETRY_AFTER)})
    log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    runtime = getattr(request.app.state, "runtime", None)
    if runtime is not None:
        runtime.audit.error(exc, **_request_row(request))
    return JSONResponse(fail("服务器异常", 500), status_code=500)


class ServerErrors:
    """Answers an unexpected error itself. Starlette's handler for `Exception` answers and then re-raises, and
    the server then drops the connection: a client reusing it got a transport error instead of its next
    answer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def watched(message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as exc:
            if started:  # too late for an answer of our own
                raise
            await _unexpected(Request(scope), exc)(scope, receive, send)


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors()[:3]:
        loc = [str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path", "header")]
        message = error.get("msg", "")
        if error.get("type") == "missing":
            parts.append(f"缺少必要的请求参数: {'.'.join(loc)}")
        elif error.get("type") == "json_invalid":
            parts.append("消息不能读取")
        else:
            ctx = error.get("ctx") or {}
            parts.append(f"{'.'.join(loc)}:{ctx.get('reason', message)}" if loc else str(message))
    return "; ".join(parts) or "参数校验失败"


def _request_row(request: Request) -> dict:
    identity = getattr(request.state, "identity", None)
    return {
        "tenant_id": identity.tenant_id if identity else "000000",
        "create_by": identity.account if identity else None,
        "method": request.method,
        "request_uri": request.url.path[:255],
        "user_agent": (request.headers.get("user-agent") or "")[:1000],
        "remote_ip": request.client.host if request.client else None,
        "params": redact.query(request.query_params.multi_items())[:2000],
    }


class AuditMiddleware:
    """Every mutating API call by a logged-in user becomes an API log row (reads would drown the table).

    Pure ASGI, so the hot read path pays one dict lookup and nothing else.
    """

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "DELETE") \
                or not scope["path"].startswith("/api/"):
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        if SECURITY_RELEVANT.search(scope["path"]):
            # Written before the answer's last part goes out: an acknowledged action always has its row.
            recorded = False

            async def send_after_record(message) -> None:
                nonlocal recorded
                if not recorded and message["type"] == "http.response.body" and not message.get("more_body"):
                    recorded = True
                    await _record(scope, started, durable=True)
                await send(message)

            return await self.app(scope, receive, send_after_record)
        try:
            await self.app(scope, receive, send)
        finally:
            await _record(scope, started, durable=False)


async def _record(scope, started: float, *, durable: bool) -> None:
    request = Request(scope)
    runtime = getattr(request.app.state, "runtime", None)
    if runtime is None or getattr(request.state, "identity", None) is None:
        return
    row = _request_row(request)
    row["time"] = str(int((time.perf_counter() - started) * 1000))
    row["title"] = scope["path"].rsplit("/", 1)[-1][:255]
    if durable:
        await runtime.audit.api_now(**row)
    else:
        runtime.audit.api(**row)
