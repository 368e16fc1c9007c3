"""POST /api/device-management/telemetry (JSON object, array, CSV; every rejection reason), per-device tokens,
tenant isolation, and the datapoints-monitor reads (realtime with its stale flag, aggregate, page, export)."""

import io

from openpyxl import load_workbook

from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import API, make_device, now_ms
from tests.helpers import CLIENT

TELEMETRY = f"{API}/telemetry"
MONITOR = f"{API}/datapoints-monitor"


async def plant(app, unique: str, tenant: str = DEMO_TENANT) -> dict:
    return await make_device(app, tenant, f"R-{unique}", [
        {"code": "TEMP", "period_ms": 1000}, {"code": "RUN", "data_type": "bool"},
        {"code": "MODE", "data_type": "string"}, {"code": "LEVEL"}])


async def post(api, body=None, *, content: bytes | None = None, content_type: str = "application/json", **headers):
    if content is None:
        return await api.http.post(TELEMETRY, json=body, headers=api.headers | headers)
    return await api.http.post(TELEMETRY, content=content, headers=api.headers | {"Content-Type": content_type})


async def with_token(client, token: str, body, *, bearer: bool = False):
    headers = {"Authorization": f"Bearer {token}"} if bearer else {"X-Device-Token": token}
    return await client.post(TELEMETRY, json=body, headers=headers)


class TestBodies:
    async def test_one_object(self, app, demo_admin, unique):
        device = await plant(app, unique)
        ts = now_ms()
        answer = await demo_admin.data("POST", TELEMETRY, {"deviceCode": f"R-{unique}", "ts": ts, "values": {
            "TEMP": 71.5, "RUN": True, "MODE": "auto", "LEVEL": "3.25"}})
        assert answer == {"accepted": 4, "rejected": 0, "stored": 4, "rejections": [], "truncated": False,
                          "reasons": {}}
        values = await demo_admin.data("GET", f"{MONITOR}/realtime", deviceId=device["id"])
        assert {v["pointCode"]: (v["value"], v["textValue"], v["ts"]) for v in values} == {
            "TEMP": (71.5, None, ts), "RUN": (1.0, None, ts), "MODE": (None, "auto", ts), "LEVEL": (3.25, None, ts)}
        assert all(v["pointId"] == str(device["points"][v["pointCode"]]) for v in values)

    async def test_an_array_and_the_default_time(self, app, demo_admin, unique):
        device = await plant(app, unique)
        before = now_ms()
        answer = await demo_admin.data("POST", TELEMETRY, [
            {"deviceCode": f"R-{unique}", "ts": before - 2000, "values": {"TEMP": 1}},
            {"deviceCode": f"R-{unique}", "values": {"TEMP": 2, "RUN": 0}}])
        assert (answer["accepted"], answer["rejected"]) == (3, 0)
        page = await demo_admin.data("GET", f"{MONITOR}/page", pointId=device["points"]["TEMP"],
                                     startTime=before - 10_000, endTime=before + 60_000, order="asc")
        assert [r["value"] for r in page["records"]] == [1.0, 2.0] and page["total"] == 2
        assert page["records"][1]["ts"] >= before

    async def test_csv_rows(self, app, demo_admin, unique):
        device = await plant(app, unique)
        ts = now_ms()
        rows = (f"deviceCode,pointCode,ts,value\nR-{unique},TEMP,{ts},12.5\nR-{unique},RUN,{ts},true\n"
                f"R-{unique},MODE,,manual\nR-{unique},LEVEL,{ts},abc\nR-{unique},TEMP\n")
        response = await post(demo_admin, content=rows.encode(), content_type="text/csv")
        answer = response.json()["data"]
        assert (answer["accepted"], answer["rejected"]) == (3, 2)
        assert [(r["index"], r["reason"]) for r in answer["rejections"]] == [(5, "bad_type"), (6, "bad_entry")]
        ids = ",".join(map(str, device["points"].values()))
        values = {v["pointCode"]: v for v in await demo_admin.data("GET", f"{MONITOR}/realtime", pointIds=ids)}
        assert (values["TEMP"]["value"], values["RUN"]["value"], values["MODE"]["textValue"]) == (12.5, 1.0, "manual")
        assert values["LEVEL"]["value"] is None and values["LEVEL"]["stale"] is True

    async def test_malformed_json_is_a_bad_request(self, demo_admin):
        response = await post(demo_admin, content=b"{not json", content_type="application/json")
        assert response.status_code == 400


class TestRejections:
    async def test_every_reason_is_listed(self, app, demo_admin, unique):
        await plant(app, unique)
        now = now_ms()
        code = f"R-{unique}"
        answer = await demo_admin.data("POST", TELEMETRY, [
            {"deviceCode": f"NOPE-{unique}", "values": {"TEMP": 1}},
            {"deviceCode": code, "values": {"NOPE": 1, "TEMP": "hot", "RUN": 5, "MODE": {"a": 1}, "LEVEL": None}},
            {"deviceCode": code, "ts": now + 3_600_000, "values": {"TEMP": 1}},
            {"deviceCode": code, "ts": now - 400 * 86_400_000, "values": {"TEMP": 1}},
            {"deviceCode": code, "ts": "yesterday", "values": {"TEMP": 1}},
            {"values": {"TEMP": 1}},
            "text",
            {"deviceCode": code, "values": {"TEMP": 20.5}},
        ])
        assert (answer["accepted"], answer["rejected"], answer["truncated"]) == (1, 11, False)
        assert [(r["index"], r["pointCode"], r["reason"]) for r in answer["rejections"]] == [
            (0, "TEMP", "unknown_device"),
            (1, "NOPE", "unknown_point"), (1, "TEMP", "bad_type"), (1, "RUN", "bad_type"), (1, "MODE", "bad_type"),
            (1, "LEVEL", "bad_type"),
            (2, "TEMP", "time_out_of_range"), (3, "TEMP", "time_out_of_range"), (4, "TEMP", "bad_time"),
            (5, None, "bad_entry"), (6, None, "bad_entry")]
        assert all(r["message"] for r in answer["rejections"])

    async def test_many_rejections_are_counted_all_and_listed_up_to_the_cap(self, app, demo_admin, unique):
        await plant(app, unique)
        values = {f"X{i}": 1 for i in range(1200)}
        answer = await demo_admin.data("POST", TELEMETRY, {"deviceCode": f"R-{unique}", "values": values})
        assert (answer["rejected"], len(answer["rejections"]), answer["truncated"]) == (1200, 1000, True)


class TestPermissions:
    async def test_anonymous_and_a_user_without_the_ingest_button_are_refused(self, client, demo_user, unique):
        body = {"deviceCode": f"R-{unique}", "values": {"TEMP": 1}}
        assert (await client.post(TELEMETRY, json=body, headers={"Authorization": CLIENT})).status_code == 401
        assert (await post(demo_user, body)).status_code == 403


class TestDeviceTokens:
    async def test_create_use_list_and_revoke(self, app, client, demo_admin, unique):
        device = await plant(app, unique)
        created = await demo_admin.data("POST", f"{API}/device-token/create",
                                        {"deviceId": device["id"], "name": "gateway 1"})
        token = created["token"]
        assert token.startswith("pdt_") and created["prefix"] == token[:12] and created["revoked"] is False
        body = {"deviceCode": f"R-{unique}", "values": {"TEMP": 42}}
        response = await with_token(client, token, body)
        assert response.status_code == 200 and response.json()["data"]["accepted"] == 1
        assert (await with_token(client, token, body, bearer=True)).json()["data"]["accepted"] == 1
        listed = await demo_admin.data("GET", f"{API}/device-token/list", deviceId=device["id"])
        assert [(t["id"], t["name"]) for t in listed] == [(created["id"], "gateway 1")]
        assert "token" not in listed[0] and listed[0]["lastUsedTime"]
        assert (await demo_admin.post(f"{API}/device-token/revoke", ids=created["id"])).json()["success"]
        refused = await with_token(client, token, body)
        assert refused.status_code == 401
        listed = await demo_admin.data("GET", f"{API}/device-token/list", deviceId=device["id"])
        assert listed[0]["revoked"] is True

    async def test_a_token_writes_its_own_device_only(self, app, client, demo_admin, unique):
        mine = await plant(app, unique)
        await plant(app, f"{unique}-2")
        token = (await demo_admin.data("POST", f"{API}/device-token/create", {"deviceId": mine["id"]}))["token"]
        body = [{"deviceCode": f"R-{unique}-2", "values": {"TEMP": 1}},
                {"deviceCode": f"R-{unique}", "values": {"TEMP": 1}}]
        answer = (await with_token(client, token, body)).json()["data"]
        assert (answer["accepted"], [r["reason"] for r in answer["rejections"]]) == (1, ["device_not_allowed"])

    async def test_an_unknown_token_is_refused(self, client):
        assert (await with_token(client, "pdt_" + "x" * 43, {"deviceCode": "A", "values": {}})).status_code == 401

    async def test_a_token_of_another_tenants_device_cannot_be_made(self, app, demo_admin, unique):
        other = await plant(app, unique, tenant="000000")
        response = await demo_admin.post(f"{API}/device-token/create", {"deviceId": other["id"]})
        assert response.json()["success"] is False


class TestTenantIsolation:
    async def test_a_token_of_tenant_a_cannot_write_a_point_of_tenant_b(self, app, client, admin, demo_admin, unique):
        ours = await plant(app, unique)
        theirs = await plant(app, f"{unique}-b", tenant="000000")
        token = (await demo_admin.data("POST", f"{API}/device-token/create", {"deviceId": ours["id"]}))["token"]
        answer = (await with_token(client, token, {"deviceCode": f"R-{unique}-b", "values": {"TEMP": 1}})
                  ).json()["data"]
        assert [r["reason"] for r in answer["rejections"]] == ["unknown_device"]
        # the same with a user token of tenant A
        answer = await demo_admin.data("POST", TELEMETRY, {"deviceCode": f"R-{unique}-b", "values": {"TEMP": 1}})
        assert [r["reason"] for r in answer["rejections"]] == ["unknown_device"]
        values = await admin.data("GET", f"{MONITOR}/realtime", deviceId=theirs["id"])
        assert all(v["value"] is None for v in values)

    async def test_reads_of_another_tenants_points_answer_nothing(self, app, admin, demo_admin, unique):
        theirs = await plant(app, unique, tenant="000000")
        await admin.data("POST", TELEMETRY, {"deviceCode": f"R-{unique}", "values": {"TEMP": 5}})
        ids = ",".join(map(str, theirs["points"].values()))
        assert await demo_admin.data("GET", f"{MONITOR}/realtime", pointIds=ids) == []
        assert await demo_admin.data("GET", f"{MONITOR}/realtime", deviceId=theirs["id"]) == []
        aggregate = await demo_admin.data("GET", f"{MONITOR}/aggregate", pointIds=ids)
        assert aggregate["series"] == []
        page = await demo_admin.get(f"{MONITOR}/page", pointId=theirs["points"]["TEMP"])
        assert page.json()["success"] is False
        mine = await admin.data("GET", f"{MONITOR}/realtime", pointIds=ids)
        assert [v["value"] for v in mine if v["pointCode"] == "TEMP"] == [5.0]


class TestReads:
    async def test_stale_follows_the_collect_period_or_the_default(self, app, demo_admin, unique):
        device = await plant(app, unique)
        now = now_ms()
        await demo_admin.data("POST", TELEMETRY, [
            {"deviceCode": f"R-{unique}", "ts": now - 10_000, "values": {"TEMP": 1, "LEVEL": 1}},
            {"deviceCode": f"R-{unique}", "ts": now - 40_000, "values": {"RUN": 1}}])
        values = {v["pointCode"]: v["stale"] for v in
                  await demo_admin.data("GET", f"{MONITOR}/realtime", deviceId=device["id"])}
        # TEMP: period 1 s, 10 s old → stale; LEVEL: default 10 s period, 10 s old → fresh; RUN: 40 s > 30 s
        assert values == {"TEMP": True, "LEVEL": False, "RUN": True, "MODE": True}
        await demo_admin.data("POST", TELEMETRY, {"deviceCode": f"R-{unique}", "values": {"TEMP": 2}})
        values = {v["pointCode"]: v["stale"] for v in
                  await demo_admin.data("GET", f"{MONITOR}/realtime", deviceId=device["id"])}
        assert values["TEMP"] is False
        status = await demo_admin.data("GET", f"{MONITOR}/status", deviceIds=device["id"])
        assert status == [{"deviceId": str(device["id"]), "status": "online", "lastTs": status[0]["lastTs"]}]
        every = {entry["deviceId"]: entry["status"] for entry in await demo_admin.data("GET", f"{MONITOR}/status")}
        assert every[str(device["id"])] == "online"  # no deviceIds: every device of the tenant

    async def test_aggregate_over_http(self, app, demo_admin, unique):
        device = await plant(app, unique)
        start = now_ms() - 600_000
        start -= start % 60_000
        entries = [{"deviceCode": f"R-{unique}", "ts": start + i * 1000, "values": {"TEMP": i % 60}}
                   for i in range(300)]
        await demo_admin.data("POST", TELEMETRY, entries)
        answer = await demo_admin.data("GET", f"{MONITOR}/aggregate", pointIds=device["points"]["TEMP"],
                                       startTime=start, endTime=start + 300_000, interval=60_000)
        assert answer["source"] == "raw" and answer["interval"] == 60_000
        buckets = answer["series"][0]["buckets"]
        assert [(b["min"], b["max"], b["avg"], b["last"], b["count"]) for b in buckets] == [
            (0.0, 59.0, 29.5, 59.0, 60)] * 5
        by_minute = await demo_admin.data("GET", f"{MONITOR}/aggregate", pointIds=device["points"]["TEMP"],
                                          startTime=start, endTime=start + 300_000, interval=60_000, source="1m")
        assert by_minute["series"][0]["buckets"] == buckets

    async def test_export_xlsx_and_csv(self, app, demo_admin, unique):
        device = await plant(app, unique)
        ts = now_ms() - 5000
        await demo_admin.data("POST", TELEMETRY, [
            {"deviceCode": f"R-{unique}", "ts": ts + i * 1000, "values": {"TEMP": i, "MODE": "=cmd"}}
            for i in range(3)])
        params = {"deviceId": device["id"], "startTime": ts - 1000, "endTime": ts + 10_000}
        xlsx = await demo_admin.get(f"{MONITOR}/export", **params)
        assert xlsx.status_code == 200
        rows = list(load_workbook(io.BytesIO(xlsx.content)).worksheets[0].iter_rows(values_only=True))
        assert rows[0][:3] == ("设备ID", "点位编码", "点位名称")
        assert [(r[1], r[5]) for r in rows[1:] if r[1] == "TEMP"] == [("TEMP", 0), ("TEMP", 1), ("TEMP", 2)]
        csv = await demo_admin.get(f"{MONITOR}/export", format="csv", **params)
        text = csv.content.decode("utf-8-sig").splitlines()
        assert text[0].startswith("设备ID,点位编码") and len(text) == 1 + 3 + 1  # MODE stored once: unchanged
        assert "'=cmd" in csv.content.decode("utf-8-sig")

    async def test_a_plain_user_cannot_read(self, app, demo_user, unique):
        device = await plant(app, unique)
        response = await demo_user.get(f"{MONITOR}/realtime", deviceId=device["id"])
        assert response.status_code == 403


class TestDeviceAnswers:
    async def test_device_list_and_detail_carry_the_live_status(self, app, demo_admin, unique):
        device = await plant(app, unique)
        detail = await demo_admin.data("GET", f"{API}/device/detail", id=device["id"])
        assert (detail["runStatus"], detail["lastDataTs"]) == ("offline", None)
        await demo_admin.data("POST", TELEMETRY, {"deviceCode": f"R-{unique}", "values": {"LEVEL": 3}})
        detail = await demo_admin.data("GET", f"{API}/device/detail", id=device["id"])
        assert detail["runStatus"] == "online" and detail["lastDataTs"] > now_ms() - 60_000
        page = await demo_admin.data("GET", f"{API}/device/list", code=f"R-{unique}")
        assert [(r["code"], r["runStatus"]) for r in page["records"]] == [(f"R-{unique}", "online")]
