"""/api/blade-develop/code (spec §7): code configs (list, detail, submit, remove, copy) checked against the areas,
tables and menus that exist; the column model a table suggests; preview and gen-code (ids, system `saber`, spec
§9) answering the same files; the platform tenant only."""

import io
import json
import zipfile

import pytest

from plantdesk.demo.data import code as demo_code

SOURCE = "/api/blade-develop/datasource"
CODE = "/api/blade-develop/code"


@pytest.fixture
async def config(admin, unique) -> dict:
    source = await admin.data("POST", f"{SOURCE}/submit", json={"name": f"平台 {unique}", "dbType": "platform"})
    columns = await admin.data("GET", f"{CODE}/columns", datasourceId=source["id"], tableName="product")
    return await admin.data("POST", f"{CODE}/submit", json={
        "datasourceId": source["id"], "tableName": "product", "targetTable": f"gen_{unique}",
        "moduleName": f"gen{unique}", "codeName": "生成产品", "codeNameEn": "Generated products",
        "menuCode": f"gen_{unique}", "menuPath": f"/gen{unique}/item", "catalogueName": "生成",
        "catalogueNameEn": "Generated", "tenantScoped": 1, "columns": columns})


async def fails(api, path: str, json: dict | None, msg: str, **params) -> None:
    body = (await api.post(path, json, **params)).json()
    assert not body["success"] and body["msg"].startswith(msg), body


async def test_a_table_suggests_its_column_model(admin, config):
    names = [c["name"] for c in config["columns"]]
    assert names[:2] == ["product_name", "product_code"] and "tenant_id" not in names and "id" not in names
    by_name = {c["name"]: c for c in config["columns"]}
    assert by_name["product_name"] | {"kind": "str", "length": 128, "required": True, "search": True} == \
        by_name["product_name"]
    assert by_name["ideal_cycle_time"]["kind"] == "float" and by_name["ideal_cycle_time"]["component"] == "number"
    assert config["datasourceName"].startswith("平台")


async def test_configs_are_listed_copied_and_removed(admin, config, unique):
    page = await admin.data("GET", f"{CODE}/list", moduleName=f"gen{unique}")
    assert [r["id"] for r in page["records"]] == [config["id"]]
    assert (await admin.data("GET", f"{CODE}/detail", id=config["id"]))["columns"] == config["columns"]
    copy = await admin.data("POST", f"{CODE}/copy", id=config["id"])
    assert copy["moduleName"] == f"gen{unique}2" and copy["menuPath"] == f"/gen{unique}2/item"
    assert copy["menuCode"] == f"gen_{unique}_2" and copy["codeNameEn"] == "Generated products (copy)"
    await admin.data("POST", f"{CODE}/remove", ids=f"{config['id']},{copy['id']}")
    assert (await admin.data("GET", f"{CODE}/list", moduleName=f"gen{unique}"))["records"] == []


@pytest.mark.parametrize(("change", "msg"), [
    ({"moduleName": "device", "menuPath": "/device/x"}, "模块名已被使用"),
    ({"targetTable": "blade_user"}, "数据表已存在"),
    ({"menuPath": "/elsewhere/item"}, "菜单路径须为"),
    ({"menuCode": "user"}, "菜单编号已被使用"),
    ({"menuParent": "nowhere"}, "上级菜单不存在"),
    ({"columns": [{"name": "tenant_id", "label": "租户", "labelEn": "Tenant"}]}, "字段由平台提供"),
])
async def test_a_config_must_make_a_new_area(admin, config, change, msg):
    await fails(admin, f"{CODE}/submit", {**config, "id": None, **change}, msg)


async def test_preview_and_gen_code_answer_the_area(admin, config, unique):
    files = {f["path"]: f["content"] for f in await admin.data("GET", f"{CODE}/preview", id=config["id"])}
    module = f"gen{unique}"
    assert {f"plantdesk/modules/{module}/{name}.py" for name in
            ("__init__", "models", "schemas", "service", "router", "seeds")} <= files.keys()
    assert {f"tests/{module}/test_item.py", f"web/src/api/{module}.ts", f"web/src/views/{module}/routes.ts",
            f"web/src/views/{module}/item/index.tsx", f"web/src/i18n/areas/{module}.ts"} <= files.keys()
    migration = next(p for p in files if p.startswith("plantdesk/db/migrations/versions/"))
    assert f"op.create_table('gen_{unique}'" in files[migration]
    assert "class Gen" in files[f"plantdesk/modules/{module}/models.py"]
    assert "TenantMixin" in files[f"plantdesk/modules/{module}/models.py"]
    assert "'产品名称'" in files[f"web/src/i18n/areas/{module}.ts"] or "product_name" in files[
        f"web/src/i18n/areas/{module}.ts"]
    answer = await admin.post(f"{CODE}/gen-code", ids=config["id"], system="saber")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        assert {name: archive.read(name).decode() for name in archive.namelist()} == files
    await fails(admin, f"{CODE}/gen-code", None, "不支持的代码生成系统", ids=config["id"], system="sword")


async def test_only_the_platform_reaches_code_generation(admin, demo_admin, demo_user, config):
    for api in (demo_admin, demo_user):
        for answer in (await api.get(f"{CODE}/list"), await api.get(f"{CODE}/detail", id=config["id"]),
                       await api.post(f"{CODE}/gen-code", ids=config["id"])):
            assert answer.status_code == 403 and answer.json()["msg"] == "无权限访问", answer.text


def test_the_demo_config_is_a_valid_column_model():
    from plantdesk.modules.tool.schemas import CodeColumn

    columns = [CodeColumn.model_validate(c) for c in demo_code.columns()]
    assert [c.name for c in columns][:2] == ["part_code", "part_name"] and json.dumps(demo_code.columns())


@pytest.mark.parametrize("tenant_scoped", [0, 1])
def test_every_generated_python_file_compiles(tenant_scoped):
    """Both shapes (platform-wide and per tenant, under another area's catalogue) are valid Python; the round
    trip (test_roundtrip.py) runs one of them for real."""
    from plantdesk.modules.tool import codegen
    from plantdesk.modules.tool.schemas import CodeRead

    config = CodeRead.model_validate({
        "id": 1, "datasource_id": 1, "table_name": "t", "target_table": "widget_log", "module_name": "widget",
        "code_name": "部件日志 'x'", "code_name_en": 'Widget "log"', "menu_code": "widget_log",
        "menu_path": "/widget/log", "menu_parent": "device" if tenant_scoped else None,
        "tenant_scoped": tenant_scoped, "columns": demo_code.columns()})
    files = dict(codegen.generate(config, down_revision="5f8336e15acb"))
    for path, text in files.items():
        if path.endswith(".py"):
            compile(text, path, "exec")
    models = files["plantdesk/modules/widget/models.py"]
    assert ("TenantMixin" in models) == bool(tenant_scoped)
    seeds = files["plantdesk/modules/widget/seeds.py"]
    assert ('parent="device"' in seeds) == bool(tenant_scoped)
    assert ("test_tenants_see_only_their_own_rows" in files["tests/widget/test_log.py"]) == bool(tenant_scoped)
