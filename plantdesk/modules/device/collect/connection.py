"""What the collectors and the sources screen share about a source's server: its endpoint URL, a readable
error, and the connection test (connect, ask the server something, answer what it said)."""

from __future__ import annotations

from pathlib import Path

from plantdesk.core import outbound
from plantdesk.modules.device.collect import specs
from plantdesk.modules.device.collect.specs import SourceSpec


def endpoint(spec: SourceSpec) -> str:
    """The URL the source connects to (with its port), for the outbound check and for messages."""
    config = spec.config
    if spec.kind == specs.MQTT:
        tls, host, port = specs.mqtt_address(config)
        return f"{'mqtts' if tls else 'mqtt'}://{host}:{port}"
    if spec.kind == specs.OPCUA:
        host, port = specs.opcua_address(config)
        return f"opc.tcp://{host}:{port}"
    link = specs.modbus_link(config)
    if link.serial:
        return f"modbus-rtu://{link.serial_port}?{link.baud_rate}-{link.data_bits}{link.parity}{link.stop_bits}"
    return f"{'modbus-rtu' if link.transport == specs.RTU_OVER_TCP else 'modbus'}://{link.host}:{link.port}"


async def check(policy: outbound.Policy, spec: SourceSpec) -> None:
    """The outbound rule (core.outbound) for a source's network endpoint; a serial line is the server's own
    hardware, named by a pattern that admits terminal devices only (specs.SERIAL_PORT)."""
    if spec.kind == specs.MODBUS and specs.modbus_link(spec.config).serial:
        return
    await outbound.check(policy, endpoint(spec), tenant=spec.tenant_id, kind=spec.kind)


class Unreachable(ConnectionError):
    """A server that cannot be reached or stopped answering, in the words the sources screen shows."""

    def __init__(self, message: str):
        self.msg = message
        super().__init__(message)


def describe(exc: BaseException) -> str:
    # A collector's parallel tasks fail as a group: the first failure is the news, not the group.
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    message = getattr(exc, "msg", None)
    if isinstance(message, str) and message:
        return message
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


async def test(spec: SourceSpec, data_dir: Path) -> tuple[str, dict | None]:
    """What the server said, and for a secured OPC UA source the server's certificate (trusted: an untrusted
    one raises opcua.Untrusted)."""
    where = endpoint(spec)
    if spec.kind == specs.MQTT:
        from plantdesk.modules.device.collect import mqtt

        async with mqtt.client(spec, timeout=spec.timeout_ms / 1000):
            return f"已连接 MQTT 服务器 {where}", None
    if spec.kind == specs.OPCUA:
        from asyncua import ua

        from plantdesk.modules.device.collect import opcua

        opc = opcua.client(spec.config, spec.timeout_ms / 1000)
        certificate = await opcua.secure(opc, spec.config, data_dir)
        async with opc:
            status = await opc.get_node(ua.ObjectIds.Server_ServerStatus).read_value()
            return (f"已连接 OPC UA 服务器 {where}: {status.BuildInfo.ProductName} "
                    f"{status.BuildInfo.SoftwareVersion}, 状态 {status.State.name}"), certificate
    from plantdesk.modules.device.collect import modbus

    unit = int(spec.config.get("unitId") or 1)
    client = modbus.client(spec, spec.timeout_ms / 1000)
    try:
        if not await client.connect():
            raise Unreachable(f"无法连接 Modbus 服务器 {where}")
        answer = await client.read_holding_registers(0, count=1, device_id=unit)
        if answer.isError():
            return f"已连接 Modbus 服务器 {where}; 从站 {unit} 应答异常: {modbus.Refused(answer.exception_code)}", None
        return f"已连接 Modbus 服务器 {where}; 从站 {unit} 保持寄存器 40001 = {answer.registers[0]}", None
    finally:
        client.close()
