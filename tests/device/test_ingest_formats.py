"""The gateway formats of POST /api/device-management/telemetry (issue 29): the InfluxDB line protocol as Telegraf
and Node-RED send it, Telegraf's JSON output, times in s/ms/µs/ns and ISO-8601, gzip bodies, and every rejection
counted under its reason, past the first 1,000 too."""

import gzip
import zlib
from datetime import datetime

import orjson

from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import API, make_device, now_ms

TELEMETRY = f"{API}/telemetry"
MONITOR = f"{API}/datapoints-monitor"


async def plant(app, unique: str) -> dict:
    return await make_device(app, DEMO_TENANT, f"GW-{unique}", [
        {"code": "temperature"}, {"code": "run", "data_type": "bool"}, {"code": "mode", "data_type": "string"},
        {"code": "count"}])


async def post(api, content: bytes, content_type: str, *, params: dict | None = None, **headers) -> dict:
    response = await api.http.post(TELEMETRY, content=content, params=params or {},
                                   headers=api.headers | {"Content-Type": content_type} | headers)
    assert response.status_code == 200, response.text
    return response.json()


async def latest(api, device: dict) -> dict:
    values = await api.data("GET", f"{MONITOR}/realtime", deviceId=device["id"])
    return {v["pointCode"]: (v["textValue"] if v["textValue"] is not None else v["value"], v["ts"]) for v in values
            if v["ts"] is not None}


class TestLineProtocol:
    async def test_telegraf_lines_with_tags_types_escapes_and_ns_times(self, app, demo_admin, unique):
        device = await plant(app, unique)
        t = now_ms() - 5000
        # As Telegraf's influx serializer writes them: the measurement names the device here, a `device` tag there
        # (it wins over the measurement), integers with `i`, strings quoted with escapes, booleans as t/false.
        body = (f"GW-{unique},host=edge-01,site=north\\ plant temperature=82.5,count=17i {t * 1_000_000}\n"
                f"# a comment line\n"
                f"plc,device=GW-{unique} run=t,mode=\"auto \\\"B\\\", line=2\" {(t + 1000) * 1_000_000}\n")
        answer = (await post(demo_admin, body.encode(), "text/plain; charset=utf-8"))["data"]
        assert (answer["accepted"], answer["rejected"], answer["reasons"]) == (4, 0, {})
        assert await latest(demo_admin, device) == {"temperature": (82.5, t), "count": (17.0, t),
                                                    "run": (1.0, t + 1000), "mode": ('auto "B", line=2', t + 1000)}

    async def test_precision_and_the_node_red_style_without_a_time(self, app, demo_admin, unique):
        device = await plant(app, unique)
        t = now_ms() // 1000 * 1000 - 3000
        answer = (await post(demo_admin, f"GW-{unique} temperature=1.5 {t // 1000}".encode(), "text/plain",
                             params={"precision": "s"}))["data"]
        assert answer["accepted"] == 1 and (await latest(demo_admin, device))["temperature"] == (1.5, t)
        answer = (await post(demo_admin, f"GW-{unique} temperature=2.5 {t + 1}".encode(), "text/plain",
                             params={"precision": "ms"}))["data"]
        assert answer["accepted"] == 1 and (await latest(demo_admin, device))["temperature"] == (2.5, t + 1)
        before = now_ms()
        answer = (await post(demo_admin, f"GW-{unique} temperature=3.5".encode(), "text/plain"))["data"]
        value, ts = (await latest(demo_admin, device))["temperature"]
        assert answer["accepted"] == 1 and value == 3.5 and ts >= before - 1000
        response = await demo_admin.http.post(TELEMETRY, content=b"x y=1", params={"precision": "weeks"},
                                              headers=demo_admin.headers | {"Content-Type": "text/plain"})
        assert response.json()["msg"] == "不支持的时间精度: weeks(ns、us、ms、s、m 或 h)"

    async def test_bad_lines_are_named_and_the_rest_written(self, app, demo_admin, unique):
        device = await plant(app, unique)
        t = now_ms()
        body = (f"GW-{unique} temperature=5 {t}000000\n"
                f"GW-{unique} temperature=hot {t}000000\n"
                f"GW-{unique},bad-tag temperature=1\n"
                f"GW-{unique} temperature=6 soon\n"
                f"GW-{unique} mode=\"unterminated\n")
        answer = (await post(demo_admin, body.encode(), "text/plain"))["data"]
        assert (answer["accepted"], answer["reasons"]) == (1, {"bad_entry": 4})
        assert [(r["index"], r["message"]) for r in answer["rejections"]] == [
            (2, "数据格式错误: 字段值无法识别: hot"), (3, "数据格式错误: 标签格式错误: bad-tag"),
            (4, "数据格式错误: 时间戳须为整数: soon"), (5, "数据格式错误: 字符串字段缺少引号: \"unterminated")]
        assert (await latest(demo_admin, device))["temperature"] == (5.0, t)

    async def test_csv_as_text_plain_is_still_csv(self, app, demo_admin, unique):
        device = await plant(app, unique)
        t = now_ms()
        answer = (await post(demo_admin, f"GW-{unique},temperature,{t},9.5\n".encode(), "text/plain"))["data"]
        assert answer["accepted"] == 1 and (await latest(demo_admin, device))["temperature"] == (9.5, t)


class TestTelegrafJson:
    async def test_a_batch_with_second_timestamps(self, app, demo_admin, unique):
        device = await plant(app, unique)
        t = now_ms() // 1000 - 10
        body = {"metrics": [
            {"fields": {"temperature": 21.5, "count": 3}, "name": f"GW-{unique}", "tags": {"host": "edge"},
             "timestamp": t},
            {"fields": {"run": False, "mode": "manual"}, "name": "plc", "tags": {"device": f"GW-{unique}"},
             "timestamp": t + 1},
            {"fields": {"temperature": 1}, "name": f"NOPE-{unique}", "tags": {}, "timestamp": t},
            {"name": "no fields"}]}
        answer = (await post(demo_admin, orjson.dumps(body), "application/json"))["data"]
        assert (answer["accepted"], answer["reasons"]) == (4, {"unknown_device": 1, "bad_entry": 1})
        assert await latest(demo_admin, device) == {
            "temperature": (21.5, t * 1000), "count": (3.0, t * 1000), "run": (0.0, (t + 1) * 1000),
            "mode": ("manual", (t + 1) * 1000)}

    async def test_one_metric_alone_gzip_compressed(self, app, demo_admin, unique):
        device = await plant(app, unique)
        t = now_ms() // 1000 - 5
        body = gzip.compress(orjson.dumps({"fields": {"temperature": 30.25}, "name": f"GW-{unique}",
                                           "tags": {}, "timestamp": t}))
        answer = (await post(demo_admin, body, "application/json", **{"Content-Encoding": "gzip"}))["data"]
        assert answer["accepted"] == 1 and (await latest(demo_admin, device))["temperature"] == (30.25, t * 1000)


class TestBodies:
    async def test_gzip_and_deflate_of_every_format(self, app, demo_admin, unique):
        device = await plant(app, unique)
        t = now_ms()
        lines = gzip.compress(f"GW-{unique} temperature=7 {t}000000".encode())
        assert (await post(demo_admin, lines, "text/plain", **{"Content-Encoding": "gzip"}))["data"]["accepted"] == 1
        csv = zlib.compress(f"GW-{unique},count,{t},8\n".encode())
        assert (await post(demo_admin, csv, "text/csv", **{"Content-Encoding": "deflate"}))["data"]["accepted"] == 1
        assert await latest(demo_admin, device) == {"temperature": (7.0, t), "count": (8.0, t)}

    async def test_a_broken_or_unknown_encoding_is_refused(self, demo_admin):
        response = await demo_admin.http.post(TELEMETRY, content=b"not gzip", headers=demo_admin.headers | {
            "Content-Type": "application/json", "Content-Encoding": "gzip"})
        assert response.status_code == 400 and response.json()["msg"] == "请求体不是合法的 gzip 数据"
        response = await demo_admin.http.post(TELEMETRY, content=b"{}", headers=demo_admin.headers | {
            "Content-Type": "application/json", "Content-Encoding": "br"})
        assert response.json()["msg"] == "不支持的内容编码: br(gzip 或 deflate)"

    async def test_a_gzip_bomb_is_refused(self, demo_admin):
        bomb = gzip.compress(b"[" + b" " * (65 * 1024 * 1024) + b"]", compresslevel=9)
        response = await demo_admin.http.post(TELEMETRY, content=bomb, headers=demo_admin.headers | {
            "Content-Type": "application/json", "Content-Encoding": "gzip"})
        assert response.status_code == 400 and response.json()["msg"] == "解压后的请求体超过 64 MB"


class TestTimes:
    async def test_every_unit_and_iso_8601(self, app, demo_admin, unique):
        device = await plant(app, unique)
        t = now_ms() // 1000 * 1000 - 60_000
        forms = [t // 1000, t + 1, (t + 2) * 1000, (t + 3) * 1_000_000, str((t + 4) * 1000), (t + 5000) / 1000,
                 datetime.fromtimestamp((t + 6000) / 1000).isoformat(),
                 datetime.utcfromtimestamp((t + 7000) / 1000).strftime("%Y-%m-%dT%H:%M:%SZ"),
                 datetime.fromtimestamp((t + 8000) / 1000).astimezone().isoformat()]
        for n, ts in enumerate(forms):
            answer = await demo_admin.data("POST", TELEMETRY, {"deviceCode": f"GW-{unique}", "ts": ts,
                                                               "values": {"count": n}})
            assert answer["accepted"] == 1, (ts, answer)
        page = await demo_admin.data("GET", f"{MONITOR}/page", pointId=device["points"]["count"],
                                     startTime=t - 1000, endTime=t + 10_000, order="asc", size=20)
        assert [(r["ts"] - t, r["value"]) for r in page["records"]] == [
            (0, 0.0), (1, 1.0), (2, 2.0), (3, 3.0), (4, 4.0), (5000, 5.0), (6000, 6.0), (7000, 7.0), (8000, 8.0)]

    async def test_an_unreadable_time_is_not_out_of_range(self, app, demo_admin, unique):
        await plant(app, unique)
        code = f"GW-{unique}"
        answer = await demo_admin.data("POST", TELEMETRY, [
            {"deviceCode": code, "ts": "yesterday", "values": {"count": 1}},
            {"deviceCode": code, "ts": "2026-13-45T99:00:00", "values": {"count": 1}},
            {"deviceCode": code, "ts": True, "values": {"count": 1}},
            {"deviceCode": code, "ts": {"at": 1}, "values": {"count": 1}},
            {"deviceCode": code, "ts": now_ms() - 400 * 86_400_000, "values": {"count": 1}}])
        assert answer["reasons"] == {"bad_time": 4, "time_out_of_range": 1}
        assert [r["message"] for r in answer["rejections"]] == [
            "时间格式无法识别: yesterday", "时间格式无法识别: 2026-13-45T99:00:00", "时间格式无法识别: True",
            "时间格式无法识别: {'at': 1}", "时间超出允许范围"]


class TestCounting:
    async def test_every_rejection_counted_by_reason_past_the_first_thousand(self, app, demo_admin, unique):
        await plant(app, unique)
        code = f"GW-{unique}"
        entries = [{"deviceCode": code, "values": {f"X{i}": 1 for i in range(1100)}},
                   {"deviceCode": code, "ts": "soon", "values": {"count": 1}},
                   {"deviceCode": code, "values": {"mode": "x" * 5000, "count": "many"}},
                   {"deviceCode": f"NOPE-{unique}", "values": {"a": 1, "b": 2}}]
        answer = await demo_admin.data("POST", TELEMETRY, entries)
        assert answer["reasons"] == {"unknown_point": 1100, "bad_time": 1, "text_too_long": 1, "bad_type": 1,
                                     "unknown_device": 2}
        assert (answer["rejected"], len(answer["rejections"]), answer["truncated"]) == (1105, 1000, True)

    async def test_a_string_value_has_a_size_limit(self, app, demo_admin, unique):
        device = await plant(app, unique)
        answer = await demo_admin.data("POST", TELEMETRY, {"deviceCode": f"GW-{unique}", "values": {
            "mode": "x" * 4097}})
        assert answer["reasons"] == {"text_too_long": 1}
        assert answer["rejections"][0]["message"] == "字符串值超过 4096 个字符(收到 4097 个)"
        answer = await demo_admin.data("POST", TELEMETRY, {"deviceCode": f"GW-{unique}", "values": {
            "mode": "y" * 4096}})
        assert answer["accepted"] == 1 and (await latest(demo_admin, device))["mode"][0] == "y" * 4096


class TestUnreadableCsv:
    async def test_a_carriage_return_ends_a_row(self, app, demo_admin, unique):
        device = await plant(app, unique)
        t = now_ms()
        answer = (await post(demo_admin, f"GW-{unique},temperature,{t},7.5\r&garbage".encode(), "text/csv"))["data"]
        assert answer["accepted"] == 1 and (await latest(demo_admin, device))["temperature"] == (7.5, t)

    async def test_a_cell_past_the_field_limit_is_a_clear_error(self, demo_admin):
        response = await demo_admin.http.post(TELEMETRY, content=b'"' + b"x" * 200_000,
                                              headers=demo_admin.headers | {"Content-Type": "text/csv"})
        assert response.status_code == 400
        assert response.json()["msg"].startswith("数据格式错误: CSV 第 1 行无法读取")
