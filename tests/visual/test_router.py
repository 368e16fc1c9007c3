"""/api/blade-api/visual and /api/blade-api/large: map configs, the spec §5 messages on a dot, a dot saved with a
tag bound to a real data point (its device and tag names filled, its live value and useData read back), the
spec §8 delete, DataByName, a map's dots saved at once and found by name and tag, maps by the app flag, process
types by name and product, a dot's business rows with their hooks' data, the large-screen data sources by their
own paths (each with another tenant kept out), the demo site map and each large screen's one answer, and the API
hooks: the outbound guard at save, a failing call that answers no data and writes an error row (one a minute for
the same failure), Excel out and back in."""

import json
import threading
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from sqlalchemy import update

from plantdesk.core import excel
from plantdesk.modules.alarm.models import AlarmRecord
from plantdesk.modules.alarm.tracking.models import AlarmMetric, AlarmSource
from plantdesk.modules.visual import service
from plantdesk.modules.visual.models import LargeApiHookError
from tests.alarm.tracking_helpers import reachable
from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import make_device, session
from tests.helpers import platform_session

VISUAL = "/api/blade-api/visual"
HOOKS = "/api/blade-api/large/largeapihooks"
ERRORS = "/api/blade-api/large/largeapihookserrorlog"
DB = "/api/blade-api/visual/db"
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


@pytest.fixture
def json_server(settings):
    """A real HTTP server on loopback, let through by the outbound rule: GET answers `served["body"]` as JSON, with
    status `served["status"]` (200 unless set), at any path under `served["url"]`."""
    served: dict = {"body": None}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802  (http.server's handler name)
            body = json.dumps(served["body"]).encode()
            self.send_response(served.get("status", 200))
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    port = httpd.server_address[1]
    served["url"] = f"http://127.0.0.1:{port}"
    try:
        with reachable(settings, f"127.0.0.1:{port}"):
            yield served
    finally:
        httpd.shutdown()
        httpd.server_close()


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


async def test_a_newer_map_with_more_dots_does_not_take_over_the_screens(demo_admin, site, unique):
    """The screens' map is the first with dots in the maps' order (sort, then the oldest), not the largest: a
    bench's map of 200 dots took over every screen."""
    await demo_admin.data("POST", f"{VISUAL}/addDotMap", json={"mapId": site["id"], "dots": [
        {"content": dot(site["id"], name=f"dot {i} {unique}", busi=[{"busiName": "x"}])["content"]} for i in range(9)]})
    cockpit = await demo_admin.data("GET", f"{VISUAL}/screen", name="cockpit")
    assert cockpit["map"]["mapName"].startswith("厂区总图") and len(cockpit["map"]["dots"]) == 8
    asked = await demo_admin.data("GET", f"{VISUAL}/screen", name="cockpit", mapId=site["id"])
    assert asked["map"]["mapId"] == site["id"] and len(asked["map"]["dots"]) == 9
    await demo_admin.data("POST", f"{VISUAL}/map/remove", ids=site["id"])


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
    assert (errors["total"], errors["records"][0]["repeatCount"]) == (1, 2)  # the same failure within a minute
    assert errors["records"][0]["apiName"] == f"Hook {unique}"
    changed = await demo_admin.data("POST", "/api/blade-api/large/largehookimplmethod/save",
                                    json={"id": hook["id"], "implMethod": "POST"})
    assert changed["implMethod"] == "POST"


async def test_a_hook_failing_on_every_refresh_writes_a_row_a_minute(app, demo_admin, json_server, unique):
    """The same failure within a minute of its row's first counts on that row; another message, or the same one a
    minute later, starts a row."""
    json_server["status"] = 500
    hook = await demo_admin.data("POST", f"{HOOKS}/submit", json={
        "apiName": f"Flaky {unique}", "apiUrl": f"{json_server['url']}/kpis", "chart": f"f-{unique}"})

    async def refresh(times: int = 1) -> list[dict]:
        for _ in range(times):
            call = await demo_admin.data("GET", f"{HOOKS}/interface", id=hook["id"])
            assert call["data"] is None and call["error"]
        return (await demo_admin.data("GET", f"{ERRORS}/list", apiId=hook["id"], current=1, size=10))["records"]

    [row] = await refresh(5)
    assert (row["message"], row["repeatCount"]) == ("接口调用失败: HTTP 500", 5)
    assert row["lastTime"] >= row["createTime"]
    json_server["status"] = 503
    rows = await refresh(2)
    assert [(r["message"], r["repeatCount"]) for r in rows] == [("接口调用失败: HTTP 503", 2),
                                                                 ("接口调用失败: HTTP 500", 5)]
    async with platform_session(app.state.runtime.sessions) as db:  # the 503 row's minute is over
        await db.execute(update(LargeApiHookError).where(LargeApiHookError.id == int(rows[0]["id"]))
                         .values(create_time=datetime.now() - timedelta(minutes=2)))
        await db.commit()
    rows = await refresh()
    assert [(r["message"], r["repeatCount"]) for r in rows] == [("接口调用失败: HTTP 503", 1),
                                                                 ("接口调用失败: HTTP 500", 5),
                                                                 ("接口调用失败: HTTP 503", 2)]


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


async def test_a_chart_bound_to_a_hook_reads_it_and_a_failing_one_falls_back(demo_admin, json_server, unique):
    """The cockpit asks for its charts: the hook bound to `alarmLevels` (a real HTTP server, allowed by the
    outbound rule) answers that chart's data; the one bound to `kpis` fails, answers no data and writes an error
    row, and the screen's own KPIs are still in the answer."""
    levels = [{"level": 1, "name": f"外部 {unique}", "color": "#f00", "active": 7, "today": 9}]
    json_server["body"] = {"data": {"levels": levels}}
    hooks = []
    try:
        hooks.append(await demo_admin.data("POST", f"{HOOKS}/submit", json={
            "apiName": f"Levels {unique}", "apiUrl": f"{json_server['url']}/levels", "chart": "alarmLevels",
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
        for hook in hooks:
            await demo_admin.post(f"{HOOKS}/remove", ids=hook["id"])


async def test_a_map_of_dots_is_saved_at_once_and_found_by_name_and_tag(app, admin, demo_admin, site, unique):
    code = f"VM-{unique}"
    device = await make_device(app, demo_admin.tenant_id, code, [{"code": "TEMP"}])
    [tag] = await demo_admin.data("GET", f"{VISUAL}/getTagName", deviceId=device["id"])
    first, second = (dot(site["id"], name=f"{label} {unique}", **rows)["content"] for label, rows in (
        ("泵房", {"scada": [{"pointId": tag["pointId"]}]}), ("仓库", {"busi": [{"busiName": "x"}]})))
    answer = (await demo_admin.post(f"{VISUAL}/addDotMap", {"mapId": site["id"], "dots": [
        {"content": first}, {"content": second}]})).json()
    assert answer["success"] and answer["msg"] == "操作成功!", answer
    saved = {d["name"]: d for d in answer["data"]}
    assert sorted(saved) == [f"仓库 {unique}", f"泵房 {unique}"]
    assert saved[f"泵房 {unique}"]["content"]["mapTagData"]["SCADAData"][0]["tagName"] == f"{code}.TEMP"

    # An id updates that dot; one refused dot refuses them all (spec §5 message), nothing is half saved.
    moved = {**saved[f"仓库 {unique}"]["content"], "position": {"clientX": 9, "clientY": 9, "scaleW": 1, "scaleH": 1}}
    await fails(demo_admin, f"{VISUAL}/addDotMap", {"mapId": site["id"], "dots": [
        {"id": saved[f"仓库 {unique}"]["id"], "content": moved}, {"content": dot(site["id"], name="abc")["content"]}]},
        service.NAME_LENGTH)
    dots = await demo_admin.data("GET", f"{VISUAL}/selectAll", mapId=site["id"])
    assert [d["content"]["position"]["clientX"] for d in dots] == [120, 120]
    dots = await demo_admin.data("POST", f"{VISUAL}/addDotMap", json={"mapId": site["id"], "dots": [
        {"id": saved[f"仓库 {unique}"]["id"], "content": moved}]})
    assert sorted(d["content"]["position"]["clientX"] for d in dots) == [9, 120]

    named = await demo_admin.data("GET", f"{VISUAL}/selectByName", name=unique)
    assert sorted(d["name"] for d in named) == [f"仓库 {unique}", f"泵房 {unique}"]
    assert [d["name"] for d in await demo_admin.data("GET", f"{VISUAL}/selectByName", name=f"泵房 {unique}",
                                                     mapId=site["id"])] == [f"泵房 {unique}"]
    assert await demo_admin.data("GET", f"{VISUAL}/selectByName", name="%") == []  # a literal character
    tagged = await demo_admin.data("GET", f"{VISUAL}/selectByTagName", tagName=f"{code}.TEMP", mapId=site["id"])
    assert [d["name"] for d in tagged] == [f"泵房 {unique}"]
    assert await demo_admin.data("GET", f"{VISUAL}/selectByTagName", tagName=f"{code}.TEM") == []

    # Another tenant finds none of them and cannot reach the map or its dots.
    assert await admin.data("GET", f"{VISUAL}/selectByName", name=unique) == []
    assert await admin.data("GET", f"{VISUAL}/selectByTagName", tagName=f"{code}.TEMP") == []
    refused = (await admin.get(f"{VISUAL}/selectByName", name=unique, mapId=site["id"])).json()
    assert not refused["success"] and refused["msg"] == service.MAP_MISSING
    own = await admin.data("POST", f"{VISUAL}/map/submit", json={"mapName": f"Own {unique}"})
    await fails(admin, f"{VISUAL}/addDotMap", {"mapId": own["id"], "dots": [
        {"id": saved[f"泵房 {unique}"]["id"], "content": second}]}, service.DOT_MISSING)
    await fails(admin, f"{VISUAL}/addDotMap", {"mapId": site["id"], "dots": [{"content": second}]},
                service.MAP_MISSING)
    assert len(await demo_admin.data("GET", f"{VISUAL}/selectAll", mapId=site["id"])) == 2


async def test_maps_are_listed_whole_and_by_the_app_flag(admin, demo_admin, unique):
    shown = await demo_admin.data("POST", f"{VISUAL}/map/submit", json={"mapName": f"App {unique}", "isApp": 1})
    other = await demo_admin.data("POST", f"{VISUAL}/map/submit", json={"mapName": f"Desk {unique}"})
    assert (shown["isApp"], other["isApp"]) == (1, 0)

    def ids(maps: list[dict]) -> set[str]:
        return {m["id"] for m in maps} & {shown["id"], other["id"]}

    everything = await demo_admin.data("GET", f"{VISUAL}/listAll")
    assert ids(everything) == {shown["id"], other["id"]}
    app_maps = await demo_admin.data("GET", f"{VISUAL}/listIsAppAll")
    assert ids(app_maps) == {shown["id"]} and any(m["mapName"].startswith("厂区总图") for m in app_maps)
    assert all(m["isApp"] == 1 for m in app_maps)
    assert ids(await demo_admin.data("GET", f"{VISUAL}/listNotAppAll")) == {other["id"]}
    for path in ("listAll", "listIsAppAll", "listNotAppAll"):
        assert ids(await admin.data("GET", f"{VISUAL}/{path}")) == set()


async def test_process_types_by_name_and_by_product(admin, demo_admin, unique):
    product = await demo_admin.data("POST", "/api/product/product/submit", json={
        "productName": f"产品 {unique}", "productCode": f"P-{unique}"})
    flow = await demo_admin.data("POST", "/api/product/tectprocess/submit", json={
        "productId": product["id"], "processName": f"工艺 {unique}", "protList": [{"name": "投料"}, {"name": "包装"}]})
    expected = [{"typeName": f"工艺 {unique}", "processId": flow["id"], "productName": f"产品 {unique}",
                 "steps": ["投料", "包装"]}]
    assert await demo_admin.data("GET", f"{VISUAL}/proTypeByName", typeName=f"工艺 {unique}") == expected
    assert await demo_admin.data("GET", f"{VISUAL}/proTypeByName", typeName=f"工艺 {unique[:4]}") == []  # exact
    assert await demo_admin.data("GET", f"{VISUAL}/selectProcessByProduct", productId=product["id"]) == expected

    assert await admin.data("GET", f"{VISUAL}/proTypeByName", typeName=f"工艺 {unique}") == []
    refused = (await admin.get(f"{VISUAL}/selectProcessByProduct", productId=product["id"])).json()
    assert not refused["success"] and refused["msg"] == "产品不存在"


async def test_a_dots_business_rows_read_their_hooks(admin, demo_admin, json_server, site, unique):
    json_server["body"] = {"value": 42}
    good = await demo_admin.data("POST", f"{HOOKS}/submit", json={
        "apiName": f"Good {unique}", "apiUrl": f"{json_server['url']}/v", "resPath": "value"})
    bad = await demo_admin.data("POST", f"{HOOKS}/submit", json={
        "apiName": f"Bad {unique}", "apiUrl": "http://127.0.0.1:9/none"})
    saved = await demo_admin.data("POST", f"{VISUAL}/addDot", json=dot(site["id"], name=f"工段 {unique}", busi=[
        {"busiType": "proType", "busiName": "反应", "busiApiList": [good["id"]]},
        {"busiType": "proType", "busiName": "包装", "aliasName": "pack", "busiApiList": [good["id"], bad["id"]]},
        {"busiType": "proType", "busiName": "仓储"}]))
    rows = await demo_admin.data("GET", f"{VISUAL}/getDataByImpl", id=saved["id"])
    assert [(r["busiName"], r["aliasName"], r["useData"]) for r in rows] == [
        ("反应", None, "Y"), ("包装", "pack", "N"), ("仓储", None, "1")]
    assert [(h["apiId"], h["data"]) for h in rows[0]["hooks"]] == [(good["id"], 42)]
    assert [(h["apiId"], h["data"], bool(h["error"])) for h in rows[1]["hooks"]] == [
        (good["id"], 42, False), (bad["id"], None, True)]
    errors = await demo_admin.data("GET", f"{ERRORS}/list", apiId=bad["id"], current=1, size=5)
    assert errors["total"] == 1  # logged like any failed call

    # A dot names only its tenant's hooks; another tenant cannot read the dot.
    foreign = await admin.data("POST", f"{HOOKS}/submit", json={"apiName": f"Foreign {unique}",
                                                               "apiUrl": "http://127.0.0.1:9/f"})
    await fails(demo_admin, f"{VISUAL}/addDot", dot(site["id"], name=f"外部 {unique}", busi=[
        {"busiName": "x", "busiApiList": [foreign["id"]]}]), service.HOOK_MISSING)
    refused = (await admin.get(f"{VISUAL}/getDataByImpl", id=saved["id"])).json()
    assert not refused["success"] and refused["msg"] == service.DOT_MISSING


async def test_the_large_screen_data_sources_answer_by_their_own_paths(admin, demo_admin, settings, unique):
    """/blade-api/visual/db is the tool area's data sources by spec §7's paths: the same rows, the tenant's own."""
    with reachable(settings, "127.0.0.1:5999"):
        source = await demo_admin.data("POST", f"{DB}/submit", json={
            "name": f"大屏库 {unique}", "dbType": "postgresql", "host": "127.0.0.1", "port": 5999, "database": "x",
            "username": "u", "password": "p"})
    assert source["passwordSet"] is True and "password" not in source
    assert source["id"] in {s["id"] for s in (await demo_admin.data("GET", f"{DB}/list", current=1, size=100))[
        "records"]}
    assert {"id": source["id"], "name": f"大屏库 {unique}", "dbType": "postgresql"} in \
        await demo_admin.data("GET", f"{DB}/db-list")
    assert (await demo_admin.data("GET", f"{DB}/detail", id=source["id"]))["name"] == f"大屏库 {unique}"
    same = await demo_admin.data("GET", "/api/blade-develop/datasource/detail", id=source["id"])
    assert same["name"] == source["name"]

    assert source["id"] not in {s["id"] for s in await admin.data("GET", f"{DB}/db-list")}
    other = (await admin.get(f"{DB}/detail", id=source["id"])).json()
    assert not other["success"] and other["msg"] == "数据不存在"
    await admin.post(f"{DB}/remove", ids=source["id"])
    assert (await demo_admin.data("GET", f"{DB}/detail", id=source["id"]))["id"] == source["id"]
    assert (await demo_admin.post(f"{DB}/remove", ids=source["id"])).json()["success"]
    gone = (await demo_admin.get(f"{DB}/detail", id=source["id"])).json()
    assert not gone["success"]


async def test_the_screens_name_a_metric_alarm_as_the_alarm_results_do(app, demo_admin, unique):
    """A third-party metric's alarm has no device nor point: the screens name it by its source and subject."""
    async with session(app, DEMO_TENANT) as db:
        source = AlarmSource(name=f"MES {unique}", system="MES", db_type="sqlite", database="mes.db")
        db.add(source)
        await db.flush()
        metric = AlarmMetric(name=f"scrap {unique}", source_id=source.id, table_name="scrap", aggregate="COUNT")
        db.add(metric)
        await db.flush()
        now = datetime.now() + timedelta(days=1)  # the newest open alarm whatever else the tenant has
        record = AlarmRecord(rule_id=metric.id, point_id=source.id, device_id=source.id, batch=1, first_time=now,
                             last_time=now, last_value=49)
        db.add(record)
    try:
        alarms = (await demo_admin.data("GET", f"{VISUAL}/screen", name="cockpit"))["alarms"]
        shown = next(a for a in alarms if a["id"] == str(record.id))
        assert (shown["deviceName"], shown["pointName"]) == (f"MES {unique}", "scrap · COUNT(*)")
    finally:
        async with session(app, DEMO_TENANT) as db:
            await db.delete(await db.get(AlarmRecord, record.id))
