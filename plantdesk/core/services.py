"""Services: long-running work a module keeps alive (the industrial collectors), started where jobs run: inside
`serve` in the embedded mode, in every `worker` in the queue mode (never in `serve` then, so a scaled-out API
does not also collect). A service declared `everywhere` runs in every process instead (the monitor's write-back
of what that process's own requests wrote); it drains what the others produce, so it stops after them. A module
declares its services from its setup function; each runs until cancelled, and one that fails is logged and
restarted after a pause, so a bug in one never stops the process."""

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

log = logging.getLogger("plantdesk.services")

RESTART_SECONDS = 5.0
Service = Callable[[Any], Awaitable[None]]  # called with the process's Runtime
_declared: dict[str, Service] = {}
_everywhere: set[str] = set()


def declare(name: str, run: Service, *, everywhere: bool = False) -> None:
    _declared[name] = run
    if everywhere:
        _everywhere.add(name)


async def _keep(name: str, run: Service, runtime: Any) -> None:
    while True:
        try:
            await run(runtime)
            return
        except Exception:
            log.exception("service %s failed; restarting in %.0f s", name, RESTART_SECONDS)
            await asyncio.sleep(RESTART_SECONDS)


@contextlib.asynccontextmanager
async def running(runtime: Any, *, with_jobs: bool = True) -> AsyncIterator[None]:
    """Run the services declared `everywhere`, and the others too `with_jobs` (where jobs run)."""
    tasks = {name: asyncio.create_task(_keep(name, run, runtime), name=f"service-{name}") for name, run in
             _declared.items() if with_jobs or name in _everywhere}
    try:
        yield
    finally:
        for last in (False, True):
            stopping = [task for name, task in tasks.items() if (name in _everywhere) == last]
            for task in stopping:
                task.cancel()
            await asyncio.gather(*stopping, return_exceptions=True)
