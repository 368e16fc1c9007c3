"""What the collectors read, loaded from the equipment area's own tables: every enabled data-point source of a
collected type (MQTT, OPC UA, Modbus) with its settings (the source's `config` JSON) and the data points that
name it (`data_point.source_id`), each with its address and its collect group's period, timeout and retries.

A spec is a frozen value: the supervisor compares a source's new spec with the running one and restarts only
the sources whose spec changed, so editing a point, a group or a source applies live without a restart.

Source settings (JSON, camelCase like the API):
- mqtt:   {"url": "mqtt://127.0.0.1:1883" | "mqtts://…", "username", "password", "topic", "clientId", and for
           mqtts: "caCertificate", "clientCertificate", "clientKey" (PEM), "tlsVerify": true}
- opcua:  {"endpoint": "opc.tcp://host:4840/…", "securityPolicy": "None" | "Basic256Sha256", "username",
           "password", "mode": "subscribe" | "poll"}
- modbus: {"transport": "tcp" | "rtu-over-tcp" | "rtu", "unitId": 1, and by transport
           tcp (Modbus TCP framing) and rtu-over-tcp (RTU frames through a serial-to-Ethernet gateway):
           "host", "port": 502; rtu (a serial line): "serialPort": "/dev/ttyUSB0", "baudRate": 9600,
           "parity": "N" | "E" | "O", "stopBits": 1 | 2, "dataBits": 8}
- every type: {"enabled": true, "timeoutMs": 5000}: after this long without a connection the source and its
  devices are marked offline.

A setting named like a secret (core.redact: password, clientKey, token, ...) is stored sealed (core.secrets)
and never answered: the API answers which secrets are stored (`secretsSet`, `passwordSet`); a save that leaves
one out, or empty, keeps the stored one, and `null` removes it. The collectors get them unsealed (`opened`).

A Modbus point's address is `<register>[:<data type>[:<word order>]]`: the register in the Modicon numbering
(00001… coils, 10001… discrete inputs, 30001… input registers, 40001… holding registers; six digits, 400001…,
for addresses above 9,999), the data type int16 (default), uint16, int32, uint32, float32, int64, uint64 or
float64, and the byte order of multi-register values: ABCD (default: big-endian, high word first; also `big`),
CDAB (words swapped; also `little`), BADC (bytes swapped in each word) or DCBA (both), in either case. An OPC UA
point's address is its node id (`ns=2;s=Reactor.Temp`, `i=2258`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.config import Settings
from plantdesk.core import redact, secrets, tenancy
from plantdesk.core.errors import BadRequest, BusinessError
from plantdesk.modules.device.models import CollectGroup, DataPoint, DataPointSource, Device

MQTT, OPCUA, MODBUS = "mqtt", "opcua", "modbus"
HTTP = "http"  # a source values are posted to (collect.http), not one a collector connects to
# The type names a source may be saved with, by the collector that reads it.
KINDS = {"mqtt": MQTT, "opcua": OPCUA, "opc-ua": OPCUA, "modbus": MODBUS, "modbus-tcp": MODBUS}
DEFAULT_PERIOD_MS, DEFAULT_TIMEOUT_MS, DEFAULT_RETRIES = 1000, 3000, 3
SOURCE_TIMEOUT_MS = 5000

REGISTER_KINDS = {0: "coil", 1: "discrete", 3: "input", 4: "holding"}
WIDTHS = {"int16": 1, "uint16": 1, "int32": 2, "uint32": 2, "float32": 2, "int64": 4, "uint64": 4, "float64": 4}
# Byte orders of a multi-register value, named by where the value's bytes (A the most significant) land in the
# registers as read: ABCD big-endian (the Modbus default), CDAB word-swapped, BADC byte-swapped, DCBA both. `big`
# and `little` (the word order alone) are ABCD and CDAB. For 64-bit values the same four name the same two swaps.
ORDERS = {"big": "abcd", "little": "cdab", "abcd": "abcd", "badc": "badc", "cdab": "cdab", "dcba": "dcba"}


@dataclass(frozen=True, slots=True)
class Group:
    period_ms: int = DEFAULT_PERIOD_MS
    timeout_ms: int = DEFAULT_TIMEOUT_MS
    retries: int = DEFAULT_RETRIES


@dataclass(frozen=True, slots=True)
class Point:
    id: int
    device_code: str
    code: str
    address: str
    scale: float
    offset: float
    group: Group


@dataclass(frozen=True, slots=True)
class SourceSpec:
    id: int
    tenant_id: str
    kind: str
    code: str
    name: str
    config_json: str  # kept as text so the spec stays hashable and comparable
    points: tuple[Point, ...]

    @property
    def config(self) -> dict:
        return settings(self.config_json)

    @property
    def timeout_ms(self) -> int:
        return int(self.config.get("timeoutMs") or SOURCE_TIMEOUT_MS)

    @property
    def device_codes(self) -> list[str]:
        return sorted({p.device_code for p in self.points})


def settings(text: str | None) -> dict:
    try:
        value = orjson.loads(text or "{}")
    except orjson.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def is_object(text: str) -> bool:
    try:
        return isinstance(orjson.loads(text), dict)
    except orjson.JSONDecodeError:
        return False


SECRET = "device.source-secret"  # core.secrets purpose


def secret_keys(config: dict) -> list[str]:
    """The secrets a source's settings hold (sealed or not)."""
    return [key for key, value in config.items() if redact.sensitive(key) and isinstance(value, str) and value]


def shown(text: str | None) -> str | None:
    """A source's settings as answered: without its secrets."""
    config = settings(text)
    hidden = secret_keys(config)
    if not hidden:
        return text
    return orjson.dumps({key: value for key, value in config.items() if key not in hidden}).decode()


def sealed(server: Settings, text: str | None, stored: str | None) -> str | None:
    """The settings to store from a saved form (`text`): each secret given is sealed; one left out or empty keeps
    the stored one, one given as null is removed. Text that is not a JSON object is kept as written."""
    if text is None or not is_object(text):
        return text
    given, kept = settings(text), settings(stored)
    config = {}
    for key, value in given.items():
        if not (redact.sensitive(key) and (value is None or isinstance(value, str))):
            config[key] = value
        elif value:  # one sealed already (a row's own value) stays as it is
            config[key] = value if secrets.unseal(server, SECRET, value) else secrets.seal(server, SECRET, value)
    for key in secret_keys(kept):
        if given.get(key, "") == "":
            config[key] = kept[key]
    return orjson.dumps(config).decode()


def opened(server: Settings, text: str | None) -> str:
    """A source's stored settings with its secrets unsealed, as a collector connects with them (a secret sealed
    under another server secret is left out: the administrator enters it again)."""
    config = settings(text)
    for key in secret_keys(config):
        plain = secrets.unseal(server, SECRET, config[key])
        if plain is None:
            del config[key]
        else:
            config[key] = plain
    return orjson.dumps(config).decode()


def enabled(config: dict, key: str = "enabled", default: bool = True) -> bool:
    """A switch of the settings, written as the console or a hand-made JSON writes it."""
    return config.get(key, default) not in (False, 0, "0", "false")


def mqtt_address(config: dict) -> tuple[bool, str, int]:
    """(TLS?, host, port) of an MQTT source's broker URL."""
    url = urlsplit(str(config.get("url") or "mqtt://127.0.0.1:1883"))
    tls = url.scheme in ("mqtts", "ssl", "tls")
    try:
        port = url.port
    except ValueError:
        raise BadRequest(f"MQTT 地址格式错误: {config.get('url')}") from None
    if not url.hostname or url.scheme not in ("mqtt", "tcp", "mqtts", "ssl", "tls"):
        raise BadRequest(f"MQTT 地址格式错误: {config.get('url')}")
    return tls, url.hostname, port or (8883 if tls else 1883)


def opcua_address(config: dict) -> tuple[str, int]:
    url = urlsplit(str(config.get("endpoint") or ""))
    try:
        port = url.port
    except ValueError:
        port = None
    if url.scheme != "opc.tcp" or not url.hostname:
        raise BadRequest(f"OPC UA 端点格式错误: {config.get('endpoint')}(如 opc.tcp://host:4840)")
    return url.hostname, port or 4840


MODBUS_TCP, RTU_OVER_TCP, RTU = "tcp", "rtu-over-tcp", "rtu"
BAUD_RATES = (1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200)
# A serial line the server may open: a terminal device (ttyS0, ttyUSB0, ttyACM0, a pseudo-terminal, a udev
# by-id/by-path link) or a Windows COM port; never any other file a tenant could name.
SERIAL_PORT = re.compile(r"^(/dev/(tty[A-Za-z0-9_]+|pts/\d+|serial/by-(id|path)/[\w.:+-]+)|COM\d{1,3})$")


@dataclass(frozen=True, slots=True)
class ModbusLink:
    transport: str
    host: str = "127.0.0.1"
    port: int = 502
    serial_port: str = ""
    baud_rate: int = 9600
    parity: str = "N"
    stop_bits: int = 1
    data_bits: int = 8

    @property
    def serial(self) -> bool:
        return self.transport == RTU


def modbus_link(config: dict) -> ModbusLink:
    """A Modbus source's line (see the module notes); BadRequest says which setting is wrong."""
    transport = str(config.get("transport") or MODBUS_TCP).lower()
    if transport not in (MODBUS_TCP, RTU_OVER_TCP, RTU):
        raise BadRequest(f"不支持的 Modbus 传输方式: {transport}(tcp、rtu-over-tcp 或 rtu)")
    if transport != RTU:
        try:
            port = int(config.get("port") or 502)
        except (TypeError, ValueError):
            port = 0
        if not 0 < port < 65536:
            raise BadRequest(f"Modbus 端口格式错误: {config.get('port')}")
        return ModbusLink(transport, str(config.get("host") or "127.0.0.1"), port)
    serial_port = str(config.get("serialPort") or "")
    if not SERIAL_PORT.match(serial_port):
        raise BadRequest(f"串口名称格式错误: {serial_port}(如 /dev/ttyUSB0 或 COM3)")
    try:
        baud, stop, data = (int(config.get("baudRate") or 9600), int(config.get("stopBits") or 1),
                            int(config.get("dataBits") or 8))
    except (TypeError, ValueError):
        raise BadRequest("串口参数须为数字") from None
    parity = str(config.get("parity") or "N").upper()[:1]
    if baud not in BAUD_RATES or parity not in ("N", "E", "O") or stop not in (1, 2) or data not in (7, 8):
        raise BadRequest(f"串口参数错误: 波特率 {baud}、校验 {parity}、停止位 {stop}、数据位 {data}"
                         f"(波特率 {'/'.join(map(str, BAUD_RATES))};校验 N/E/O;停止位 1/2;数据位 7/8)")
    return ModbusLink(RTU, serial_port=serial_port, baud_rate=baud, parity=parity, stop_bits=stop, data_bits=data)


@dataclass(frozen=True, slots=True)
class Register:
    kind: str  # coil, discrete, input, holding
    address: int  # zero-based
    data_type: str
    word_order: str  # abcd, badc, cdab or dcba (ORDERS)

    @property
    def width(self) -> int:
        return 1 if self.kind in ("coil", "discrete") else WIDTHS[self.data_type]


def register(address: str) -> Register:
    """Parse a Modbus point address (see the module notes); BadRequest says what is wrong."""
    parts = [part.strip().lower() for part in (address or "").split(":")]
    number = parts[0]
    if not number.isdigit() or len(number) not in (5, 6) or int(number[0]) not in REGISTER_KINDS \
            or int(number[1:]) < 1:
        raise BadRequest(f"Modbus 地址格式错误: {address}(如 40001 或 40001:float32:big)")
    data_type = parts[1] if len(parts) > 1 and parts[1] else "int16"
    word_order = parts[2] if len(parts) > 2 and parts[2] else "big"
    if data_type not in WIDTHS or word_order not in ORDERS or len(parts) > 3:
        raise BadRequest(f"Modbus 地址格式错误: {address}(数据类型 int16/uint16/int32/uint32/float32/int64/uint64/"
                         "float64,字节序 ABCD/BADC/CDAB/DCBA 或 big/little)")
    return Register(REGISTER_KINDS[int(number[0])], int(number[1:]) - 1, data_type, ORDERS[word_order])


def check_address(source_type: str | None, address: str | None) -> None:
    """A point read from a Modbus source needs a register address it can read (refused on save, so the mistake
    is seen on the form rather than on the source's counters)."""
    if KINDS.get((source_type or "").lower()) == MODBUS:
        try:
            register(address or "")
        except BadRequest as exc:
            raise BusinessError(exc.msg) from None


async def load(db: AsyncSession, server: Settings, tenant_id: str | None = None) -> dict[int, SourceSpec]:
    """Every enabled collected source (of every tenant, or of one) with its points, its secrets unsealed."""
    with tenancy.platform_scope(db):
        stmt = select(DataPointSource.id, DataPointSource.tenant_id, DataPointSource.type, DataPointSource.code,
                      DataPointSource.name, DataPointSource.config).where(DataPointSource.status == 1)
        if tenant_id is not None:
            stmt = stmt.where(DataPointSource.tenant_id == tenant_id)
        sources = [row for row in (await db.execute(stmt)).all()
                   if (row.type or "").lower() in KINDS and enabled(settings(row.config))]
        if not sources:
            return {}
        groups = {gid: Group(period or DEFAULT_PERIOD_MS, timeout or DEFAULT_TIMEOUT_MS,
                             DEFAULT_RETRIES if retries is None else retries)
                  for gid, period, timeout, retries in (await db.execute(
                      select(CollectGroup.id, CollectGroup.period_ms, CollectGroup.timeout_ms, CollectGroup.retries)
                      .where(CollectGroup.enabled == 1))).all()}
        points: dict[int, list[Point]] = {row.id: [] for row in sources}
        point_stmt = (select(DataPoint.id, DataPoint.source_id, DataPoint.tenant_id, DataPoint.code, DataPoint.address,
                       DataPoint.scale, DataPoint.offset, DataPoint.collect_group_id, Device.code.label("device"),
                       Device.tenant_id.label("device_tenant"))
                .join(Device, Device.id == DataPoint.device_id)
                .where(DataPoint.source_id.in_(list(points)), Device.status == 1)
                .order_by(DataPoint.id))
        tenants = {row.id: row.tenant_id for row in sources}
        for row in (await db.execute(point_stmt)).all():
            # A point names a source by id: only a source of its own tenant counts.
            if tenants[row.source_id] != row.tenant_id or row.device_tenant != row.tenant_id:
                continue
            group = groups.get(row.collect_group_id) if row.collect_group_id else Group()
            if group is None:  # its group is disabled: not collected
                continue
            points[row.source_id].append(Point(row.id, row.device, row.code, (row.address or "").strip(),
                                               row.scale if row.scale is not None else 1.0, row.offset or 0.0,
                                               group))
    found = {row.id: SourceSpec(row.id, row.tenant_id, KINDS[row.type.lower()], row.code, row.name,
                                opened(server, row.config), tuple(points[row.id])) for row in sources}
    return _shared(found)


def _shared(found: dict[int, SourceSpec]) -> dict[int, SourceSpec]:
    """MQTT sources of one tenant reading the same filter on the same broker as the same account would each get
    every message: each is told the shared-subscription group they form (collect.mqtt.subscription)."""
    from dataclasses import replace
    from hashlib import sha256

    alike: dict[tuple, list[int]] = {}
    for sid, spec in found.items():
        if spec.kind == MQTT:
            config = spec.config
            key = (spec.tenant_id, str(config.get("url") or ""), str(config.get("username") or ""),
                   str(config.get("topic") or f"plantdesk/{spec.tenant_id}/+/+"))
            alike.setdefault(key, []).append(sid)
    for key, ids in alike.items():
        if len(ids) > 1:
            group = f"plantdesk-{key[0]}-{sha256(repr(key).encode()).hexdigest()[:12]}"
            for sid in ids:
                config = found[sid].config | {"sharedGroup": group}
                found[sid] = replace(found[sid], config_json=orjson.dumps(config).decode())
    return found
