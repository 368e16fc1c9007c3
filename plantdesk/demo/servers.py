"""The demo plant's protocol servers (`serve --simulate`): a pymodbus server and an asyncua server on loopback,
and MQTT publishing on the machine's broker, serving whatever points the demo tenant's collected sources name
(demo.data.collect). Each second the simulator hands its plant values here for those devices instead of
posting them over HTTP; the collectors inside `serve` read them back like any plant's.

A server that cannot start (its port taken, no broker) is logged and left out: its devices then show offline,
which is what the source screen should say."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

import orjson
from asyncua import Server, ua
from pymodbus.client import AsyncModbusTcpClient
from pymodbus.datastore import ModbusDeviceContext, ModbusSequentialDataBlock, ModbusServerContext
from pymodbus.server import ModbusTcpServer
from sqlalchemy import select

from plantdesk.config import Settings
from plantdesk.core import tenancy
from plantdesk.core.errors import BadRequest
from plantdesk.demo import TENANT
from plantdesk.demo.data import collect
from plantdesk.modules.device.collect import modbus, specs
from plantdesk.modules.device.models import DataPoint, DataPointSource, Device

log = logging.getLogger("plantdesk.simulator")
REGISTERS = 10_000


@dataclass
class DemoPoint:
    device: str
    code: str
    address: str
    data_type: str
    scale: float
    offset: float


@dataclass
class Feeds:
    """Device code → how its values leave the simulator."""

    modbus: dict[str, list[DemoPoint]] = field(default_factory=dict)
    opcua: dict[str, list[DemoPoint]] = field(default_factory=dict)
    mqtt: set[str] = field(default_factory=set)
    configs: dict[str, dict] = field(default_factory=dict)  # kind → the source's settings

    @property
    def devices(self) -> set[str]:
        return set(self.modbus) | set(self.opcua) | self.mqtt


async def load(settings: Settings) -> Feeds:
    from plantdesk.seed.seeder import run_with_session

    async def work(db) -> Feeds:
        feeds = Feeds()
        with tenancy.tenant_scope(db, TENANT):
            rows = (await db.execute(select(DataPointSource.id, DataPointSource.type, DataPointSource.config)
                                     .where(DataPointSource.code.in_([s["code"] for s in collect.SOURCES])))).all()
            kinds = {sid: specs.KINDS.get(kind, "") for sid, kind, _ in rows}
            feeds.configs = {specs.KINDS.get(kind, ""): specs.settings(config) for _, kind, config in rows}
            stmt = (select(Device.code, DataPoint.code, DataPoint.address, DataPoint.data_type, DataPoint.scale,
                           DataPoint.offset, DataPoint.source_id)
                    .join(Device, Device.id == DataPoint.device_id).where(DataPoint.source_id.in_(list(kinds))))
            for device, code, address, data_type, scale, offset, source_id in (await db.execute(stmt)).all():
                point = DemoPoint(device, code, address or "", (data_type or "float").lower(), scale or 1.0,
                                  offset or 0.0)
                kind = kinds[source_id]
                if kind == specs.MQTT:
                    feeds.mqtt.add(device)
                elif kind == specs.MODBUS:
                    feeds.modbus.setdefault(device, []).append(point)
                elif kind == specs.OPCUA:
                    feeds.opcua.setdefault(device, []).append(point)
        return feeds

    return await run_with_session(settings, work)


class ModbusFeed:
    def __init__(self, port: int, points: list[DemoPoint]):
        self.port = port
        self.holding = ModbusSequentialDataBlock(0, [0] * REGISTERS)
        self.input = ModbusSequentialDataBlock(0, [0] * REGISTERS)
        self.coils = ModbusSequentialDataBlock(0, [False] * REGISTERS)
        self.discrete = ModbusSequentialDataBlock(0, [False] * REGISTERS)
        self.points: dict[tuple[str, str], tuple[DemoPoint, specs.Register]] = {}
        for point in points:
            with contextlib.suppress(BadRequest):
                self.points[(point.device, point.code)] = (point, specs.register(point.address))
        self.server = ModbusTcpServer(ModbusServerContext(devices={1: ModbusDeviceContext(
            hr=self.holding, ir=self.input, co=self.coils, di=self.discrete)}, single=False),
            address=("127.0.0.1", port))

    def set(self, device: str, code: str, value: Any) -> None:
        found = self.points.get((device, code))
        if found is None or not isinstance(value, int | float):
            return
        point, reg = found
        block = {"holding": self.holding, "input": self.input, "coil": self.coils, "discrete": self.discrete}[reg.kind]
        if reg.width == 1 and reg.kind in ("coil", "discrete"):
            block.setValues(reg.address + 1, [bool(value)])
            return
        raw = (float(value) - point.offset) / (point.scale or 1.0)
        number: int | float = raw if reg.data_type == "float32" else int(round(raw))
        words = AsyncModbusTcpClient.convert_to_registers(number, modbus.DATATYPES[reg.data_type],
                                                          word_order="little" if reg.word_order == "little" else "big")
        block.setValues(reg.address + 1, words)  # the device context adds one on reads


class OpcUaFeed:
    def __init__(self, endpoint: str, points: list[DemoPoint]):
        self.endpoint, self.points = endpoint, points
        self.server = Server()
        self.nodes: dict[tuple[str, str], Any] = {}

    async def start(self) -> None:
        await self.server.init()
        self.server.set_endpoint(self.endpoint)
        self.server.set_server_name("PlantDesk demo plant (OPC UA)")
        self.server.set_security_policy([ua.SecurityPolicyType.NoSecurity])
        ns = await self.server.register_namespace("urn:plantdesk:demo")
        folders: dict[str, Any] = {}
        for point in self.points:
            try:
                node_id = ua.NodeId.from_string(point.address)
            except Exception:
                continue
            if point.device not in folders:
                folders[point.device] = await self.server.nodes.objects.add_object(
                    ua.NodeId(ua.String(point.device), ua.Int16(ns)), point.device)
            initial: Any = False if point.data_type == "bool" else 0.0
            self.nodes[(point.device, point.code)] = await folders[point.device].add_variable(
                node_id, point.code, initial)
        await self.server.start()

    async def set(self, device: str, code: str, value: Any) -> None:
        node = self.nodes.get((device, code))
        if node is not None:
            await node.write_value(bool(value) if isinstance(value, bool) else float(value))


class Demo:
    """The three feeds, started together; `feed` sends one second of plant values."""

    def __init__(self, feeds: Feeds):
        self.feeds = feeds
        self.modbus: ModbusFeed | None = None
        self.opcua: OpcUaFeed | None = None
        self.mqtt: Any = None
        self._tasks: list[asyncio.Task] = []
        self._stack = contextlib.AsyncExitStack()

    async def start(self) -> None:
        feeds = self.feeds
        if feeds.modbus:
            port = int(feeds.configs.get(specs.MODBUS, {}).get("port") or 502)
            try:
                self.modbus = ModbusFeed(port, [p for points in feeds.modbus.values() for p in points])
                self._tasks.append(asyncio.create_task(self.modbus.server.serve_forever()))
                log.warning("simulator: Modbus TCP server on 127.0.0.1:%d for %s", port, ", ".join(feeds.modbus))
            except OSError as exc:
                log.warning("simulator: no Modbus server: %s", exc)
        if feeds.opcua:
            endpoint = str(feeds.configs.get(specs.OPCUA, {}).get("endpoint") or "")
            try:
                self.opcua = OpcUaFeed(endpoint, [p for points in feeds.opcua.values() for p in points])
                await self.opcua.start()
                log.warning("simulator: OPC UA server at %s for %s", endpoint, ", ".join(feeds.opcua))
            except (OSError, ValueError) as exc:
                self.opcua = None
                log.warning("simulator: no OPC UA server: %s", exc)
        if feeds.mqtt:
            await self._connect_mqtt()

    async def _connect_mqtt(self) -> None:
        import aiomqtt

        config = self.feeds.configs.get(specs.MQTT, {})
        _tls, host, port = specs.mqtt_address(config)
        try:
            self.mqtt = await self._stack.enter_async_context(aiomqtt.Client(host, port, timeout=5,
                                                                             identifier="plantdesk-demo-plant"))
            log.warning("simulator: publishing %s to MQTT %s:%d", ", ".join(sorted(self.feeds.mqtt)), host, port)
        except aiomqtt.MqttError as exc:
            self.mqtt = None
            log.warning("simulator: no MQTT broker at %s:%d: %s", host, port, exc)

    async def feed(self, values: dict[str, dict[str, Any]], ts: int) -> None:
        for device in self.feeds.modbus:
            for code, value in values.get(device, {}).items():
                if self.modbus is not None:
                    self.modbus.set(device, code, value)
        for device in self.feeds.opcua:
            for code, value in values.get(device, {}).items():
                if self.opcua is not None:
                    await self.opcua.set(device, code, value)
        if self.mqtt is not None:
            import aiomqtt

            try:
                for device in sorted(self.feeds.mqtt):
                    await self.mqtt.publish(f"plantdesk/{TENANT}/{device}/telemetry",
                                            orjson.dumps({"ts": ts, "values": values.get(device, {})}), qos=0)
            except aiomqtt.MqttError as exc:
                log.warning("simulator: MQTT publish failed: %s", exc)

    async def stop(self) -> None:
        if self.modbus is not None:
            await self.modbus.server.shutdown()
        if self.opcua is not None:
            await self.opcua.server.stop()
        for task in self._tasks:
            task.cancel()
        await self._stack.aclose()


async def serve_modbus(port: int, registers: dict[int, int]) -> None:
    """A bare Modbus TCP server (unit 1) with the given holding registers (Modicon numbers → int16), until
    killed: the browser tests' server (`python -m plantdesk.demo.servers PORT 40001=1234 …`)."""
    feed = ModbusFeed(port, [])
    for number, value in registers.items():
        feed.holding.setValues(number - 40000, [value & 0xFFFF])
    await feed.server.serve_forever()


if __name__ == "__main__":
    import sys

    asyncio.run(serve_modbus(int(sys.argv[1]), {int(k): int(v) for k, v in (a.split("=") for a in sys.argv[2:])}))
