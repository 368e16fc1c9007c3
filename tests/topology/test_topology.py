"""/api/topology-protocol (page by type and name, submit, remove), /api/topology-folder and /api/topology: a drawing
saved and reloaded as JSON, its bindings checked against the tenant's devices and points, found from a device;
the demo plant's topologies; tenant isolation."""

import json

PROTOCOL, FOLDER, TOPOLOGY = "/api/topology-protocol", "/api/topology-folder", "/api/topology"


async def test_protocols_page_by_type_and_name_submit_and_remove(demo_admin, unique):
    made = await demo_admin.data("POST", f"{PROTOCOL}/submit",
                                 json={"name": f"EtherCAT {unique}", "type": "fieldbus", "color": "#ff0000"})
    assert (await demo_admin.data("GET", f"{PROTOCOL}/page", name=unique, type="fieldbus"))["records"][0]["id"] == \
        made["id"]
    assert (await demo_admin.data("GET", f"{PROTOCOL}/page", name=unique, type="it"))["records"] == []
    demo = await demo_admin.data("GET", f"{PROTOCOL}/page", name="Modbus")
    assert {r["name"] for r in demo["records"]} >= {"Modbus TCP", "Modbus RTU (RS-485)"}
    assert not (await demo_admin.post(f"{PROTOCOL}/submit", json={"name": unique})).json()["success"]
    await demo_admin.data("POST", f"{PROTOCOL}/remove", ids=made["id"])
    assert (await demo_admin.data("GET", f"{PROTOCOL}/page", name=unique))["records"] == []


async def test_a_drawing_is_saved_reloaded_and_found_from_its_device(demo_admin, admin, unique):
    device = (await demo_admin.data("GET", "/api/device-management/device/list", size=1))["records"][0]
    point = (await demo_admin.data("GET", "/api/device-management/datapoints/list", deviceId=device["id"],
                                   size=1))["records"][0]
    folder = await demo_admin.data("POST", f"{FOLDER}/submit", json={"name": f"F {unique}"})
    doc = {"nodes": [{"id": "a", "type": "device", "position": {"x": 10, "y": 20},
                      "data": {"label": "A", "deviceId": device["id"], "pointId": point["id"]}},
                     {"id": "b", "type": "device", "position": {"x": 200, "y": 20}, "data": {"label": "B"}}],
           "edges": [{"id": "a-b", "source": "a", "target": "b", "data": {"label": "Modbus TCP"}}],
           "viewport": {"x": 0, "y": 0, "zoom": 1}}
    saved = await demo_admin.data("POST", f"{TOPOLOGY}/submit",
                                  json={"name": f"T {unique}", "folderId": folder["id"], "content": json.dumps(doc)})
    again = await demo_admin.data("GET", f"{TOPOLOGY}/detail", id=saved["id"])
    assert json.loads(again["content"]) == doc and again["folderId"] == folder["id"]

    found = await demo_admin.data("GET", f"{TOPOLOGY}/page", deviceId=device["id"], name=unique)
    assert [r["id"] for r in found["records"]] == [saved["id"]]
    assert (await demo_admin.data("GET", f"{TOPOLOGY}/page", folderId=folder["id"]))["total"] == 1

    # Unbinding the device: the device no longer finds it.
    doc["nodes"][0]["data"].pop("deviceId")
    await demo_admin.data("POST", f"{TOPOLOGY}/submit", json={"id": saved["id"], "content": json.dumps(doc)})
    assert (await demo_admin.data("GET", f"{TOPOLOGY}/page", deviceId=device["id"], name=unique))["records"] == []

    # A folder that holds a topology stays.
    assert not (await demo_admin.post(f"{FOLDER}/remove", ids=folder["id"])).json()["success"]
    await demo_admin.data("POST", f"{TOPOLOGY}/remove", ids=saved["id"])
    await demo_admin.data("POST", f"{FOLDER}/remove", ids=folder["id"])

    # Another tenant's admin sees none of it and cannot bind the demo device.
    assert (await admin.data("GET", f"{TOPOLOGY}/page", name=unique))["records"] == []
    bound = {"nodes": [{"id": "x", "data": {"deviceId": device["id"]}}], "edges": []}
    answer = (await admin.post(f"{TOPOLOGY}/submit", json={"name": unique, "content": json.dumps(bound)})).json()
    assert not answer["success"] and "设备不存在" in answer["msg"]


async def test_what_is_no_drawing_is_refused(demo_admin, unique):
    for content in ("not json", "[]", '{"nodes": {}}', '{"nodes": [{"data": {"deviceId": "x"}}]}',
                    '{"nodes": [{"data": {"pointId": "99"}}]}'):
        answer = (await demo_admin.post(f"{TOPOLOGY}/submit", json={"name": unique, "content": content})).json()
        assert not answer["success"], content
    assert (await demo_admin.data("GET", f"{TOPOLOGY}/page", name=unique))["records"] == []


async def test_the_demo_plant_has_its_topology_in_both_languages(demo_admin):
    rows = (await demo_admin.data("GET", f"{TOPOLOGY}/page", size=50))["records"]
    by_name = {r["name"]: r for r in rows}
    # Other tests add devices to the demo tenant: read the demo's own by code.
    codes = ("R101", "P101A", "P101B", "E101", "K101", "TK201", "TK202", "TK203")
    plant = set()
    for code in codes:
        listed = (await demo_admin.data("GET", "/api/device-management/device/list", code=code))["records"]
        plant |= {d["id"] for d in listed if d["code"] == code}
    assert len(plant) == len(codes)
    for name in ("演示工厂总貌", "Demo plant overview"):
        doc = json.loads(by_name[name]["content"])
        assert {n["data"]["deviceId"] for n in doc["nodes"]} == plant
        assert all(n["data"]["pointId"] for n in doc["nodes"]) and len(doc["edges"]) == 7
    zh = json.loads(by_name["演示工厂总貌"]["content"])
    assert any(n["data"]["label"] == "反应釜 R-101" for n in zh["nodes"])
    en = json.loads(by_name["Demo plant overview"]["content"])
    assert any(n["data"]["label"] == "Reactor R-101" for n in en["nodes"])
