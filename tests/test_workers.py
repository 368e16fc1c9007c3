"""Issue 31, scale-out: `serve --workers 2` on PostgreSQL + Redis (jobs in the queue mode) behind one port. Which
worker takes a connection is the kernel's choice, so each check pins one client to a worker (one keep-alive
connection, its worker known by the pid the server-state screen reports) and finds a client on the other one:
a session opened on one is accepted by the other, a revocation on one is refused by both, a cached dictionary
changed on one is read changed on the other, failed logins counted on both lock the account, and an event
written on one reaches a live stream held by the other, a monitor value written on one is read on the other within
the latest values' write-back, and a scrape of /metrics answered by either sums what both counted."""

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator

import httpx
import pytest
from sqlalchemy.engine import make_url

from plantdesk.modules.desk.service import BELL_TOPIC
from tests.core.test_cache import REDIS_URL
from tests.core.test_faults import free_port
from tests.helpers import Api, login, token

PG_URL = os.environ.get("PLANTDESK_TEST_DATABASE_URL", "")
pytestmark = pytest.mark.skipif(not PG_URL or not shutil.which("createdb"),
                                reason="several workers need PostgreSQL and Redis")
DEMO = "356782"
STATE = "/api/blade-monitor/server/state"


@pytest.fixture(scope="module")
async def base(tmp_path_factory) -> AsyncIterator[str]:
    """A fresh database served by `serve --workers 2`; answers its address once both workers are ready."""
    url = make_url(PG_URL)
    database = f"{url.database}_workers_{uuid.uuid4().hex[:8]}"
    host = ["-h", url.host or "127.0.0.1", "-p", str(url.port or 5432), "-U", url.username or "postgres"]
    subprocess.run(["createdb", *host, database], check=True, capture_output=True, timeout=60)
    port = free_port()
    env = {**os.environ, "PLANTDESK_DATABASE_URL": url.set(database=database).render_as_string(False),
           "PLANTDESK_REDIS_URL": REDIS_URL, "PLANTDESK_JOBS": "queue", "PLANTDESK_DEMO": "0",
           "PLANTDESK_DATA_DIR": str(tmp_path_factory.mktemp("workers")),
           "PLANTDESK_JWT_SECRET": "workers-" + uuid.uuid4().hex}
    server = subprocess.Popen([sys.executable, "-m", "plantdesk", "serve", "--workers", "2", "--port", str(port)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    address = f"http://127.0.0.1:{port}"
    try:
        async with asyncio.timeout(300):
            while True:
                assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
                with contextlib.suppress(httpx.HTTPError):
                    async with httpx.AsyncClient(base_url=address) as http:
                        if (await http.get("/readyz")).status_code == 200:
                            break
                await asyncio.sleep(1)
        yield address
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        subprocess.run(["dropdb", *host, "--if-exists", "--force", database], capture_output=True, timeout=60)


@pytest.fixture(scope="module")
async def admin(base) -> AsyncIterator[Api]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        yield await login(http, "admin", "admin", "000000")


@contextlib.asynccontextmanager
async def on_worker(base: str, admin: Api, *,
                    not_pid: int | None = None) -> AsyncIterator[tuple[httpx.AsyncClient, int]]:
    """A client whose one connection is held by one worker (not `not_pid`'s); with its pid."""
    for _ in range(60):
        http = httpx.AsyncClient(base_url=base, timeout=30, limits=httpx.Limits(max_connections=1))
        state = (await http.get(STATE, headers=admin.headers)).json()["data"]
        if state["process"]["pid"] != not_pid:
            try:
                yield http, state["process"]["pid"]
            finally:
                await http.aclose()
            return
        await http.aclose()
    pytest.fail("every connection went to one worker")


@contextlib.asynccontextmanager
async def two_workers(base: str, admin: Api):
    async with on_worker(base, admin) as (one, pid), on_worker(base, admin, not_pid=pid) as (other, _):
        yield one, other


def as_(api: Api, http: httpx.AsyncClient) -> Api:
    return Api(http, api.tokens)


async def test_a_session_holds_on_both_workers_and_its_revocation_too(base, admin):
    async with two_workers(base, admin) as (one, other):
        user = await login(one, "zhangwei", "123456", DEMO)
        for http in (one, other):
            assert (await as_(user, http).get("/api/blade-user/info")).status_code == 200
        sessions = await as_(admin, other).data("GET", "/api/blade-auth/session/list", tenantId=DEMO, size=100)
        mine = [s["id"] for s in sessions["records"] if s["account"] == "zhangwei"]
        assert await as_(admin, other).data("POST", "/api/blade-auth/session/kick", ids=",".join(mine)) == len(mine)
        for http in (one, other):
            assert (await as_(user, http).get("/api/blade-user/info")).status_code == 401


async def test_a_cached_dictionary_changed_on_one_worker_is_read_changed_on_the_other(base, admin):
    code = f"w{uuid.uuid4().hex[:8]}"
    async with two_workers(base, admin) as (one, other):
        writer, reader = as_(admin, one), as_(admin, other)
        parent = await writer.data("POST", "/api/blade-system/dict/submit",
                                   {"code": code, "dictValue": "两进程", "sort": 1, "isSealed": 0})
        assert await reader.data("GET", "/api/blade-system/dict/dictionary", code=code) == []  # now cached
        await writer.data("POST", "/api/blade-system/dict/submit", {
            "parentId": parent["id"], "code": code, "dictKey": "1", "dictValue": "甲", "sort": 1, "isSealed": 0})
        assert [item["dictValue"] for item in
                await reader.data("GET", "/api/blade-system/dict/dictionary", code=code)] == ["甲"]


async def test_failed_logins_on_both_workers_lock_the_account(base, admin):
    account = f"nobody{uuid.uuid4().hex[:8]}"
    async with two_workers(base, admin) as (one, other):
        for attempt in range(5):  # account.failCount: 5, alternating workers
            answer = await token(one if attempt % 2 else other, account, "wrong", DEMO)
            assert answer.status_code == 400 and "登录错误次数过多" not in answer.text
        for http in (one, other):
            assert "登录错误次数过多,请稍后再试" in (await token(http, account, "wrong", DEMO)).text


async def test_an_event_written_on_one_worker_reaches_a_stream_held_by_the_other(base, admin):
    async with two_workers(base, admin) as (one, other):
        user = await login(one, "zhangwei", "123456", DEMO)
        writer = await login(other, "admin", "admin", DEMO)
        async with one.stream("GET", "/api/blade-desk/live", params={"topic": BELL_TOPIC},
                              headers=user.headers) as stream:
            assert stream.status_code == 200
            lines = stream.aiter_lines()
            async with asyncio.timeout(20):
                while not (await anext(lines)).startswith("event: open"):
                    pass
                await writer.data("POST", "/api/blade-desk/notice/submit", {"title": "两个进程", "category": 1})
                while not (await anext(lines)).startswith(f"event: {BELL_TOPIC}"):
                    pass


async def test_a_value_written_on_one_worker_is_read_on_the_other_within_the_write_back(base, admin):
    devices = "/api/device-management"
    async with two_workers(base, admin) as (one, other):
        writer, reader = as_(admin, one), as_(admin, other)
        code = f"W-{uuid.uuid4().hex[:8]}"
        device = await writer.data("POST", f"{devices}/device/save", {"code": code, "name": "两进程"})
        await writer.data("POST", f"{devices}/datapoints/save", {"deviceId": device["id"], "code": "T", "name": "T"})
        ts = int(time.time() * 1000)
        answer = await writer.data("POST", f"{devices}/telemetry", {"deviceCode": code, "ts": ts, "values": {"T": 7}})
        assert answer["accepted"] == 1
        async with asyncio.timeout(5):  # the write-back runs once a second
            while True:
                read = await reader.data("GET", f"{devices}/datapoints-monitor/realtime", deviceId=device["id"])
                if [(p["ts"], p["value"]) for p in read] == [(ts, 7)]:
                    break
                await asyncio.sleep(0.2)


async def test_a_scrape_on_either_worker_sums_what_both_counted(base, admin):
    async with two_workers(base, admin) as (one, other):
        before = await _health_checks(one)
        for http, times in ((one, 3), (other, 2)):
            for _ in range(times):
                assert (await http.get("/healthz")).status_code == 200
        assert await _health_checks(one) == await _health_checks(other) == before + 5


async def _health_checks(http: httpx.AsyncClient) -> float:
    """`GET /healthz` answers counted, as a scrape of `http`'s worker reports them."""
    wanted, name = {'method="GET"', 'route="/healthz"', 'status="2xx"'}, "plantdesk_http_requests_total{"
    return sum(float(line.rsplit(" ", 1)[1]) for line in (await http.get("/metrics")).text.splitlines()
               if line.startswith(name) and wanted <= set(line[len(name):line.index("}")].split(",")))
