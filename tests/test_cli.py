"""The operator commands work on a fresh data dir (SQLite)."""

import asyncio
import json
import socket
from contextlib import asynccontextmanager

import httpx
import pytest
import uvicorn
from typer.testing import CliRunner

from plantdesk.cli import app, server_options
from plantdesk.config import Settings


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.setenv("PLANTDESK_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PLANTDESK_DATABASE_URL", raising=False)
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(app, list(args))

    return invoke


class TestCli:
    def test_migrate_seed_and_operator_commands(self, run):
        migrated = run("migrate").output.splitlines()
        assert migrated[-1] == "migrated"
        assert [line.split(":")[0] for line in migrated[:-1]] == [
            "seed sync clients", "seed sync menus", "seed sync data scopes", "seed sync dicts", "seed sync params",
            "seed sync business dicts"]
        assert run("seed").output.strip() == "seeded"
        assert "already seeded" in run("seed").output
        created = run("create-tenant", "测试工厂", "--tenant-id", "222333")
        assert created.exit_code == 0 and "222333" in created.output
        assert run("create-tenant", "again", "--tenant-id", "222333").exit_code != 0
        assert "reset" in run("reset-password", "zhangwei", "--tenant", "356782").output
        assert run("reset-password", "nobody", "--tenant", "356782").exit_code != 0
        assert "0 session(s)" in run("kick", "admin").output

    def test_bladex_export_and_import(self, run, tmp_path):
        """An export is an import source: the demo tenant comes back as it is (every row kept)."""
        assert run("migrate").exit_code == 0 and run("seed").exit_code == 0
        out = tmp_path / "bladex.json"
        exported = run("bladex-export", str(out), "--tenant", "356782")
        assert exported.exit_code == 0 and "blade_user" in exported.output
        tables = json.loads(out.read_text(encoding="utf-8"))
        assert {row["tenant_id"] for row in tables["blade_user"]} == {"356782"} and tables["blade_menu"]
        imported = run("bladex-import", str(out)).output.splitlines()
        assert all(" 0 added" in line for line in imported) and len(imported) == 10
        assert run("bladex-import", "oracle://x@y/z").exit_code != 0

    def test_serve_prepares_apart_and_plans_the_simulator(self, run):
        """`serve`'s preparing process migrates, seeds and writes the simulator's plan: a token for every demo
        device, the devices its protocol servers serve, the MES database it writes to."""
        from plantdesk.demo.data import collect, plant

        result = run("prepare", "--simulate")
        assert result.exit_code == 0, result.output
        plan = json.loads(result.stdout)  # the whole of stdout: what the sync says goes to stderr
        assert set(plan["tokens"]) == {device[0] for device in plant.DEVICES}
        assert set(plan["feeds"]["modbus"]) == {"K101"} and set(plan["feeds"]["opcua"]) == {"E101"}
        assert plan["feeds"]["mqtt"] == ["TK201", "TK202", "TK203"]
        assert plan["feeds"]["configs"]["modbus"]["port"] == collect.MODBUS_PORT
        assert plan["mes"].startswith(("sqlite+aiosqlite:///", "mysql+asyncmy://"))
        assert "already seeded" in run("seed").output

    def test_several_workers_need_redis(self, run, monkeypatch):
        monkeypatch.delenv("PLANTDESK_REDIS_URL", raising=False)
        result = run("serve", "--workers", "2", "--no-migrate")
        assert result.exit_code != 0 and "PLANTDESK_REDIS_URL" in result.output

    def test_several_workers_need_the_queue_mode(self, run, monkeypatch):
        monkeypatch.setenv("PLANTDESK_REDIS_URL", "redis://127.0.0.1:6379/15")
        monkeypatch.delenv("PLANTDESK_JOBS", raising=False)
        result = run("serve", "--workers", "2", "--no-migrate")
        assert result.exit_code != 0 and "PLANTDESK_JOBS=queue" in result.output

    def test_worker_needs_the_queue_mode(self, run, monkeypatch):
        monkeypatch.delenv("PLANTDESK_JOBS", raising=False)
        result = run("worker")
        assert result.exit_code != 0 and "PLANTDESK_JOBS=queue" in result.output

class TestServe:
    """The options `serve` gives uvicorn, on a real uvicorn server answering with the client address it saw."""

    @staticmethod
    @asynccontextmanager
    async def serving(settings: Settings):
        async def echo(scope, receive, send):
            if scope["type"] != "http":
                return
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": scope["client"][0].encode()})

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(echo, host="127.0.0.1", port=port, lifespan="off", log_level="error",
                                               **server_options(settings)))
        task = asyncio.create_task(server.serve())
        try:
            while not server.started:
                await asyncio.sleep(0.01)
            yield f"http://127.0.0.1:{port}/"
        finally:
            server.should_exit = True
            await task

    async def seen(self, settings: Settings) -> httpx.Response:
        async with self.serving(settings) as url, httpx.AsyncClient() as client:
            return await client.get(url, headers={"X-Forwarded-For": "203.0.113.7"})

    async def test_an_idle_connection_outlives_a_clients_pool(self):
        """The client's pool (httpx: 5 s) lets an idle connection go before the server does: the request sent on it
        after 5.5 s is answered, where uvicorn's default (5 s) had closed it under the client."""
        async with self.serving(Settings()) as url, httpx.AsyncClient(
                limits=httpx.Limits(keepalive_expiry=60)) as client:
            first = await client.get(url)
            await asyncio.sleep(5.5)
            second = await client.get(url)
        assert first.status_code == second.status_code == 200
        assert first.extensions["network_stream"] is second.extensions["network_stream"]

    async def test_no_server_header_and_no_forwarded_address_by_default(self):
        response = await self.seen(Settings(forwarded_allow_ips=""))
        assert "server" not in response.headers and response.text == "127.0.0.1"

    async def test_a_configured_proxy_is_believed(self):
        assert (await self.seen(Settings(forwarded_allow_ips="127.0.0.1"))).text == "203.0.113.7"
