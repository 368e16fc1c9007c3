"""GET /api/blade-desk/live: the console's stream. Who may open it, which topics each user is granted, and what
reaches it: a new notification in the bell of its user only, a value ingested for a point it shows."""

import asyncio
from contextlib import asynccontextmanager
from urllib.parse import urlencode

import orjson

from plantdesk.core import live
from plantdesk.modules.desk.service import BELL_TOPIC
from plantdesk.modules.device.monitor.push import TOPIC as REALTIME
from tests.device.monitor_helpers import API, make_device, now_ms
from tests.helpers import login

LIVE = "/api/blade-desk/live"


class Stream:
    """One open stream, read event by event (httpx's ASGI transport would wait for the whole body)."""

    def __init__(self):
        self.status: int | None = None
        self.ended = False  # the server sent the body's last part
        self.chunks: asyncio.Queue[bytes] = asyncio.Queue()
        self.buffer = b""

    async def event(self, timeout: float = 3.0) -> tuple[str, object] | None:
        """The next event (name, data), comments skipped; None when none comes within `timeout`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            while b"\n\n" in self.buffer:
                block, self.buffer = self.buffer.split(b"\n\n", 1)
                fields = dict(line.split(b": ", 1) for line in block.split(b"\n") if b": " in line
                              and not line.startswith(b":"))
                if b"event" in fields:
                    return fields[b"event"].decode(), orjson.loads(fields[b"data"])
            try:
                self.buffer += await asyncio.wait_for(self.chunks.get(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                return None

    async def events(self, name: str, timeout: float = 3.0) -> list:
        """The data of the next event called `name` (others skipped), or [] when none comes."""
        while (item := await self.event(timeout)) is not None:
            if item[0] == name:
                return item[1]
        return []


@asynccontextmanager
async def opened(app, headers: dict, *topics: str):
    stream = Stream()
    left = asyncio.Event()
    scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": LIVE, "raw_path": LIVE.encode(), "root_path": "",
             "query_string": urlencode([("topic", t) for t in topics]).encode(), "client": ("127.0.0.1", 50000),
             "server": ("test", 80), "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()]}

    async def receive():
        await left.wait()
        return {"type": "http.disconnect"}

    async def send(message):
        if message["type"] == "http.response.start":
            stream.status = message["status"]
        elif message["type"] == "http.response.body":
            stream.chunks.put_nowait(message.get("body", b""))
            stream.ended = not message.get("more_body", False)

    task = asyncio.create_task(app(scope, receive, send))
    try:
        yield stream
    finally:
        left.set()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def test_anonymous_is_refused(app):
    async with opened(app, {}, BELL_TOPIC) as stream:
        event = await stream.event(1)
        assert stream.status == 401 and event is None


async def test_an_unknown_topic_is_a_bad_request(app, demo_user):
    async with opened(app, demo_user.headers, "nonsense") as stream:
        await stream.event(1)
        assert stream.status == 400
        assert "未知的订阅主题" in stream.buffer.decode()


async def test_too_many_keys_are_a_bad_request(app, demo_admin):
    keys = ",".join(str(n) for n in range(1, 5_002))
    async with opened(app, demo_admin.headers, f"{REALTIME}:{keys}") as stream:
        await stream.event(1)
        assert stream.status == 400 and "订阅的键过多或过长" in stream.buffer.decode()


async def test_each_topic_is_granted_by_its_own_permission(app, demo_user, demo_admin):
    async with opened(app, demo_user.headers, BELL_TOPIC, "alarm", f"{REALTIME}:1") as stream:
        assert await stream.events("open") == {"topics": [BELL_TOPIC], "refused": ["alarm", REALTIME]}
        assert stream.status == 200
    async with opened(app, demo_admin.headers, BELL_TOPIC, "alarm", f"{REALTIME}:1") as stream:
        assert await stream.events("open") == {"topics": sorted([BELL_TOPIC, "alarm", REALTIME]), "refused": []}


async def test_a_new_notice_rings_the_bell_of_its_tenants_users_only(app, demo_admin, demo_user, admin, unique):
    async with opened(app, demo_user.headers, BELL_TOPIC) as mine, opened(app, admin.headers, BELL_TOPIC) as other:
        await mine.events("open")
        await other.events("open")
        await demo_admin.data("POST", "/api/blade-desk/notice/submit", {"title": f"live {unique}", "category": 1})
        assert await mine.events(BELL_TOPIC) == [{}]
        assert await other.events(BELL_TOPIC, timeout=0.5) == []


async def test_a_value_ingested_reaches_the_streams_showing_its_point(app, demo_admin, admin, unique):
    device = await make_device(app, "356782", f"L-{unique}", [{"code": "TEMP"}, {"code": "FLOW"}])
    temp, flow = (str(device["points"][c]) for c in ("TEMP", "FLOW"))
    async with opened(app, demo_admin.headers, f"{REALTIME}:{temp}") as showing, \
            opened(app, demo_admin.headers, f"{REALTIME}:{flow}") as elsewhere, \
            opened(app, admin.headers, f"{REALTIME}:{temp}") as other_tenant:
        for stream in (showing, elsewhere, other_tenant):
            await stream.events("open")
        ts = now_ms()
        await demo_admin.data("POST", f"{API}/telemetry", {"deviceCode": f"L-{unique}", "ts": ts,
                                                            "values": {"TEMP": 71.5}})
        [value] = await showing.events(REALTIME)
        assert value == {"pointId": temp, "value": 71.5, "textValue": None, "ts": ts, "time": value["time"],
                         "quality": 0} and value["time"]
        assert await elsewhere.events(REALTIME, timeout=0.3) == []
        assert await other_tenant.events(REALTIME, timeout=0.3) == []


async def test_a_stream_ends_when_its_session_is_revoked(app, client, monkeypatch):
    monkeypatch.setattr(live, "HEARTBEAT_SECONDS", 0.1)
    api = await login(client, "zhangwei", "123456", "356782")  # a session of its own: logging out revokes it
    async with opened(app, api.headers, BELL_TOPIC) as stream:
        await stream.events("open")
        assert await stream.event(0.3) is None and not stream.ended  # heartbeats only
        await api.get("/api/blade-auth/oauth/logout")
        for _ in range(40):
            if stream.ended:
                break
            await asyncio.sleep(0.05)
        assert stream.ended
