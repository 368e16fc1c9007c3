"""Every refusal of the equipment area says why, in the words the console shows: one case per message."""

import pytest

from tests.device.monitor_helpers import make_device
from tests.device.test_excel import errors, finished, read, upload, xlsx
from tests.device.test_router import make_model
from tests.helpers import Api

API = "/api/device-management"
MONITOR = f"{API}/datapoints-monitor"
TELEMETRY = f"{API}/telemetry"


async def refused(response, msg: str) -> None:
    body = response.json()
    assert body["success"] is False and body["msg"] == msg, body


async def device_of(api: Api, unique: str, model: dict | None = None, suffix: str = "") -> dict:
    return await api.data("POST", f"{API}/device/save", {
        "code": f"D-{unique}{suffix}", "name": f"Device {unique}{suffix}",
        **({"modelId": model["id"]} if model else {})})


class TestModels:
    async def test_a_model_is_not_its_own_parent(self, demo_admin, unique):
        model = await make_model(demo_admin, unique, points=0)
        await refused(await demo_admin.post(f"{API}/device-model-lib/update", {
            "id": model["id"], "code": model["code"], "name": "x", "parentId": model["id"]}), "上级模型不能是自己")

    async def test_a_model_in_use_stays(self, demo_admin, unique):
        model = await make_model(demo_admin, unique, points=0)
        device = await device_of(demo_admin, unique, model)
        await refused(await demo_admin.post(f"{API}/device-model-lib/remove", ids=model["id"]),
                      f"模型已被设备使用,不能删除: {device['code']}")

    async def test_copy_process_needs_two_models(self, demo_admin, unique):
        model = await make_model(demo_admin, unique, points=0)
        await refused(await demo_admin.post(f"{API}/device-model-lib/copy-process",
                                            {"sourceId": model["id"], "targetId": model["id"]}),
                      "源模型与目标模型不能相同")

    async def test_components_and_template_points_belong_to_their_model(self, demo_admin, unique):
        mine, other = await make_model(demo_admin, unique, points=0), await make_model(demo_admin, f"{unique}b", 0)
        foreign = (await demo_admin.data("GET", f"{API}/device-model-component/list", modelId=other["id"]))[0]
        await refused(await demo_admin.post(f"{API}/device-model-component/save", {"code": "C", "name": "C"}),
                      "请选择设备模型")
        await refused(await demo_admin.post(f"{API}/device-model-component/save", {
            "modelId": mine["id"], "code": "C", "name": "C", "parentId": foreign["id"]}), "上级部件不属于该模型")
        await refused(await demo_admin.post(f"{API}/device-model-data-points/save", {
            "linkId": mine["id"], "code": "P", "name": "P", "componentId": foreign["id"]}), "部件不属于该模型")
        await refused(await demo_admin.post(f"{API}/device-model-data-points/save", {
            "linkId": mine["id"], "code": "P", "name": "P", "rangeMin": 5, "rangeMax": 1}), "量程下限不能大于上限")


class TestDevicesAndPoints:
    async def test_a_device_keeps_its_model(self, demo_admin, unique):
        model, other = await make_model(demo_admin, unique, points=0), await make_model(demo_admin, f"{unique}b", 0)
        device = await device_of(demo_admin, unique, model)
        await refused(await demo_admin.post(f"{API}/device/update", {
            "id": device["id"], "code": device["code"], "name": "x", "modelId": other["id"]}), "设备创建后不能更换模型")

    async def test_parts_and_points_belong_to_their_device(self, demo_admin, unique):
        model = await make_model(demo_admin, unique, points=0)
        mine, other = await device_of(demo_admin, unique, model), await device_of(demo_admin, unique, model, "b")
        foreign = (await demo_admin.data("GET", f"{API}/components/list", deviceId=other["id"]))["records"][0]
        await refused(await demo_admin.post(f"{API}/components/submit", {
            "deviceId": mine["id"], "code": "C2", "name": "C2", "parentId": foreign["id"]}), "上级部件不属于该设备")
        await refused(await demo_admin.post(f"{API}/datapoints/save", {"code": "P", "name": "P"}), "请选择设备")
        await refused(await demo_admin.post(f"{API}/datapoints/save", {
            "deviceId": mine["id"], "code": "P", "name": "P", "componentId": foreign["id"]}), "部件不属于该设备")

    async def test_a_point_names_only_groups_and_sources_that_exist(self, demo_admin, unique):
        device = await device_of(demo_admin, unique)
        await refused(await demo_admin.post(f"{API}/datapoints/save", {
            "deviceId": device["id"], "code": "P", "name": "P", "collectGroupId": "1"}), "采集组不存在")
        await refused(await demo_admin.post(f"{API}/datapoints/save", {
            "deviceId": device["id"], "code": "P", "name": "P", "sourceId": "1"}), "数据源不存在")


class TestGroupsSourcesAlarms:
    async def test_codes_are_unique_and_a_used_group_stays(self, demo_admin, unique):
        group = await demo_admin.data("POST", f"{API}/datapoints-collects/submit",
                                      {"code": f"G-{unique}", "name": "fast", "periodMs": 1000})
        await refused(await demo_admin.post(f"{API}/datapoints-collects/submit",
                                            {"code": f"G-{unique}", "name": "again", "periodMs": 1000}),
                      f"采集组编码已存在: G-{unique}")
        device = await device_of(demo_admin, unique)
        await demo_admin.data("POST", f"{API}/datapoints/save", {
            "deviceId": device["id"], "code": "P", "name": "P", "collectGroupId": group["id"]})
        await refused(await demo_admin.post(f"{API}/datapoints-collects/remove", ids=group["id"]),
                      "采集组仍被点位使用,不能删除: P")
        await demo_admin.data("POST", f"{API}/data-point-source/submit",
                              {"code": f"S-{unique}", "name": "opc", "type": "opcua"})
        await refused(await demo_admin.post(f"{API}/data-point-source/submit",
                                            {"code": f"S-{unique}", "name": "again", "type": "opcua"}),
                      f"数据源编码已存在: S-{unique}")

    async def test_alarm_limits_are_ordered_and_the_switch_is_0_or_1(self, demo_admin, unique):
        device = await device_of(demo_admin, unique)
        point = await demo_admin.data("POST", f"{API}/datapoints/save",
                                      {"deviceId": device["id"], "code": "P", "name": "P"})
        await refused(await demo_admin.post(f"{API}/datapoints-alarm/submit",
                                            {"pointId": point["id"], "low": 10, "high": 5}),
                      "报警限值须满足 低低 ≤ 低 ≤ 高 ≤ 高高")
        await refused(await demo_admin.post(f"{API}/datapoints-alarm/switch", ids=point["id"], switchFlag="2"),
                      "switchFlag 须为 0 或 1")


class TestFiles:
    async def test_an_unknown_upload_cannot_be_downloaded(self, demo_admin):
        await refused(await demo_admin.get(f"{API}/import-log/download", fileUrl="import-1.xlsx"), "文件不存在")

    async def test_an_upload_over_the_request_limit_is_refused_by_the_core(self, demo_admin):
        files = {"file": ("big.xlsx", b"PK" + b"\0" * (10 * 1024 * 1024), "application/octet-stream")}
        response = await demo_admin.http.post(f"{API}/device/import-device", files=files, headers=demo_admin.headers)
        assert response.status_code == 413
        await refused(response, "请求体过大,上限 10 MB")


class TestMonitor:
    async def test_reads_name_what_they_read(self, app, demo_admin, unique):
        await refused(await demo_admin.get(f"{MONITOR}/realtime"), "请指定设备 (deviceId) 或点位 (pointIds)")
        await refused(await demo_admin.get(f"{MONITOR}/realtime", pointIds=",".join(str(n) for n in range(1, 2002))),
                      "一次最多查询 2000 个点位")
        device = await make_device(app, "356782", f"M-{unique}", [{"code": "T"}])
        await refused(await demo_admin.get(f"{MONITOR}/aggregate", pointIds=device["points"]["T"], startTime="soon"),
                      "时间格式错误: soon")
        await refused(await demo_admin.get(f"{MONITOR}/page", pointId=1), "点位不存在")

    async def test_a_token_for_nothing_and_a_device_that_is_not_there(self, client, demo_admin):
        refusal = await client.post(TELEMETRY, json={"deviceCode": "X", "values": {}}, headers={"X-Device-Token": "x"})
        await refused(refusal, "设备令牌无效")
        refusal = await client.post(TELEMETRY, json={"deviceCode": "X", "values": {}},
                                    headers={"X-Device-Token": "pdt_" + "x" * 43})
        await refused(refusal, "设备令牌无效或已吊销")
        await refused(await demo_admin.post(f"{API}/device-token/create", {"deviceId": "1", "name": "g"}),
                      "设备不存在")

    @pytest.mark.parametrize(("content", "content_type", "msg"), [
        (b"{not json", "application/json", "请求体不是合法的 JSON"),
        (b"\xff\xfe,T,1,2", "text/csv", "文本须为 UTF-8 编码"),
    ])
    async def test_a_body_that_cannot_be_read(self, demo_admin, content, content_type, msg):
        response = await demo_admin.http.post(TELEMETRY, content=content,
                                              headers=demo_admin.headers | {"Content-Type": content_type})
        await refused(response, msg)


class TestImportReasons:
    async def test_a_data_point_row_names_a_group_that_exists(self, demo_admin, unique):
        device = await device_of(demo_admin, unique)
        await demo_admin.data("POST", f"{API}/datapoints/save", {"deviceId": device["id"], "code": "P", "name": "P"})
        header = list(read((await demo_admin.get(f"{API}/datapoints/export-datapoints",
                                                 deviceId=device["id"])).content)[0].keys())
        blank = [None] * (len(header) - 3)
        no_group = [device["code"], "Q", "Q", *blank]
        no_group[header.index("采集组 Collect group")] = "NOPE"
        started = await upload(demo_admin, "/datapoints/import-datapoints", xlsx(header, [no_group]))
        await finished(demo_admin, started["id"])
        # A device that is not there is added for a user who may add devices (tests/device/test_excel.py).
        assert [r["reason"] for r in await errors(demo_admin, started["id"])] == ["采集组不存在: NOPE"]
