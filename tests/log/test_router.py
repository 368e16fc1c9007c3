"""/api/blade-log: lists, details and exports of the audit logs (the device-management oplog: tests/device)."""

import io

import pytest
from openpyxl import load_workbook

LOG = "/api/blade-log"


async def usual(app, tenant: str, marker: str, *, uri: str = "/api/blade-auth/oauth/") -> None:
    audit = app.state.runtime.audit
    audit.usual(tenant_id=tenant, log_id=marker, log_data=f"data {marker}", request_uri=uri, method="POST",
                create_by="tester")
    await audit.flush()


async def api_row(app, tenant: str, marker: str, *, uri: str) -> None:
    audit = app.state.runtime.audit
    audit.api(tenant_id=tenant, title=marker, request_uri=uri, method="POST", create_by="tester", time="3")
    await audit.flush()


async def error_row(app, tenant: str, marker: str) -> None:
    audit = app.state.runtime.audit
    try:
        raise RuntimeError(marker)
    except RuntimeError as exc:
        audit.error(exc, tenant_id=tenant, request_uri="/api/boom", method="GET")
    await audit.flush()


def sheet(content: bytes) -> list[tuple]:
    return list(load_workbook(io.BytesIO(content)).active.iter_rows(values_only=True))


class TestUsualList:
    async def test_tenant_admin_sees_own_tenant_only(self, app, demo_admin, unique):
        await usual(app, "356782", f"mine-{unique}")
        await usual(app, "000000", f"platform-{unique}")
        records = (await demo_admin.data("GET", f"{LOG}/usual/list", size=100))["records"]
        ids = [r["logId"] for r in records]
        assert f"mine-{unique}" in ids and f"platform-{unique}" not in ids

    async def test_platform_admin_may_pick_a_tenant(self, app, admin, unique):
        await usual(app, "356782", f"pick-{unique}")
        own = [r["logId"] for r in (await admin.data("GET", f"{LOG}/usual/list", size=100))["records"]]
        other = [r["logId"] for r in (await admin.data("GET", f"{LOG}/usual/list", size=100,
                                                       tenantId="356782"))["records"]]
        assert f"pick-{unique}" not in own and f"pick-{unique}" in other

    async def test_tenant_id_ignored_for_tenant_admin(self, app, demo_admin, unique):
        await usual(app, "000000", f"hidden-{unique}")
        records = (await demo_admin.data("GET", f"{LOG}/usual/list", size=100, tenantId="000000"))["records"]
        assert f"hidden-{unique}" not in [r["logId"] for r in records]

    async def test_time_window_and_newest_first(self, app, demo_admin, unique):
        await usual(app, "356782", f"w1-{unique}")
        await usual(app, "356782", f"w2-{unique}")
        page = await demo_admin.data("GET", f"{LOG}/usual/list", size=100, logStartTime="2000-01-01 00:00:00",
                                     logEndTime="2999-12-31")
        ids = [r["logId"] for r in page["records"]]
        assert ids.index(f"w2-{unique}") < ids.index(f"w1-{unique}")
        empty = await demo_admin.data("GET", f"{LOG}/usual/list", logEndTime="2000-01-01")
        assert empty["total"] == 0

    async def test_create_time_range_and_sort(self, app, demo_admin, unique):
        await usual(app, "356782", f"r1-{unique}")
        await usual(app, "356782", f"r2-{unique}")
        params = {"size": 100, "createBy": "tester", "createTime_datege": "2000-01-01 00:00:00",
                  "createTime_datele": "2999-12-31 23:59:59"}
        newest = (await demo_admin.data("GET", f"{LOG}/usual/list", **params))["records"]
        oldest = (await demo_admin.data("GET", f"{LOG}/usual/list", ascs="create_time", **params))["records"]
        assert {f"r1-{unique}", f"r2-{unique}"} <= {r["logId"] for r in oldest}
        times = [r["createTime"] for r in oldest]
        assert times == sorted(times) and [r["createTime"] for r in newest] == sorted(times, reverse=True)
        # Equal times keep the default order (newest id first) as the tie-break, so pages never overlap.
        assert [r["id"] for r in oldest if r["createTime"] == times[-1]] == \
            [r["id"] for r in newest if r["createTime"] == times[-1]]
        empty = await demo_admin.data("GET", f"{LOG}/usual/list", createTime_datele="2000-01-01 00:00:00")
        assert empty["total"] == 0
        refused = await demo_admin.get(f"{LOG}/usual/list", ascs="log_data")
        assert refused.status_code == 400 and refused.json()["msg"] == "不支持的排序字段: log_data"

    async def test_bad_time(self, demo_admin):
        response = await demo_admin.get(f"{LOG}/usual/list", logStartTime="yesterday")
        assert response.status_code == 400 and response.json()["msg"] == "请求参数类型错误: logStartTime"

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.get(f"{LOG}/usual/list")).status_code == 403


class TestUsualPage:
    async def test_filter_in_body(self, app, demo_admin, unique):
        await usual(app, "356782", f"body-{unique}", uri=f"/api/x/{unique}")
        response = await demo_admin.post(f"{LOG}/usual/page", {"requestUri": unique}, current=1, size=10)
        records = response.json()["data"]["records"]
        assert [r["logId"] for r in records] == [f"body-{unique}"]

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.post(f"{LOG}/usual/page", {})).status_code == 403


class TestApiList:
    async def test_writes_show_up(self, app, demo_admin, unique):
        await demo_admin.post("/api/blade-desk/notice/submit", {"title": f"log {unique}", "category": 1})
        await app.state.runtime.audit.flush()
        records = (await demo_admin.data("GET", f"{LOG}/api/list", requestUri="/blade-desk/notice/submit",
                                         size=5))["records"]
        assert records and records[0]["method"] == "POST" and records[0]["tenantId"] == "356782"

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.get(f"{LOG}/api/list")).status_code == 403


class TestErrorList:
    async def test_error_rows(self, app, demo_admin, unique):
        await error_row(app, "356782", f"boom-{unique}")
        records = (await demo_admin.data("GET", f"{LOG}/error/list", size=100))["records"]
        row = next(r for r in records if r["message"] == f"boom-{unique}")
        assert row["exceptionName"] == "RuntimeError" and "RuntimeError" in row["stackTrace"]

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.get(f"{LOG}/error/list")).status_code == 403


class TestDetail:
    @pytest.mark.parametrize("kind", ["usual", "api", "error"])
    async def test_other_tenant_row_does_not_exist(self, app, admin, demo_admin, unique, kind):
        writer = {"usual": lambda: usual(app, "000000", f"d-{unique}"),
                  "api": lambda: api_row(app, "000000", f"d-{unique}", uri="/api/x"),
                  "error": lambda: error_row(app, "000000", f"d-{unique}")}[kind]
        await writer()
        records = (await admin.data("GET", f"{LOG}/{kind}/list", size=20))["records"]
        row = records[0]
        assert (await admin.data("GET", f"{LOG}/{kind}/detail", id=row["id"]))["id"] == row["id"]
        assert (await demo_admin.get(f"{LOG}/{kind}/detail", id=row["id"])).json()["msg"] == "数据不存在"

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.get(f"{LOG}/usual/detail", id=1)).status_code == 403


class TestExport:
    async def test_api_export_file_name_is_the_stem(self, app, demo_admin, unique):
        await api_row(app, "356782", f"exp-{unique}", uri=f"/api/exp/{unique}")
        response = await demo_admin.get(f"{LOG}/api/export/接口日志", requestUri=unique)
        assert "%E6%8E%A5%E5%8F%A3%E6%97%A5%E5%BF%97.xlsx" in response.headers["content-disposition"]
        rows = sheet(response.content)
        assert rows[0][0] == "编号" and len(rows) == 2 and rows[1][5] == f"exp-{unique}"

    async def test_error_export(self, app, demo_admin, unique):
        await error_row(app, "356782", f"experr-{unique}")
        response = await demo_admin.get(f"{LOG}/error/export/errors")
        assert any(f"experr-{unique}" in (row[8] or "") for row in sheet(response.content)[1:])

    async def test_usual_export_filters_in_body(self, app, demo_admin, unique):
        await usual(app, "356782", f"expu-{unique}", uri=f"/api/u/{unique}")
        response = await demo_admin.post(f"{LOG}/usual/export/usual", {"requestUri": unique})
        rows = sheet(response.content)
        assert len(rows) == 2 and rows[1][6] == f"expu-{unique}"

    async def test_bad_stem_refused(self, demo_admin):
        assert (await demo_admin.get(f"{LOG}/api/export/a:b")).status_code == 400

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.get(f"{LOG}/api/export/x")).status_code == 403
