"""The built console: hashed assets cached for a year and sent precompressed when the client takes it,
every other path answered with index.html."""

import gzip
import re
from pathlib import Path

import httpx
import pytest

from plantdesk.app import create_app
from plantdesk.config import Settings

SCRIPT = b"export const answer = 42;\n" * 100


@pytest.fixture
async def console(tmp_path):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>PlantDesk</title>")
    (dist / "assets" / "index-abc123.js").write_bytes(SCRIPT)
    (dist / "assets" / "index-abc123.js.gz").write_bytes(gzip.compress(SCRIPT))
    (dist / "assets" / "index-abc123.js.br").write_bytes(b"brotli bytes")
    app = create_app(Settings(data_dir=tmp_path, web_dist=dist, jwt_secret="web-test"))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
        yield client


@pytest.mark.parametrize(("accepted", "encoding", "body"), [
    ("gzip, deflate, br, zstd", "br", b"brotli bytes"),
    ("gzip", "gzip", gzip.compress(SCRIPT)),
    ("br;q=0.5, gzip", "br", b"brotli bytes"),
])
async def test_an_asset_goes_out_precompressed(console, accepted, encoding, body):
    response = await console.get("/assets/index-abc123.js", headers={"Accept-Encoding": accepted})
    assert response.headers["content-encoding"] == encoding
    assert response.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.headers["vary"] == "Accept-Encoding"
    assert response.headers["content-length"] == str(len(body))  # the stored file, not compressed again


async def test_an_asset_goes_out_as_it_is_to_a_client_without_compression(console):
    response = await console.get("/assets/index-abc123.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in response.headers
    assert response.content == SCRIPT


async def test_a_deep_link_gets_index_html_uncached(console):
    response = await console.get("/desk/notice", headers={"Accept-Encoding": "identity"})
    assert response.text.startswith("<!doctype html>") and response.headers["cache-control"] == "no-cache"


METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("path", ["/api/no-such/thing", "/api/blade-system/no-such", "/api", "/api/"])
async def test_an_unknown_api_path_is_404_in_the_envelope_for_every_method(console, method, path):
    response = await console.request(method, path)
    assert response.status_code == 404
    assert response.json() == {"code": 404, "success": False, "data": None, "msg": "404 没找到请求"}


async def test_an_unknown_api_path_is_404_for_head_too(console):
    assert (await console.head("/api/no-such/thing")).status_code == 404


async def test_a_known_api_path_with_another_method_is_still_405(console):
    response = await console.delete("/api/blade-system/param/sys/config")
    assert response.status_code == 405 and response.json()["msg"] == "不支持当前请求方法"


async def test_a_console_path_that_begins_with_api_is_still_the_console(console):
    response = await console.get("/apis/overview")
    assert response.text.startswith("<!doctype html>")

async def test_the_console_carries_security_headers(console):
    response = await console.get("/")
    policy = dict(part.strip().split(" ", 1) for part in response.headers["content-security-policy"].split(";"))
    assert policy["script-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'" and policy["default-src"] == "'self'"
    assert response.headers["x-frame-options"] == "DENY" and response.headers["referrer-policy"] == "same-origin"
    assert response.headers["x-content-type-options"] == "nosniff"


async def test_api_answers_carry_them_too(console):
    assert (await console.get("/api/nothing")).headers["x-frame-options"] == "DENY"


def test_the_console_page_has_no_inline_script():
    """script-src 'self' holds only while index.html loads every script from a file."""
    page = (Path(__file__).resolve().parent.parent / "web" / "index.html").read_text()
    scripts = re.findall(r"<script\b[^>]*>", page)
    assert scripts and all(" src=" in tag for tag in scripts)
