"""Liveness and readiness for a load balancer or an orchestrator: `GET /healthz` answers while the process runs
(nothing asked of the database), `GET /readyz` whether this process can serve now: database reachable, Redis
answering when configured, the schema at the newest migration, the job worker running where jobs run here.

Plain JSON outside the envelope, no identity, no audit row, no OpenAPI entry; each check bounded by a timeout,
so a hung database answers 503 within seconds instead of holding the probe.
"""

import asyncio
import functools
from collections.abc import Awaitable
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text

import plantdesk.db

CHECK_SECONDS = 2.0

router = APIRouter()


@router.get("/healthz", include_in_schema=False)
async def healthz() -> JSONResponse:
    return JSONResponse({"status": "ok", "checks": {"process": "ok"}})


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> JSONResponse:
    runtime = getattr(request.app.state, "runtime", None)
    if runtime is None:
        return _answer({"runtime": "fail: not started"})
    checks = {"database": await _check(_database(runtime.engine))}
    if runtime.settings.redis_url:
        checks["redis"] = await _check(_redis(runtime.cache))
    if checks["database"] == "ok":
        checks["migrations"] = await _check(_migrations(runtime.engine))
    if runtime.jobs is not None and runtime.jobs.worker_alive is not None:
        checks["jobs"] = "ok" if runtime.jobs.worker_alive else "fail: the job worker stopped"
    return _answer(checks)


def _answer(checks: dict[str, str]) -> JSONResponse:
    ok = all(value == "ok" for value in checks.values())
    return JSONResponse({"status": "ok" if ok else "fail", "checks": checks}, status_code=200 if ok else 503)


async def _check(probe: Awaitable[str]) -> str:
    try:
        return await asyncio.wait_for(probe, CHECK_SECONDS)
    except TimeoutError:
        return f"fail: no answer within {CHECK_SECONDS:g} s"
    except Exception as exc:  # any failure is the check's answer, named, never a 500
        return f"fail: {type(exc).__name__}"


async def _database(engine) -> str:
    async with engine.connect() as connection:
        await connection.execute(text("SELECT 1"))
    return "ok"


async def _redis(cache) -> str:
    return "ok" if await cache.reachable() else "fail: no answer"


async def _migrations(engine) -> str:
    async with engine.connect() as connection:
        current = set((await connection.execute(text("SELECT version_num FROM alembic_version"))).scalars())
    return "ok" if current == _heads() else f"fail: at {','.join(sorted(current)) or 'none'}, not the newest"


@functools.cache
def _heads() -> set[str]:
    from alembic.script import ScriptDirectory

    return set(ScriptDirectory(str(Path(plantdesk.db.__file__).parent / "migrations")).get_heads())
