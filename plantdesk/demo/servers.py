"""The demo plant's protocol servers (`serve --simulate`): a pymodbus server and an asyncua server on loopback,
and MQTT publishing on the machine's broker, serving whatever points the demo tenant's collected sources name
(demo.data.collect). Each second the simulator hands its plant values here for those devices instead of
posting them over HTTP; the collectors inside `serve` read them back like any plant's.

A server that cannot start (its port taken, no broker) is logged in one line and left out: its devices then show
offline, which is what the source screen should say.

`load` reads the feeds in the server's process (the database, the collectors' address syntax); the simulator's
process gets them as plain data and imports pymodbus and asyncua only for a server it starts. The OPC UA server
reads the standard address space from a shelf file of the data dir (made once, by a short-lived process), not
from asyncua's generated code: about 50 MB less for the simulator."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import struct
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from plantdesk.demo import TENANT

if TYPE_CHECKING:
    from plantdesk.config import Settings

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
    register: tuple[str, int, str, str, int] | None = None  # Modbus: kind, address, data type, word order, width


@dataclass
class Feeds:
    """Device code → how its values leave the simulator."""

    modbus: dict[str, list[DemoPoint]] = field(default_factory=dict)
    opcua: dict[str, list[DemoPoint]] = field(default_factory=dict)
    mqtt: set[str] = field(default_factory=set)
    configs: dict[str, dict] = field(default_factory=dict)  # kind → the source's settings
    mqtt_address: tuple[bool, str, int] | None = None  # tls, host, port

    @property
    def devices(self) -> set[str]:
        return set(self.modbus) | set(self.opcua) | self.mqtt

    def plain(self) -> dict:
        return asdict(self) | {"mqtt": sorted(self.mqtt)}

    @classmethod
    def of(cls, plain: dict) -> Feeds:
        def points(devices: dict) -> dict[str, list[DemoPoint]]:
            return {device: [DemoPoint(**p | {"register": tuple(p["register"]) if p["register"] else None})
                             for p in found] for device, found in devices.items()}

        address = plain["mqtt_address"]
        return cls(points(plain["modbus"]), points(plain["opcua"]), set(plain["mqtt"]), plain["configs"],
                   tuple(address) if address else None)  # type: ignore[arg-type]


async def load(settings: Settings) -> Feeds:
    from sqlalchemy import select

    from plantdesk.core import tenancy
    from plantdesk.core.errors import BadRequest
    from plantdesk.demo.data import collect
    from plantdesk.modules.device.collect import specs
    from plantdesk.modules.device.models import DataPoint, DataPointSource, Device
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
                    with contextlib.suppress(BadRequest):  # an address the collector cannot read is not served
                        reg = specs.register(point.address)
                        point.register = (reg.kind, reg.address, reg.data_type, reg.word_order, reg.width)
                    feeds.modbus.setdefault(device, []).append(point)
                elif kind == specs.OPCUA:
                    feeds.opcua.setdefault(device, []).append(point)
            if specs.MQTT in feeds.configs:
                feeds.mqtt_address = specs.mqtt_address(feeds.configs[specs.MQTT])
        return feeds

    return await run_with_session(settings, work)


def _taken(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio's servers bind
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


class ModbusFeed:
    def __init__(self, port: int, points: list[DemoPoint]):
        from pymodbus.datastore import ModbusDeviceContext, ModbusSequentialDataBlock, ModbusServerContext
        from pymodbus.server import ModbusTcpServer

        self.port = port
        self.holding = ModbusSequentialDataBlock(0, [0] * REGISTERS)
        self.input = ModbusSequentialDataBlock(0, [0] * REGISTERS)
        self.coils = ModbusSequentialDataBlock(0, [False] * REGISTERS)
        self.discrete = ModbusSequentialDataBlock(0, [False] * REGISTERS)
        self.points = {(point.device, point.code): point for point in points if point.register}
        self.server = ModbusTcpServer(ModbusServerContext(devices={1: ModbusDeviceContext(
            hr=self.holding, ir=self.input, co=self.coils, di=self.discrete)}, single=False),
            address=("127.0.0.1", port))

    def set(self, device: str, code: str, value: Any) -> None:
        from plantdesk.modules.device.collect import modbus

        point = self.points.get((device, code))
        if point is None or point.register is None or not isinstance(value, int | float):
            return
        kind, address, data_type, word_order, width = point.register
        block = {"holding": self.holding, "input": self.input, "coil": self.coils, "discrete": self.discrete}[kind]
        if width == 1 and kind in ("coil", "discrete"):
            block.setValues(address + 1, [bool(value)])
            return
        raw = (float(value) - point.offset) / (point.scale or 1.0)
        number: int | float = raw if data_type.startswith("float") else int(round(raw))
        try:
            words = modbus.registers(number, data_type, word_order)
        except (struct.error, OverflowError):  # a value its register type cannot hold: the register keeps its last
            return
        block.setValues(address + 1, words)  # the device context adds one on reads


class OpcUaFeed:
    def __init__(self, endpoint: str, points: list[DemoPoint], shelf: Path | None = None):
        from asyncua import Server

        self.endpoint, self.points, self.shelf = endpoint, points, shelf
        self.server = Server()
        self.nodes: dict[tuple[str, str], Any] = {}

    async def start(self) -> None:
        from asyncua import ua

        shelf = self.shelf
        if shelf is not None and not shelf.exists():
            try:
                await asyncio.to_thread(make_shelf, shelf)
            except (OSError, subprocess.CalledProcessError) as exc:
                log.warning("simulator: no OPC UA address space shelf (%s); building it in memory", exc)
                shelf = None
        await self.server.init(shelf)
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

    def __init__(self, feeds: Feeds, shelf: Path | None = None):
        self.feeds, self.shelf = feeds, shelf
        self.modbus: ModbusFeed | None = None
        self.opcua: OpcUaFeed | None = None
        self.mqtt: Any = None
        self._mqtt_address: tuple[bool, str, int] | None = None
        self._mqtt_backoff, self._mqtt_retry_at = 0.0, 0.0
        self._stack = contextlib.AsyncExitStack()

    async def start(self) -> None:
        feeds = self.feeds
        if feeds.modbus:
            port = int(feeds.configs.get("modbus", {}).get("port") or 502)
            try:
                if _taken(port):
                    raise OSError(f"127.0.0.1:{port} is taken (PLANTDESK_DEMO_MODBUS_PORT moves it before the "
                                  "first start)")
                self.modbus = ModbusFeed(port, [p for points in feeds.modbus.values() for p in points])
                await self.modbus.server.serve_forever(background=True)
                log.info("simulator: Modbus TCP server on 127.0.0.1:%d for %s", port, ", ".join(feeds.modbus))
            except (OSError, RuntimeError) as exc:
                self.modbus = None
                log.warning("simulator: no Modbus server: %s", exc)
        if feeds.opcua:
            endpoint = str(feeds.configs.get("opcua", {}).get("endpoint") or "")
            try:
                listens = _port(endpoint)
                if listens is not None and _taken(listens):
                    raise OSError(f"127.0.0.1:{listens} is taken (PLANTDESK_DEMO_OPCUA_PORT moves it before the "
                                  "first start)")
                self.opcua = OpcUaFeed(endpoint, [p for points in feeds.opcua.values() for p in points], self.shelf)
                await self.opcua.start()
                log.info("simulator: OPC UA server at %s for %s", endpoint, ", ".join(feeds.opcua))
            except (OSError, ValueError) as exc:
                self.opcua = None
                log.warning("simulator: no OPC UA server: %s", exc)
        if feeds.mqtt and feeds.mqtt_address:
            await self._connect_mqtt(*feeds.mqtt_address)

    async def _connect_mqtt(self, _tls: bool, host: str, port: int) -> None:
        """Connect the publisher (a client id of its own: two simulators, or a restarted one whose old session
        the broker still holds, never push each other off); a failure is logged and retried by `feed` after the
        back-off."""
        import aiomqtt

        self._mqtt_address = (_tls, host, port)
        client = aiomqtt.Client(host, port, timeout=5, identifier=mqtt_client_id())
        try:
            await client.__aenter__()
        except aiomqtt.MqttError as exc:
            self.mqtt = None
            self._mqtt_backoff = min(MQTT_BACKOFF_MAX, self._mqtt_backoff * 2) if self._mqtt_backoff else 1.0
            self._mqtt_retry_at = time.monotonic() + self._mqtt_backoff
            log.warning("simulator: no MQTT broker at %s:%d: %s; trying again in %.0f s", host, port, exc,
                        self._mqtt_backoff)
            return
        self.mqtt = client
        again = self._mqtt_backoff > 0
        self._mqtt_backoff = 0.0
        # A first connection is routine (INFO); coming back after a loss is worth a warning.
        (log.warning if again else log.info)("simulator: %s %s to MQTT %s:%d as %s",
                                             "publishing again" if again else "publishing",
                    ", ".join(sorted(self.feeds.mqtt)), host, port, client.identifier)

    async def _drop_mqtt(self, reason: object) -> None:
        """The connection is gone: closed on our side, retried after the back-off."""
        import aiomqtt

        client, self.mqtt = self.mqtt, None
        if client is not None:
            with contextlib.suppress(aiomqtt.MqttError, OSError, RuntimeError):
                await client.__aexit__(None, None, None)
        self._mqtt_backoff = 1.0
        self._mqtt_retry_at = time.monotonic() + self._mqtt_backoff
        log.warning("simulator: MQTT connection lost: %s; reconnecting in %.0f s", reason, self._mqtt_backoff)

    async def feed(self, values: dict[str, dict[str, Any]], ts: int) -> None:
        for device in self.feeds.modbus:
            for code, value in values.get(device, {}).items():
                if self.modbus is not None:
                    self.modbus.set(device, code, value)
        for device in self.feeds.opcua:
            for code, value in values.get(device, {}).items():
                if self.opcua is not None:
                    await self.opcua.set(device, code, value)
        if self.mqtt is None and self._mqtt_address is not None and time.monotonic() >= self._mqtt_retry_at:
            await self._connect_mqtt(*self._mqtt_address)
        if self.mqtt is not None:
            import aiomqtt

            try:
                for device in sorted(self.feeds.mqtt):
                    await self.mqtt.publish(f"plantdesk/{TENANT}/{device}/telemetry",
                                            orjson.dumps({"ts": ts, "values": values.get(device, {})}), qos=0)
            except aiomqtt.MqttError as exc:
                await self._drop_mqtt(exc)

    async def stop(self) -> None:
        if self.modbus is not None:
            await self.modbus.server.shutdown()
        if self.opcua is not None:
            await self.opcua.server.stop()
        if self.mqtt is not None:
            client, self.mqtt, self._mqtt_address = self.mqtt, None, None
            with contextlib.suppress(Exception):
                await client.__aexit__(None, None, None)
        await self._stack.aclose()


MQTT_BACKOFF_MAX = 30.0


def mqtt_client_id() -> str:
    """The simulator's MQTT client id: unique per process and start (a fixed one made two simulators, or a
    restart the broker had not noticed yet, take each other's session away)."""
    return f"plantdesk-demo-{socket.gethostname()[:20]}-{os.getpid()}-{secrets.token_hex(3)}"


def _port(endpoint: str) -> int | None:
    from urllib.parse import urlsplit

    try:
        return urlsplit(endpoint).port
    except ValueError:
        return None


def shelf_path(data_dir: Path) -> Path:
    """Where the OPC UA server's standard address space is kept, per asyncua version (its nodes change)."""
    return data_dir / "demo" / f"opcua-ns0-{version('asyncua')}"


def make_shelf(path: Path) -> None:
    """Write the standard address space's shelf in a process of its own: building it takes ~50 MB that a
    long-running process would keep. asyncua looks for the shelf by its own name; dbm writes other files beside
    it, so the name is made too, once they are complete."""
    path.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "plantdesk.demo.servers", "--shelf", str(path)], check=True)


async def _write_shelf(path: Path) -> None:
    from asyncua import Server

    await Server().init(path)
    path.touch()


async def serve_modbus(port: int, registers: dict[int, int]) -> None:
    """A bare Modbus TCP server (unit 1) with the given holding registers (Modicon numbers → int16), until
    killed: the browser tests' server (`python -m plantdesk.demo.servers PORT 40001=1234 …`)."""
    feed = ModbusFeed(port, [])
    for number, value in registers.items():
        feed.holding.setValues(number - 40000, [value & 0xFFFF])
    await feed.server.serve_forever()


if __name__ == "__main__":
    if sys.argv[1] == "--shelf":
        asyncio.run(_write_shelf(Path(sys.argv[2])))
    else:
        asyncio.run(serve_modbus(int(sys.argv[1]), {int(k): int(v) for k, v in (a.split("=") for a in sys.argv[2:])}))
