"""/api/product and /api/blade-system/oee, oee-ana: products, craft flows with their steps, batches whose progress
is read from their counter point (a reset included), the shift calendar, OEE devices, computing a past day's
shifts from ingested values and its analysis; the spec's messages on bad input."""

from datetime import datetime, timedelta

import pytest

from tests.device.monitor_helpers import make_device

PRODUCT = "/api/product/product"
PROCESS = "/api/product/tectprocess"
BATCH = "/api/product/batchProduct"
OEE = "/api/blade-system/oee"
TELEMETRY = "/api/device-management/telemetry"
DAY = (datetime.now() - timedelta(days=3)).replace(hour=0, minute=0, second=0, microsecond=0)


def at(hh_mm: str) -> datetime:
    return DAY.replace(hour=int(hh_mm[:2]), minute=int(hh_mm[3:]))


def ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


async def send(api, code: str, *values: tuple[str, dict]) -> None:
    for hh_mm, points in values:
        answer = await api.data("POST", TELEMETRY, json={"deviceCode": code, "ts": ms(at(hh_mm)), "values": points})
        assert answer["accepted"] == len(points), answer


async def fails(api, path: str, json: dict | None, msg: str, **params) -> None:
    body = (await api.post(path, json, **params)).json()
    assert not body["success"] and body["msg"] == msg, body


@pytest.fixture
async def product(demo_admin, unique) -> dict:
    return await demo_admin.data("POST", f"{PRODUCT}/submit", json={
        "productName": f"Widget {unique}", "productCode": f"W-{unique}", "idealCycleTime": 60, "unit": "件"})


@pytest.fixture
async def line(app, demo_admin, unique) -> dict:
    """A device with a run-state point and total and good counters."""
    code = f"PD-{unique}"
    device = await make_device(app, demo_admin.tenant_id, code,
                               [{"code": "RUN", "data_type": "int"}, {"code": "TOTAL"}, {"code": "GOOD"}])
    device["code"] = code
    return device


async def test_products_are_listed_and_their_codes_unique(demo_admin, product, unique):
    page = await demo_admin.data("GET", f"{PRODUCT}/list", productCode=f"W-{unique}")
    assert [r["productName"] for r in page["records"]] == [f"Widget {unique}"]
    await fails(demo_admin, f"{PRODUCT}/submit", {"productName": "again", "productCode": f"W-{unique}"},
                "产品编号已存在")


async def test_a_craft_flow_keeps_its_steps_and_holds_its_product(demo_admin, product, unique):
    steps = [{"name": "混料", "minutes": 30}, {"name": "反应", "minutes": 120, "remark": "85 °C"}]
    flow = await demo_admin.data("POST", f"{PROCESS}/submit", json={
        "productId": product["id"], "processName": f"flow {unique}", "protList": steps})
    assert [s["name"] for s in flow["protList"]] == ["混料", "反应"] and flow["productName"] == product["productName"]
    page = await demo_admin.data("GET", f"{PROCESS}/list", productId=product["id"])
    assert page["records"][0]["protList"][1]["remark"] == "85 °C"
    await fails(demo_admin, f"{PRODUCT}/remove", None, "产品已被工艺流程或批次使用,不能删除", ids=product["id"])
    await fails(demo_admin, f"{PROCESS}/submit", {"productId": "1", "processName": "orphan"}, "产品不存在")


async def test_batch_progress_is_read_from_its_counter(demo_admin, product, line, unique):
    await send(demo_admin, line["code"], ("09:00", {"TOTAL": 100}), ("10:00", {"TOTAL": 160}),
               ("10:30", {"TOTAL": 20}), ("11:00", {"TOTAL": 40}))
    batch = await demo_admin.data("POST", f"{BATCH}/submit", json={
        "productId": product["id"], "batchNo": f"B-{unique}", "deviceId": str(line["id"]),
        "countPointId": str(line["points"]["TOTAL"]), "planQuantity": 200,
        "startTime": at("09:00").strftime("%Y-%m-%d %H:%M:%S"), "endTime": at("12:00").strftime("%Y-%m-%d %H:%M:%S")})
    assert batch["producedQuantity"] == 60 + 20 + 20  # the counter reset at 10:30
    assert batch["progress"] == 0.5 and batch["batchStatus"] == "已完成"
    listed = await demo_admin.data("GET", f"{BATCH}/batchListByProductId", productId=product["id"])
    assert [b["batchNo"] for b in listed] == [f"B-{unique}"]
    await fails(demo_admin, f"{BATCH}/submit", {
        "productId": product["id"], "batchNo": "wrong point", "deviceId": str(line["id"]),
        "countPointId": "12345", "startTime": "2026-01-01 00:00:00"}, "测点不存在或不属于该设备")


async def test_oee_of_a_past_shift_is_computed_stored_and_analysed(demo_admin, product, line, unique):
    await send(demo_admin, line["code"],
               ("08:00", {"RUN": 1, "TOTAL": 1000, "GOOD": 500}), ("10:00", {"RUN": 2}), ("11:00", {"RUN": 1}),
               ("12:00", {"RUN": 0}), ("12:30", {"RUN": 1}), ("16:00", {"TOTAL": 1390, "GOOD": 871}))
    shift = await demo_admin.data("POST", f"{OEE}/shift/submit", json={
        "shiftName": f"白班 {unique}", "startTime": "08:00", "endTime": "16:00",
        "breaks": [{"start": "12:00", "end": "12:30"}]})
    assert shift["breaks"] == [{"start": "12:00", "end": "12:30"}]
    await demo_admin.data("POST", f"{OEE}/device/submit", json={
        "deviceId": str(line["id"]), "productId": product["id"], "statePointId": str(line["points"]["RUN"]),
        "totalPointId": str(line["points"]["TOTAL"]), "goodPointId": str(line["points"]["GOOD"])})
    day = DAY.strftime("%Y-%m-%d")
    assert await demo_admin.data("POST", f"{OEE}/compute", startTime=day, endTime=day) >= 1
    page = await demo_admin.data("GET", f"{OEE}/list", deviceId=str(line["id"]), shiftId=shift["id"], startTime=day,
                                 endTime=day)
    result = page["records"][0]
    assert result["plannedSeconds"] == 450 * 60 and result["runSeconds"] == 390 * 60
    assert result["totalCount"] == 390 and result["goodCount"] == 371
    assert result["availability"] == pytest.approx(390 / 450)
    assert result["oee"] == pytest.approx(60 * 371 / (450 * 60))
    analysis = await demo_admin.data("GET", "/api/blade-system/oee-ana/analyse", startTime=day, endTime=day,
                                     deviceId=str(line["id"]), shiftId=shift["id"])
    assert analysis["summary"]["oee"] == pytest.approx(result["oee"])
    assert [t["day"] for t in analysis["trend"]] == [day]
    assert analysis["pareto"][0]["cause"] == "breakdown" and analysis["pareto"][0]["name"] == "设备故障"
    assert analysis["pareto"][-1]["cumulative"] == pytest.approx(1.0)
    await fails(demo_admin, f"{OEE}/device/submit", {
        "deviceId": str(line["id"]), "statePointId": "12345", "totalPointId": str(line["points"]["TOTAL"])},
        "测点不存在或不属于该设备")
