"""/api/blade-system/topmenu: a tenant's top menus and their menu settings."""

import pytest

from tests.system.org_factories import menu_ids

TOP = "/api/blade-system/topmenu"


async def make_top(api, unique: str) -> dict:
    return await api.data("POST", f"{TOP}/submit", {"code": f"t{unique}", "name": f"顶部{unique}", "sort": 3})


class TestList:
    async def test_tenant_scoped(self, demo_admin, admin, unique):
        top = await make_top(demo_admin, unique)
        assert [t["id"] for t in (await demo_admin.data("GET", f"{TOP}/list", code=unique))["records"]] == [top["id"]]
        assert (await admin.data("GET", f"{TOP}/list", code=unique))["total"] == 0

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{TOP}/list")).status_code == 403


class TestDetail:
    async def test_detail(self, demo_admin, unique):
        top = await make_top(demo_admin, unique)
        assert (await demo_admin.data("GET", f"{TOP}/detail", id=top["id"]))["name"] == f"顶部{unique}"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{TOP}/detail", id=1)).status_code == 403


class TestSubmit:
    async def test_code_unique(self, demo_admin, unique):
        await make_top(demo_admin, unique)
        response = await demo_admin.post(f"{TOP}/submit", {"code": f"t{unique}", "name": "x"})
        assert response.json()["msg"] == "顶部菜单编号已存在"

    @pytest.mark.parametrize(("body", "msg"), [({"name": "x"}, "请输入顶部菜单编号"),
                                               ({"code": "x"}, "请输入顶部菜单名称")])
    async def test_required(self, demo_admin, body, msg):
        response = await demo_admin.post(f"{TOP}/submit", body)
        assert response.status_code == 400 and response.json()["msg"] == msg

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{TOP}/submit", {"code": "x", "name": "x"})).status_code == 403


class TestRemove:
    async def test_remove_drops_settings(self, demo_admin, unique):
        top = await make_top(demo_admin, unique)
        desk = (await menu_ids(demo_admin, "desk"))["desk"]
        await demo_admin.data("POST", f"{TOP}/grant", {"topMenuIds": [top["id"]], "menuIds": [desk]})
        await demo_admin.data("POST", f"{TOP}/remove", ids=top["id"])
        keys = await demo_admin.data("GET", "/api/blade-system/menu/top-tree-keys", topMenuIds=top["id"])
        assert keys["menu"] == []

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{TOP}/remove", ids="1")).status_code == 403


class TestGrant:
    async def test_grant_replaces(self, demo_admin, unique):
        top = await make_top(demo_admin, unique)
        ids = await menu_ids(demo_admin, "desk", "notice")
        await demo_admin.data("POST", f"{TOP}/grant", {"topMenuIds": [top["id"]], "menuIds": list(ids.values())})
        await demo_admin.data("POST", f"{TOP}/grant", {"topMenuIds": [top["id"]], "menuIds": [ids["notice"]]})
        keys = await demo_admin.data("GET", "/api/blade-system/menu/top-tree-keys", topMenuIds=top["id"])
        assert keys["menu"] == [ids["notice"]]

    async def test_menus_the_caller_lacks_refused(self, demo_admin, admin, unique):
        top = await make_top(demo_admin, unique)
        tenant_menu = (await menu_ids(admin, "tenant"))["tenant"]
        response = await demo_admin.post(f"{TOP}/grant", {"topMenuIds": [top["id"]], "menuIds": [tenant_menu]})
        assert response.json()["msg"] == "所选菜单超出可授权范围!"

    async def test_other_tenants_top_menu(self, demo_admin, admin, unique):
        top = await make_top(admin, unique)
        response = await demo_admin.post(f"{TOP}/grant", {"topMenuIds": [top["id"]], "menuIds": []})
        assert response.json()["msg"] == "顶部菜单不存在"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{TOP}/grant", {"topMenuIds": ["1"]})).status_code == 403
