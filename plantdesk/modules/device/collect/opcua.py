"""The OPC UA collector (asyncua): per point a node id (the point's address). Subscription first: one
subscription per collect group, monitored items sampled at the group's period, changes batched into writes;
a server that refuses subscriptions (or `"mode": "poll"`) is read instead, every period. The server's state
is read three times per timeout; a lost connection ends the run and the supervisor reconnects.

Security: policy `None` (the default) or `Basic256Sha256` with `SignAndEncrypt` (the client makes its own
self-signed certificate in the data dir on first use; the server's certificate must be the one the source
trusts, by its SHA-256 fingerprint); user name and password when set. `browse` serves the
data-point form's node picker.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
from typing import TYPE_CHECKING, Any

from asyncua import Client, Node, ua
from cryptography import x509

from plantdesk.core.errors import BadRequest
from plantdesk.modules.device.collect import specs
from plantdesk.modules.device.collect.specs import Group, Point, SourceSpec

if TYPE_CHECKING:
    from plantdesk.modules.device.collect.supervisor import Sink, Value

FLUSH_SECONDS = 0.1
POLICIES = ("None", "Basic256Sha256")
BROWSE_LIMIT = 500


def client(config: dict, timeout: float) -> Client:
    specs.opcua_address(config)  # refuse a malformed endpoint before connecting
    policy = str(config.get("securityPolicy") or "None")
    if policy not in POLICIES:
        raise BadRequest(f"不支持的安全策略: {policy}(None 或 Basic256Sha256)")
    opc = Client(url=str(config["endpoint"]), timeout=timeout)
    if config.get("username"):
        opc.set_user(str(config["username"]))
        opc.set_password(str(config.get("password") or ""))
    return opc


class Untrusted(Exception):
    """The server's certificate is not the one the source trusts: nothing is sent over the channel."""

    def __init__(self, certificate: dict, trusted: str):
        self.certificate = certificate
        self.msg = (f"服务器证书未受信任: SHA-256 指纹 {certificate['fingerprint']}({certificate['subject']})"
                    + (f", 与已信任的 {trusted} 不符" if trusted else "") + "。请核对指纹后信任该证书")
        super().__init__(self.msg)


def fingerprint(der: bytes) -> str:
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def describe_certificate(der: bytes) -> dict:
    """What the sources screen shows of a server certificate to decide on trusting it."""
    cert = x509.load_der_x509_certificate(der)
    return {"fingerprint": fingerprint(der), "subject": cert.subject.rfc4514_string(),
            "not_after": int(cert.not_valid_after_utc.timestamp() * 1000)}


def trusted(config: dict) -> str:
    """The source's trusted certificate fingerprint, normalised (upper case, colon-separated)."""
    raw = re.sub(r"[^0-9A-Fa-f]", "", str(config.get("trustedCertificate") or "")).upper()
    return ":".join(raw[i:i + 2] for i in range(0, len(raw), 2))


def checked_fingerprint(text: str) -> str:
    """A SHA-256 fingerprint a person typed or copied, normalised; BadRequest when it is not one."""
    found = trusted({"trustedCertificate": text})
    if len(found) != 32 * 3 - 1:  # 32 bytes, two hex digits each, colon-separated
        raise BadRequest(f"证书指纹格式错误: {text}(SHA-256, 64 位十六进制)")
    return found


async def secure(opc: Client, config: dict, data_dir: Any) -> dict | None:
    """Policy Basic256Sha256: the server's certificate (from its endpoint list) must be the one the source
    trusts (`trustedCertificate`, its SHA-256 fingerprint: trust on first use, confirmed by a person), else
    Untrusted with the certificate to show. Answers the server's certificate (None without security)."""
    if str(config.get("securityPolicy") or "None") == "None":
        return None
    from asyncua.crypto.cert_gen import setup_self_signed_certificate
    from asyncua.crypto.security_policies import SecurityPolicyBasic256Sha256
    from cryptography.x509.oid import ExtendedKeyUsageOID

    mode = ua.MessageSecurityMode.SignAndEncrypt
    endpoints = await opc.connect_and_get_server_endpoints()
    endpoint = Client.find_endpoint(endpoints, mode, SecurityPolicyBasic256Sha256.URI)
    der = _first_certificate(endpoint.ServerCertificate)
    certificate = describe_certificate(der)
    if certificate["fingerprint"] != trusted(config):
        raise Untrusted(certificate, trusted(config))
    folder = data_dir / "opcua"
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = folder / "client-cert.der", folder / "client-key.pem"
    opc.application_uri = "urn:plantdesk:client"  # the certificate's, which servers check
    await setup_self_signed_certificate(key, cert, opc.application_uri, "plantdesk",
                                        [ExtendedKeyUsageOID.CLIENT_AUTH], {"commonName": "PlantDesk"})
    await opc.set_security(SecurityPolicyBasic256Sha256, certificate=str(cert), private_key=str(key),
                           server_certificate=der, mode=mode)
    return certificate


def _first_certificate(chain: bytes) -> bytes:
    """A server may send its certificate chain: the first DER element is its own (a SEQUENCE whose long-form
    length takes the two bytes after 0x30 0x82)."""
    return chain[:int.from_bytes(chain[2:4], "big") + 4] if chain[1:2] == b"\x82" else chain


class _Changes:
    """The subscription's handler: each change queued as a value of its point."""

    def __init__(self, points: dict[str, Point]):
        self.points = points
        self.pending: list[Value] = []

    def datachange_notification(self, node: Node, value: Any, data: Any) -> None:
        point = self.points.get(node.nodeid.to_string())
        if point is None:
            return
        stamp = data.monitored_item.Value.SourceTimestamp or data.monitored_item.Value.ServerTimestamp
        ts = int(stamp.timestamp() * 1000) if stamp else None
        self.pending.append((point.device_code, point.code, ts, _plain(value)))

    def status_change_notification(self, status: Any) -> None:
        """The subscription's state changed (the server stopping, a timeout): _watch's next read of the server's
        state notices and ends the run, which marks the source offline. Without this method asyncua logs every
        such change as an error (the soak counted them: bench/README.md)."""


REFUSALS = {"BadNodeIdUnknown": "节点不存在", "BadNodeIdInvalid": "节点 ID 无效",
            "BadAttributeIdInvalid": "节点不是变量", "BadNotReadable": "节点不可读",
            "BadUserAccessDenied": "无权读取该节点"}


def refusal(code: ua.StatusCode) -> str:
    """A node's bad status as the sources screen shows it: the meaning in Chinese, the OPC UA name after it."""
    name = code.name
    return f"{REFUSALS[name]} ({name})" if name in REFUSALS else f"OPC UA 状态 {name}"


def _plain(value: Any) -> Any:
    return value if isinstance(value, bool | int | float | str) else str(value)


async def run(spec: SourceSpec, sink: Sink) -> None:
    config = spec.config
    timeout = spec.timeout_ms / 1000
    opc = client(config, timeout)
    await secure(opc, config, sink.runtime.settings.data_dir)
    async with opc:
        await sink.connected()
        groups: dict[Group, dict[str, Point]] = {}
        for point in spec.points:
            try:
                node_id = ua.NodeId.from_string(point.address).to_string()
            except Exception:
                sink.reject("bad_address", f"{point.device_code}/{point.code}: {point.address}")
                continue
            groups.setdefault(point.group, {})[node_id] = point
        poll = config.get("mode") == "poll"
        handlers: list[_Changes] = []
        polled: list[tuple[Group, dict[str, Point]]] = []
        for group, points in groups.items():
            if not poll:
                try:
                    handler = _Changes(points)
                    subscription = await opc.create_subscription(group.period_ms, handler)
                    handles = await subscription.subscribe_data_change(
                        [opc.get_node(n) for n in points], sampling_interval=ua.Double(group.period_ms))
                    for point, handle in zip(points.values(), handles, strict=True):  # type: ignore[arg-type]
                        if isinstance(handle, ua.StatusCode):
                            sink.point_failed(point, refusal(handle))
                    handlers.append(handler)
                    continue
                except (ua.UaStatusCodeError, ua.UaError) as exc:  # no subscriptions here: read instead
                    sink.reject("read_failed", f"subscription refused, polling: {exc}")
            polled.append((group, points))
        subscribed = {p.device_code for handler in handlers for p in handler.points.values()}
        async with asyncio.TaskGroup() as tasks:
            tasks.create_task(_watch(opc, timeout, sink, subscribed))
            if handlers:
                tasks.create_task(_flush(handlers, sink))
            for group, points in polled:
                tasks.create_task(_poll(opc, group, points, sink))


async def _watch(opc: Client, timeout: float, sink: Sink, subscribed: set[str]) -> None:
    """The server asked for its state three times per timeout; one that does not answer ends the run. A
    subscription sends changes only, so a device whose values hold still is heard through its server's answer."""
    while True:
        await asyncio.sleep(max(timeout / 3, 0.2))
        await asyncio.wait_for(opc.nodes.server_state.read_value(), timeout)
        if sink.status.heard(subscribed):
            await sink.publish()


async def _flush(handlers: list[_Changes], sink: Sink) -> None:
    while True:
        await asyncio.sleep(FLUSH_SECONDS)
        values: list[Value] = []
        for handler in handlers:
            values.extend(handler.pending)
            handler.pending = []
        await sink.write(values)


async def _poll(opc: Client, group: Group, points: dict[str, Point], sink: Sink) -> None:
    nodes = [opc.get_node(n) for n in points]
    while True:
        started = time.monotonic()
        results = await opc.read_attributes(nodes, ua.AttributeIds.Value)
        ts = int(time.time() * 1000)
        values: list[Value] = []
        for point, result in zip(points.values(), results, strict=True):
            if result.StatusCode is not None and not result.StatusCode.is_good():
                sink.point_failed(point, refusal(result.StatusCode))
            else:
                values.append((point.device_code, point.code, ts, _plain(result.Value.Value if result.Value else None)))
        await sink.write(values)
        await asyncio.sleep(max(0.0, group.period_ms / 1000 - (time.monotonic() - started)))


async def browse(config: dict, node_id: str | None, data_dir: Any, timeout: float = 5.0) -> list[dict]:
    """The children of `node_id` (the Objects folder without one): id, names, class, and for variables their
    value and data type, so the form can pick a node id."""
    opc = client(config, timeout)
    await secure(opc, config, data_dir)
    async with opc:
        try:
            parent = opc.get_node(node_id) if node_id else opc.nodes.objects
            children = (await parent.get_children())[:BROWSE_LIMIT]
        except (ua.UaError, ValueError) as exc:
            raise BadRequest(f"节点不存在或无法浏览: {node_id}: {exc}") from None
        out = []
        for child in children:
            node_class = await child.read_node_class()
            name = await child.read_browse_name()
            item = {"node_id": child.nodeid.to_string(), "browse_name": name.to_string(),
                    "display_name": (await child.read_display_name()).Text, "node_class": node_class.name,
                    "value": None, "data_type": None}
            if node_class == ua.NodeClass.Variable:
                try:
                    item["value"] = _plain(await child.read_value())
                    item["data_type"] = (await child.read_data_type_as_variant_type()).name
                except (ua.UaError, ValueError):
                    pass
            out.append(item)
        return out
