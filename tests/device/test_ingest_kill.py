"""Issue 30, fault: `serve` killed with -9 while a gateway posts, right after an acknowledged batch (before the latest
values' write-back has run), loses no acknowledged value: every one is in `monitor_data` after the restart, and the
realtime read shows the last one (the write-back repairs `monitor_latest` from the raw rows at start)."""

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from tests.core.test_faults import free_port
from tests.helpers import login

pytestmark = pytest.mark.skipif(bool(os.environ.get("PLANTDESK_TEST_DATABASE_URL")),
                                reason="one fault run is enough: on SQLite, whose file the test reads after the kill")
API = "/api/device-management"
BATCHES, POINTS = 30, 20


@contextlib.asynccontextmanager
async def serving(data_dir: Path, secret: str) -> AsyncIterator[tuple[str, subprocess.Popen]]:
    port = free_port()
    env = {**os.environ, "PLANTDESK_DATA_DIR": str(data_dir), "PLANTDESK_DATABASE_URL": "", "PLANTDESK_REDIS_URL": "",
           "PLANTDESK_DEMO": "0", "PLANTDESK_JWT_SECRET": secret, "PLANTDESK_WEB_DIST": str(data_dir / "no-web")}
    server = subprocess.Popen([sys.executable, "-m", "plantdesk", "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    address = f"http://127.0.0.1:{port}"
    try:
        async with asyncio.timeout(120):
            while True:
                assert server.poll() is None, "serve stopped"
                with contextlib.suppress(httpx.HTTPError):
                    async with httpx.AsyncClient(base_url=address) as http:
                        if (await http.get("/readyz")).status_code == 200:
                            break
                await asyncio.sleep(0.5)
        yield address, server
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)


async def test_a_server_killed_after_an_acknowledged_batch_loses_none_of_it(tmp_path):
    secret, code = "kill-" + uuid.uuid4().hex, f"K-{uuid.uuid4().hex[:8]}"
    acknowledged: list[int] = []  # the ts of every acknowledged batch; each batch moves every point
    async with serving(tmp_path, secret) as (address, server), httpx.AsyncClient(base_url=address, timeout=30) as http:
        admin = await login(http, "admin", "admin", "000000")
        device = await admin.data("POST", f"{API}/device/save", {"code": code, "name": "kill -9"})
        for i in range(POINTS):
            await admin.data("POST", f"{API}/datapoints/save", {"deviceId": device["id"], "code": f"P{i}",
                                                                "name": f"P{i}"})
        start = int(time.time() * 1000) - BATCHES * 1000
        for n in range(BATCHES):
            ts = start + n * 1000
            answer = await admin.data("POST", f"{API}/telemetry", {
                "deviceCode": code, "ts": ts, "values": {f"P{i}": n * 100 + i for i in range(POINTS)}})
            assert answer["accepted"] == POINTS
            acknowledged.append(ts)
        os.killpg(server.pid, signal.SIGKILL)  # at once: the write-back runs once a second
        server.wait(timeout=30)
    with sqlite3.connect(tmp_path / "plantdesk.db") as db:
        stored = db.execute("SELECT d.ts, count(*) FROM monitor_data d JOIN data_point p ON p.id = d.point_id "
                            "WHERE p.device_id = ? GROUP BY d.ts ORDER BY d.ts", (int(device["id"]),)).fetchall()
    assert stored == [(ts, POINTS) for ts in acknowledged]
    async with serving(tmp_path, secret) as (address, _server), httpx.AsyncClient(base_url=address) as http:
        admin = await login(http, "admin", "admin", "000000")
        realtime = await admin.data("GET", f"{API}/datapoints-monitor/realtime", deviceId=device["id"])
    last = BATCHES - 1
    assert sorted((p["pointCode"], p["ts"], p["value"]) for p in realtime) == sorted(
        (f"P{i}", acknowledged[-1], last * 100 + i) for i in range(POINTS))
