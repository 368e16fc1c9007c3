"""Test helpers: an API client bound to one logged-in identity."""

import asyncio
import base64
import faulthandler
import hashlib
import signal
import socket
import subprocess
import sys
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass

import httpx

from plantdesk.core import tenancy

CLIENT = "Basic " + base64.b64encode(b"plantdesk:plantdesk_secret").decode()


@asynccontextmanager
async def platform_session(sessions):
    """A session under the platform scope: how tests make and inspect rows of any tenant (an unbound one sees none)."""
    async with sessions() as db:
        tenancy.bind(db, tenancy.PLATFORM)
        yield db


def md5(plain: str) -> str:
    return hashlib.md5(plain.encode()).hexdigest()


async def token(client: httpx.AsyncClient, account: str, password: str, tenant: str, **extra) -> httpx.Response:
    params = {"tenantId": tenant, "username": account, "password": md5(password), "grant_type": "password",
              "scope": "all", "type": "account", **extra}
    return await client.post("/api/blade-auth/oauth/token", params=params,
                             headers={"Authorization": CLIENT, "Tenant-Id": tenant})


@dataclass
class Api:
    http: httpx.AsyncClient
    tokens: dict

    @property
    def headers(self) -> dict:
        return {"Authorization": CLIENT, "Blade-Auth": f"bearer {self.tokens['access_token']}",
                "Tenant-Id": self.tokens["tenant_id"]}

    @property
    def tenant_id(self) -> str:
        return self.tokens["tenant_id"]

    @property
    def user_id(self) -> str:
        return self.tokens["user_id"]

    async def get(self, path: str, **params) -> httpx.Response:
        return await self.http.get(path, params=params, headers=self.headers)

    async def post(self, path: str, json=None, **params) -> httpx.Response:
        return await self.http.post(path, params=params, json=json, headers=self.headers)

    async def data(self, method: str, path: str, json=None, **params):
        """Call and assert a successful envelope; return its data."""
        response = await (self.get(path, **params) if method == "GET" else self.post(path, json, **params))
        body = response.json()
        assert response.status_code == 200 and body["success"], (path, response.status_code, body)
        return body["data"]


async def login(client: httpx.AsyncClient, account: str, password: str, tenant: str) -> Api:
    response = await token(client, account, password, tenant)
    assert response.status_code == 200, response.text
    return Api(client, response.json())


class RedisServer:
    """A throwaway redis-server on a free loopback port, to take down and bring back empty (fault tests)."""

    def __init__(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._process: subprocess.Popen | None = None

    def start(self) -> None:
        self._process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 5
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.02)

    def pause(self) -> None:
        """The server stops answering but keeps its data (SIGSTOP): calls time out instead of being refused."""
        self._process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self._process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None


def rebinding_dns(monkeypatch, name: str, answers: list[str]) -> dict:
    """`name` resolves to `answers` in turn (the last one from then on), as a DNS rebinding attacker's would;
    other names resolve as usual. The returned state counts the name's lookups and its answers may be replaced."""
    real = socket.getaddrinfo
    state = {"answers": answers, "lookups": 0}

    def getaddrinfo(host, port, *args, **kwargs):
        if host != name:
            return real(host, port, *args, **kwargs)
        address = state["answers"][min(state["lookups"], len(state["answers"]) - 1)]
        state["lookups"] += 1
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return state


STALLED_SECONDS = 45


@asynccontextmanager
async def served(application):
    """The app's lifespan (start-up jobs, watchers, the audit writer) with room for a loaded machine: the two
    databases' suites run side by side, and a start seeds and sweeps before it answers.

    A shutdown still running after STALLED_SECONDS prints where every task and thread waits, before the timeout
    cancels them: a shutdown that timed out once in CI (after a Redis restart) left no trace of what it waited on."""
    from asgi_lifespan import LifespanManager

    stalled = None
    try:
        async with LifespanManager(application, startup_timeout=60, shutdown_timeout=60):
            yield
            stalled = asyncio.get_running_loop().call_later(STALLED_SECONDS, print_waiting)
    finally:
        if stalled is not None:
            stalled.cancel()


def print_waiting() -> None:
    print("--- the app's shutdown is still running; where each task and thread waits:", file=sys.stderr)
    for task in asyncio.all_tasks():
        print(f"task {task.get_name()}:", file=sys.stderr)
        for frame in awaited_frames(task.get_coro()):
            print(f"  {frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}", file=sys.stderr)
    sys.stderr.flush()
    faulthandler.dump_traceback(file=sys.__stderr__, all_threads=True)  # to the descriptor pytest captures


def awaited_frames(awaitable):
    """The frames of a coroutine and of everything it awaits in turn (a task's own stack shows the first only)."""
    while awaitable is not None:
        frame = getattr(awaitable, "cr_frame", None) or getattr(awaitable, "ag_frame", None)
        if frame is not None:
            yield frame
        awaitable = getattr(awaitable, "cr_await", None) or getattr(awaitable, "ag_await", None)
