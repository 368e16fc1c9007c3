"""/api/device-management/oplog: the API log rows of device-management calls (page, export)."""

from tests.log.test_router import api_row, sheet

API = "/api/device-management/oplog"


class TestOplog:
    async def test_page_and_export_hold_device_management_rows_only(self, app, demo_admin, unique):
        await api_row(app, "356782", f"dev-{unique}", uri=f"/api/device-management/device/save/{unique}")
        await api_row(app, "356782", f"other-{unique}", uri=f"/api/other/{unique}")
        page = await demo_admin.data("GET", f"{API}/page", requestUri=unique)
        assert [r["title"] for r in page["records"]] == [f"dev-{unique}"]
        response = await demo_admin.post(f"{API}/export/oplog", {"requestUri": unique})
        assert [row[5] for row in sheet(response.content)[1:]] == [f"dev-{unique}"]

    async def test_another_tenant_sees_none_of_them(self, app, admin, unique):
        await api_row(app, "356782", f"dev-{unique}", uri=f"/api/device-management/device/save/{unique}")
        page = await admin.data("GET", f"{API}/page", requestUri=unique)
        assert page["records"] == []

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.post(f"{API}/export/x", {})).status_code == 403
        assert (await demo_user.get(f"{API}/page")).status_code == 403
