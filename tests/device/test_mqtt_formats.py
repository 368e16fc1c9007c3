"""The MQTT layouts a gateway publishes (issue 29), against the machine's Mosquitto (127.0.0.1:1883): a JSON array
of messages per publish, the ThingsBoard gateway API, Sparkplug B (NBIRTH/DBIRTH/DDATA/DDEATH/NDEATH with aliases
and bdSeq; payloads built with protobuf from the published schema), two sources of one tenant on one broker
that do not both take a message, and the size limit of string values."""

import asyncio
import time

import aiomqtt
import pytest

from plantdesk.modules.device.collect.sparkplug import Payload
from tests.conftest import DEMO_TENANT
from tests.device.test_collect import (
    API,
    _counted,
    _has,
    _online,
    add_device,
    add_source,
    loopback,
    publish,
    source_state,
    until,
)

MQTT = "mqtt://127.0.0.1:1883"
assert loopback  # the collectors may reach the loopback broker (test_collect's autouse fixture)


def now_ms() -> int:
    return int(time.time() * 1000)


async def _device_state(api, source: str, device: str, wanted: str):
    state = await source_state(api, source)
    return state if (state.get("deviceStates") or {}).get(device) == wanted else None


async def _page(api, point_id: int, start: int, count: int):
    page = await api.data("GET", f"{API}/datapoints-monitor/page", pointId=point_id, startTime=start,
                          endTime=now_ms() + 60_000, order="asc", size=50)
    return page["records"] if page["total"] >= count else None


class TestJsonArraysAndLimits:
    async def test_an_array_of_messages_in_one_publish_and_a_string_too_long(self, app, demo_admin, unique):
        code = f"MA-{unique}"
        device = await add_device(app, DEMO_TENANT, code, [{"code": "TEMP"}, {"code": "MODE", "data_type": "string"}])
        source = await add_source(demo_admin, "mqtt", f"MA-{unique}", {
            "url": MQTT, "topic": f"plantdesk/{DEMO_TENANT}/{code}/+", "timeoutMs": 2000})
        await until(lambda: _online(demo_admin, source), what="the MQTT source online")
        t = now_ms() - 3000
        await publish(f"plantdesk/{DEMO_TENANT}/{code}/telemetry", [
            {"ts": t, "values": {"TEMP": 1.5}}, {"ts": (t + 1000) / 1000, "values": {"TEMP": 2.5, "MODE": "auto"}},
            "not a message", {"ts": t + 2000, "values": {"MODE": "x" * 5000}}])
        rows = await until(lambda: _page(demo_admin, device["points"]["TEMP"], t - 1, 2), what="both messages")
        assert [(r["ts"] - t, r["value"]) for r in rows] == [(0, 1.5), (1000, 2.5)]
        state = await until(lambda: _counted(demo_admin, source, {"malformed", "text_too_long"}, values=3),
                            what="the rejections")
        assert {r["reason"]: r["message"] for r in state["rejected"]} == {
            "malformed": "报文格式错误", "text_too_long": "字符串值超过 4096 个字符"}


class TestThingsBoard:
    async def test_gateway_telemetry_attributes_connect_and_disconnect(self, app, demo_admin, unique):
        a, b = f"TB-A-{unique}", f"TB-B-{unique}"
        first = await add_device(app, DEMO_TENANT, a, [{"code": "temperature"}, {"code": "humidity"}])
        second = await add_device(app, DEMO_TENANT, b, [{"code": "pressure"}, {"code": "model", "data_type": "string"}])
        source = await add_source(demo_admin, "mqtt", f"TB-{unique}", {
            "url": MQTT, "topic": "v1/gateway/+", "timeoutMs": 2000})
        await until(lambda: _online(demo_admin, source), what="the MQTT source online")
        t = now_ms() - 2000
        await publish("v1/gateway/connect", {"device": a})
        await publish("v1/gateway/telemetry", {
            a: [{"ts": t, "values": {"temperature": 42, "humidity": 80}},
                {"ts": t + 1000, "values": {"temperature": 43}}],
            b: [{"pressure": 1.013}]})
        await publish("v1/gateway/attributes", {b: {"model": "PX-9"}})
        await until(lambda: _has(demo_admin, first, {"temperature": 43.0, "humidity": 80.0}), what="device A")
        await until(lambda: _has(demo_admin, second, {"pressure": 1.013, "model": "PX-9"}), what="device B")
        rows = await until(lambda: _page(demo_admin, first["points"]["temperature"], t - 1, 2), what="A's history")
        assert [r["ts"] - t for r in rows] == [0, 1000]
        await publish("v1/gateway/disconnect", {"device": a})
        await until(lambda: _device_state(demo_admin, source, a, "offline"), what="A disconnected")


async def _rejected(api, source: str, wanted: dict):
    state = await source_state(api, source)
    return state if {r["reason"]: r["count"] for r in state["rejected"]} == wanted else None


def sparkplug(*metrics: dict, ts: int | None = None, seq: int = 0) -> bytes:
    message = Payload(timestamp=ts or now_ms(), seq=seq)
    for fields in metrics:
        message.metrics.add(**fields)
    return message.SerializeToString()


class TestSparkplugB:
    async def test_births_aliases_data_and_deaths(self, app, demo_admin, unique):
        group, node, device_id = f"G-{unique}", f"EN-{unique}", f"SP-{unique}"
        node_device = await add_device(app, DEMO_TENANT, node, [{"code": "Uptime"}])
        device = await add_device(app, DEMO_TENANT, device_id, [
            {"code": "Line/Speed"}, {"code": "Offset"}, {"code": "Count"}, {"code": "Run", "data_type": "bool"},
            {"code": "Recipe", "data_type": "string"}])
        source = await add_source(demo_admin, "mqtt", f"SP-{unique}", {
            "url": MQTT, "topic": f"spBv1.0/{group}/#", "timeoutMs": 60000})  # no silence-offline
        await until(lambda: _online(demo_admin, source), what="the MQTT source online")
        base = f"spBv1.0/{group}"
        t = now_ms() - 5000
        await publish(f"{base}/NBIRTH/{node}", sparkplug(
            {"name": "bdSeq", "datatype": 8, "long_value": 7},
            {"name": "Node Control/Rebirth", "alias": 1, "datatype": 11, "boolean_value": False},
            {"name": "Uptime", "alias": 2, "datatype": 8, "long_value": 3600, "timestamp": t}, ts=t))
        await publish(f"{base}/DBIRTH/{node}/{device_id}", sparkplug(
            {"name": "Line/Speed", "alias": 10, "datatype": 9, "float_value": 12.5},
            {"name": "Offset", "alias": 11, "datatype": 2, "int_value": (1 << 32) - 300},  # Int16 -300
            {"name": "Count", "alias": 12, "datatype": 4, "long_value": (1 << 64) - 5},  # Int64 -5
            {"name": "Run", "alias": 13, "datatype": 11, "boolean_value": True},
            {"name": "Recipe", "alias": 14, "datatype": 12, "string_value": "PVC-3"}, ts=t, seq=1))
        await until(lambda: _has(demo_admin, device, {"Line/Speed": 12.5, "Offset": -300.0, "Count": -5.0,
                                                      "Run": 1.0, "Recipe": "PVC-3"}), what="the DBIRTH values")
        await until(lambda: _has(demo_admin, node_device, {"Uptime": 3600.0}), what="the node's metric")
        # DDATA by alias alone (the datatype from the birth: an Int16 still signed), with its own timestamps.
        await publish(f"{base}/DDATA/{node}/{device_id}", sparkplug(
            {"alias": 10, "float_value": 13.0, "timestamp": t + 1000}, {"alias": 11, "int_value": (1 << 32) - 1},
            {"alias": 99, "int_value": 5}, ts=t + 1000, seq=2))
        await until(lambda: _has(demo_admin, device, {"Line/Speed": 13.0, "Offset": -1.0}), what="DDATA by alias")
        state = await until(lambda: _counted(demo_admin, source, {"unknown_alias"}), what="the unknown alias")
        assert {r["reason"]: r["message"] for r in state["rejected"]}["unknown_alias"] == (
            "Sparkplug 别名未知(未收到出生证明)")
        rows = await until(lambda: _page(demo_admin, device["points"]["Line/Speed"], t - 1, 2), what="history")
        assert [(r["ts"] - t, r["value"]) for r in rows] == [(0, 12.5), (1000, 13.0)]
        assert (await source_state(demo_admin, source))["deviceStates"][device_id] == "online"

        await publish(f"{base}/DDEATH/{node}/{device_id}", sparkplug(seq=3))
        await until(lambda: _device_state(demo_admin, source, device_id, "offline"), what="DDEATH")
        await publish(f"{base}/DBIRTH/{node}/{device_id}", sparkplug(
            {"name": "Line/Speed", "alias": 10, "datatype": 9, "float_value": 14.0}, seq=4))
        await until(lambda: _device_state(demo_admin, source, device_id, "online"), what="born again")
        await until(lambda: _has(demo_admin, device, {"Line/Speed": 14.0}), what="the rebirth's value written")
        # A late NDEATH of an older session (bdSeq 6) changes nothing; the current one's (7) takes all down.
        await publish(f"{base}/NDEATH/{node}", sparkplug({"name": "bdSeq", "datatype": 8, "long_value": 6}))
        await publish(f"{base}/NDEATH/{node}", sparkplug({"name": "bdSeq", "datatype": 8, "long_value": 7}))
        state = await until(lambda: _device_state(demo_admin, source, node, "offline"), what="NDEATH")
        assert state["deviceStates"][device_id] == "offline"

    async def test_a_node_it_cannot_follow_is_asked_for_a_rebirth(self, app, demo_admin, unique):
        """An alias no birth named, then a gap in the node's sequence numbers: each time the source publishes
        NCMD Node Control/Rebirth = true to the node, once until the node is born again."""
        group, node = f"GR-{unique}", f"ER-{unique}"
        base = f"spBv1.0/{group}"
        level = await add_device(app, DEMO_TENANT, node, [{"code": "Level"}])
        async with aiomqtt.Client("127.0.0.1", 1883) as edge:
            await edge.subscribe(f"{base}/NCMD/{node}", qos=1)
            source = await add_source(demo_admin, "mqtt", f"SR-{unique}", {
                "url": MQTT, "topic": f"spBv1.0/{group}/#", "timeoutMs": 3000})
            await until(lambda: _online(demo_admin, source), what="the MQTT source online")

            async def asked() -> None:
                async with asyncio.timeout(20):
                    async for message in edge.messages:
                        command = Payload.FromString(message.payload)
                        assert [(m.name, m.datatype, m.boolean_value) for m in command.metrics] == [
                            ("Node Control/Rebirth", 11, True)]
                        return

            # The source connected after the node's birth: data by alias it cannot name.
            await publish(f"{base}/NDATA/{node}", sparkplug({"alias": 5, "float_value": 1.0}, seq=7))
            await publish(f"{base}/NDATA/{node}", sparkplug({"alias": 5, "float_value": 2.0}, seq=8))
            await asked()
            await publish(f"{base}/NBIRTH/{node}", sparkplug(
                {"name": "bdSeq", "datatype": 8, "long_value": 1},
                {"name": "Level", "alias": 5, "datatype": 9, "float_value": 3.0}, seq=0))
            await publish(f"{base}/NDATA/{node}", sparkplug({"alias": 5, "float_value": 4.0}, seq=1))
            await until(lambda: _has(demo_admin, level, {"Level": 4.0}), what="data after the rebirth")
            await publish(f"{base}/NDATA/{node}", sparkplug({"alias": 5, "float_value": 5.0}, seq=4))  # 2, 3 lost
            await asked()
            await until(lambda: _rejected(demo_admin, source, {"unknown_alias": 2}), what="both aliases counted")
            with pytest.raises(TimeoutError):  # asked once: the next gap within REBIRTH_SECONDS asks nothing
                await publish(f"{base}/NDATA/{node}", sparkplug({"alias": 5, "float_value": 6.0}, seq=9))
                async with asyncio.timeout(1.5):
                    await edge.messages.__anext__()

    async def test_a_payload_that_is_not_sparkplug_is_counted(self, app, demo_admin, unique):
        group = f"GX-{unique}"
        source = await add_source(demo_admin, "mqtt", f"SX-{unique}", {
            "url": MQTT, "topic": f"spBv1.0/{group}/#", "timeoutMs": 3000})
        await until(lambda: _online(demo_admin, source), what="the MQTT source online")
        await publish(f"spBv1.0/{group}/DDATA/node", b"\xff\xff\xff")
        await publish(f"spBv1.0/{group}/NDATA/node", b"\x12\x03\xff\xff\xff")  # metrics: a truncated message
        await publish(f"spBv1.0/{group}/NCMD/node", sparkplug())  # a command: not telemetry
        state = await until(lambda: _counted(demo_admin, source, {"malformed"}, values=0), what="counted")
        assert {r["reason"] for r in state["rejected"]} == {"malformed"}


class TestOneBroker:
    async def test_two_sources_of_a_tenant_on_one_broker_take_each_message_once(self, app, demo_admin, unique):
        code = f"DUP-{unique}"
        device = await add_device(app, DEMO_TENANT, code, [{"code": "V"}])
        config = {"url": MQTT, "topic": f"plantdesk/{DEMO_TENANT}/{code}/+", "timeoutMs": 2000}
        first = await add_source(demo_admin, "mqtt", f"DA-{unique}", config)
        second = await add_source(demo_admin, "mqtt", f"DB-{unique}", config)
        await until(lambda: _online(demo_admin, first), what="the first source online")
        await until(lambda: _online(demo_admin, second), what="the second source online")
        t = now_ms() - 10_000
        for n in range(6):
            await publish(f"plantdesk/{DEMO_TENANT}/{code}/telemetry", {"ts": t + n * 1000, "values": {"V": n}})
        await until(lambda: _page(demo_admin, device["points"]["V"], t - 1, 6), what="the six values")

        async def counted():
            states = [await source_state(demo_admin, s) for s in (first, second)]
            return states if sum(s["values"] for s in states) >= 6 else None

        await until(counted, what="the values counted")
        await asyncio.sleep(2.5)  # what a second subscriber took would be published within the next seconds
        states = [await source_state(demo_admin, s) for s in (first, second)]
        assert sum(s["values"] for s in states) == 6  # each message taken by one source, not both
