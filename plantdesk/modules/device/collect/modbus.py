"""The Modbus collector (pymodbus), over Modbus TCP, RTU frames over TCP (a serial gateway) or RTU on a serial
line (specs.modbus_link): per collect group, every period, its points' registers are read in
contiguous blocks (one request per block, BLOCK_GAP registers of slack merged in rather than a second
request), decoded (int16/uint16/int32/uint32/float32, big or little word order), scaled (`value × scale +
offset`, the data point's own) and written in one batch. A read is retried the group's `retries` times within
its `timeout`; one still failing ends the connection, and the supervisor reconnects with back-off."""

from __future__ import annotations

import asyncio
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
DATATYPES = {"int16": AsyncModbusTcpClient.DATATYPE.INT16, "uint16": AsyncModbusTcpClient.DATATYPE.UINT16,
             "int32": AsyncModbusTcpClient.DATATYPE.INT32, "uint32": AsyncModbusTcpClient.DATATYPE.UINT32,
             "float32": AsyncModbusTcpClient.DATATYPE.FLOAT32}


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
        raise ModbusException(f"从站 {unit} 拒绝读取 {block.kind} {block.start + 1}…{block.end}: {answer}")
    return list(answer.bits[:count]) if block.kind in ("coil", "discrete") else list(answer.registers)


def decode(block: Block, words: list, point: Point, reg: Register) -> Any:
    offset = reg.address - block.start
    if reg.kind in ("coil", "discrete"):
        return bool(words[offset])
    raw = AsyncModbusTcpClient.convert_from_registers(words[offset:offset + reg.width], DATATYPES[reg.data_type],
                                                      word_order="little" if reg.word_order == "little" else "big")
    assert isinstance(raw, int | float)
    return raw * point.scale + point.offset


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
            raise ConnectionError(f"无法连接 Modbus 服务器 {connection.endpoint(spec)}")
        await sink.connected()
        if not groups:
            await asyncio.Event().wait()  # nothing to read yet: stay connected until the spec changes
        async with asyncio.TaskGroup() as tasks:
            for group, points in groups.items():
                tasks.create_task(_poll(modbus, unit, group, blocks(points), sink))
    finally:
        modbus.close()


async def _poll(modbus: ModbusBaseClient, unit: int, group: Group, plan: list[Block], sink: Sink) -> None:
    period = group.period_ms / 1000
    next_at = time.monotonic()
    while True:
        ts = int(time.time() * 1000)
        values: list[Value] = []
        for block in plan:
            words = await _read(modbus, unit, block, group)
            values.extend((p.device_code, p.code, ts, decode(block, words, p, r)) for p, r in block.points)
        await sink.write(values)
        next_at += period
        delay = next_at - time.monotonic()
        if delay < 0:  # a slow cycle: skip the missed periods rather than read back to back
            next_at, delay = time.monotonic(), 0.0
        await asyncio.sleep(delay)


async def _read(modbus: ModbusBaseClient, unit: int, block: Block, group: Group) -> list:
    for attempt in range(group.retries + 1):
        try:
            return await asyncio.wait_for(read_block(modbus, unit, block), group.timeout_ms / 1000)
        except (ModbusException, TimeoutError, ConnectionError):
            if attempt >= group.retries or not modbus.connected:
                raise
    raise AssertionError("unreachable")
