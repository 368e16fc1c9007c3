"""The demo (plantdesk.demo): what its tenant alone may reach on loopback while it runs, and what the simulator
process loads."""

import logging
import shutil
import socket
import subprocess
import sys

import orjson
import pytest
from pydantic import ValidationError

from plantdesk.cli import with_demo
from plantdesk.config import Settings
from plantdesk.core import outbound
from plantdesk.demo import TENANT, allow
from plantdesk.demo.data import collect, flow
from tests.device.collect_servers import ModbusSim

REFUSED = "不允许连接本机、内网或保留地址: 127.0.0.1"
MES = ("127.0.0.1", 3306)


@pytest.fixture
def demo_running(app, monkeypatch):
    """The app's outbound settings as `serve --simulate` gives them (cli.with_demo)."""
    monkeypatch.setenv("PLANTDESK_DEMO", "1")
    monkeypatch.setenv("PLANTDESK_OUTBOUND_GRANTS", "")
    monkeypatch.delenv("PLANTDESK_OUTBOUND_ALLOW", raising=False)
    demo = with_demo(Settings())
    for name in ("outbound_allow", "outbound_grants"):
        monkeypatch.setattr(app.state.runtime.settings, name, getattr(demo, name))


class TestGrants:
    def test_a_grant_holds_for_its_tenant_and_kind_only(self):
        policy = outbound.Policy.parse("", f"{TENANT}/modbus=127.0.0.1:15020")
        assert policy.scoped(TENANT, "modbus").named("127.0.0.1", 15020)
        assert not policy.scoped(TENANT, "modbus").named("127.0.0.1", 15021)
        assert not policy.scoped("000000", "modbus").named("127.0.0.1", 15020)
        assert not policy.scoped(TENANT, "ai").named("127.0.0.1", 15020)
        assert not policy.named("127.0.0.1", 15020)  # unscoped: no grant

    @pytest.mark.parametrize("grant", ["127.0.0.1:15020", f"{TENANT}=127.0.0.1:15020", f"{TENANT}/modbus=host"])
    def test_a_malformed_grant_stops_the_start(self, grant):
        with pytest.raises(ValidationError, match="tenant/kind=host:port"):
            Settings(outbound_grants=grant)

    def test_the_demo_grants_its_tenant_its_collectors_its_mes_and_its_inspection(self):
        assert set(allow.grants()) == {
            f"{TENANT}/mqtt=127.0.0.1:1883", f"{TENANT}/modbus=127.0.0.1:{collect.MODBUS_PORT}",
            f"{TENANT}/opcua=127.0.0.1:{collect.OPCUA_PORT}", f"{TENANT}/mysql=127.0.0.1:3306",
            f"{TENANT}/flow=127.0.0.1:{flow.DEMO_ENDPOINT_PORT}"}

    def test_a_worker_beside_the_demo_gets_the_same_grants(self, monkeypatch):
        """`worker` (PLANTDESK_JOBS=queue) runs the collectors; with PLANTDESK_DEMO=1 they may read the demo's
        servers as serve's would, without it they may not."""
        monkeypatch.setenv("PLANTDESK_OUTBOUND_GRANTS", "")
        monkeypatch.delenv("PLANTDESK_DEMO", raising=False)
        without = with_demo(Settings()).outbound_policy
        assert not without.scoped(TENANT, "modbus").named("127.0.0.1", collect.MODBUS_PORT)
        monkeypatch.setenv("PLANTDESK_DEMO", "1")
        policy = with_demo(Settings()).outbound_policy
        assert policy.scoped(TENANT, "modbus").named("127.0.0.1", collect.MODBUS_PORT)
        assert not policy.scoped("000000", "modbus").named("127.0.0.1", collect.MODBUS_PORT)


class TestWhileTheDemoRuns:
    async def test_another_tenants_ai_provider_is_refused_the_demos_port(self, admin, demo_running):
        response = await admin.post("/api/ai/provider/submit", {
            "baseUrl": f"http://127.0.0.1:{collect.MODBUS_PORT}/v1", "model": "m", "enabled": 0})
        assert response.json()["msg"].startswith(REFUSED)

    async def test_the_demo_tenants_own_ai_provider_is_refused_its_collectors_port(self, demo_admin, demo_running):
        response = await demo_admin.post("/api/ai/provider/submit", {
            "baseUrl": f"http://127.0.0.1:{collect.MODBUS_PORT}/v1", "model": "m", "enabled": 0})
        assert response.json()["msg"].startswith(REFUSED)

    async def test_another_tenants_tracking_source_is_refused_the_demos_mes(self, admin, demo_running, unique):
        host, port = MES
        response = await admin.post("/api/alarm/sourcegroup/save", {
            "name": f"MES {unique}", "system": "MES", "dbType": "mysql", "host": host, "port": port,
            "database": "plantdesk_mes", "username": "plantdesk_reader", "password": "x"})
        assert response.json()["msg"].startswith(REFUSED)

    async def test_the_demo_tenants_collector_reaches_its_server_and_no_one_elses_does(
            self, app, admin, demo_admin, demo_running, monkeypatch):
        server = ModbusSim()
        server.set_holding(0, [321])
        await server.start()
        try:
            monkeypatch.setattr(collect, "MODBUS_PORT", server.port)
            monkeypatch.setattr(app.state.runtime.settings, "outbound_grants", ",".join(allow.grants()))
            config = orjson.dumps({"host": "127.0.0.1", "port": server.port, "unitId": 1}).decode()
            body = {"type": "modbus", "config": config}
            answer = await demo_admin.data("POST", "/api/device-management/data-point-source/test", body)
            assert answer["success"] and answer["message"].endswith("保持寄存器 40001 = 321")
            refused = await admin.post("/api/device-management/data-point-source/test", body)
            assert refused.json()["msg"].startswith(REFUSED)
        finally:
            await server.stop()


class TestSimulatorProcess:
    def test_the_simulator_loads_no_app_models_or_settings(self):
        """The demo's simulator process imports what it runs (its HTTP client, the MES writer; pymodbus and
        asyncua when it starts their servers), not the app, the areas' models or the settings: it stays small
        beside the server (bench/memory.py)."""
        loaded = subprocess.run([sys.executable, "-c", "import sys, plantdesk.demo.simulator; print(*sys.modules)"],
                                capture_output=True, text=True, check=True).stdout.split()
        heavy = {"fastapi", "starlette", "pydantic", "pydantic_settings", "typer", "asyncua", "pymodbus", "alembic",
                 "plantdesk.app", "plantdesk.config", "plantdesk.core", "plantdesk.modules"}
        assert sorted(heavy & set(loaded)) == []


class TestServers:
    async def test_a_taken_port_is_one_line_and_no_server(self, caplog):
        from plantdesk.demo import servers

        with socket.socket() as modbus, socket.socket() as opcua:
            for taken in (modbus, opcua):
                taken.bind(("127.0.0.1", 0))
                taken.listen()
            ports = modbus.getsockname()[1], opcua.getsockname()[1]
            point = servers.DemoPoint("K101", "LOAD", "40001", "float", 1.0, 0.0, ("holding", 0, "int16", "big", 1))
            demo = servers.Demo(servers.Feeds(
                modbus={"K101": [point]}, opcua={"E101": [servers.DemoPoint("E101", "T", "ns=2;s=T", "float", 1, 0)]},
                configs={"modbus": {"port": ports[0]}, "opcua": {"endpoint": f"opc.tcp://127.0.0.1:{ports[1]}/plantdesk"}}))
            await demo.start()
            await demo.stop()
        assert demo.modbus is None and demo.opcua is None
        said = [(r.getMessage(), r.exc_info) for r in caplog.records if r.levelno >= logging.WARNING]
        assert said == [(f"simulator: no Modbus server: 127.0.0.1:{ports[0]} is taken "
                         "(PLANTDESK_DEMO_MODBUS_PORT moves it before the first start)", None),
                        (f"simulator: no OPC UA server: 127.0.0.1:{ports[1]} is taken "
                         "(PLANTDESK_DEMO_OPCUA_PORT moves it before the first start)", None)]


@pytest.mark.skipif(shutil.which("mosquitto") is None, reason="mosquitto (a broker of the test's own) is missing")
async def test_the_simulators_mqtt_client_has_its_own_id_and_reconnects(tmp_path, caplog):
    """Issue 29: a fixed client id let two simulators push each other off the broker, and a dropped connection
    went silent for good. Each start has its own id; a lost connection is logged and retried with back-off."""
    import asyncio

    import aiomqtt

    from plantdesk.demo import servers
    from tests.device.collect_servers import PlainMosquitto

    assert servers.mqtt_client_id() != servers.mqtt_client_id()
    broker = PlainMosquitto(tmp_path)
    await broker.start()
    demo = servers.Demo(servers.Feeds(mqtt={"TK9"}, mqtt_address=(False, "127.0.0.1", broker.port)))
    caplog.set_level(logging.WARNING, logger="plantdesk.simulator")

    async def heard(ts: int) -> bool:
        async with aiomqtt.Client("127.0.0.1", broker.port) as listener:
            await listener.subscribe(f"plantdesk/{TENANT}/TK9/telemetry")
            for _ in range(60):
                await demo.feed({"TK9": {"LEVEL": 1.5}}, ts)
                try:
                    async with asyncio.timeout(0.5):
                        message = await anext(aiter(listener.messages))
                except TimeoutError:
                    continue
                return orjson.loads(message.payload)["ts"] == ts
        return False

    try:
        await demo.start()
        assert await heard(1)
        await broker.stop()  # the broker goes away: the next publish notices, logs it and backs off
        for _ in range(40):
            await demo.feed({"TK9": {"LEVEL": 1.5}}, 2)
            if demo.mqtt is None:
                break
            await asyncio.sleep(0.1)
        assert demo.mqtt is None
        assert any("MQTT connection lost" in r.getMessage() and "reconnecting in 1 s" in r.getMessage()
                   for r in caplog.records)
        await broker.start()
        await asyncio.sleep(1.1)  # the back-off
        assert await heard(3)
        assert any("publishing again TK9 to MQTT" in r.getMessage() for r in caplog.records)
    finally:
        await demo.stop()
        await broker.stop()
