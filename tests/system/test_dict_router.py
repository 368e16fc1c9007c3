"""/api/blade-system/dict (global, platform writes) and /dict-biz (per tenant)."""

import io
import re

import pytest
from openpyxl import Workbook, load_workbook

from plantdesk.core import areas

DICT = "/api/blade-system/dict"
BIZ = "/api/blade-system/dict-biz"
CHINESE = re.compile(r"[\u4e00-\u9fff]")


async def make_dict(api, base: str, code: str, items=(("1", "甲"), ("2", "乙")), *, sealed: int = 0):
    parent = await api.data("POST", f"{base}/submit",
                            {"code": code, "dictValue": f"字典{code[:6]}", "sort": 1, "isSealed": 0})
    children = []
    for sort, (key, value) in enumerate(items, start=1):
        children.append(await api.data("POST", f"{base}/submit", {
            "parentId": parent["id"], "code": code, "dictKey": key, "dictValue": value, "sort": 10 - sort,
            "isSealed": sealed}))
    return parent, children


def xlsx(rows) -> bytes:
    book = Workbook()
    ws = book.active
    for row in rows:
        ws.append(list(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


class TestDictionary:
    async def test_items_sorted_without_the_parent_row(self, demo_user):
        data = await demo_user.data("GET", f"{DICT}/dictionary", code="sex")
        assert [d["dictKey"] for d in data] == ["1", "2", "3"]
        assert set(data[0]) == {"id", "parentId", "code", "dictKey", "dictValue", "dictValueEn", "sort", "remark",
                                "isSealed"}
        assert isinstance(data[0]["id"], str) and data[0]["parentId"] != "0"

    async def test_seeded_items_carry_their_english_label(self, demo_user):
        sex = await demo_user.data("GET", f"{DICT}/dictionary", code="sex")
        assert [(d["dictValue"], d["dictValueEn"]) for d in sex] == [
            ("男", "Male"), ("女", "Female"), ("未知", "Unknown")]
        shifts = await demo_user.data("GET", f"{BIZ}/dictionary", code="shift")
        assert [d["dictValueEn"] for d in shifts] == ["Morning", "Afternoon", "Night"]
        # A label that reads the same in English has none of its own.
        assert {d["dictValueEn"] for d in await demo_user.data("GET", f"{DICT}/dictionary", code="oss")} == {None}

    async def test_every_seeded_chinese_label_has_an_english_one(self):
        groups = areas.dicts() + areas.biz_dicts()
        seeded = [(group["code"], group["name"], group["name_en"]) for group in groups]
        seeded += [(group["code"], value, english[0] if english else None)
                   for group in groups for _, value, *english in group["items"]]
        assert [row for row in seeded if CHINESE.search(row[1]) and not row[2]] == []

    async def test_cache_is_invalidated_by_a_write(self, admin, unique):
        code = f"c{unique}"
        _, children = await make_dict(admin, DICT, code)
        # Sorted by sort: the second item has the lower sort.
        assert [d["dictValue"] for d in await admin.data("GET", f"{DICT}/dictionary", code=code)] == ["乙", "甲"]
        await admin.data("POST", f"{DICT}/submit", {**children[0], "dictValue": "丙"})
        assert [d["dictValue"] for d in await admin.data("GET", f"{DICT}/dictionary", code=code)] == ["乙", "丙"]

    async def test_requires_a_token(self, client):
        response = await client.get(f"{DICT}/dictionary", params={"code": "sex"})
        assert response.status_code == 401

    async def test_biz_dictionary_is_per_tenant(self, admin, demo_admin, unique):
        code = f"b{unique}"
        await make_dict(demo_admin, BIZ, code)
        assert len(await demo_admin.data("GET", f"{BIZ}/dictionary", code=code)) == 2
        assert await admin.data("GET", f"{BIZ}/dictionary", code=code) == []


class TestDictionaryTree:
    async def test_default_code_is_the_data_point_class(self, demo_user):
        data = await demo_user.data("GET", f"{DICT}/dictionary-tree")
        assert data and {d["code"] for d in data} == {"1005"}

    async def test_nested_items(self, admin, unique):
        code = f"t{unique}"
        _, children = await make_dict(admin, DICT, code, items=(("1", "车间"),))
        await admin.data("POST", f"{DICT}/submit", {"parentId": children[0]["id"], "code": code, "dictKey": "11",
                                                    "dictValue": "产线", "sort": 1, "isSealed": 0})
        data = await admin.data("GET", f"{DICT}/dictionary-tree", code=code)
        assert len(data) == 1 and data[0]["children"][0]["dictValue"] == "产线"
        assert data[0]["hasChildren"] is True and data[0]["title"] == "车间"

    async def test_structure_tree_code(self, demo_user):
        data = await demo_user.data("GET", f"{DICT}/dictionary-tree", code="2001")
        assert [d["dictValue"] for d in data][:2] == ["工厂", "车间"]


class TestList:
    async def test_parents_only_filtered_by_code(self, admin, unique):
        code = f"l{unique}"
        await make_dict(admin, DICT, code)
        page = await admin.data("GET", f"{DICT}/list", code=code)
        assert page["total"] == 1 and page["records"][0]["dictKey"] == "-1"
        assert page["records"][0]["hasChildren"] is True

    async def test_parent_list_and_child_list(self, admin, unique):
        code = f"p{unique}"
        parent, _ = await make_dict(admin, DICT, code)
        assert (await admin.data("GET", f"{DICT}/parent-list", code=code))["total"] == 1
        children = await admin.data("GET", f"{DICT}/child-list", parentId=parent["id"])
        assert children["total"] == 2 and {r["parentId"] for r in children["records"]} == {parent["id"]}

    async def test_plain_user_is_refused(self, demo_user):
        response = await demo_user.get(f"{DICT}/list")
        assert response.status_code == 403

    async def test_demo_admin_reads_biz_but_not_system(self, demo_admin):
        assert (await demo_admin.get(f"{DICT}/list")).status_code == 403
        page = await demo_admin.data("GET", f"{BIZ}/list", code="shift")
        assert page["total"] == 1


class TestTree:
    async def test_tree_nodes(self, admin, unique):
        code = f"n{unique}"
        parent, _ = await make_dict(admin, DICT, code)
        data = await admin.data("GET", f"{DICT}/tree", code=code)
        assert data[0]["id"] == parent["id"] and data[0]["value"] == parent["id"]
        assert len(data[0]["children"]) == 2 and data[0]["children"][0]["title"]

    async def test_child_tree_by_code(self, admin, unique):
        code = f"k{unique}"
        await make_dict(admin, DICT, code)
        data = await admin.data("GET", f"{DICT}/child-tree", code=code)
        assert sorted(d["dictKey"] for d in data) == ["1", "2"]


class TestDetail:
    async def test_detail(self, admin, unique):
        parent, _ = await make_dict(admin, DICT, f"d{unique}")
        assert (await admin.data("GET", f"{DICT}/detail", id=parent["id"]))["code"] == f"d{unique}"

    async def test_other_tenant_biz_row_does_not_exist(self, admin, demo_admin, unique):
        parent, _ = await make_dict(admin, BIZ, f"x{unique}")
        body = (await demo_admin.get(f"{BIZ}/detail", id=parent["id"])).json()
        assert body["success"] is False and body["msg"] == "数据不存在"


class TestSubmit:
    @pytest.mark.parametrize(("change", "msg"), [
        ({"code": ""}, "请输入字典编号"),
        ({"code": "x" * 21}, "字典编号长度在 1 到 20 个字符"),
        ({"dictValue": ""}, "请输入字典名称"),
        ({"dictValue": "名" * 21}, "字典名称长度在 1 到 20 个字符"),
        ({"sort": None}, "请输入字典排序"),
        ({"isSealed": None}, "请选择是否封存"),
        ({"isSealed": 3}, "是否封存只能是 0 或 1"),
        ({"remark": "r" * 51}, "字典备注长度在 1 到 50 个字符"),
    ])
    async def test_rules(self, admin, unique, change, msg):
        body = {"code": f"v{unique}", "dictValue": "名称", "sort": 1, "isSealed": 0, **change}
        response = await admin.post(f"{DICT}/submit", body)
        assert response.status_code == 400 and response.json()["msg"] == msg

    async def test_child_requires_a_key(self, admin, unique):
        parent, _ = await make_dict(admin, DICT, f"q{unique}", items=())
        response = await admin.post(f"{DICT}/submit", {"parentId": parent["id"], "code": f"q{unique}",
                                                       "dictValue": "甲", "sort": 1, "isSealed": 0})
        assert response.json()["msg"] == "请输入字典键值"

    async def test_key_unique_within_code(self, admin, unique):
        parent, _ = await make_dict(admin, DICT, f"u{unique}")
        body = (await admin.post(f"{DICT}/submit", {"parentId": parent["id"], "code": f"u{unique}", "dictKey": "1",
                                                    "dictValue": "重复", "sort": 3, "isSealed": 0})).json()
        assert body["success"] is False and body["msg"] == "字典键值 [1] 已存在"

    async def test_parent_code_unique(self, admin, unique):
        await make_dict(admin, DICT, f"w{unique}", items=())
        body = (await admin.post(f"{DICT}/submit-pri", {"code": f"w{unique}", "dictValue": "又一个", "sort": 1,
                                                        "isSealed": 0})).json()
        assert body["msg"] == f"字典编号 [w{unique}] 已存在"

    async def test_sealed_row_cannot_be_edited(self, admin, unique):
        _, children = await make_dict(admin, DICT, f"s{unique}", sealed=1)
        body = (await admin.post(f"{DICT}/submit", {**children[0], "dictValue": "改"})).json()
        assert body["success"] is False and body["msg"] == "该字典已封存,不可修改"

    async def test_submit_pri_writes_a_parent(self, admin, unique):
        data = await admin.data("POST", f"{DICT}/submit-pri", {"code": f"r{unique}", "dictValue": "顶级",
                                                               "sort": 1, "isSealed": 0, "parentId": "123"})
        assert data["parentId"] == "0" and data["dictKey"] == "-1"

    async def test_renaming_a_parent_code_moves_its_items(self, admin, unique):
        parent, _ = await make_dict(admin, DICT, f"m{unique}")
        await admin.data("POST", f"{DICT}/submit", {**parent, "code": f"n{unique}"})
        assert len(await admin.data("GET", f"{DICT}/dictionary", code=f"n{unique}")) == 2

    async def test_system_dict_writes_are_platform_only(self, demo_admin, unique):
        response = await demo_admin.post(f"{DICT}/submit", {"code": f"y{unique}", "dictValue": "x", "sort": 1,
                                                            "isSealed": 0})
        assert response.status_code == 403

    async def test_plain_user_cannot_write_biz(self, demo_user, unique):
        response = await demo_user.post(f"{BIZ}/submit", {"code": f"y{unique}", "dictValue": "x", "sort": 1,
                                                          "isSealed": 0})
        assert response.status_code == 403

    async def test_biz_code_may_be_long(self, demo_admin, unique):
        data = await demo_admin.data("POST", f"{BIZ}/submit", {"code": f"long_business_code_{unique}",
                                                               "dictValue": "长编号", "sort": 1, "isSealed": 0})
        assert data["code"] == f"long_business_code_{unique}"

    async def test_demo_admin_cannot_edit_platform_biz_row(self, admin, demo_admin, unique):
        parent, _ = await make_dict(admin, BIZ, f"e{unique}")
        body = (await demo_admin.post(f"{BIZ}/submit", {**parent, "dictValue": "劫持"})).json()
        assert body["msg"] == "数据不存在"


class TestRemove:
    async def test_parent_removes_its_children(self, admin, unique):
        code = f"a{unique}"
        parent, _ = await make_dict(admin, DICT, code)
        await admin.data("POST", f"{DICT}/remove", ids=parent["id"])
        assert await admin.data("GET", f"{DICT}/dictionary", code=code) == []

    async def test_sealed_refused(self, admin, unique):
        parent, children = await make_dict(admin, DICT, f"g{unique}", sealed=1)
        for target in (children[0]["id"], parent["id"]):
            body = (await admin.post(f"{DICT}/remove", ids=target)).json()
            assert body["success"] is False and body["msg"] == "该字典已封存,不可删除"

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.post(f"{BIZ}/remove", ids="1")).status_code == 403

    async def test_cross_tenant_remove_changes_nothing(self, admin, demo_admin, unique):
        code = f"h{unique}"
        parent, _ = await make_dict(admin, BIZ, code)
        await demo_admin.data("POST", f"{BIZ}/remove", ids=parent["id"])
        assert len(await admin.data("GET", f"{BIZ}/dictionary", code=code)) == 2


class TestExportImport:
    async def test_export_one_code(self, admin, unique):
        code = f"o{unique}"
        await make_dict(admin, DICT, code)
        response = await admin.get(f"{DICT}/export", code=code)
        assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
        rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
        assert rows[0][:3] == ("字典编号", "字典键值", "字典名称") and len(rows) == 4

    async def test_the_english_label_goes_out_and_comes_back(self, admin, demo_admin, unique):
        code = f"e{unique}"
        parent, _ = await make_dict(admin, BIZ, code, items=())
        await admin.data("POST", f"{BIZ}/submit", {"parentId": parent["id"], "code": code, "dictKey": "1",
                                                   "dictValue": "早班", "dictValueEn": " Morning ", "sort": 1,
                                                   "isSealed": 0})
        response = await admin.get(f"{BIZ}/export", code=code)
        rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
        assert rows[0][-1] == "英文名称" and rows[2][2::4] == ("早班", "Morning")
        response = await demo_admin.http.post(f"{BIZ}/import", headers=demo_admin.headers,
                                              files={"file": ("d.xlsx", response.content)})
        assert response.json()["data"]["success"] == 2
        items = await demo_admin.data("GET", f"{BIZ}/dictionary", code=code)
        assert [(d["dictValue"], d["dictValueEn"]) for d in items] == [("早班", "Morning")]

    async def test_import_reports_bad_rows_and_writes_good_ones(self, demo_admin, unique):
        code = f"i{unique}"
        content = xlsx([("字典编号", "字典键值", "字典名称", "排序", "备注", "是否封存"),
                        (code, "-1", "导入字典", 1, "", 0),
                        (code, "1", "好", 1, "", 0),
                        (code, "2", "", 2, "", 0),
                        (f"none{unique}", "1", "无上级", 1, "", 0)])
        response = await demo_admin.http.post(f"{BIZ}/import", headers=demo_admin.headers,
                                              files={"file": ("d.xlsx", content)})
        data = response.json()["data"]
        assert data["total"] == 4 and data["success"] == 2
        assert [(e["row"], e["msg"]) for e in data["errors"]] == [(4, "请输入字典名称"),
                                                                   (5, f"字典 [none{unique}] 不存在")]
        assert [d["dictValue"] for d in await demo_admin.data("GET", f"{BIZ}/dictionary", code=code)] == ["好"]

    async def test_import_refuses_a_non_xlsx_file(self, demo_admin):
        response = await demo_admin.http.post(f"{BIZ}/import", headers=demo_admin.headers,
                                              files={"file": ("d.xlsx", b"not a workbook")})
        assert response.json()["msg"] == "文件格式错误,请上传 xlsx 文件"

    async def test_plain_user_cannot_export(self, demo_user):
        assert (await demo_user.get(f"{BIZ}/export")).status_code == 403
