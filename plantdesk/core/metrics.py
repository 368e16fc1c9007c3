"""`GET /metrics` in the Prometheus text format (prometheus_client): requests and their latency per route template
(`/api/blade-desk/notice/detail`, `/api/x/{id}`; never the raw path, whose ids would make a series each), method
and status class (`5xx` are the errors, `exception` an error raised after the answer began), the database pool,
the job queue and the jobs that ran and failed, ingested values (accepted and rejected), the alarm engine's
evaluation lag and the open live streams. Behind `serve --workers N` whichever worker takes a scrape answers for
all of them: `serve` gives the workers a directory of their own in PROMETHEUS_MULTIPROC_DIR, prometheus_client's
multiprocess mode, where each worker's counters and histograms are files the scrape sums (docs/operations.md,
"Metrics"). The pool and live-stream gauges are per worker and summed over the live ones, each worker refreshing
its own every GAUGE_SECONDS; the job queue's depth is one number, the latest any worker read.

Who may read it: loopback callers whose request no proxy forwarded, and the addresses or networks in
`PLANTDESK_METRICS_ALLOW` (a scraper on the plant network, e.g. `10.0.5.7,10.0.6.0/24`); anyone else gets the
ordinary 404, so a public product leaks neither the metrics nor that they exist. The caller is the connection's
peer, as uvicorn resolved it from a trusted proxy's headers (`PLANTDESK_FORWARDED_ALLOW_IPS`).

The middleware is pure ASGI and does one dict lookup, one counter increment and one histogram observation per
request (docs/decisions.md has the measured cost).
"""

import asyncio
import ipaddress
import os
import time
from collections.abc import Callable
from functools import cache

from fastapi import APIRouter, Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from starlette.exceptions import HTTPException

from plantdesk.core import live

UNMATCHED = "unmatched"  # 404s and the console's files: one series, whatever the path

REQUESTS = Counter("plantdesk_http_requests", "HTTP requests answered", ("method", "route", "status"))
LATENCY = Histogram("plantdesk_http_request_duration_seconds", "Time to the end of the answer", ("method", "route"),
                    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
JOBS_RUN = Counter("plantdesk_jobs_run", "Jobs run by this process", ("job", "outcome"))
ALARM_LAG = Histogram("plantdesk_alarm_evaluation_lag_seconds",
                      "Age of the oldest value in an alarm evaluation when it is evaluated",
                      buckets=(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300))
INGESTED = Counter("plantdesk_ingest_values", "Monitor values offered to the write path", ("outcome",))
POOL_SIZE = Gauge("plantdesk_db_pool_size", "Database connections the pool holds open", multiprocess_mode="livesum")
POOL_CHECKED_OUT = Gauge("plantdesk_db_pool_checked_out", "Database connections in use", multiprocess_mode="livesum")
JOBS_WAITING = Gauge("plantdesk_jobs_waiting", "Jobs deferred and not yet taken", multiprocess_mode="livemostrecent")
LIVE_STREAMS = Gauge("plantdesk_live_streams", "Live-channel streams served", multiprocess_mode="livesum")

GAUGE_SECONDS = 5.0

router = APIRouter()


def ingested(accepted: int, rejected: int) -> None:
    """One batch of the monitor write path (device.monitor.ingest)."""
    if accepted:
        INGESTED.labels("accepted").inc(accepted)
    if rejected:
        INGESTED.labels("rejected").inc(rejected)


def job_finished(job: str, *, failed: bool) -> None:
    JOBS_RUN.labels(job, "failed" if failed else "succeeded").inc()


def alarm_lag(seconds: float) -> None:
    """One alarm evaluation: how old its oldest value was (alarm.engine)."""
    ALARM_LAG.observe(max(seconds, 0.0))


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    forwarded = "x-forwarded-for" in request.headers or "forwarded" in request.headers
    if not _allowed(request.client.host if request.client else "", request.app.state.settings.metrics_allow,
                    forwarded=forwarded):
        raise HTTPException(404)
    runtime = getattr(request.app.state, "runtime", None)
    if runtime is not None:
        _own_gauges(runtime)
        if runtime.jobs is not None:
            JOBS_WAITING.set(await runtime.jobs.waiting())
    registry = REGISTRY
    if multiprocess_dir():
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)


def multiprocess_dir() -> str:
    """Where the workers of one `serve` keep their series ("" for a single process)."""
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")


def _own_gauges(runtime) -> None:
    if (state := pool(runtime.engine)) is not None:
        POOL_SIZE.set(state["size"])
        POOL_CHECKED_OUT.set(state["checkedOut"])
    LIVE_STREAMS.set(live.hub().open_streams)


async def keep_gauges(runtime) -> None:
    """A worker's own gauges, refreshed for the scrapes other workers answer (the app's lifespan runs it in the
    multiprocess mode); on the way out its live gauges leave the sums."""
    try:
        while True:
            _own_gauges(runtime)
            await asyncio.sleep(GAUGE_SECONDS)
    finally:
        multiprocess.mark_process_dead(os.getpid())


def pool(engine) -> dict[str, int] | None:
    """The database pool's connections (held open, in use, over the size); None for SQLite's file pool, which
    has no size to report."""
    found = engine.pool
    if not hasattr(found, "checkedout"):
        return None
    return {"size": found.size(), "checkedOut": found.checkedout(), "overflow": max(found.overflow(), 0)}


def _allowed(host: str, allow: str, *, forwarded: bool) -> bool:
    """A proxied request is never a local one: a reverse proxy on this host makes every client's peer loopback."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback and not forwarded or any(address in network for network in _networks(allow))


@cache
def _networks(allow: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in allow.split(",") if part.strip())


class RequestMetrics:
    """Counts each answer under its route's template, taken from the scope once routing has run."""

    def __init__(self, app) -> None:
        self.app = app
        self.series: dict[tuple[str, str, str], tuple[Callable[[], None], Callable[[float], None]]] = {}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        status = "exception"

        async def watched(message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = f"{message['status'] // 100}xx"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        finally:
            route = scope.get("route")
            if route is not None:
                template = route.path
            elif "endpoint" in scope and not scope.get("path_params"):
                # A plain route (the schema's) leaves no route in the scope; without parameters its path is its
                # template.
                template = scope["path"]
            else:
                template = UNMATCHED
            key = (scope["method"], template, status)
            series = self.series.get(key)
            if series is None:
                series = self.series[key] = (REQUESTS.labels(*key).inc,
                                             LATENCY.labels(scope["method"], template).observe)
            series[0]()
            series[1](time.perf_counter() - started)
