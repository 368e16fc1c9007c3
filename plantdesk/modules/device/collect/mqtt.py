"""The MQTT collector (aiomqtt): subscribes to its tenant's topics on the source's broker and writes what
arrives.

Topics: `plantdesk/{tenantId}/{deviceCode}/telemetry` carries the HTTP ingest's body without the device code
(`{"ts": 1732400000000, "values": {"TEMP": 82.4}}`; ts in epoch ms, optional: the arrival time);
`plantdesk/{tenantId}/{deviceCode}/status` carries `online` or `offline` (a gateway's last will). A source
subscribes to `plantdesk/{its tenant}/+/+` unless its settings name another filter (`topic`); a message whose
topic names another tenant, or is not of this layout, or whose payload is not that JSON, is counted with its
reason and skipped, as are unknown devices and points (by the write path): nothing stops the subscriber.

Messages are batched (up to BATCH values, or what arrived within FLUSH_SECONDS) into one write; the queue
between the subscriber and the writer is bounded, so a database slower than the broker slows the reading
(the broker buffers) instead of filling memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from typing import TYPE_CHECKING

import aiomqtt
import orjson

from plantdesk.modules.device.collect import specs
from plantdesk.modules.device.collect.specs import SourceSpec

if TYPE_CHECKING:
    from plantdesk.modules.device.collect.supervisor import Sink, Value

BATCH = 5_000
FLUSH_SECONDS = 0.05
QUEUE_VALUES = 50_000


def client(spec: SourceSpec, *, timeout: float) -> aiomqtt.Client:
    config = spec.config
    tls, host, port = specs.mqtt_address(config)
    context = ssl.create_default_context() if tls else None
    if context is not None and config.get("tlsInsecure"):
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    return aiomqtt.Client(host, port, username=config.get("username") or None,
                          password=config.get("password") or None,
                          identifier=config.get("clientId") or f"plantdesk-{spec.id}",
                          tls_context=context, timeout=timeout, keepalive=30,
                          max_queued_incoming_messages=QUEUE_VALUES)


def parse(spec: SourceSpec, sink: Sink, topic: str, payload: bytes) -> list[Value]:
    parts = topic.split("/")
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
            sink.status.heard([device])
        elif state == "offline":
            sink.status.gone(device)
        else:
            sink.reject("malformed", f"{topic}: {payload[:100]!r}")
        return []
    try:
        body = orjson.loads(payload)
    except orjson.JSONDecodeError:
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("values"), dict):
        sink.reject("malformed", f"{topic}: {payload[:100]!r}")
        return []
    ts = body.get("ts")
    return [(device, point, ts, value) for point, value in body["values"].items()]


async def run(spec: SourceSpec, sink: Sink) -> None:
    queue: asyncio.Queue[list[Value]] = asyncio.Queue(maxsize=QUEUE_VALUES // 10)
    async with client(spec, timeout=spec.timeout_ms / 1000) as mqtt:
        await mqtt.subscribe(str(spec.config.get("topic") or f"plantdesk/{spec.tenant_id}/+/+"), qos=1)
        await sink.connected()
        writer = asyncio.create_task(_write(queue, sink))
        try:
            async for message in mqtt.messages:
                if writer.done():
                    writer.result()  # the database failed: raise it (the supervisor reconnects)
                payload = message.payload if isinstance(message.payload, bytes) else str(message.payload).encode()
                values = parse(spec, sink, message.topic.value, payload)
                if values:
                    await queue.put(values)
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer


async def _write(queue: asyncio.Queue[list[Value]], sink: Sink) -> None:
    while True:
        batch = await queue.get()
        await asyncio.sleep(FLUSH_SECONDS)  # let a burst gather into one transaction
        while len(batch) < BATCH and not queue.empty():
            batch.extend(queue.get_nowait())
        await sink.write(batch)
