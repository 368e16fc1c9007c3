"""/api/device-management: models, components, template points, devices from models, data points, sources,
alarm settings, collect groups, trees, permissions, and the operation log."""

import asyncio

import pytest

from tests.helpers import Api

API = "/api/device-management"


async def make_model(api: Api, unique: str, points: int = 2) -> dict:
    model = await api.data("POST", f"{API}/device-model-lib/save",
                           {"code": f"PUMP-{unique}", "name": f"Pump {unique}", "category": "pump"})
    component = await api.data("POST", f"{API}/device-model-component/save",
                               {"modelId": model["id"], "code": "MOTOR", "name": "Motor"})
    for n in range(points):
        await api.data("POST", f"{API}/device-model-data-points/save", {
            "linkId": model["id"], "componentId": component["id"] if n == 0 else None, "code": f"P{n}",
            "name": f"Point {n}", "unit": "°C", "dataType": "float", "rangeMin": 0, "rangeMax": 100 + n,
            "deadband": 0.5})
    return model


class TestModels:
    async def test_crud_and_counts(self, demo_admin, unique):
        model = await make_model(demo_admin, unique)
        detail = await demo_admin.data("GET", f"{API}/device-model-lib/detail", id=model["id"])
        assert (detail["componentCount"], detail["pointCount"]) == (1, 2)
        assert detail["tenantId"] == "356782"
        page = await demo_admin.data("GET", f"{API}/device-model-lib/page", code=unique, current=1, size=10)
        assert [r["id"] for r in page["records"]] == [model["id"]]
        found = await demo_admin.data("GET", f"{API}/device-model-lib/search", keyword=unique)
        assert [r["id"] for r in found] == [model["id"]]
        updated = await demo_admin.data("POST", f"{API}/device-model-lib/update",
                                        {"id": model["id"], "code": model["code"], "name": "Renamed"})
        assert updated["name"] == "Renamed"
        duplicate = await demo_admin.post(f"{API}/device-model-lib/save", {"code": model["code"], "name": "x"})
        assert duplicate.json()["success"] is False and "已存在" in duplicate.json()["msg"]
        templates = await demo_admin.data("GET", f"{API}/device-model-data-points/queryByLinkId",
                                          linkId=model["id"])
        assert [t["code"] for t in templates] == ["P0", "P1"]
        assert (await demo_admin.post(f"{API}/device-model-lib/remove", ids=model["id"])).json()["success"]
        gone = await demo_admin.get(f"{API}/device-model-lib/detail", id=model["id"])
        assert gone.json()["success"] is False

    async def test_copy_model_and_copy_process(self, demo_admin, unique):
        model = await make_model(demo_admin, unique)
        copy = await demo_admin.data("POST", f"{API}/device-model-lib/copy-model", {"id": model["id"]})
        assert copy["code"] == f"{model['code']}-COPY" and copy["id"] != model["id"]
        assert (copy["componentCount"], copy["pointCount"]) == (1, 2)
        copied = await demo_admin.data("GET", f"{API}/device-model-data-points/queryByLinkId", linkId=copy["id"])
        components = await demo_admin.data("GET", f"{API}/device-model-component/list", modelId=copy["id"])
        assert copied[0]["componentId"] == components[0]["id"]  # the copy's point names the copy's component
        empty = await demo_admin.data("POST", f"{API}/device-model-lib/save", {"code": f"E-{unique}", "name": "E"})
        count = await demo_admin.data("POST", f"{API}/device-model-lib/copy-process",
                                      {"sourceId": model["id"], "targetId": empty["id"]})
        assert count == 2
        again = await demo_admin.data("POST", f"{API}/device-model-lib/copy-process",
                                      {"sourceId": model["id"], "targetId": empty["id"]})
        assert again == 0  # codes the target has are skipped

    async def test_family_filter_is_exact(self, demo_admin, unique):
        family = await make_model(demo_admin, f"F{unique}", points=0)
        member = await demo_admin.data("POST", f"{API}/device-model-lib/save",
                                       {"code": f"M-{unique}", "name": "Member", "parentId": family["id"]})
        page = await demo_admin.data("GET", f"{API}/device-model-lib/list", parentId=family["id"], size=100)
        assert [r["id"] for r in page["records"]] == [member["id"]]
        prefix = await demo_admin.data("GET", f"{API}/device-model-lib/list", parentId=family["id"][:-1], size=100)
        assert member["id"] not in [r["id"] for r in prefix["records"]]  # an id that merely contains another

    async def test_template_point_checks(self, demo_admin, unique):
        model = await make_model(demo_admin, unique, points=0)
        bad = await demo_admin.post(f"{API}/device-model-data-points/save",
                                    {"linkId": model["id"], "code": "X", "name": "X", "rangeMin": 5, "rangeMax": 1})
        assert bad.json()["success"] is False
        no_model = await demo_admin.post(f"{API}/device-model-data-points/save", {"code": "X", "name": "X"})
        assert no_model.json()["success"] is False


class TestDevices:
    async def test_device_from_model_copies_templates_with_overrides(self, demo_admin, unique):
        model = await make_model(demo_admin, unique)
        device = await demo_admin.data("POST", f"{API}/device/save", {
            "code": f"D-{unique}", "name": "Pump A", "modelId": model["id"],
            "dataPoints": [{"code": "P1", "name": "Point 1 (local)", "rangeMax": 250}]})
        assert device["pointCount"] == 2 and device["modelName"] == model["name"]
        assert device["category"] == "pump"  # from the model
        points = await demo_admin.data("GET", f"{API}/datapoints/list", deviceId=device["id"], size=100)
        by_code = {p["code"]: p for p in points["records"]}
        assert by_code["P0"]["unit"] == "°C" and by_code["P0"]["rangeMax"] == 100 and by_code["P0"]["deadband"] == 0.5
        assert by_code["P1"]["name"] == "Point 1 (local)" and by_code["P1"]["rangeMax"] == 250
        assert by_code["P0"]["modelPointId"] and by_code["P0"]["componentId"]
        parts = await demo_admin.data("GET", f"{API}/components/list", deviceId=device["id"])
        assert [p["code"] for p in parts["records"]] == ["MOTOR"]
        tree = await demo_admin.data("GET", f"{API}/device/parts", deviceId=device["id"])
        motor = next(n for n in tree if n["type"] == "component")
        assert [c["code"] for c in motor["children"]] == ["P0"]

        # a device's point is overridden on its own; the template stays
        updated = await demo_admin.data("POST", f"{API}/datapoints/update", {
            "id": by_code["P0"]["id"], "code": "P0", "name": "Bearing temp", "unit": "K", "scale": 0.1,
            "offset": -273.15, "address": "40001", "store": 0})
        assert (updated["unit"], updated["scale"], updated["store"], updated["deviceId"]) == ("K", 0.1, 0, device["id"])
        templates = await demo_admin.data("GET", f"{API}/device-model-data-points/queryByLinkId",
                                          linkId=model["id"])
        assert templates[0]["unit"] == "°C"

        # the model cannot go while a device uses it
        refused = await demo_admin.post(f"{API}/device-model-lib/remove", ids=model["id"])
        assert refused.json()["success"] is False

        found = await demo_admin.data("GET", f"{API}/device/searchByDeviceName", deviceName=unique)
        assert [d["id"] for d in found] == [device["id"]]
        framework = await demo_admin.data("GET", f"{API}/device/framework")
        model_node = _find(framework, f"model:{model['id']}")
        assert [c["id"] for c in model_node["children"]] == [device["id"]]

        assert (await demo_admin.post(f"{API}/device/remove", ids=device["id"])).json()["success"]
        gone = await demo_admin.get(f"{API}/datapoints/detail", id=by_code["P0"]["id"])
        assert gone.json()["success"] is False  # its points went with it

    async def test_crud_department_and_checks(self, demo_admin, unique):
        depts = await demo_admin.data("GET", "/api/blade-system/dept/list")
        dept = depts[0] if isinstance(depts, list) else depts["records"][0]
        device = await demo_admin.data("POST", f"{API}/device/save", {
            "code": f"D-{unique}", "name": f"Tank {unique}", "deptId": dept["id"], "installDate": "2024-05-01"})
        assert device["deptName"] == dept["deptName"] and device["installDate"] == "2024-05-01"
        assert device["pointCount"] == 0
        page = await demo_admin.data("GET", f"{API}/device/page", deptId=dept["id"], name=unique)
        assert [r["id"] for r in page["records"]] == [device["id"]]
        tree = await demo_admin.data("GET", f"{API}/device/department")
        assert _find(tree, f"device:{device['id']}") is not None
        loose = await demo_admin.data("POST", f"{API}/device/save", {"code": f"L-{unique}", "name": "Loose"})
        for path, key in (("department", "dept:0"), ("framework", "model:0")):
            holder = _find(await demo_admin.data("GET", f"{API}/device/{path}"), key)
            assert (holder["title"], holder["titleEn"]) == (("未分配部门", "Unassigned") if key == "dept:0"
                                                            else ("无模型", "No model"))
            assert loose["id"] in [c["id"] for c in holder["children"]]
        dup = await demo_admin.post(f"{API}/device/save", {"code": f"D-{unique}", "name": "again"})
        assert dup.json()["success"] is False
        no_dept = await demo_admin.post(f"{API}/device/update", {"id": device["id"], "code": f"D-{unique}",
                                                                  "name": "x", "deptId": "1"})
        assert no_dept.json()["success"] is False
        still = await demo_admin.data("GET", f"{API}/device/detail", id=device["id"])
        assert still["name"] == f"Tank {unique}"  # a refused update changed nothing
        point = await demo_admin.data("POST", f"{API}/datapoints/save",
                                      {"deviceId": device["id"], "code": "LEVEL", "name": "Level", "unit": "%"})
        searched = await demo_admin.data("GET", f"{API}/datapoints/search", keyword=f"Tank {unique}")
        assert [r["id"] for r in searched["records"]] == [point["id"]]
        assert searched["records"][0]["deviceName"] == f"Tank {unique}"


def _find(nodes, key):
    for node in nodes:
        if node["key"] == key:
            return node
        found = _find(node.get("children") or [], key)
        if found is not None:
            return found
    return None


class TestPointSettings:
    async def test_collect_groups_sources_and_alarm_settings(self, demo_admin, unique):
        group = await demo_admin.data("POST", f"{API}/datapoints-collects/submit", {
            "code": f"G-{unique}", "name": "Fast poll", "periodMs": 500, "timeoutMs": 200, "retries": 2,
            "protocol": "modbus-tcp", "protocolConfig": '{"host": "10.0.0.5", "port": 502, "unitId": 1}'})
        assert group["periodMs"] == 500 and group["enabled"] == 1
        bad_json = await demo_admin.post(f"{API}/datapoints-collects/submit",
                                         {"code": f"H-{unique}", "name": "x", "protocolConfig": "{nope"})
        assert bad_json.json()["success"] is False
        source = await demo_admin.data("POST", f"{API}/data-point-source/submit",
                                       {"type": f"t{unique}", "code": f"S-{unique}", "name": "PLC 1"})
        by_type = await demo_admin.data("GET", f"{API}/data-point-source/list", type=f"t{unique}")
        assert [r["id"] for r in by_type["records"]] == [source["id"]]
        paged = await demo_admin.data("GET", f"{API}/data-point-source/page", type=f"t{unique}", current=1, size=10)
        assert paged["total"] == 1

        device = await demo_admin.data("POST", f"{API}/device/save", {"code": f"D-{unique}", "name": "Reactor"})
        point = await demo_admin.data("POST", f"{API}/datapoints/save", {
            "deviceId": device["id"], "code": "TEMP", "name": "Temperature", "collectGroupId": group["id"],
            "sourceId": source["id"]})
        in_use = await demo_admin.post(f"{API}/datapoints-collects/remove", ids=group["id"])
        assert in_use.json()["success"] is False

        assert await demo_admin.data("GET", f"{API}/datapoints-alarm/detail", pointId=point["id"]) is None
        alarm = await demo_admin.data("POST", f"{API}/datapoints-alarm/submit", {
            "pointId": point["id"], "high": 90, "highHigh": 110, "low": 10, "level": 2, "switchFlag": 1})
        again = await demo_admin.data("POST", f"{API}/datapoints-alarm/submit", {"pointId": point["id"], "high": 95})
        assert again["id"] == alarm["id"] and again["high"] == 95 and again["highHigh"] == 110
        disordered = await demo_admin.post(f"{API}/datapoints-alarm/submit", {"pointId": point["id"], "low": 100})
        assert disordered.json()["success"] is False
        assert await demo_admin.data("POST", f"{API}/datapoints-alarm/switch", ids=point["id"], switchFlag=0) == 1
        detail = await demo_admin.data("GET", f"{API}/datapoints-alarm/detail", pointId=point["id"])
        assert detail["switchFlag"] == 0
        listed = await demo_admin.data("GET", f"{API}/datapoints/detail", id=point["id"])
        assert listed["alarmSwitch"] == 0 and listed["collectGroupId"] == group["id"]


class TestPermissions:
    @pytest.mark.parametrize("method,path", [
        ("GET", "/device/list"), ("POST", "/device/save"), ("GET", "/device-model-lib/page"),
        ("POST", "/device-model-lib/copy-model"), ("GET", "/datapoints/list"), ("POST", "/datapoints/update"),
        ("GET", "/import-log/page"), ("GET", "/oplog/page"), ("POST", "/datapoints-alarm/switch"),
        ("GET", "/datapoints-collects/list"), ("GET", "/device/export-device"),
    ])
    async def test_a_user_without_the_button_is_refused(self, demo_user, method, path):
        call = demo_user.get if method == "GET" else demo_user.post
        response = await call(API + path)
        assert response.status_code == 403, response.text


class TestOplogOfRealCalls:
    async def test_page_lists_device_management_calls(self, demo_admin, unique):
        await demo_admin.data("POST", f"{API}/device-model-lib/save", {"code": f"OP-{unique}", "name": "x"})
        for _ in range(50):
            page = await demo_admin.data("GET", f"{API}/oplog/page", size=50)
            if any("device-model-lib/save" in r["requestUri"] for r in page["records"]):
                break
            await asyncio.sleep(0.1)
        assert page["records"] and all(r["requestUri"].startswith(f"{API}/") for r in page["records"])
        assert any("device-model-lib/save" in r["requestUri"] for r in page["records"])
        exported = await demo_admin.post(f"{API}/oplog/export/oplog", {})
        assert exported.status_code == 200 and exported.content[:2] == b"PK"
