"""Object-storage endpoints may not reach the server's own network (issue 15 item 4), on loopback only.

The rule (core.outbound) holds when an endpoint is saved and again on every connection; an endpoint that is
allowed but does not answer is a business error, never a 500.
"""

import socket
import socketserver
import threading

import pytest

from plantdesk.core import outbound
from plantdesk.core.errors import BusinessError
from plantdesk.core.storage import S3Storage
from tests.helpers import login, rebinding_dns
from tests.resource.test_router import PNG, RES, oss_body, upload
from tests.user.factories import new_tenant, runtime

REFUSED = "不允许连接本机、内网或保留地址"
UNREACHABLE = "对象存储访问失败,请检查资源地址、空间名和密钥"


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def listener():
    """A loopback port that hangs up on every connection and counts them."""
    server = socketserver.TCPServer(("127.0.0.1", 0), socketserver.BaseRequestHandler)
    server.connections = 0

    def count(_request, _address):
        server.connections += 1

    server.finish_request = count
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def storage(port: int, host: str = "127.0.0.1", allow: str = "") -> S3Storage:
    return S3Storage(code="x", endpoint=f"http://{host}:{port}", access_key="a", secret_key="b", bucket="bucket",
                     policy=outbound.Policy.parse(allow))


class TestEndpoint:
    @pytest.mark.parametrize("url", ["http://a\x88b.example", "https://a..b", f"http://{'x' * 64}.example"])
    async def test_a_name_no_resolver_takes_is_a_format_error(self, url):
        with pytest.raises(BusinessError, match="资源地址格式错误"):
            await outbound.check(outbound.Policy.parse(""), url, tenant="000000", kind="oss")


class TestSubmit:
    @pytest.mark.parametrize("endpoint", ["http://127.0.0.1:6379", "localhost:9000", "http://169.254.169.254",
                                          "https://10.1.2.3", "http://[::1]:9000", "http://100.64.0.1",
                                          "http://0.0.0.0:9000", "http://[::ffff:127.0.0.1]"])
    async def test_internal_endpoints_are_refused(self, demo_admin, unique, endpoint):
        body = (await demo_admin.post(f"{RES}/oss/submit", oss_body(f"o{unique}", endpoint=endpoint))).json()
        assert body["code"] == 400 and body["msg"].startswith(REFUSED)

    async def test_the_platform_may_allow_one(self, app, monkeypatch, demo_admin, unique):
        monkeypatch.setattr(runtime(app).settings, "outbound_allow", "minio.lan, 127.0.0.1:9000")
        await demo_admin.data("POST", f"{RES}/oss/submit", oss_body(f"o{unique}", endpoint="http://127.0.0.1:9000"))
        refused = await demo_admin.post(f"{RES}/oss/submit", oss_body(f"p{unique}", endpoint="http://127.0.0.1:9001"))
        assert refused.json()["msg"].startswith(REFUSED)


    async def test_a_name_that_does_not_resolve_is_refused(self, demo_admin, unique):
        """Issue 24 item 6: what such a name resolves to when used was never checked."""
        body = (await demo_admin.post(f"{RES}/oss/submit", oss_body(f"o{unique}", endpoint="https://s3.nowhere.invalid"))
                ).json()
        assert body["code"] == 400 and body["msg"] == "无法解析地址: s3.nowhere.invalid"


class TestConnection:
    async def test_every_connection_is_checked(self, listener):
        """A name that resolves to loopback when used (as after DNS rebinding) never gets a connection."""
        with pytest.raises(outbound.OutboundRefused):
            await storage(listener.server_address[1], host="localhost").put("000000/20260101/a.png", PNG, "image/png")
        assert listener.connections == 0

    async def test_a_name_that_does_not_resolve_is_refused(self):
        with pytest.raises(BusinessError, match="无法解析地址: s3.nowhere.invalid"):
            await storage(9000, host="s3.nowhere.invalid").put("000000/20260101/a.png", PNG, "image/png")

    async def test_a_name_rebound_to_a_refused_address_gets_no_connection(self, listener, monkeypatch):
        port = listener.server_address[1]
        dns = rebinding_dns(monkeypatch, "s3.rebind.test", ["127.0.0.1", "127.0.0.2"])
        policy = outbound.Policy.parse("127.0.0.1")
        await outbound.check(policy, f"http://s3.rebind.test:{port}", tenant="356782", kind="oss")
        with pytest.raises(outbound.OutboundRefused):
            await storage(port, host="s3.rebind.test", allow="127.0.0.1").put("000000/20260101/a.png", PNG,
                                                                              "image/png")
        assert listener.connections == 0 and dns["lookups"] == 2

    async def test_an_allowed_endpoint_is_reached(self, listener):
        port = listener.server_address[1]
        with pytest.raises(BusinessError, match=UNREACHABLE):
            await storage(port, allow=f"127.0.0.1:{port}").put("000000/20260101/a.png", PNG, "image/png")
        assert listener.connections > 0


class TestUpload:
    async def test_a_refused_port_is_a_business_error(self, app, client, monkeypatch, unique):
        """Saved while allowed, then unreachable; then no longer allowed: refused when connecting."""
        tenant = await new_tenant(app, unique)
        api = await login(client, "admin", "admin", tenant)
        port = closed_port()
        monkeypatch.setattr(runtime(app).settings, "outbound_allow", "127.0.0.1")
        saved = await api.data("POST", f"{RES}/oss/submit", oss_body(f"o{unique}", endpoint=f"http://127.0.0.1:{port}"))
        await api.data("POST", f"{RES}/oss/enable", id=saved["id"])
        response = await upload(api, "a.png", PNG)
        assert response.status_code == 200 and response.json() == {
            "code": 400, "success": False, "data": None, "msg": UNREACHABLE}
        monkeypatch.setattr(runtime(app).settings, "outbound_allow", "")
        assert (await upload(api, "a.png", PNG)).json()["msg"].startswith(REFUSED)
