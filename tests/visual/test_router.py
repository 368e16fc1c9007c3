"""/api/blade-api/visual and /api/blade-api/large: map configs, the spec §5 messages on a dot, a dot saved with a
tag bound to a real data point (its device and tag names filled, its live value and useData read back), the
spec §8 delete, DataByName, the demo site map and each large screen's one answer, and the API hooks: the
outbound guard at save, a failing call that answers no data and writes an error row, Excel out and back in."""

import pytest

from plantdesk.core import excel
from plantdesk.modules.visual import service
from tests.device.monitor_helpers import make_device

VISUAL = "/api/blade-api/visual"
HOOKS = "/api/blade-api/large/largeapihooks"
ERRORS = "/api/blade-api/large/largeapihookserrorlog"
TELEMETRY = "/api/device-management/telemetry"


def dot(map_id: str, name: str = "Pump dot", busi=None, scada=None, **extra) -> dict:
    return {"mapId": map_id, **extra, "content": {
        "position": {"clientX": 120, "clientY": 80, "scaleW": 1600, "scaleH": 900},
        "mapTagData": {"name": name, "busiData": busi if busi is not None else [],
                       "SCADAData": scada if scada is not None else []},
        "tipsData": [{"name": "位置", "value": "1 号楼"}]}}


async def fails(api, path: str, body: dict, msg: str) -> None:
    answer = (await api.post(path, body)).json()
    assert not answer["success"] and answer["msg"] == msg, answer


@pytest.fixture
async def site(demo_admin, unique) -> dict:
    return await demo_admin.data("POST", f"{VISUAL}/map/submit", json={"mapName": f"Map {unique}"})


async def test_a_dot_is_refused_with_the_spec_messages(demo_admin, site):
    add = f"{VISUAL}/addDot"
    await fails(demo_admin, add, dot(site["id"], name="  ", busi=[{"busiName": "x"}]), "请输入监测点名称！")
    await fails(demo_admin, add, dot(site["id"], name="abc", busi=[{"busiName": "x"}]), service.NAME_LENGTH)
    await fails(demo_admin, add, dot(site["id"], name="a" * 21, busi=[{"busiName": "x"}]), service.NAME_LENGTH)
    await fails(demo_admin, add, dot(site["id"], name="泵<script>", busi=[{"busiName": "x"}]),
                service.NAME_CHARACTERS)
    await fails(demo_admin, add, dot(site["id"]), "请至少添加一条业务数据或者SCADA数据!")
    await fails(demo_admin, add, dot(site["id"], busi=[{"busiName": ""}], scada=[{"tagName": ""}]),
                "请至少添加一条不为空的业务数据或者SCADA数据!")
    assert await demo_admin.data("GET", f"{VISUAL}/selectAll", mapId=site["id"]) == []


async def test_a_dot_bound_to_a_tag_shows_its_live_value_and_is_deleted(app, demo_admin, site, unique):
    code = f"VD-{unique}"
    device = await make_device(app, demo_admin.tenant_id, code, [{"code": "TEMP"}])
    tags = await demo_admin.data("GET", f"{VISUAL}/getTagName", deviceId=device["id"])
    assert [(t["tagName"], t["useData"]) for t in tags] == [(f"{code}.TEMP", "1")]  # no value yet
    saved = await demo_admin.data("POST", f"{VISUAL}/addDot", json=dot(
        site["id"], name="温度 测点", scada=[{"pointId": tags[0]["pointId"]}]))
    row = saved["content"]["mapTagData"]["SCADAData"][0]
    assert (row["tagName"], row["depart"], row["useData"]) == (f"{code}.TEMP", tags[0]["depart"], "1")
    assert saved["content"]["uid"] and saved["name"] == "温度 测点"

    await demo_admin.data("POST", TELEMETRY, json={"deviceCode": code, "values": {"TEMP": 71.5}})
    named = await demo_admin.data("POST", f"{VISUAL}/DataByName", json={
        "proType": [], "Scada": [{"ScadaName": f"{code}.TEMP"}]})
    assert [(t["value"], t["useData"]) for t in named["scada"]] == [(71.5, "Y")]

    moved = dot(site["id"], name="温度 测点", scada=[{"pointId": tags[0]["pointId"]}], id=saved["id"])
    moved["content"]["position"]["clientX"] = 400
    moved["content"]["uid"] = saved["content"]["uid"]
    await demo_admin.data("POST", f"{VISUAL}/updateById", json=moved)
    dots = await demo_admin.data("GET", f"{VISUAL}/selectAll", mapId=site["id"])
    assert [(d["content"]["position"]["clientX"], d["content"]["mapTagData"]["SCADAData"][0]["useData"])
            for d in dots] == [(400, "Y")]
    maps = await demo_admin.data("GET", f"{VISUAL}/map/list", mapName=site["mapName"])
    assert maps["records"][0]["dotCount"] == 1

    answer = (await demo_admin.post(f"{VISUAL}/deleteById", id=saved["id"])).json()
    assert answer["success"] and answer["msg"] == "删除成功!"
    assert await demo_admin.data("GET", f"{VISUAL}/selectAll", mapId=site["id"]) == []


async def test_a_dot_cannot_bind_another_tenants_point(admin, demo_admin, app, site, unique):
    other = await make_device(app, "000000", f"VX-{unique}", [{"code": "TEMP"}])
    foreign = (await admin.data("GET", f"{VISUAL}/getTagName", deviceId=other["id"]))[0]["pointId"]
    await fails(demo_admin, f"{VISUAL}/addDot", dot(site["id"], scada=[{"pointId": foreign}]), service.TAG_MISSING)
    assert await demo_admin.data("GET", f"{VISUAL}/getTagName", deviceId=other["id"]) == []


async def test_the_demo_site_map_and_every_large_screen_answer_at_once(demo_admin):
    maps = (await demo_admin.data("GET", f"{VISUAL}/map/list"))["records"]
    site = next(m for m in maps if m["mapName"].startswith("厂区总图"))
    assert site["dotCount"] == 8 and site["imageUrl"].startswith("data:image/svg+xml")
    for name in ("cockpit", "part", "wisdomView", "batchMonitor", "flowMonitor"):
        data = await demo_admin.data("GET", f"{VISUAL}/screen", name=name)
        assert data["screen"] == name and len(data["devices"]) >= 8
        assert {k["key"] for k in data["kpis"]} >= {"devices", "onlineRate", "activeAlarms", "oee"}
        assert data["alarmLevels"], name
    cockpit = await demo_admin.data("GET", f"{VISUAL}/screen", name="cockpit")
    assert len(cockpit["map"]["dots"]) == 8 and cockpit["map"]["tags"] and cockpit["batches"]
    assert {t["tagName"] for t in cockpit["map"]["tags"]} >= {"R101.TEMP", "P101A.FLOW"}
    flows = (await demo_admin.data("GET", f"{VISUAL}/screen", name="flowMonitor"))["flows"]
    # Other tests add craft flows to the demo tenant: the demo's own is among them.
    assert any([s["name"] for s in flow["steps"]][:2] == ["投料 Feed", "反应 Reaction"] for flow in flows)
    types = await demo_admin.data("GET", f"{VISUAL}/data/proType")
    assert any(t["steps"] and t["steps"][0] == "投料 Feed" for t in types)


async def test_a_failing_hook_writes_an_error_row_and_answers_no_data(demo_admin, unique):
    refused = (await demo_admin.post(f"{HOOKS}/submit", {"apiName": "x", "apiUrl": "http://10.1.2.3/data"})).json()
    assert not refused["success"]  # the outbound guard at save
    hook = await demo_admin.data("POST", f"{HOOKS}/submit", json={
        "apiName": f"Hook {unique}", "apiUrl": "http://127.0.0.1:9/none", "chart": f"c-{unique}",
        "businessType": "energy"})
    assert [h["id"] for h in await demo_admin.data("GET", f"{HOOKS}/listByChart", chart=f"c-{unique}")] == [hook["id"]]
    assert hook["id"] in [h["id"] for h in await demo_admin.data("GET", f"{HOOKS}/businessType/energy")]
    for _ in range(2):
        call = await demo_admin.data("GET", f"{HOOKS}/interface", id=hook["id"])
        assert call["data"] is None and call["error"].startswith("接口调用失败")
    errors = await demo_admin.data("GET", f"{ERRORS}/list", apiId=hook["id"], current=1, size=1)
    assert errors["total"] == 2 and len(errors["records"]) == 1
    assert errors["records"][0]["apiName"] == f"Hook {unique}"
    changed = await demo_admin.data("POST", "/api/blade-api/large/largehookimplmethod/save",
                                    json={"id": hook["id"], "implMethod": "POST"})
    assert changed["implMethod"] == "POST"


async def test_hooks_go_out_to_excel_and_come_back(demo_admin, unique):
    await demo_admin.data("POST", f"{HOOKS}/submit", json={"apiName": f"Export {unique}",
                                                          "apiUrl": "http://127.0.0.1:9/a", "chart": f"x-{unique}"})
    sheet = await demo_admin.get(f"{HOOKS}/export-excel")
    assert sheet.status_code == 200 and sheet.content[:2] == b"PK"
    rows = [r for r in excel.read_rows(sheet.content, service.HOOK_COLUMNS) if r["chart"] == f"x-{unique}"]
    assert [r["api_name"] for r in rows] == [f"Export {unique}"]
    answer = await demo_admin.http.post(f"{HOOKS}/import-excel", headers=demo_admin.headers, files={
        "file": ("hooks.xlsx", excel.workbook_bytes(service.HOOK_COLUMNS, rows))})
    assert answer.json()["data"] == {"total": 1, "success": 1, "failed": 0, "errors": []}, answer.json()
    # The console's import dialog reads total / success / failed and each rejected row with its reason.
    mixed = excel.workbook_bytes(service.HOOK_COLUMNS, [{**rows[0], "api_url": "http://10.9.9.9/"},
                                                        {**rows[0], "api_url": "not a url"}, rows[0]])
    answer = await demo_admin.http.post(f"{HOOKS}/import-excel", headers=demo_admin.headers,
                                        files={"file": ("hooks.xlsx", mixed)})
    result = answer.json()["data"]
    assert (result["total"], result["success"], result["failed"]) == (3, 1, 2), result
    assert [e["row"] for e in result["errors"]] == [2, 3]
    assert result["errors"][1]["msg"] == service.ROW_INVALID and result["errors"][0]["msg"]
    assert len(await demo_admin.data("GET", f"{HOOKS}/listByChart", chart=f"x-{unique}")) == 3


def test_the_large_screens_hear_the_alarms_and_the_live_values():
    """A user who holds only a large screen or the map still gets them live: the alarm topic reloads the screen,
    the realtime and device-state topics patch its dots and flow steps."""
    from plantdesk.modules.alarm import engine
    from plantdesk.modules.device.monitor import push
    from plantdesk.modules.visual import router

    assert set(router.SCREEN_CODES) <= set(engine.LIVE_CODES)
    assert set(router.SCREEN_CODES) <= set(push.CODES)


async def test_a_chart_bound_to_a_hook_reads_it_and_a_failing_one_falls_back(app, demo_admin, unique, monkeypatch):
    """The cockpit asks for its charts: the hook bound to `alarmLevels` (a real HTTP server, allowed by the
    outbound rule) answers that chart's data; the one bound to `kpis` fails, answers no data and writes an error
    row, and the screen's own KPIs are still in the answer."""
    import json
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    levels = [{"level": 1, "name": f"外部 {unique}", "color": "#f00", "active": 7, "today": 9}]

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802  (http.server's handler name)
            body = json.dumps({"data": {"levels": levels}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    port = httpd.server_address[1]
    allowed = app.state.settings.outbound_allow
    monkeypatch.setattr(app.state.settings, "outbound_allow", f"{allowed},127.0.0.1:{port}".strip(","))
    hooks = []
    try:
        hooks.append(await demo_admin.data("POST", f"{HOOKS}/submit", json={
            "apiName": f"Levels {unique}", "apiUrl": f"http://127.0.0.1:{port}/levels", "chart": "alarmLevels",
            "resPath": "data.levels"}))
        hooks.append(await demo_admin.data("POST", f"{HOOKS}/submit", json={
            "apiName": f"Broken {unique}", "apiUrl": "http://127.0.0.1:9/none", "chart": "kpis"}))
        answer = await demo_admin.data("GET", f"{VISUAL}/screen", name="cockpit",
                                       charts=["kpis", "alarmLevels", "alarms"])
        by_id = {h["apiId"]: h for h in answer["hooks"]}
        assert by_id[hooks[0]["id"]] == {"apiId": hooks[0]["id"], "chart": "alarmLevels", "data": levels,
                                         "error": None}
        assert by_id[hooks[1]["id"]]["data"] is None and by_id[hooks[1]["id"]]["error"].startswith("接口调用失败")
        assert {k["key"] for k in answer["kpis"]} >= {"devices", "oee"}  # the screen's own, untouched
        errors = await demo_admin.data("GET", f"{ERRORS}/list", apiId=hooks[1]["id"], current=1, size=5)
        assert errors["total"] == 1
        # A screen that does not show the chart does not call its hook; an unknown chart is refused.
        answer = await demo_admin.data("GET", f"{VISUAL}/screen", name="flowMonitor", charts=["flows"])
        assert not {h["apiId"] for h in answer["hooks"]} & {h["id"] for h in hooks}
        refused = await demo_admin.get(f"{VISUAL}/screen", name="cockpit", charts=["nope"])
        assert refused.status_code == 400 or not refused.json()["success"]
    finally:
        httpd.shutdown()
        httpd.server_close()
        for hook in hooks:
            await demo_admin.post(f"{HOOKS}/remove", ids=hook["id"])
