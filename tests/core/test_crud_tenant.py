"""core.crud: the platform administrator acts inside one tenant with `tenantId`; nobody else can."""

from tests.conftest import DEMO_TENANT

POST = "/api/blade-system/post"


class TestActingTenant:
    async def test_platform_admin_manages_a_tenants_rows_with_tenant_id(self, admin, demo_admin, unique):
        created = await admin.data("POST", f"{POST}/submit", {"postCode": unique, "postName": f"岗位{unique}",
                                                              "category": 1, "sort": 1}, tenantId=DEMO_TENANT)
        assert created["tenantId"] == DEMO_TENANT
        page = await demo_admin.data("GET", f"{POST}/list", postCode=unique)
        assert [r["id"] for r in page["records"]] == [created["id"]]
        detail = await admin.data("GET", f"{POST}/detail", id=created["id"], tenantId=DEMO_TENANT)
        assert detail["postName"] == f"岗位{unique}"
        own = (await admin.get(f"{POST}/detail", id=created["id"])).json()
        assert own["msg"] == "数据不存在"
        await admin.data("POST", f"{POST}/remove", ids=created["id"], tenantId=DEMO_TENANT)
        assert (await demo_admin.data("GET", f"{POST}/list", postCode=unique))["total"] == 0

    async def test_a_tenant_admin_cannot_switch_tenant(self, demo_admin, unique):
        created = await demo_admin.data("POST", f"{POST}/submit", {"postCode": unique, "postName": "x",
                                                                   "category": 1, "sort": 1}, tenantId="000000")
        assert created["tenantId"] == DEMO_TENANT
        await demo_admin.data("POST", f"{POST}/remove", ids=created["id"])
