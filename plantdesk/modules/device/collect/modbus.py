"""The Modbus collector (pymodbus), over Modbus TCP, RTU frames over TCP (a serial gateway) or RTU on a serial
line (specs.modbus_link): per collect group, every period, its points' registers are read in
contiguous blocks (one request per block, BLOCK_GAP registers of slack merged in rather than a second
request), decoded (int16/uint16/int32/uint32/float32/int64/uint64/float64, byte order ABCD/BADC/CDAB/DCBA),
scaled (`value × scale + offset`, the data point's own) and written in one batch. A read is retried the group's
`retries` times within its `timeout`; one still failing ends the connection, and the supervisor reconnects
with back-off.

A slave's exception response (an address the PLC refuses) is the point's fault, not the connection's: the block
is split in halves until the refused points stand alone, those are counted as read failures and named in the
source's last error, and the split plan is kept, so the next cycles read the good parts as blocks. The source
is online once the server answered a read (an accepted connection is not an answer: a hung server stays
offline)."""

from __future__ import annotations

import asyncio
import struct
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pymodbus import FramerType
from pymodbus.client import AsyncModbusSerialClient, AsyncModbusTcpClient
from pymodbus.client.base import ModbusBaseClient
from pymodbus.exceptions import ModbusException

from plantdesk.core.errors import BadRequest
from plantdesk.modules.device.collect import connection, specs
from plantdesk.modules.device.collect.specs import Group, Point, Register, SourceSpec

if TYPE_CHECKING:
    from plantdesk.modules.device.collect.supervisor import Sink, Value

BLOCK_GAP = 4
MAX_REGISTERS, MAX_BITS = 120, 2000  # below the protocol's 125 registers / 2000 bits per request
FORMATS = {"int16": ">h", "uint16": ">H", "int32": ">i", "uint32": ">I", "float32": ">f", "int64": ">q",
           "uint64": ">Q", "float64": ">d"}


EXCEPTIONS = {1: "非法功能", 2: "非法数据地址", 3: "非法数据值", 4: "从站设备故障", 5: "已确认, 处理中",
              6: "从站设备忙", 8: "存储奇偶校验错误", 10: "网关路径不可用", 11: "网关目标设备无应答"}


class Refused(Exception):
    """The slave answered with an exception response: the server is there, these addresses are not."""

    def __init__(self, code: int):
        self.code = code
        super().__init__(f"Modbus 异常 {code}" + (f" ({EXCEPTIONS[code]})" if code in EXCEPTIONS else ""))


@dataclass
class Block:
    kind: str
    start: int
    end: int  # exclusive
    points: list[tuple[Point, Register]] = field(default_factory=list)


def blocks(points: list[tuple[Point, Register]]) -> list[Block]:
    """Contiguous read blocks of one group's points: by register kind, in address order, merged while the gap
    is small and the block stays within one request."""
    out: list[Block] = []
    for point, reg in sorted(points, key=lambda p: (p[1].kind, p[1].address)):
        limit = MAX_BITS if reg.kind in ("coil", "discrete") else MAX_REGISTERS
        last = out[-1] if out and out[-1].kind == reg.kind else None
        if last is not None and reg.address <= last.end + BLOCK_GAP \
                and max(last.end, reg.address + reg.width) - last.start <= limit:
            last.end = max(last.end, reg.address + reg.width)
            last.points.append((point, reg))
        else:
            out.append(Block(reg.kind, reg.address, reg.address + reg.width, [(point, reg)]))
    return out


def span(kind: str, points: list[tuple[Point, Register]]) -> Block:
    """One block covering exactly these points (a part of a split block: no slack at its ends)."""
    return Block(kind, min(r.address for _, r in points), max(r.address + r.width for _, r in points), points)


def client(spec: SourceSpec, timeout: float) -> ModbusBaseClient:
    link = specs.modbus_link(spec.config)
    # Reconnecting is the supervisor's (with its back-off and offline marking): pymodbus's own is turned off.
    if link.serial:
        return AsyncModbusSerialClient(link.serial_port, framer=FramerType.RTU, baudrate=link.baud_rate,
                                       parity=link.parity, stopbits=link.stop_bits, bytesize=link.data_bits,
                                       timeout=timeout, retries=0, reconnect_delay=0)
    return AsyncModbusTcpClient(link.host, port=link.port, timeout=timeout, retries=0, reconnect_delay=0,
                                framer=FramerType.RTU if link.transport == specs.RTU_OVER_TCP else FramerType.SOCKET)


async def read_block(modbus: ModbusBaseClient, unit: int, block: Block) -> list:
    count = block.end - block.start
    if block.kind == "holding":
        answer = await modbus.read_holding_registers(block.start, count=count, device_id=unit)
    elif block.kind == "input":
        answer = await modbus.read_input_registers(block.start, count=count, device_id=unit)
    elif block.kind == "coil":
        answer = await modbus.read_coils(block.start, count=count, device_id=unit)
    else:
        answer = await modbus.read_discrete_inputs(block.start, count=count, device_id=unit)
    if answer.isError():
        raise Refused(answer.exception_code)
    return list(answer.bits[:count]) if block.kind in ("coil", "discrete") else list(answer.registers)


def decode(block: Block, words: list, point: Point, reg: Register) -> Any:
    offset = reg.address - block.start
    if reg.kind in ("coil", "discrete"):
        return bool(words[offset])
    return number(words[offset:offset + reg.width], reg.data_type, reg.word_order) * point.scale + point.offset


def _ordered(words: list[int], order: str) -> list[int]:
    """The registers as read ↔ big-endian registers (each swap is its own inverse)."""
    order = specs.ORDERS.get(order, order)
    if order in ("cdab", "dcba"):
        words = words[::-1]
    if order in ("badc", "dcba"):
        words = [((w & 0xFF) << 8) | (w >> 8) for w in words]
    return words


def number(words: list[int], data_type: str, order: str = "abcd") -> int | float:
    """The value of a point's registers, of its type and byte order (specs.ORDERS)."""
    data = b"".join((w & 0xFFFF).to_bytes(2, "big") for w in _ordered(list(words), order))
    return struct.unpack(FORMATS[data_type], data)[0]


def registers(value: int | float, data_type: str, order: str = "abcd") -> list[int]:
    """The registers that hold `value` (a simulator's or a test server's side of `number`)."""
    data = struct.pack(FORMATS[data_type], value if data_type.startswith("float") else int(value))
    return _ordered([int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)], order)


async def run(spec: SourceSpec, sink: Sink) -> None:
    unit = int(spec.config.get("unitId") or 1)
    groups: dict[Group, list[tuple[Point, Register]]] = {}
    for point in spec.points:
        try:
            groups.setdefault(point.group, []).append((point, specs.register(point.address)))
        except BadRequest as exc:
            sink.reject("bad_address", f"{point.device_code}/{point.code}: {exc.msg}")
    timeout = min((g.timeout_ms for g in groups), default=specs.DEFAULT_TIMEOUT_MS) / 1000
    modbus = client(spec, timeout)
    try:
        if not await modbus.connect():
            raise connection.Unreachable(f"无法连接 Modbus 服务器 {connection.endpoint(spec)}")
        if not groups:
            await sink.connected()
            await asyncio.Event().wait()  # nothing to read yet: stay connected until the spec changes
        reader = _Reader(modbus, unit, connection.endpoint(spec), sink)
        async with asyncio.TaskGroup() as tasks:
            for group, points in groups.items():
                tasks.create_task(_poll(reader, group, blocks(points)))
    finally:
        modbus.close()


async def _poll(reader: _Reader, group: Group, plan: list[Block]) -> None:
    period = group.period_ms / 1000
    next_at = time.monotonic()
    while True:
        ts = int(time.time() * 1000)
        values: list[Value] = []
        plan = [part for block in plan for part in await reader.collect(block, group, ts, values)]
        await reader.sink.write(values)
        next_at += period
        delay = next_at - time.monotonic()
        if delay < 0:  # a slow cycle: skip the missed periods rather than read back to back
            next_at, delay = time.monotonic(), 0.0
        await asyncio.sleep(delay)


class _Reader:
    """One connection's reads: retried within the group's time-out, a refused block split, the first answer
    reported as the connection."""

    def __init__(self, modbus: ModbusBaseClient, unit: int, endpoint: str, sink: Sink):
        self.modbus, self.unit, self.endpoint, self.sink = modbus, unit, endpoint, sink
        self.answered = False

    async def collect(self, block: Block, group: Group, ts: int, values: list[Value]) -> list[Block]:
        """The block's values appended to `values`; answers the blocks that replace it in the plan (itself, or
        the parts of a refused block)."""
        try:
            words = await self.read(block, group)
        except Refused as refused:
            if len(block.points) == 1:
                self.sink.point_failed(block.points[0][0], str(refused))
                return [block]
            half = len(block.points) // 2
            return [part for points in (block.points[:half], block.points[half:])
                    for part in await self.collect(span(block.kind, points), group, ts, values)]
        values.extend((p.device_code, p.code, ts, decode(block, words, p, r)) for p, r in block.points)
        return [block]

    async def read(self, block: Block, group: Group) -> list:
        for attempt in range(group.retries + 1):
            try:
                words = await asyncio.wait_for(read_block(self.modbus, self.unit, block), group.timeout_ms / 1000)
            except Refused:
                await self.heard()
                raise
            except (ModbusException, TimeoutError, ConnectionError) as exc:
                if not self.modbus.connected:
                    raise connection.Unreachable(f"与 Modbus 服务器 {self.endpoint} 的连接已断开") from exc
                if attempt >= group.retries:
                    raise connection.Unreachable(f"Modbus 服务器 {self.endpoint} 未应答 "
                                          f"(超时 {group.timeout_ms} ms, 重试 {group.retries} 次)") from exc
                continue
            await self.heard()
            return words
        raise AssertionError("unreachable")

    async def heard(self) -> None:
        self.sink.status.heard(())  # the server's last word, where an offline verdict counts from
        if not self.answered:
            self.answered = True
            await self.sink.connected()
