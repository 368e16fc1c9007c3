"""/api/form: catalogue tree, designs and immutable versions, filling in, the log and its values, hooks
(remote dictionaries), the upload, tenant isolation and every refusal's message."""

import io
import json

import pytest
from openpyxl import load_workbook

from plantdesk.db.session import create_engine
from plantdesk.demo.seed import seed_forms
from plantdesk.modules.form.models import FormHook
from plantdesk.seed.seeder import run_on
from tests.device.monitor_helpers import session
from tests.helpers import Api, rebinding_dns

API = "/api/form"


async def refused(response, msg: str) -> None:
    body = response.json()
    assert body["success"] is False and body["msg"] == msg, body


def option(*columns: dict, group: list | None = None) -> str:
    return json.dumps({"column": list(columns), **({"group": group} if group else {})})


INSPECTION = option(
    {"type": "input", "prop": "inspector", "label": "Inspector", "required": True},
    {"type": "select", "prop": "result", "label": "Result", "required": True,
     "dicData": [{"label": "OK", "value": "ok"}]},
    {"type": "input", "prop": "tag", "label": "Tag", "pattern": "^[A-Z]-[0-9]+$"},
    {"type": "dynamic", "prop": "items", "label": "Checklist", "children": {"column": [
        {"type": "input", "prop": "item", "label": "Check item", "required": True}]}},
    group=[{"label": "Sign-off", "prop": "signoff", "column": [{"type": "input", "prop": "supervisor",
                                                               "label": "Supervisor"}]}],
)


async def design_of(api: Api, unique: str, content: str = INSPECTION, **extra) -> dict:
    return await api.data("POST", f"{API}/formdesign/submit", {"name": f"Form {unique}", "content": content,
                                                                **extra})


async def published(api: Api, unique: str) -> tuple[dict, dict]:
    design = await design_of(api, unique)
    return design, await api.data("POST", f"{API}/formdesigndetail/submit", {"designId": design["id"]})


class TestCatalogue:
    async def test_tree_nests_folders(self, demo_admin, unique):
        root = await demo_admin.data("POST", f"{API}/formcatalogue/submit", {"name": f"Root {unique}"})
        await demo_admin.data("POST", f"{API}/formcatalogue/submit", {"name": f"Child {unique}",
                                                                     "parentId": root["id"]})
        tree = await demo_admin.data("GET", f"{API}/formcatalogue/tree")
        node = next(n for n in tree if n["id"] == root["id"])
        assert [c["name"] for c in node["children"]] == [f"Child {unique}"]

    async def test_refusals(self, demo_admin, unique):
        root = await demo_admin.data("POST", f"{API}/formcatalogue/submit", {"name": f"Root {unique}"})
        await demo_admin.data("POST", f"{API}/formcatalogue/submit", {"name": f"C {unique}", "parentId": root["id"]})
        await refused(await demo_admin.post(f"{API}/formcatalogue/remove", ids=root["id"]), "请先删除子目录")
        await refused(await demo_admin.post(f"{API}/formcatalogue/submit", {
            "id": root["id"], "name": "x", "parentId": root["id"]}), "上级目录不能是自己")
        folder = await demo_admin.data("POST", f"{API}/formcatalogue/submit", {"name": f"F {unique}"})
        await design_of(demo_admin, unique, catalogueId=folder["id"])
        await refused(await demo_admin.post(f"{API}/formcatalogue/remove", ids=folder["id"]),
                      f"目录下还有表单,不能删除: Form {unique}")


class TestDesigns:
    async def test_content_is_checked(self, demo_admin, unique):
        await refused(await demo_admin.post(f"{API}/formdesign/submit", {"name": unique, "content": "{column:"}),
                      "表单配置不合法")
        await refused(await demo_admin.post(f"{API}/formdesign/submit", {"name": unique, "content": "[]"}),
                      "表单配置不合法")
        await refused(await demo_admin.post(f"{API}/formdesign/submit", {
            "name": unique, "content": option({"type": "input", "label": "A"})}), "字段缺少prop")
        await refused(await demo_admin.post(f"{API}/formdesign/submit", {
            "name": unique, "content": option({"prop": "a"}, {"prop": "a"})}), "字段prop重复: a")
        await refused(await demo_admin.post(f"{API}/formdesign/submit", {
            "name": unique, "content": option({"prop": "a"}, group=[{"column": [{"prop": "a"}]}])}),
            "字段prop重复: a")

    @pytest.mark.parametrize("kind", ["dynamic", "group", "ueditor", "map"])
    async def test_sub_table_refuses(self, demo_admin, unique, kind):
        content = option({"type": "dynamic", "prop": "t", "label": "T", "children": {"column": [
            {"type": kind, "prop": "x", "label": "Inner"}]}})
        await refused(await demo_admin.post(f"{API}/formdesign/submit", {"name": unique, "content": content}),
                      "子表单中不能放置该类型的字段: Inner")

    async def test_groups_do_not_nest(self, demo_admin, unique):
        content = option(group=[{"column": [{"type": "group", "prop": "g"}]}])
        await refused(await demo_admin.post(f"{API}/formdesign/submit", {"name": unique, "content": content}),
                      "分组不能嵌套分组")

    async def test_publish_makes_immutable_versions(self, demo_admin, unique):
        design, first = await published(demo_admin, unique)
        assert first["version"] == 1
        after = await demo_admin.data("GET", f"{API}/formdesign/detail", id=design["id"])
        assert (after["status"], after["version"]) == (1, 1)
        changed = json.loads(INSPECTION)
        changed["column"][0]["label"] = "Inspected by"
        edited = await demo_admin.data("POST", f"{API}/formdesign/submit", {
            "id": design["id"], "name": design["name"], "content": json.dumps(changed)})
        assert (edited["status"], edited["version"]) == (0, 1)
        kept = await demo_admin.data("GET", f"{API}/formdesigndetail/detail", id=first["id"])
        assert json.loads(kept["content"])["column"][0]["label"] == "Inspector"
        await refused(await demo_admin.post(f"{API}/formdesigndetail/submit", {
            "id": first["id"], "designId": design["id"]}), "已发布的版本不能修改")
        second = await demo_admin.data("POST", f"{API}/formdesigndetail/submit", {"designId": design["id"]})
        assert second["version"] == 2
        versions = await demo_admin.data("GET", f"{API}/formdesigndetail/list", designId=design["id"])
        assert [v["version"] for v in versions["records"]] == [2, 1]
        forms = await demo_admin.data("GET", f"{API}/formdesign/published")
        assert [f["version"] for f in forms if f["designId"] == design["id"]] == [2]

    async def test_an_empty_form_is_not_published(self, demo_admin, unique):
        design = await design_of(demo_admin, unique, content=option())
        await refused(await demo_admin.post(f"{API}/formdesigndetail/submit", {"designId": design["id"]}),
                      "表单没有字段,不能发布")


class TestFilling:
    async def test_a_submission_is_logged_with_its_values(self, demo_admin, unique):
        _, version = await published(demo_admin, unique)
        values = {"inspector": f"Wang {unique}", "result": "ok", "tag": "P-101",
                  "items": [{"item": "Seal"}], "supervisor": "Zhang", "stray": "dropped"}
        log = await demo_admin.data("POST", f"{API}/formlog/submit", {"detailId": version["id"], "values": values})
        assert log["version"] == 1 and "stray" not in json.loads(log["content"])
        found = await demo_admin.data("GET", f"{API}/formlog/list", formName=f"Form {unique}")
        assert [r["id"] for r in found["records"]] == [log["id"]]
        rows = await demo_admin.data("GET", f"{API}/formlogvalue/list", logId=log["id"])
        assert [(r["label"], r["value"]) for r in rows["records"]] == [
            ("Inspector", f"Wang {unique}"), ("Result", "ok"), ("Tag", "P-101"),
            ("Checklist", '[{"item": "Seal"}]'), ("Supervisor", "Zhang")]
        export = await demo_admin.get(f"{API}/formlog/export", formName=f"Form {unique}")
        sheet = load_workbook(io.BytesIO(export.content)).active
        header, first = [c.value for c in sheet[1]], [c.value for c in sheet[2]]
        assert header[:4] == ["表单名称", "版本", "填报人", "填报时间"] and "Inspector" in header
        assert first[header.index("Inspector")] == f"Wang {unique}"

    @pytest.mark.parametrize(("values", "msg"), [
        ({"result": "ok"}, "Inspector必须填写"),
        ({"inspector": "A"}, "请选择Result"),
        ({"inspector": "A", "result": "ok", "tag": "p101"}, "Tag格式不匹配"),
        ({"inspector": "A", "result": "ok", "items": [{"item": ""}]}, "Check item必须填写"),
    ])
    async def test_fill_rules(self, demo_admin, unique, values, msg):
        _, version = await published(demo_admin, unique)
        await refused(await demo_admin.post(f"{API}/formlog/submit", {"detailId": version["id"], "values": values}),
                      msg)


    async def test_a_choice_is_logged_with_its_labels(self, demo_admin, unique):
        """Static options and a remote dictionary (the shift business dictionary through a hook, by hookId or by
        its dicUrl), in a sub-table too: the log and its export show the labels; other values have no text."""
        hook = await demo_admin.data("POST", f"{API}/formhook/submit", {"name": f"Shifts {unique}", "type": "dict",
                                                                       "dictCode": "shift"})
        items = {i["value"]: i["label"] for i in await demo_admin.data("GET", f"{API}/formhook/getData/{hook['id']}")}
        url = f"/api/form/formhook/getData/{hook['id']}"
        content = option(
            {"type": "select", "prop": "shift", "label": "Shift", "dicOption": "remote", "hookId": hook["id"],
             "dicUrl": url},
            {"type": "checkbox", "prop": "crew", "label": "Crew", "dicOption": "remote", "dicUrl": url},
            {"type": "radio", "prop": "state", "label": "State", "dicData": [{"label": "Running", "value": "run"}]},
            {"type": "input", "prop": "note", "label": "Note"},
            {"type": "dynamic", "prop": "rows", "label": "Rows", "children": {"column": [
                {"type": "select", "prop": "s", "label": "S", "dicOption": "remote", "dicUrl": url},
                {"type": "input", "prop": "x", "label": "X"}]}})
        design = await design_of(demo_admin, unique, content)
        version = await demo_admin.data("POST", f"{API}/formdesigndetail/submit", {"designId": design["id"]})
        values = {"shift": "2", "crew": ["1", "3"], "state": "run", "note": "1",
                  "rows": [{"s": "1", "x": "a"}, {"s": "9", "x": "b"}]}
        log = await demo_admin.data("POST", f"{API}/formlog/submit", {"detailId": version["id"], "values": values})
        rows = await demo_admin.data("GET", f"{API}/formlogvalue/list", logId=log["id"])
        shown = {r["prop"]: (r["value"], r["text"]) for r in rows["records"]}
        assert shown["shift"] == ("2", items["2"])
        assert shown["crew"] == ('["1", "3"]', f"{items['1']}, {items['3']}")
        assert shown["state"] == ("run", "Running")
        assert shown["note"] == ("1", None)
        assert json.loads(shown["rows"][1]) == [{"s": items["1"], "x": "a"}, {"s": "9", "x": "b"}]
        export = await demo_admin.get(f"{API}/formlog/export", formName=f"Form {unique}")
        sheet = load_workbook(io.BytesIO(export.content)).active
        header, first = [c.value for c in sheet[1]], [c.value for c in sheet[2]]
        assert first[header.index("Shift")] == items["2"] and first[header.index("Note")] == "1"

    async def test_a_removed_hook_leaves_its_values_as_they_are(self, demo_admin, unique):
        hook = await demo_admin.data("POST", f"{API}/formhook/submit", {"name": f"Gone {unique}", "type": "dict",
                                                                       "dictCode": "shift"})
        content = option({"type": "select", "prop": "shift", "label": "Shift", "dicOption": "remote",
                          "hookId": hook["id"]})
        design = await design_of(demo_admin, unique, content)
        version = await demo_admin.data("POST", f"{API}/formdesigndetail/submit", {"designId": design["id"]})
        await demo_admin.data("POST", f"{API}/formhook/remove", ids=hook["id"])
        log = await demo_admin.data("POST", f"{API}/formlog/submit", {"detailId": version["id"],
                                                                      "values": {"shift": "2"}})
        rows = await demo_admin.data("GET", f"{API}/formlogvalue/list", logId=log["id"])
        assert [(r["prop"], r["value"], r["text"]) for r in rows["records"]] == [("shift", "2", None)]

    async def test_a_field_an_event_hook_shows_is_the_console_s_to_require(self, demo_admin, unique):
        content = option(
            {"type": "radio", "prop": "state", "label": "State", "dicData": [{"label": "Fault", "value": "f"}],
             "change": [{"action": "show", "target": "reason", "equals": "f"}]},
            {"type": "input", "prop": "reason", "label": "Reason", "required": True, "display": False},
            {"type": "input", "prop": "who", "label": "Who", "required": True,
             "blur": "({value}) => { required = false }"},
            {"type": "upload", "prop": "photo", "label": "Photo", "required": True})
        design = await design_of(demo_admin, unique, content)
        version = await demo_admin.data("POST", f"{API}/formdesigndetail/submit", {"designId": design["id"]})
        submit = f"{API}/formlog/submit"
        await refused(await demo_admin.post(submit, {"detailId": version["id"], "values": {"photo": ["a"]}}),
                      "Who必须填写")
        await refused(await demo_admin.post(submit, {"detailId": version["id"], "values": {"who": "A"}}),
                      "请输入Photo")
        await demo_admin.data("POST", submit, {"detailId": version["id"], "values": {"who": "A", "photo": ["a"]}})


class TestHooks:
    async def test_a_dictionary_hook_answers_items(self, demo_admin, unique):
        hook = await demo_admin.data("POST", f"{API}/formhook/submit", {"name": f"Shifts {unique}", "type": "dict",
                                                                       "dictCode": "shift"})
        items = await demo_admin.data("GET", f"{API}/formhook/getData/{hook['id']}")
        assert [i["value"] for i in items] == ["1", "2", "3"]
        apis = await demo_admin.data("GET", f"{API}/formhook/listApis")
        assert {"id": hook["id"], "name": f"Shifts {unique}", "type": "dict",
                "url": f"/api/form/formhook/getData/{hook['id']}"} in apis

    async def test_hook_refusals(self, demo_admin, unique):
        await refused(await demo_admin.post(f"{API}/formhook/submit", {"name": unique, "type": "dict"}),
                      "请输入字典编码")
        await refused(await demo_admin.post(f"{API}/formhook/submit", {"name": unique, "type": "http"}),
                      "请输入接口地址")
        await refused(await demo_admin.post(f"{API}/formhook/submit", {
            "name": unique, "type": "http", "url": "http://127.0.0.1:6379/"}),
            "不允许连接本机、内网或保留地址: 127.0.0.1(如确需使用,请联系平台管理员加入允许列表)")

    async def test_a_name_that_does_not_resolve_is_refused(self, app, demo_admin, unique):
        """Issue 24 item 6: when saved, and when used (a hook saved before names were resolved when saved)."""
        await refused(await demo_admin.post(f"{API}/formhook/submit", {
            "name": unique, "type": "http", "url": "http://hook.nowhere.invalid/items"}),
            "无法解析地址: hook.nowhere.invalid")
        hook = await demo_admin.data("POST", f"{API}/formhook/submit", {
            "name": unique, "type": "http", "url": "http://127.0.0.1:9/items"})
        async with session(app, demo_admin.tenant_id) as db:
            (await db.get(FormHook, int(hook["id"]))).url = "http://hook.nowhere.invalid/items"
        await refused(await demo_admin.get(f"{API}/formhook/getData/{hook['id']}"),
                      "无法解析地址: hook.nowhere.invalid")

    async def test_a_name_rebound_to_a_refused_address_gets_no_connection(self, app, demo_admin, unique,
                                                                          monkeypatch):
        """Checked when saved and before the call (127.0.0.1, allowed), rebound for the connection (127.0.0.2)."""
        monkeypatch.setattr(app.state.settings, "outbound_allow", "127.0.0.1")
        dns = rebinding_dns(monkeypatch, "hook.rebind.test", ["127.0.0.1", "127.0.0.1", "127.0.0.2"])
        hook = await demo_admin.data("POST", f"{API}/formhook/submit", {
            "name": unique, "type": "http", "url": "http://hook.rebind.test:9/items"})
        await refused(await demo_admin.get(f"{API}/formhook/getData/{hook['id']}"),
                      "不允许连接本机、内网或保留地址: hook.rebind.test(如确需使用,请联系平台管理员加入允许列表)")
        assert dns["lookups"] == 3

    async def test_an_http_hook_fails_with_a_message(self, demo_admin, unique):
        # 127.0.0.1:9 is allowed by the test settings and nothing listens there.
        hook = await demo_admin.data("POST", f"{API}/formhook/submit", {
            "name": unique, "type": "http", "url": "http://127.0.0.1:9/items"})
        await demo_admin.data("POST", f"{API}/formhookparams/submit", {
            "hookId": hook["id"], "paramName": "Plant", "paramKey": "plant", "paramValue": "A"})
        await refused(await demo_admin.get(f"{API}/formhook/getData/{hook['id']}"), "接口调用失败")
        await demo_admin.data("POST", f"{API}/formhook/remove", ids=hook["id"])
        params = await demo_admin.data("GET", f"{API}/formhookparams/list", hookId=hook["id"])
        assert params["records"] == []


class TestUpload:
    @pytest.mark.parametrize("path", ["/api/form/upload", "/api/common/upload1"])
    async def test_upload_checks_the_type(self, demo_admin, path):
        png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
        files = {"file": ("photo.png", png, "image/png")}
        answer = await demo_admin.http.post(path, files=files, headers=demo_admin.headers)
        assert answer.json()["data"]["originalName"] == "photo.png"
        fake = {"file": ("photo.png", b"not a png", "image/png")}
        body = (await demo_admin.http.post(path, files=fake, headers=demo_admin.headers)).json()
        assert body["success"] is False


class TestIsolation:
    async def test_other_tenants_do_not_see_forms(self, admin, demo_admin, unique):
        design, version = await published(demo_admin, unique)
        assert (await admin.get(f"{API}/formdesign/detail", id=design["id"])).json()["success"] is False
        page = await admin.data("GET", f"{API}/formdesign/list", name=f"Form {unique}")
        assert page["records"] == []
        await refused(await admin.post(f"{API}/formlog/submit", {"detailId": version["id"], "values": {}}),
                      (await admin.get(f"{API}/formdesign/detail", id=design["id"])).json()["msg"])

    async def test_a_desk_user_cannot_design(self, demo_user):
        assert (await demo_user.get(f"{API}/formdesign/list")).status_code == 403

    async def test_the_demo_tenant_has_its_forms(self, demo_admin):
        forms = await demo_admin.data("GET", f"{API}/formdesign/published")
        assert {"Shift handover", "Equipment inspection"} <= {f["name"] for f in forms}
        logs = await demo_admin.data("GET", f"{API}/formlog/list", formName="Equipment inspection")
        assert logs["total"] >= 1
        handovers = await demo_admin.data("GET", f"{API}/formlog/list", formName="Shift handover")
        values = await demo_admin.data("GET", f"{API}/formlogvalue/list", logId=handovers["records"][-1]["id"])
        shift = next(v for v in values["records"] if v["prop"] == "shift")
        assert shift["text"] not in (None, shift["value"])  # the shift dictionary's label, not its key


class TestSeed:
    async def test_seeding_again_changes_nothing(self, settings, demo_admin):
        before = (await demo_admin.data("GET", f"{API}/formdesign/list"))["total"]
        engine = create_engine(settings.resolved_database_url)
        try:
            assert await run_on(engine, seed_forms) is False
        finally:
            await engine.dispose()
        assert (await demo_admin.data("GET", f"{API}/formdesign/list"))["total"] == before
