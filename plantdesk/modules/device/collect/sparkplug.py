"""Sparkplug B (Eclipse Sparkplug 3.0) on an MQTT source: `spBv1.0/{group}/{type}/{edge node}[/{device}]` with
protobuf payloads, so an Ignition or any Sparkplug edge node publishes straight in.

The payload schema is the published `sparkplug_b.proto` (org.eclipse.tahu.protobuf.Payload), declared here as a
protobuf descriptor and read with Google's protobuf runtime: the fields a collector needs (payload timestamp,
metrics, seq; a metric's name, alias, timestamp, datatype, is_null and its scalar value); metadata, property
sets, datasets and templates are skipped as unknown fields.

What each message does (the device code is the Sparkplug device id, or the edge node id for node metrics):
- NBIRTH: the node's session starts: its aliases are forgotten and learnt again, its `bdSeq` kept; its metrics
  are written as values (the `bdSeq` and `Node Control/…` metrics are the protocol's, not the plant's).
- DBIRTH: the device's aliases learnt (a node's aliases are one namespace), its metrics written; online.
- NDATA, DDATA: metrics by name or by the alias the birth gave; an alias no birth named is rejected
  (unknown_alias).
- DDEATH: the device offline. NDEATH: the node and every device it had born offline, when its `bdSeq` is the
  current session's (a late death of an older session is ignored).
- STATE, NCMD, DCMD: not telemetry; ignored.

A host application asks an edge node to be born again when it cannot follow the session (Sparkplug 3.0, "Host
Application" rebirth): on an alias no birth named and on a gap in the node's message sequence (`seq` counts 0…255
over its births, data and deaths), the source publishes an NCMD with `Node Control/Rebirth` = true to
`spBv1.0/{group}/NCMD/{node}`, at most once per REBIRTH_SECONDS per node until its NBIRTH arrives (a source
setting `sparkplugRebirth: false` turns this off, e.g. for an account that may not publish).
Values by datatype: Int8/16/32 and Int64 as signed (two's complement in the unsigned fields), unsigned ones
as they are, Float/Double, Boolean, String/Text/UUID as text, DateTime as epoch ms; Bytes, File, DataSet and
Template values are rejected as malformed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory  # type: ignore[import-untyped]

if TYPE_CHECKING:
    from plantdesk.modules.device.collect.supervisor import Sink, Value

NAMESPACE = "spBv1.0"
SIGNED32 = {1: 8, 2: 16, 3: 32}  # Int8, Int16, Int32 → bits
INT64, DATETIME = 4, 13
FLOAT_TYPES, BOOLEAN, TEXT_TYPES = {9, 10}, 11, {12, 14, 15}
REBIRTH = "Node Control/Rebirth"
REBIRTH_SECONDS = 10.0


def _payload_class() -> Any:
    f = descriptor_pb2.FieldDescriptorProto
    proto = descriptor_pb2.FileDescriptorProto(name="plantdesk/sparkplug_b.proto",
                                               package="org.eclipse.tahu.protobuf", syntax="proto2")
    payload = proto.message_type.add(name="Payload")
    metric = payload.nested_type.add(name="Metric")
    metric.oneof_decl.add(name="value")

    def add(message: Any, name: str, number: int, kind: int, *, repeated: bool = False, type_name: str = "",
            oneof: bool = False) -> None:
        spec = message.field.add(name=name, number=number, type=kind,
                                 label=f.LABEL_REPEATED if repeated else f.LABEL_OPTIONAL)
        if type_name:
            spec.type_name = type_name
        if oneof:
            spec.oneof_index = 0

    for name, number, kind in (("name", 1, f.TYPE_STRING), ("alias", 2, f.TYPE_UINT64),
                               ("timestamp", 3, f.TYPE_UINT64), ("datatype", 4, f.TYPE_UINT32),
                               ("is_historical", 5, f.TYPE_BOOL), ("is_transient", 6, f.TYPE_BOOL),
                               ("is_null", 7, f.TYPE_BOOL)):
        add(metric, name, number, kind)
    for name, number, kind in (("int_value", 10, f.TYPE_UINT32), ("long_value", 11, f.TYPE_UINT64),
                               ("float_value", 12, f.TYPE_FLOAT), ("double_value", 13, f.TYPE_DOUBLE),
                               ("boolean_value", 14, f.TYPE_BOOL), ("string_value", 15, f.TYPE_STRING),
                               ("bytes_value", 16, f.TYPE_BYTES)):
        add(metric, name, number, kind, oneof=True)
    add(payload, "timestamp", 1, f.TYPE_UINT64)
    add(payload, "metrics", 2, f.TYPE_MESSAGE, repeated=True, type_name=".org.eclipse.tahu.protobuf.Payload.Metric")
    add(payload, "seq", 3, f.TYPE_UINT64)
    add(payload, "uuid", 4, f.TYPE_STRING)
    add(payload, "body", 5, f.TYPE_BYTES)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("org.eclipse.tahu.protobuf.Payload"))


Payload = _payload_class()


@dataclass
class Node:
    """One edge node's session as its births told it."""

    bd_seq: int | None = None
    aliases: dict[int, str] = field(default_factory=dict)
    types: dict[str, int] = field(default_factory=dict)  # metric name → datatype (DATA messages may omit it)
    devices: set[str] = field(default_factory=set)
    seq: int | None = None  # the sequence number of its last message
    asked: float | None = None  # monotonic time of the last rebirth request, None once it was born again


def rebirth_request() -> bytes:
    """The NCMD payload asking an edge node for its births again."""
    stamp = int(time.time() * 1000)
    message = Payload(timestamp=stamp)
    message.metrics.add(name=REBIRTH, timestamp=stamp, datatype=BOOLEAN, boolean_value=True)
    return message.SerializeToString()


class Sessions:
    """The edge nodes one MQTT source has heard, by (group, node); `requests` collects the rebirth requests
    (topic, payload, why) the source is to publish."""

    def __init__(self, rebirth: bool = True) -> None:
        self.nodes: dict[tuple[str, str], Node] = {}
        self.rebirth = rebirth
        self.requests: list[tuple[str, bytes, str]] = []

    def ask_rebirth(self, group: str, node_id: str, node: Node, why: str) -> None:
        if not self.rebirth or (node.asked is not None and time.monotonic() - node.asked < REBIRTH_SECONDS):
            return
        node.asked = time.monotonic()
        self.requests.append((f"{NAMESPACE}/{group}/NCMD/{node_id}", rebirth_request(), why))

    def parse(self, sink: Sink, parts: list[str], topic: str, payload: bytes) -> list[Value]:
        if len(parts) > 1 and parts[1] == "STATE":  # a host application's state: not telemetry
            return []
        if len(parts) not in (4, 5) or not parts[1] or not parts[3]:
            sink.reject("malformed", topic)
            return []
        group, kind, node_id = parts[1], parts[2], parts[3]
        device = parts[4] if len(parts) == 5 else None
        if kind in ("NCMD", "DCMD", "STATE"):
            return []
        if kind not in ("NBIRTH", "NDATA", "NDEATH", "DBIRTH", "DDATA", "DDEATH") or (
                (device is None) != kind.startswith("N")):
            sink.reject("malformed", topic)
            return []
        try:
            message = Payload.FromString(payload)
        except Exception:  # noqa: BLE001 - protobuf's DecodeError and its relatives
            sink.reject("malformed", f"{topic}: 不是 Sparkplug B 报文")
            return []
        key = (group, node_id)
        if kind == "NBIRTH":
            node = self.nodes[key] = Node()
            for metric in message.metrics:
                if metric.name == "bdSeq":
                    node.bd_seq = _plain(metric)
        node = self.nodes.setdefault(key, Node())
        if kind != "NDEATH" and message.HasField("seq"):
            expected = None if node.seq is None or kind == "NBIRTH" else (node.seq + 1) % 256
            if expected is not None and message.seq != expected:
                self.ask_rebirth(group, node_id, node, f"消息序号不连续: 收到 {message.seq}, 应为 {expected}")
            node.seq = message.seq
        if kind == "NDEATH":
            bd_seq = next((_plain(m) for m in message.metrics if m.name == "bdSeq"), None)
            if node.bd_seq is not None and bd_seq is not None and bd_seq != node.bd_seq:
                return []  # an older session's death, delivered late
            for gone in sorted(node.devices | {node_id}):
                sink.status.gone(gone)
            sink.changed = True
            self.nodes.pop(key, None)
            return []
        if kind == "DDEATH":
            assert device is not None
            sink.status.gone(device)
            sink.changed = True
            node.devices.discard(device)
            return []
        code = device or node_id
        if device is not None:
            node.devices.add(device)
        birth = kind.endswith("BIRTH")
        ts = message.timestamp if message.HasField("timestamp") else None
        values: list[Value] = []
        for metric in message.metrics:
            name = metric.name if metric.HasField("name") else None
            if birth and name is not None:
                if metric.HasField("alias"):
                    node.aliases[metric.alias] = name
                if metric.HasField("datatype"):
                    node.types[name] = metric.datatype
            if name is None:
                name = node.aliases.get(metric.alias) if metric.HasField("alias") else None
                if name is None:
                    alias = metric.alias if metric.HasField("alias") else "?"
                    sink.reject("unknown_alias", f"{topic}: alias {alias}")
                    self.ask_rebirth(group, node_id, node, f"别名 {alias} 未知")
                    continue
            if name == "bdSeq" or name.startswith("Node Control/") or name.startswith("Properties/"):
                continue
            if metric.is_null or metric.WhichOneof("value") is None:
                continue
            value = _value(metric, metric.datatype if metric.HasField("datatype") else node.types.get(name, 0))
            if value is None:
                sink.reject("malformed", f"{topic}: {name} 的数据类型不支持")
                continue
            values.append((code, name, metric.timestamp if metric.HasField("timestamp") else ts, value))
        if birth or not values:
            sink.changed = sink.status.heard([code]) or sink.changed
        return values


def _plain(metric: Any) -> int | None:
    kind = metric.WhichOneof("value")
    return int(getattr(metric, kind)) if kind in ("int_value", "long_value") else None


def _value(metric: Any, datatype: int) -> Any:
    kind = metric.WhichOneof("value")
    raw = getattr(metric, kind)
    if kind == "bytes_value":
        return None
    if kind == "int_value" and datatype in SIGNED32:
        return raw - (1 << 32) if raw >= 1 << 31 else raw
    if kind == "long_value" and datatype in (INT64, *SIGNED32):
        return raw - (1 << 64) if raw >= 1 << 63 else raw
    return raw
