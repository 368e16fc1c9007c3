"""core.services: declared services run while the context is open, one that fails is restarted after a pause,
and all are cancelled when the context closes, those declared everywhere last."""

import asyncio

from plantdesk.core import services


async def test_a_failing_service_is_restarted_and_all_stop_with_the_process(monkeypatch):
    monkeypatch.setattr(services, "_declared", {})
    monkeypatch.setattr(services, "RESTART_SECONDS", 0.01)
    runs: list[str] = []
    stopped = asyncio.Event()

    async def flaky(runtime) -> None:
        runs.append(runtime)
        if len(runs) < 3:
            raise RuntimeError("connection refused")
        try:
            await asyncio.Event().wait()
        finally:
            stopped.set()

    services.declare("flaky", flaky)
    async with services.running("rt"):
        for _ in range(200):
            if len(runs) == 3:
                break
            await asyncio.sleep(0.01)
        assert runs == ["rt", "rt", "rt"] and not stopped.is_set()
    assert stopped.is_set()


async def test_a_service_declared_everywhere_runs_where_jobs_do_not(monkeypatch):
    monkeypatch.setattr(services, "_declared", {})
    monkeypatch.setattr(services, "_everywhere", set())
    started: list[str] = []

    def service(name: str):
        async def run(_runtime) -> None:
            started.append(name)
            await asyncio.Event().wait()
        return run

    services.declare("collect", service("collect"))
    services.declare("write-back", service("write-back"), everywhere=True)
    async with services.running("rt", with_jobs=False):
        await asyncio.sleep(0.05)
    assert started == ["write-back"]
    async with services.running("rt"):
        await asyncio.sleep(0.05)
    assert sorted(started) == ["collect", "write-back", "write-back"]


async def test_a_service_declared_everywhere_stops_after_the_others(monkeypatch):
    monkeypatch.setattr(services, "_declared", {})
    monkeypatch.setattr(services, "_everywhere", set())
    stops: list[str] = []

    def service(name: str, stopping_for: float):
        async def run(_runtime) -> None:
            try:
                await asyncio.Event().wait()
            finally:
                await asyncio.sleep(stopping_for)  # a collector's last batch commits on its way out
                stops.append(name)
        return run

    services.declare("write-back", service("write-back", 0), everywhere=True)
    services.declare("collect", service("collect", 0.05))
    async with services.running("rt"):
        await asyncio.sleep(0.01)
    assert stops == ["collect", "write-back"]
