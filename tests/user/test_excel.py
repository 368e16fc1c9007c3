"""User export, template and import (core.excel sheets)."""

import io

from openpyxl import Workbook, load_workbook

from tests.conftest import DEMO_TENANT
from tests.user.factories import make_user, no_hash, stored_user

USER = "/api/blade-user"
HEADER = ["账号", "姓名", "昵称", "邮箱", "手机号", "性别", "角色", "部门", "岗位"]


def sheet(rows: list[list]) -> bytes:
    book = Workbook()
    book.active.append(HEADER)
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def read(content: bytes) -> list[tuple]:
    return list(load_workbook(io.BytesIO(content)).worksheets[0].iter_rows(values_only=True))


async def upload(api, content: bytes, covered: int = 0):
    return await api.http.post(f"{USER}/import-user", headers=api.headers, data={"isCovered": str(covered)},
                               files={"file": ("users.xlsx", content, "application/octet-stream")})


class TestExportUser:
    async def test_filtered_rows_with_names(self, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        response = no_hash(await demo_admin.get(f"{USER}/export-user", account=made["account"]))
        assert response.headers["content-type"].startswith("application/vnd.openxmlformats")
        rows = read(response.content)
        assert rows[0][:3] == ("租户编号", "账号", "姓名") and len(rows) == 2
        assert rows[1][:2] == (DEMO_TENANT, made["account"]) and "User" in rows[1]

    async def test_plain_user_is_refused(self, demo_user):
        assert (await demo_user.get(f"{USER}/export-user")).status_code == 403


class TestExportTemplate:
    async def test_header_only(self, demo_admin):
        assert read((await demo_admin.get(f"{USER}/export-template")).content) == [tuple(HEADER)]

    async def test_plain_user_is_refused(self, demo_user):
        assert (await demo_user.get(f"{USER}/export-template")).status_code == 403


class TestImportUser:
    async def test_good_rows_are_written_and_bad_rows_reported(self, demo_admin, unique):
        content = sheet([
            [f"i1{unique}", "导入一", None, "i1@example.com", "13911112222", "女", "User", "Maintenance",
             "Maintenance Engineer"],
            [f"i2{unique}", "导入二", None, None, "139", None, "User", None, None],
            [f"i3{unique}", "导入三", None, None, None, None, "不存在的角色", None, None],
            [None, "无账号", None, None, None, None, None, None, None],
            [f"i1{unique}", "重复", None, None, None, None, None, None, None],
        ])
        result = (await upload(demo_admin, content)).json()["data"]
        assert (result["total"], result["success"], result["failed"]) == (5, 1, 4)
        assert result["errors"] == [
            {"row": 3, "msg": "手机号长度为11位"}, {"row": 4, "msg": "角色 [不存在的角色] 不存在"},
            {"row": 5, "msg": "账号不能为空"}, {"row": 6, "msg": f"账号 [i1{unique}] 在文件中重复"}]
        found = await demo_admin.data("GET", f"{USER}/page", account=f"i1{unique}")
        assert [(r["realName"], r["sexName"], r["deptName"], r["postName"]) for r in found["records"]] == \
            [("导入一", "女", "Maintenance", "Maintenance Engineer")]
        assert (await demo_admin.data("GET", f"{USER}/page", account=f"i2{unique}"))["total"] == 0

    async def test_existing_account_is_an_error_unless_covered(self, app, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        content = sheet([[made["account"], "覆盖后", None, None, None, None, "User", None, None]])
        refused = (await upload(demo_admin, content)).json()["data"]
        assert refused["errors"] == [{"row": 2, "msg": f"当前用户 [{made['account']}] 已存在!"}]
        covered = (await upload(demo_admin, content, covered=1)).json()["data"]
        assert covered["success"] == 1
        assert (await stored_user(app, made["id"])).real_name == "覆盖后"

    async def test_not_an_xlsx(self, demo_admin):
        body = (await upload(demo_admin, b"not a workbook")).json()
        assert body["msg"] == "文件格式错误,请上传 xlsx 文件"

    async def test_plain_user_is_refused(self, demo_user):
        assert (await upload(demo_user, sheet([]))).status_code == 403
