"""/api/camera (spec §7 Others): page with filters, save, update (PUT), batch/del (DELETE), batch/play/{type}; the
outbound guard on every stream address; a camera linked to a device; the demo plant's cameras; tenant isolation."""

import pytest

CAMERA = "/api/camera"


async def call(api, method: str, path: str, **kwargs) -> dict:
    response = await api.http.request(method, f"{CAMERA}{path}", headers=api.headers, **kwargs)
    return response.json()


async def device_of(api) -> dict:
    return (await api.data("GET", "/api/device-management/device/list", size=1))["records"][0]


async def test_save_page_update_play_and_delete(demo_admin, unique):
    device = await device_of(demo_admin)
    created = await call(demo_admin, "POST", "/save", json={
        "name": f"Cam {unique}", "code": unique, "brand": "hikvision", "deviceId": device["id"],
        "streamType": "hls", "hlsUrl": "/demo/camera/index.m3u8", "flvUrl": "http://127.0.0.1:9/live/a.flv"})
    assert created["success"] and created["msg"] == "新增成功", created
    cam = created["data"]
    assert cam["deviceName"] == device["name"] and cam["brand"] == "hikvision"

    page = await demo_admin.data("GET", f"{CAMERA}/page", deviceId=device["id"], name=unique)
    assert [r["id"] for r in page["records"]] == [cam["id"]]
    assert (await demo_admin.data("GET", f"{CAMERA}/page", brand="dahua", name=unique))["records"] == []

    updated = await call(demo_admin, "PUT", "/update", json={"id": cam["id"], "location": "Bay 9"})
    assert updated["success"] and updated["msg"] == "更新成功" and updated["data"]["location"] == "Bay 9"
    assert updated["data"]["name"] == f"Cam {unique}"
    assert not (await call(demo_admin, "PUT", "/update", json={"location": "x"}))["success"]

    flv = await demo_admin.data("GET", f"{CAMERA}/batch/play/flv", ids=cam["id"])
    assert flv == [{"id": cam["id"], "name": f"Cam {unique}", "type": "flv", "url": "http://127.0.0.1:9/live/a.flv",
                    "snapshotUrl": None}]
    # No WebRTC address: the camera's own type plays instead.
    webrtc = await demo_admin.data("GET", f"{CAMERA}/batch/play/webrtc", ids=f"{cam['id']},1")
    assert [(p["type"], p["url"]) for p in webrtc] == [("hls", "/demo/camera/index.m3u8")]
    assert (await demo_admin.get(f"{CAMERA}/batch/play/rtsp", ids=cam["id"])).status_code in (400, 422)

    removed = await call(demo_admin, "DELETE", "/batch/del", params={"ids": cam["id"]})
    assert removed["success"] and removed["msg"] == "删除成功"
    assert (await demo_admin.data("GET", f"{CAMERA}/page", name=unique))["records"] == []


@pytest.mark.parametrize("field,url", [
    ("hlsUrl", "http://127.0.0.1:8888/cam/index.m3u8"),  # loopback, not allowed
    ("flvUrl", "http://169.254.169.254/latest/meta-data"),  # link-local
    ("webrtcUrl", "http://10.1.2.3:8889/cam/whep"),  # private
    ("snapshotUrl", "http://192.168.1.64/ISAPI/Streaming/channels/101/picture"),
])
async def test_the_outbound_guard_refuses_an_internal_stream_address(demo_admin, unique, field, url):
    answer = await call(demo_admin, "POST", "/save", json={"name": f"Bad {unique}", field: url})
    assert not answer["success"] and "不允许连接" in answer["msg"], answer
    assert (await demo_admin.data("GET", f"{CAMERA}/page", name=f"Bad {unique}"))["records"] == []


async def test_addresses_that_are_no_url_and_unknown_devices_are_refused(demo_admin, unique):
    assert not (await call(demo_admin, "POST", "/save", json={"name": unique, "hlsUrl": "rtsp://cam/1"}))["success"]
    assert not (await call(demo_admin, "POST", "/save", json={"name": unique, "hlsUrl": "//evil/x.m3u8"}))["success"]
    assert not (await call(demo_admin, "POST", "/save", json={"name": unique, "deviceId": "12345"}))["success"]
    assert not (await call(demo_admin, "POST", "/save", json={"code": unique}))["success"]


async def test_the_demo_plant_has_cameras_one_offline(demo_admin):
    rows = (await demo_admin.data("GET", f"{CAMERA}/page", size=50))["records"]
    demo = [r for r in rows if (r["code"] or "").startswith("CAM-0")]
    assert len(demo) == 4
    assert sum(1 for r in demo if r["hlsUrl"] == "/demo/camera/index.m3u8") == 3
    offline = next(r for r in demo if not r["hlsUrl"])
    assert "离线" in offline["remark"] and "Offline" in offline["remark"] and offline["deviceName"]


async def test_another_tenants_camera_is_out_of_reach(demo_admin, admin, unique):
    cam = (await call(demo_admin, "POST", "/save", json={"name": f"Mine {unique}"}))["data"]
    assert (await admin.data("GET", f"{CAMERA}/page", name=unique))["records"] == []
    assert await admin.data("GET", f"{CAMERA}/batch/play/hls", ids=cam["id"]) == []
    assert not (await call(admin, "PUT", "/update", json={"id": cam["id"], "name": "taken"}))["success"]
    await call(admin, "DELETE", "/batch/del", params={"ids": cam["id"]})
    page = await demo_admin.data("GET", f"{CAMERA}/page", name=unique)
    assert [r["name"] for r in page["records"]] == [f"Mine {unique}"]
