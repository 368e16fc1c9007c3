"""The MQTT collector (aiomqtt): subscribes to its tenant's topics on the source's broker and writes what
arrives.

Topics: `plantdesk/{tenantId}/{deviceCode}/telemetry` carries the HTTP ingest's body without the device code
(`{"ts": 1732400000000, "values": {"TEMP": 82.4}}`; ts in epoch s/ms/µs/ns or ISO-8601, optional: the arrival
time), or a JSON array of such messages;
`plantdesk/{tenantId}/{deviceCode}/status` carries `online` or `offline` (a gateway's last will). A source
subscribes to `plantdesk/{its tenant}/+/+` unless its settings name another filter (`topic`); a message whose
topic names another tenant, or is not of this layout, or whose payload is not that JSON, is counted with its
reason and skipped, as are unknown devices and points (by the write path): nothing stops the subscriber.

Other layouts a source reads when its `topic` filter takes them in:
- the ThingsBoard gateway API: `v1/gateway/telemetry` `{"Device A": [{"ts": …, "values": {…}}, {"temp": 1}]}`,
  `v1/gateway/attributes` `{"Device A": {"model": "X"}}` (written as values, now), `v1/gateway/connect` and
  `v1/gateway/disconnect` `{"device": "Device A"}` (online, offline); device names are device codes;
- Sparkplug B (`spBv1.0/…`, protobuf): sparkplug.py.

Several sources of one tenant on one broker with the same topic filter (and account) would each receive every
message: they subscribe as one shared subscription (`$share/<group>/<filter>`, the group named by specs.load),
so the broker hands each message to one of them.

Messages are batched (up to BATCH values, or what arrived within FLUSH_SECONDS) into one write; the queue
between the subscriber and the writer is bounded, so a database slower than the broker slows the reading
(the broker buffers) instead of filling memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import aiomqtt
import orjson

from plantdesk.core.errors import BadRequest
from plantdesk.modules.device.collect import sparkplug, specs
from plantdesk.modules.device.collect.specs import SourceSpec

if TYPE_CHECKING:
    from plantdesk.modules.device.collect.supervisor import Sink, Value

BATCH = 20_000
FLUSH_SECONDS = 0.05
QUEUE_VALUES = 50_000


def client(spec: SourceSpec, *, timeout: float) -> aiomqtt.Client:
    config = spec.config
    tls, host, port = specs.mqtt_address(config)
    context = tls_context(config) if tls else None
    return aiomqtt.Client(host, port, username=config.get("username") or None,
                          password=config.get("password") or None,
                          identifier=config.get("clientId") or f"plantdesk-{spec.id}",
                          tls_context=context, timeout=timeout, keepalive=30,
                          max_queued_incoming_messages=QUEUE_VALUES)


def tls_context(config: dict) -> ssl.SSLContext:
    """An `mqtts://` broker's TLS: the CA that signed the broker's certificate (`caCertificate`, PEM; the
    system's CAs without one), a client certificate and its key when the broker asks for one
    (`clientCertificate`, `clientKey`, PEM), and the broker's certificate and name checked unless `tlsVerify`
    is false."""
    ca = str(config.get("caCertificate") or "").strip()
    try:
        context = ssl.create_default_context(cadata=ca or None)
    except (ssl.SSLError, ValueError) as exc:
        raise BadRequest(f"CA 证书格式错误: {getattr(exc, 'reason', None) or exc}") from None
    # `tlsInsecure`: the switch sources were saved with before `tlsVerify`.
    if not specs.enabled(config, "tlsVerify", default=not specs.enabled(config, "tlsInsecure", default=False)):
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    certificate, key = str(config.get("clientCertificate") or "").strip(), str(config.get("clientKey") or "").strip()
    if certificate or key:
        if not (certificate and key):
            raise BadRequest("客户端证书与私钥须同时填写")
        with tempfile.TemporaryDirectory() as folder:  # the ssl module loads a key from a file only
            chain = Path(folder) / "client.pem"
            chain.write_text(f"{certificate}\n{key}\n")
            try:
                context.load_cert_chain(chain)
            except (ssl.SSLError, ValueError) as exc:
                raise BadRequest(f"客户端证书或私钥格式错误: {getattr(exc, 'reason', None) or exc}") from None
    return context


def parse(spec: SourceSpec, sink: Sink, topic: str, payload: bytes,
          sessions: sparkplug.Sessions | None = None) -> list[Value]:
    parts = topic.split("/")
    if parts[0] == sparkplug.NAMESPACE:
        return (sessions or sparkplug.Sessions()).parse(sink, parts, topic, payload)
    if len(parts) == 3 and parts[0] == "v1" and parts[1] == "gateway":
        return _thingsboard(sink, parts[2], topic, payload)
    if len(parts) != 4 or parts[0] != "plantdesk" or parts[3] not in ("telemetry", "status") or not parts[2]:
        sink.reject("malformed", topic)
        return []
    if parts[1] != spec.tenant_id:  # a source only ever writes its own tenant
        sink.reject("unknown_tenant", topic)
        return []
    device = parts[2]
    if parts[3] == "status":
        state = payload.decode("utf-8", "replace").strip().strip('"').lower()
        if state == "online":
            sink.changed = sink.status.heard([device]) or sink.changed
        elif state == "offline":
            sink.status.gone(device)
            sink.changed = True
        else:
            sink.reject("malformed", f"{topic}: {payload[:100]!r}")
        return []
    body = _json(payload)
    values: list[Value] = []
    for message in body if isinstance(body, list) else [body]:  # one message, or an array of them
        if not isinstance(message, dict) or not isinstance(message.get("values"), dict):
            sink.reject("malformed", f"{topic}: {payload[:100]!r}")
            continue
        ts = message.get("ts")
        values.extend((device, point, ts, value) for point, value in message["values"].items())
    return values


def _json(payload: bytes) -> object:
    try:
        return orjson.loads(payload)
    except orjson.JSONDecodeError:
        return None


def _thingsboard(sink: Sink, kind: str, topic: str, payload: bytes) -> list[Value]:
    """The ThingsBoard gateway API's telemetry, attributes, connect and disconnect (see the module notes)."""
    body = _json(payload)
    if kind in ("connect", "disconnect"):
        device = body.get("device") if isinstance(body, dict) else None
        if not isinstance(device, str) or not device:
            sink.reject("malformed", f"{topic}: {payload[:100]!r}")
        elif kind == "connect":
            sink.changed = sink.status.heard([device]) or sink.changed
        else:
            sink.status.gone(device)
            sink.changed = True
        return []
    if kind not in ("telemetry", "attributes") or not isinstance(body, dict):
        sink.reject("malformed", f"{topic}: {payload[:100]!r}")
        return []
    values: list[Value] = []
    for device, entries in body.items():
        if kind == "attributes":
            entries = [entries]
        if not isinstance(entries, list):
            entries = [entries]
        for entry in entries:
            if not isinstance(entry, dict):
                sink.reject("malformed", f"{topic}: {device}")
                continue
            if isinstance(entry.get("values"), dict):  # {"ts": …, "values": {…}}
                ts, readings = entry.get("ts"), entry["values"]
            else:  # {"temperature": 42}: now
                ts, readings = None, entry
            values.extend((device, point, ts, value) for point, value in readings.items())
    return values


async def run(spec: SourceSpec, sink: Sink) -> None:
    queue: asyncio.Queue[list[Value]] = asyncio.Queue(maxsize=QUEUE_VALUES // 10)
    sessions = sparkplug.Sessions(rebirth=specs.enabled(spec.config, "sparkplugRebirth", default=True))
    async with client(spec, timeout=spec.timeout_ms / 1000) as mqtt:
        await mqtt.subscribe(subscription(spec), qos=1)
        await sink.connected()
        writer = asyncio.create_task(_write(queue, sink))
        try:
            async for message in mqtt.messages:
                if writer.done():
                    writer.result()  # the database failed: raise it (the supervisor reconnects)
                payload = message.payload if isinstance(message.payload, bytes) else str(message.payload).encode()
                values = parse(spec, sink, message.topic.value, payload, sessions)
                if values:
                    await queue.put(values)
                for topic, request, why in sessions.requests:  # an edge node the source cannot follow
                    await mqtt.publish(topic, request, qos=0)
                    sink.rebirth_requested(topic, why)
                sessions.requests.clear()
                if sink.changed:  # a device said it is online or offline: shown at once
                    sink.changed = False
                    await sink.publish()
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer


def topic_filter(spec: SourceSpec) -> str:
    return str(spec.config.get("topic") or f"plantdesk/{spec.tenant_id}/+/+")


def subscription(spec: SourceSpec) -> str:
    """The source's filter, as a shared subscription when another source of its tenant reads the same."""
    group = spec.config.get(SHARED)
    return f"$share/{group}/{topic_filter(spec)}" if group else topic_filter(spec)


SHARED = "sharedGroup"  # set by specs.load, never by a user


async def _write(queue: asyncio.Queue[list[Value]], sink: Sink) -> None:
    while True:
        batch = await queue.get()
        if queue.empty():  # a lone message: let a burst gather into one transaction (a backlog is one already)
            await asyncio.sleep(FLUSH_SECONDS)
        while len(batch) < BATCH and not queue.empty():
            batch.extend(queue.get_nowait())
        await sink.write(batch)
