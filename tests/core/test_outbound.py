"""core.outbound's httpx client connects to the address it checked, whatever the name resolves to afterwards.

A resolver that answers differently on each lookup (DNS rebinding) stands in for the DNS: the name
`rebind.test` first resolves to the loopback address a server listens on and the policy allows, then to one the
policy refuses (where nothing listens either). The connection resolves once, checks, and connects to that
address; the Host header and the TLS name stay the name's.
"""

import datetime
import socket
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from plantdesk.core import outbound
from plantdesk.core.errors import BusinessError
from tests.helpers import rebinding_dns

NAME = "rebind.test"
CHECKED, LATER = "127.0.0.1", "127.0.0.2"
POLICY = outbound.Policy.parse(CHECKED)  # 127.0.0.1 allowed; 127.0.0.2 is loopback like any other: refused


@pytest.fixture
def resolver(monkeypatch):
    return rebinding_dns(monkeypatch, NAME, [CHECKED, LATER])


@pytest.fixture
def server():
    """An HTTP server on 127.0.0.1 that answers 200 and keeps each request's Host header."""
    hosts: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            hosts.append(self.headers["Host"])
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

    httpd = ThreadingHTTPServer((CHECKED, 0), Handler)
    httpd.hosts = hosts
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


async def test_the_connection_goes_to_the_address_that_was_checked(resolver, server):
    port = server.server_address[1]
    async with outbound.http_client(POLICY) as http:
        response = await http.get(f"http://{NAME}:{port}/")
    assert response.status_code == 200 and response.text == "ok"
    assert server.hosts == [f"{NAME}:{port}"]
    assert resolver["lookups"] == 1  # nothing resolved the name again to connect (the next answer is 127.0.0.2)


async def test_a_name_rebound_to_a_refused_address_gets_no_connection(resolver, server):
    """Checked when saved (first answer), rebound before the call: the call's connection is refused."""
    port = server.server_address[1]
    await outbound.check(POLICY, f"http://{NAME}:{port}/", tenant="000000", kind="ai")
    async with outbound.http_client(POLICY) as http:
        with pytest.raises(outbound.OutboundRefused):
            await http.get(f"http://{NAME}:{port}/")
    assert server.hosts == [] and resolver["lookups"] == 2


async def test_every_new_connection_is_checked_again(resolver, server):
    resolver["answers"] = [CHECKED, CHECKED, LATER]
    port = server.server_address[1]
    for expected in (None, None, outbound.OutboundRefused):
        async with outbound.http_client(POLICY) as http:  # a new client: a new connection
            if expected is None:
                assert (await http.get(f"http://{NAME}:{port}/")).status_code == 200
            else:
                with pytest.raises(expected):
                    await http.get(f"http://{NAME}:{port}/")
    assert len(server.hosts) == 2


async def test_tls_names_the_host_not_the_address(resolver, tmp_path):
    """The TLS handshake to the pinned address still sends the name (SNI) and checks the certificate against it
    (a self-signed one is not trusted, so the request fails after the server saw the name)."""
    seen: list[str | None] = []
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*_self_signed(tmp_path))
    context.sni_callback = lambda _sock, name, _ctx: seen.append(name)
    listener = socket.create_server((CHECKED, 0))
    port = listener.getsockname()[1]

    def serve():
        conn, _ = listener.accept()
        try:
            with context.wrap_socket(conn, server_side=True):
                pass
        except (ssl.SSLError, OSError):
            pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        async with outbound.http_client(POLICY) as http:
            with pytest.raises(httpx.ConnectError):
                await http.get(f"https://{NAME}:{port}/")
    finally:
        thread.join(5)
        listener.close()
    assert seen == [NAME] and resolver["lookups"] == 1


def test_smtp_starttls_names_and_verifies_the_host_on_the_checked_address(resolver, tmp_path):
    """Issue 24 item 6: smtp_client connects to the address it checked; STARTTLS sends the name (SNI) and checks
    the certificate against it (a self-signed one is not trusted)."""
    seen: list[str | None] = []
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*_self_signed(tmp_path))
    context.sni_callback = lambda _sock, name, _ctx: seen.append(name)
    listener = socket.create_server((CHECKED, 0))
    port = listener.getsockname()[1]

    def serve():
        conn, _ = listener.accept()
        with conn, conn.makefile("rb") as lines:
            conn.sendall(b"220 smtp ESMTP\r\n")
            lines.readline()  # EHLO
            conn.sendall(b"250-smtp\r\n250 STARTTLS\r\n")
            lines.readline()  # STARTTLS
            conn.sendall(b"220 go ahead\r\n")
            try:
                with context.wrap_socket(conn, server_side=True):
                    pass
            except (ssl.SSLError, OSError):
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        with outbound.smtp_client(POLICY, NAME, port, 5) as smtp, pytest.raises(ssl.SSLCertVerificationError):
            smtp.starttls(context=ssl.create_default_context())
    finally:
        thread.join(5)
        listener.close()
    assert seen == [NAME] and resolver["lookups"] == 1


def test_smtp_to_a_name_rebound_to_a_refused_address_gets_no_connection(resolver):
    resolver["answers"] = [LATER]
    with pytest.raises(outbound.OutboundRefused):
        outbound.smtp_client(POLICY, NAME, 25, 5)


async def test_a_name_that_does_not_resolve_is_refused_when_checked():
    with pytest.raises(BusinessError, match="无法解析地址: nowhere.invalid"):
        await outbound.check(POLICY, "https://nowhere.invalid", tenant="356782", kind="oss")


def _self_signed(folder) -> tuple[str, str]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, NAME)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now)
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(NAME)]), critical=False)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return str(cert_file), str(key_file)
