"""/api/blade-system/tenant and tenant-package: platform administration, creation end to end, info."""

import pytest

from tests.helpers import token
from tests.system.org_factories import MENU, PACKAGE, TENANT, flatten, make_package, make_tenant, menu_ids


class TestList:
    async def test_list_and_page_filter(self, admin, demo_admin):
        for path in ("list", "page"):
            page = await admin.data("GET", f"{TENANT}/{path}", tenantId=demo_admin.tenant_id)
            assert [t["tenantName"] for t in page["records"]] == ["Demo Chemical Plant"]
        by_name = await admin.data("GET", f"{TENANT}/list", tenantName="管理")
        assert "000000" in {t["tenantId"] for t in by_name["records"]}

    async def test_tenant_admin_and_user_refused(self, demo_admin, demo_user):
        assert (await demo_admin.get(f"{TENANT}/list")).status_code == 403
        assert (await demo_user.get(f"{TENANT}/page")).status_code == 403


class TestDetail:
    async def test_detail(self, admin, unique):
        tenant, _ = await make_tenant(admin, unique)
        found = await admin.data("GET", f"{TENANT}/detail", id=tenant["id"])
        assert found["tenantName"] == f"租户{unique}" and found["accountNumber"] >= -1

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{TENANT}/detail", id=1)).status_code == 403


class TestSubmit:
    async def test_creation_end_to_end(self, admin, unique):
        tenant, tenant_admin = await make_tenant(admin, unique, linkman="王", contactNumber="13900000000")
        assert len(tenant["tenantId"]) == 6 and tenant["linkman"] == "王"
        assert tenant_admin.tokens["role_name"] == "admin"
        routes = {n["code"] for n in flatten(await tenant_admin.data("GET", f"{MENU}/routes"))}
        assert {"desk", "user", "role"} <= routes and "tenant" not in routes
        depts = await tenant_admin.data("GET", "/api/blade-system/dept/tree")
        assert [d["title"] for d in depts] == [f"租户{unique}"]
        posts = await tenant_admin.data("GET", "/api/blade-system/post/select")
        assert [p["postCode"] for p in posts] == ["ceo"]

    async def test_update_keeps_tenant_id(self, admin, unique):
        tenant, _ = await make_tenant(admin, unique)
        updated = await admin.data("POST", f"{TENANT}/submit", {"id": tenant["id"], "tenantName": "新名",
                                                                "domain": f"https://{unique}.example.com"})
        assert updated["tenantName"] == "新名" and updated["tenantId"] == tenant["tenantId"]
        refused = await admin.post(f"{TENANT}/submit", {"id": tenant["id"], "tenantName": "x", "tenantId": "123"})
        assert refused.json()["msg"] == "租户ID不可修改"

    async def test_required_name(self, admin):
        response = await admin.post(f"{TENANT}/submit", {"tenantName": ""})
        assert response.status_code == 400 and response.json()["msg"] == "请输入租户名称"

    async def test_duplicate_tenant_id(self, admin):
        response = await admin.post(f"{TENANT}/submit", {"tenantName": "x", "tenantId": "356782"})
        assert response.json()["msg"] == "租户ID [356782] 已存在!"

    async def test_tenant_admin_refused(self, demo_admin, demo_user):
        assert (await demo_admin.post(f"{TENANT}/submit", {"tenantName": "x"})).status_code == 403
        assert (await demo_user.post(f"{TENANT}/submit", {"tenantName": "x"})).status_code == 403


class TestRemove:
    async def test_remove_and_login_refused(self, admin, client, unique):
        tenant, _ = await make_tenant(admin, unique)
        await admin.data("POST", f"{TENANT}/remove", ids=tenant["id"])
        response = await token(client, "admin", "admin", tenant["tenantId"])
        assert response.json()["error_description"] == "用户名或密码错误"  # as for a tenant never made

    async def test_platform_tenant_cannot_be_removed(self, admin):
        platform = (await admin.data("GET", f"{TENANT}/list", tenantId_equal="000000"))["records"][0]
        assert (await admin.post(f"{TENANT}/remove", ids=platform["id"])).json()["msg"] == "不可删除管理租户!"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{TENANT}/remove", ids="1")).status_code == 403


class TestSetting:
    async def test_quota_and_expiry(self, admin, unique):
        tenant, _ = await make_tenant(admin, unique)
        await admin.data("POST", f"{TENANT}/setting", ids=tenant["id"], accountNumber="7",
                         expireTime="2099-12-31 00:00:00")
        found = await admin.data("GET", f"{TENANT}/detail", id=tenant["id"])
        assert found["accountNumber"] == 7 and found["expireTime"] == "2099-12-31 00:00:00"

    async def test_expired_tenant_cannot_log_in(self, admin, client, unique):
        tenant, _ = await make_tenant(admin, unique)
        await admin.data("POST", f"{TENANT}/setting", ids=tenant["id"], expireTime="2000-01-01")
        response = await token(client, "admin", "admin", tenant["tenantId"])
        assert response.json()["error_description"] == "租户授权已过期,请联系管理员"

    async def test_bad_values(self, admin, unique):
        tenant, _ = await make_tenant(admin, unique)
        response = await admin.post(f"{TENANT}/setting", ids=tenant["id"], accountNumber="many")
        assert response.status_code == 400 and response.json()["msg"] == "请求参数类型错误: accountNumber"

    async def test_demo_admin_refused(self, demo_admin):
        assert (await demo_admin.post(f"{TENANT}/setting", ids="1")).status_code == 403


class TestSelect:
    async def test_administrator_sees_all_others_their_own(self, admin, demo_user):
        assert {"000000", "356782"} <= {t["tenantId"] for t in await admin.data("GET", f"{TENANT}/select")}
        assert [t["tenantId"] for t in await demo_user.data("GET", f"{TENANT}/select")] == ["356782"]


class TestInfo:
    async def test_public_lookup_by_domain(self, admin, client, unique):
        domain = f"https://{unique}.plant.example.com"
        tenant, _ = await make_tenant(admin, unique, domain=domain, backgroundUrl="/bg.png")
        body = (await client.get(f"{TENANT}/info", params={"domain": domain})).json()
        assert body["data"] == {"tenantId": tenant["tenantId"], "domain": domain, "backgroundUrl": "/bg.png"}
        assert (await client.get(f"{TENANT}/info", params={"domain": "https://nobody.example"})).json()["data"] == {}


class TestMenuCodes:
    async def test_platform_is_unrestricted(self, admin):
        assert await admin.data("GET", f"{TENANT}/menu-codes") == []

    async def test_tenant_without_package_gets_every_code(self, demo_user):
        codes = await demo_user.data("GET", f"{TENANT}/menu-codes")
        assert {"desk", "user", "tenant"} <= set(codes)


class TestPackageSetting:
    async def test_set_detail_clear(self, admin, unique):
        tenant, _ = await make_tenant(admin, unique)
        package = await make_package(admin, unique, "desk")
        await admin.data("POST", f"{TENANT}/package-setting", tenantId=tenant["tenantId"], packageId=package["id"])
        assert (await admin.data("GET", f"{TENANT}/package-detail", tenantId=tenant["tenantId"]))["id"] == package["id"]
        await admin.data("POST", f"{TENANT}/package-setting", tenantId=tenant["tenantId"], packageId="")
        assert await admin.data("GET", f"{TENANT}/package-detail", tenantId=tenant["tenantId"]) is None

    async def test_unknown_tenant(self, admin):
        response = await admin.post(f"{TENANT}/package-setting", tenantId="nobody", packageId="")
        assert response.json()["msg"] == "租户不存在"

    async def test_demo_admin_refused(self, demo_admin):
        assert (await demo_admin.get(f"{TENANT}/package-detail", tenantId="356782")).status_code == 403
        assert (await demo_admin.post(f"{TENANT}/package-setting", tenantId="356782")).status_code == 403


class TestPackages:
    async def test_crud(self, admin, unique):
        package = await make_package(admin, unique, "desk")
        page = await admin.data("GET", f"{PACKAGE}/list", packageName=f"包{unique}")
        assert [p["id"] for p in page["records"]] == [package["id"]]
        found = await admin.data("GET", f"{PACKAGE}/detail", id=package["id"])
        assert found["menuId"] == package["menuId"]
        ids = await menu_ids(admin, "user")
        updated = await admin.data("POST", f"{PACKAGE}/submit", {"id": package["id"], "packageName": "新",
                                                                  "menuId": [ids["user"]]})
        assert updated["menuId"] == ids["user"]
        assert package["id"] in {p["id"] for p in await admin.data("GET", f"{PACKAGE}/select")}
        await admin.data("POST", f"{PACKAGE}/remove", ids=package["id"])
        assert (await admin.data("GET", f"{PACKAGE}/list", packageName=f"包{unique}"))["total"] == 0

    @pytest.mark.parametrize(("body", "msg"), [({"menuId": "1"}, "请输入产品包名称"),
                                               ({"packageName": "x"}, "请选择菜单"),
                                               ({"packageName": "x", "menuId": "1,2"}, "请选择菜单")])
    async def test_required(self, admin, body, msg):
        response = await admin.post(f"{PACKAGE}/submit", body)
        assert response.status_code == 400 and response.json()["msg"] == msg

    async def test_in_use_cannot_be_removed(self, admin, unique):
        package = await make_package(admin, unique, "desk")
        await make_tenant(admin, unique, packageId=package["id"])
        response = await admin.post(f"{PACKAGE}/remove", ids=package["id"])
        assert response.json()["msg"] == "产品包已被租户使用, 不允许删除!"

    async def test_demo_admin_refused(self, demo_admin, demo_user):
        assert (await demo_admin.get(f"{PACKAGE}/list")).status_code == 403
        assert (await demo_user.post(f"{PACKAGE}/submit", {"packageName": "x", "menuId": "1"})).status_code == 403
