"""Issue 31: what an operator expects. The API docs and the console load nothing from another host (a plant network
has no internet), /healthz and /readyz answer probes, /metrics is Prometheus text for loopback and the allowed
only, and the logs can be JSON lines naming each request's id."""

import asyncio
import base64
import hashlib
import json
import logging
import re
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from plantdesk.app import create_app
from plantdesk.cli import _migrate
from plantdesk.config import Settings
from tests.conftest import DEMO_TENANT
from tests.core.test_cache import REDIS_URL
from tests.core.test_faults import client_of, free_port
from tests.device.monitor_helpers import API, make_device

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"""https?://[^\s"'<>)]+""")
LOCAL = re.compile(r"""(?:src|href)="(/[^"]+)\"""")
# What a browser would fetch from another host: a script, style, font or image address in the built console.
FOREIGN_ASSET = re.compile(
    r"""(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}/[^\s"'`)]*\.(?:m?js|css|woff2?|ttf|png|svg|jpe?g)\b""", re.IGNORECASE)


def foreign_urls(html: str, own_host: str) -> list[str]:
    return [url for url in URL.findall(html) if urlsplit(url).hostname != own_host]


def samples(text: str) -> dict[tuple[str, tuple], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


class TestApiDocs:
    async def test_the_docs_page_and_its_assets_come_from_this_server(self, client):
        response = await client.get("/api/docs")
        assert response.status_code == 200
        assert foreign_urls(response.text, "test") == []
        assets = LOCAL.findall(response.text)
        assert {"/api/docs/swagger-ui-bundle.js", "/api/docs/swagger-ui.css"} <= set(assets)
        for path in assets:
            asset = await client.get(path)
            assert asset.status_code == 200 and len(asset.content) > 0, path
        assert "SwaggerUIBundle" in (await client.get("/api/docs/swagger-ui-bundle.js")).text

    async def test_the_content_policy_allows_exactly_the_inline_initialiser(self, client):
        response = await client.get("/api/docs")
        policy = response.headers["content-security-policy"]
        (script,) = re.findall(r"<script>(.*?)</script>", response.text, re.DOTALL)
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"script-src 'self' 'sha256-{digest}';" in policy
        assert "unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
        assert "frame-ancestors 'none'" in policy

    def test_the_console_page_names_no_other_host(self):
        pages = [ROOT / "web" / "index.html", ROOT / "web" / "dist" / "index.html"]
        found = {str(page): foreign_urls(page.read_text(), "") for page in pages if page.exists()}
        assert found and all(urls == [] for urls in found.values()), found

    def test_the_built_console_fetches_no_asset_from_another_host(self):
        assets = ROOT / "web" / "dist" / "assets"
        if not assets.is_dir():
            return  # not built here: the e2e run builds it, and runs this test's twin in the browser's network
        found = {file.name: FOREIGN_ASSET.findall(file.read_text(errors="replace"))
                 for file in assets.iterdir() if file.suffix in (".js", ".css")}
        assert {name: urls for name, urls in found.items() if urls} == {}


class TestProbes:
    async def test_healthz_asks_nothing_of_the_database(self, settings):
        async with client_of(settings, database_url="sqlite+aiosqlite:////nonexistent-dir/plantdesk.db") as http:
            response = await http.get("/healthz")
        assert response.status_code == 200
        assert response.json() == {"status": "ok", "checks": {"process": "ok"}}

    async def test_readyz_is_ok_on_a_migrated_database(self, settings, tmp_path):
        await asyncio.to_thread(_migrate, Settings(data_dir=tmp_path, database_url=""))
        async with client_of(settings, data_dir=tmp_path, database_url="") as http:
            response = await http.get("/readyz")
        assert response.status_code == 200
        assert response.json() == {"status": "ok", "checks": {"database": "ok", "migrations": "ok", "jobs": "ok"}}
        async with client_of(settings, data_dir=tmp_path, database_url="", redis_url=REDIS_URL) as http:
            response = await http.get("/readyz")
        assert response.status_code == 200 and response.json()["checks"]["redis"] == "ok"

    async def test_readyz_names_a_database_it_cannot_reach(self, settings):
        refused = f"postgresql+asyncpg://postgres@127.0.0.1:{free_port()}/plantdesk"
        for url in ("sqlite+aiosqlite:////nonexistent-dir/plantdesk.db", refused):
            async with client_of(settings, database_url=url) as http:
                response = await http.get("/readyz")
            assert response.status_code == 503, url
            body = response.json()
            assert body["status"] == "fail" and body["checks"]["database"].startswith("fail"), body

    async def test_readyz_names_a_schema_behind_the_newest_migration(self, client):
        # The shared test database is built from the models, never migrated: no Alembic revision at all.
        response = await client.get("/readyz")
        body = response.json()
        assert response.status_code == 503
        assert body["checks"]["database"] == "ok" and body["checks"]["migrations"].startswith("fail"), body

    async def test_readyz_names_a_redis_that_does_not_answer(self, settings, tmp_path):
        await asyncio.to_thread(_migrate, Settings(data_dir=tmp_path, database_url=""))
        async with client_of(settings, data_dir=tmp_path, database_url="",
                             redis_url=f"redis://127.0.0.1:{free_port()}/12") as http:
            response = await http.get("/readyz")
        assert response.status_code == 503
        assert response.json()["checks"]["redis"].startswith("fail")


class TestMetrics:
    async def test_a_request_counts_under_its_route_template(self, client, admin):
        before = samples((await client.get("/metrics")).text)
        path = "/api/blade-system/dict/list"
        await admin.http.get(path, headers=admin.headers)
        await client.get("/api/openapi.json")
        await client.get("/api/blade-system/no-such-route/12345")
        after = samples((await client.get("/metrics")).text)
        for route in (path, "/api/openapi.json"):
            key = ("plantdesk_http_requests_total", (("method", "GET"), ("route", route), ("status", "2xx")))
            assert after[key] == before.get(key, 0) + 1
        assert not any("12345" in dict(labels).get("route", "") for _, labels in after)
        assert after[("plantdesk_db_pool_size", ())] > 0
        for gauge in ("plantdesk_db_pool_checked_out", "plantdesk_jobs_waiting", "plantdesk_live_streams"):
            assert after[(gauge, ())] >= 0

    async def test_ingested_values_are_counted_accepted_and_rejected(self, app, client, demo_admin, unique):
        await make_device(app, DEMO_TENANT, f"M-{unique}", [{"code": "TEMP"}])
        before = samples((await client.get("/metrics")).text)
        await demo_admin.data("POST", f"{API}/telemetry", {"deviceCode": f"M-{unique}", "values": {
            "TEMP": 1.5, "NOPE": 2}})
        after = samples((await client.get("/metrics")).text)
        for outcome in ("accepted", "rejected"):
            key = ("plantdesk_ingest_values_total", (("outcome", outcome),))
            # at least: the counter is the process's, and a collector an earlier test left running counts too
            assert after.get(key, 0) >= before.get(key, 0) + 1

    async def test_jobs_run_and_failed_are_counted_per_job(self, app, client):
        from plantdesk.core import jobs

        async def broken(session):
            raise RuntimeError("boom")

        async def fine(session):
            return None

        engine = jobs.Jobs(app.state.runtime.unit_of_work_in, mode="embedded", database_url="sqlite://")
        engine.jobs = {"ops.broken": jobs.Job("ops.broken", broken, jobs.PLATFORM),
                       "ops.fine": jobs.Job("ops.fine", fine, jobs.PLATFORM)}
        before = samples((await client.get("/metrics")).text)
        await engine.run("ops.fine")
        with pytest.raises(RuntimeError):
            await engine.run("ops.broken")
        after = samples((await client.get("/metrics")).text)
        for job, outcome in (("ops.fine", "succeeded"), ("ops.broken", "failed")):
            key = ("plantdesk_jobs_run_total", (("job", job), ("outcome", outcome)))
            assert after[key] == before.get(key, 0) + 1

    async def test_alarm_evaluation_lag_is_a_histogram(self, client):
        from plantdesk.core import metrics

        before = samples((await client.get("/metrics")).text)
        metrics.alarm_lag(3.0)
        after = samples((await client.get("/metrics")).text)
        count = ("plantdesk_alarm_evaluation_lag_seconds_count", ())
        assert after[count] == before.get(count, 0) + 1
        le5 = ("plantdesk_alarm_evaluation_lag_seconds_bucket", (("le", "5.0"),))
        assert after[le5] == before.get(le5, 0) + 1

    async def test_only_loopback_and_the_allowed_may_read_them(self, app, settings):
        async def status(application, client_host: str, headers: dict[str, str] | None = None) -> int:
            transport = httpx.ASGITransport(app=application, client=(client_host, 40000))
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
                return (await http.get("/metrics", headers=headers)).status_code

        assert await status(app, "127.0.0.1") == 200
        assert await status(app, "::1") == 200
        assert await status(app, "203.0.113.9") == 404
        # A reverse proxy on this host: the peer is loopback, the caller anyone.
        assert await status(app, "127.0.0.1", {"X-Forwarded-For": "198.51.100.1"}) == 404
        assert await status(app, "127.0.0.1", {"Forwarded": "for=198.51.100.1"}) == 404
        # The access check needs no runtime: an app that is not started answers it.
        allowing = create_app(Settings(**{**settings.model_dump(), "metrics_allow": "10.0.5.7, 203.0.113.0/24"}))
        assert await status(allowing, "203.0.113.9") == 200
        assert await status(allowing, "10.0.5.7") == 200
        assert await status(allowing, "198.51.100.1") == 404


class TestLogs:
    async def test_each_answer_names_its_request_id_and_keeps_a_plausible_given_one(self, client):
        fresh = (await client.get("/healthz")).headers["x-request-id"]
        assert re.fullmatch(r"[0-9a-f]{32}", fresh)
        assert (await client.get("/healthz", headers={"X-Request-Id": "lb-7f3a.1"})).headers["x-request-id"] == \
            "lb-7f3a.1"
        forged = (await client.get("/healthz", headers={"X-Request-Id": "a b\"{}"})).headers["x-request-id"]
        assert re.fullmatch(r"[0-9a-f]{32}", forged)

    async def test_json_lines_carry_the_request_id(self, app):
        from plantdesk.core import logs

        formatter = logs.JsonFormatter()
        lines: list[str] = []

        class Keep(logging.Handler):
            def emit(self, record):
                lines.append(formatter.format(record))

        probe = logging.getLogger("plantdesk.test.probe")
        handler = Keep()
        probe.addHandler(handler)

        async def endpoint(scope, receive, send):
            probe.warning("inside %s", "the request")
            await send({"type": "http.response.start", "status": 204, "headers": []})
            await send({"type": "http.response.body", "body": b""})

        try:
            transport = httpx.ASGITransport(app=logs.RequestIds(endpoint))
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
                await http.get("/", headers={"X-Request-Id": "req-42"})
            probe.warning("outside")
        finally:
            probe.removeHandler(handler)
        inside, outside = (json.loads(line) for line in lines)
        assert inside["request_id"] == "req-42" and inside["message"] == "inside the request"
        assert inside["level"] == "warning" and inside["logger"] == "plantdesk.test.probe"
        assert "request_id" not in outside
