"""/api/blade-system/menu: the console's routes and buttons, the admin tree, grant trees (contract §5)."""

import pytest

from plantdesk.core import areas
from tests.system.org_factories import MENU, ROLE, flatten, make_package, make_role, make_tenant, menu_ids


def codes(nodes: list[dict]) -> set[str]:
    return {n["code"] for n in flatten(nodes)}


# 我的事务: the workflow demo (seed/data/flow.py) grants it to the staff
WORK = {"work", "start", "claim", "todo", "send", "done", "leave"}


class TestRoutes:
    async def test_administrator_gets_every_menu_as_a_sorted_forest(self, admin):
        routes = await admin.data("GET", f"{MENU}/routes")
        seeded = [r["code"] for r in routes if r["code"] in {"desk", "system", "authority", "ai"}]
        assert seeded == ["desk", "system", "authority", "ai"]  # sorted by sort
        system = next(r for r in routes if r["code"] == "system")
        user = next(c for c in system["children"] if c["code"] == "user")
        assert user["nameEn"] == "Users" and user["parentId"] == system["id"] and isinstance(user["id"], str)
        assert "children" not in user and user["category"] == 1 and user["isShow"] == 1
        assert "user_add" not in codes(routes)  # buttons are not routes

    async def test_every_top_level_menu_has_children(self, admin):
        """BladeX-family consoles make a top-level menu a layout route and its children the pages: a top-level
        leaf (the AI assistant once was one) would have no page there."""
        routes = await admin.data("GET", f"{MENU}/routes")
        seeded = {menu["code"] for menu in areas.menus()}  # other tests add top-level menus of their own
        assert [r["code"] for r in routes if r["code"] in seeded and not r.get("children")] == []
        assert len([r for r in routes if r["code"] in seeded]) == len(seeded)
        ai = next(r for r in routes if r["code"] == "ai")
        assert [(c["code"], c["path"]) for c in ai["children"]] == [("aiChat", "/index/aiChat")]

    async def test_plain_user_gets_granted_menus_with_ancestors(self, demo_user):
        routes = await demo_user.data("GET", f"{MENU}/routes")
        assert codes(routes) == {"desk", "notice", *WORK}

    async def test_tenant_admin_gets_its_grants(self, demo_admin):
        found = codes(await demo_admin.data("GET", f"{MENU}/routes"))
        assert {"desk", "system", "user", "role"} <= found
        assert not {"tenant", "menu", "param"} & found

    async def test_top_menu_narrows(self, admin, unique):
        top = await admin.data("POST", "/api/blade-system/topmenu/submit", {"code": f"t{unique}", "name": "顶部"})
        ids = await menu_ids(admin, "desk", "notice")
        await admin.data("POST", "/api/blade-system/topmenu/grant",
                         {"topMenuIds": [top["id"]], "menuIds": list(ids.values())})
        routes = await admin.data("GET", f"{MENU}/routes", topMenuId=top["id"])
        assert codes(routes) == {"desk", "notice"}
        assert codes(await admin.data("GET", f"{MENU}/routesLarge", topMenuId=top["id"])) == {"desk", "notice"}

    async def test_needs_a_token(self, client):
        assert (await client.get(f"{MENU}/routes")).status_code == 401


class TestPackageNarrowing:
    async def test_tenant_admin_routes_stay_inside_the_package(self, admin, unique):
        package = await make_package(admin, unique, "desk", "user", "role")
        tenant, tenant_admin = await make_tenant(admin, unique, packageId=package["id"])
        found = codes(await tenant_admin.data("GET", f"{MENU}/routes"))
        assert found == {"desk", "notice", "system", "user", "role"}
        allowed = await tenant_admin.data("GET", "/api/blade-system/tenant/menu-codes")
        assert set(allowed) >= found and "dept" not in allowed and "user_add" in allowed
        grant = await tenant_admin.data("GET", f"{MENU}/grant-tree")
        system = (await menu_ids(admin, "system"))["system"]
        assert {n["id"] for n in flatten(grant["menu"])} <= {*package["menuId"].split(","), system}

    async def test_package_change_applies_at_once(self, admin, unique):
        tenant, tenant_admin = await make_tenant(admin, unique)
        assert "dept" in codes(await tenant_admin.data("GET", f"{MENU}/routes"))
        package = await make_package(admin, unique, "desk")
        await admin.data("POST", "/api/blade-system/tenant/package-setting", tenantId=tenant["tenantId"],
                         packageId=package["id"])
        assert codes(await tenant_admin.data("GET", f"{MENU}/routes")) == {"desk", "notice"}
        response = await tenant_admin.get("/api/blade-system/dept/list")
        assert response.status_code == 403


def codes_by_title(nodes: list[dict]) -> set[str]:
    return {n["title"] for n in flatten(nodes)}


class TestButtons:
    async def test_plain_user_gets_its_menus_buttons(self, demo_user):
        buttons = {b["code"]: b for b in await demo_user.data("GET", f"{MENU}/buttons")}
        assert set(buttons) == {"notice", *WORK} - {"work"}
        assert {c["code"] for c in buttons["notice"]["children"]} == {"notice_add", "notice_edit", "notice_delete",
                                                                     "notice_view"}

    async def test_administrator_gets_all(self, admin):
        assert {"user_add", "tenant_setting", "role_grant"} <= codes(await admin.data("GET", f"{MENU}/buttons"))


class TestTopMenu:
    async def test_lists_the_tenants_top_menus(self, demo_admin, unique):
        await demo_admin.data("POST", "/api/blade-system/topmenu/submit", {"code": f"d{unique}", "name": "演示"})
        assert f"d{unique}" in {t["code"] for t in await demo_admin.data("GET", f"{MENU}/top-menu")}


class TestIsHavingMenu:
    async def test_true_and_false(self, demo_user):
        assert await demo_user.data("GET", f"{MENU}/isHavingMenu", code="notice") is True
        assert await demo_user.data("GET", f"{MENU}/isHavingMenu", code="user") is False


class TestSelectByName:
    async def test_matches_visible_menus(self, demo_user, admin):
        assert [m["code"] for m in await demo_user.data("GET", f"{MENU}/selectCusByName/通知")] == ["notice"]
        assert await demo_user.data("GET", f"{MENU}/selectCusByName/用户") == []
        assert "user" in {m["code"] for m in await admin.data("GET", f"{MENU}/selectCusByName/用户")}


class TestList:
    async def test_filters(self, admin):
        found = flatten(await admin.data("GET", f"{MENU}/list", code="user_"))
        assert {"user_add", "user_edit"} <= {n["code"] for n in found}
        assert all("user_" in n["code"] for n in found)

    async def test_menu_list_has_no_buttons(self, admin):
        assert all(n["category"] == 1 for n in flatten(await admin.data("GET", f"{MENU}/menu-list")))

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{MENU}/list")).status_code == 403


class TestLazyList:
    async def test_one_level_with_has_children(self, admin):
        roots = await admin.data("GET", f"{MENU}/lazy-list", parentId=0)
        desk = next(r for r in roots if r["code"] == "desk")
        assert desk["hasChildren"] is True and "children" not in desk
        notice = (await admin.data("GET", f"{MENU}/lazy-list", parentId=desk["id"]))[0]
        assert notice["code"] == "notice" and notice["hasChildren"] is True
        screens = await admin.data("GET", f"{MENU}/lazy-menu-list", parentId=desk["id"])
        assert screens[0]["hasChildren"] is False  # buttons do not count in the menu-only list

    async def test_by_type(self, admin):
        assert {r["code"] for r in await admin.data("GET", f"{MENU}/lazy-listByType", type="sys")} >= {"desk"}
        assert await admin.data("GET", f"{MENU}/lazy-listByType", type="app") == []
        assert (await admin.get(f"{MENU}/lazy-listByType", type="bad")).status_code == 400

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{MENU}/lazy-list")).status_code == 403


class TestTree:
    async def test_tree_nodes(self, admin):
        tree = await admin.data("GET", f"{MENU}/tree")
        desk = tree[0]
        assert desk["title"] == "工作台" and desk["key"] == desk["id"] == desk["value"]
        assert "新增" not in {n["title"] for n in flatten(tree)}

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{MENU}/tree")).status_code == 403


class TestDetail:
    async def test_detail_with_parent_name(self, admin):
        ids = await menu_ids(admin, "user")
        menu = await admin.data("GET", f"{MENU}/detail", id=ids["user"])
        assert menu["code"] == "user" and menu["parentName"] == "系统管理"

    async def test_missing(self, admin):
        assert (await admin.get(f"{MENU}/detail", id=1)).json()["msg"] == "数据不存在"


class TestSubmit:
    async def test_insert_update_remove(self, admin, unique):
        parent = (await menu_ids(admin, "system"))["system"]
        menu = await admin.data("POST", f"{MENU}/submit", {"parentId": parent, "code": f"m{unique}", "name": "测试",
                                                           "path": f"/system/m{unique}", "sort": 99})
        button = await admin.data("POST", f"{MENU}/submit", {"parentId": menu["id"], "code": f"m{unique}_add",
                                                             "name": "新增", "category": 2, "alias": "add"})
        updated = await admin.data("POST", f"{MENU}/submit", {**menu, "name": "改名"})
        assert updated["name"] == "改名" and updated["id"] == menu["id"]
        refused = (await admin.post(f"{MENU}/remove", ids=menu["id"])).json()
        assert refused["msg"] == "请先删除子节点!"
        await admin.data("POST", f"{MENU}/remove", ids=f"{button['id']},{menu['id']}")
        assert (await admin.get(f"{MENU}/detail", id=menu["id"])).json()["code"] == 400

    async def test_code_unique(self, admin):
        response = await admin.post(f"{MENU}/submit", {"code": "user", "name": "重复"})
        assert response.json()["msg"] == "菜单编号已存在"

    @pytest.mark.parametrize(("body", "msg"), [({"name": "无编号"}, "请输入菜单编号"),
                                               ({"code": "x-nameless"}, "请输入菜单名称")])
    async def test_required(self, admin, body, msg):
        response = await admin.post(f"{MENU}/submit", body)
        assert response.status_code == 400 and response.json()["msg"] == msg

    async def test_parent_must_exist_and_be_a_menu(self, admin, unique):
        missing = await admin.post(f"{MENU}/submit", {"parentId": "1", "code": f"p{unique}", "name": "x"})
        assert missing.json()["msg"] == "上级菜单不存在"
        button = (await menu_ids(admin, "user_add"))["user_add"]
        under_button = await admin.post(f"{MENU}/submit", {"parentId": button, "code": f"b{unique}", "name": "x",
                                                           "category": 2})
        assert under_button.json()["msg"] == "父节点只可选择菜单类型!"

    async def test_tenant_admin_refused(self, demo_admin):
        response = await demo_admin.post(f"{MENU}/submit", {"code": "nope", "name": "x"})
        assert response.status_code == 403

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{MENU}/submit", {"code": "nope", "name": "x"})).status_code == 403
        assert (await demo_user.post(f"{MENU}/remove", ids="1")).status_code == 403


class TestGrantTree:
    async def test_administrator_sees_everything(self, admin):
        tree = await admin.data("GET", f"{MENU}/grant-tree")
        assert set(tree) == {"menu", "dataScope", "apiScope"}
        assert {"工作台", "租户管理"} <= codes_by_title(tree["menu"])

    async def test_tenant_admin_sees_its_own_grants(self, demo_admin):
        titles = codes_by_title((await demo_admin.data("GET", f"{MENU}/grant-tree"))["menu"])
        assert "用户管理" in titles and "租户管理" not in titles

    async def test_typed_and_subtree(self, admin):
        assert (await admin.data("GET", f"{MENU}/grant-tree-sys"))["menu"]
        assert (await admin.data("GET", f"{MENU}/grant-tree-pc"))["menu"] == []
        system = (await menu_ids(admin, "system"))["system"]
        sub = (await admin.data("GET", f"{MENU}/grantTreeList/{system}"))["menu"]
        assert [n["title"] for n in sub] == ["系统管理"]

    async def test_nodes_carry_the_english_name_where_the_menu_has_one(self, admin):
        system = (await menu_ids(admin, "system"))["system"]
        node = (await admin.data("GET", f"{MENU}/grantTreeList/{system}"))["menu"][0]
        assert node["titleEn"] == "System"
        await admin.data("POST", f"{MENU}/submit", json={"code": "no_english", "name": "无英文名", "path": "/x",
                                                         "parentId": 0, "category": 1, "sort": 99})
        unnamed = next(n for n in (await admin.data("GET", f"{MENU}/grant-tree"))["menu"] if n["title"] == "无英文名")
        assert "titleEn" not in unnamed

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{MENU}/grant-tree")).status_code == 403


class TestRoleTreeKeys:
    async def test_keys_after_grant(self, demo_admin, unique):
        role = await make_role(demo_admin, unique)
        ids = await menu_ids(demo_admin, "desk", "notice")
        await demo_admin.data("POST", f"{ROLE}/grant", {"roleIds": [role["id"]], "menuIds": list(ids.values())})
        keys = await demo_admin.data("GET", f"{MENU}/role-tree-keys", roleIds=role["id"])
        assert sorted(keys["menu"]) == sorted(ids.values()) and keys["dataScope"] == [] == keys["apiScope"]

    async def test_other_tenants_role_is_not_found(self, demo_admin, admin):
        platform_role = (await admin.data("GET", f"{ROLE}/list"))[0]["id"]
        assert (await demo_admin.get(f"{MENU}/role-tree-keys", roleIds=platform_role)).json()["msg"] == "角色不存在"


class TestTopTrees:
    async def test_grant_top_tree_and_keys(self, admin, unique):
        tree = await admin.data("GET", f"{MENU}/grant-top-tree")
        assert "新增" not in codes_by_title(tree["menu"])
        top = await admin.data("POST", "/api/blade-system/topmenu/submit", {"code": f"k{unique}", "name": "键"})
        ids = await menu_ids(admin, "desk")
        await admin.data("POST", "/api/blade-system/topmenu/grant", {"topMenuIds": [top["id"]],
                                                                     "menuIds": [ids["desk"]]})
        assert (await admin.data("GET", f"{MENU}/top-tree-keys", topMenuIds=top["id"]))["menu"] == [ids["desk"]]

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{MENU}/grant-top-tree")).status_code == 403


class TestTypedScreens:
    """The mobile / PC menu screens filter by menuType and write with their own button codes; the data
    authority screen reads the grant tree with its menu code."""

    async def test_list_filters_by_type(self, admin, unique):
        app = await admin.data("POST", f"{MENU}/submit", {"code": f"app{unique}", "name": "移动首页",
                                                          "menuType": "app", "path": f"/app{unique}"})
        try:
            found = {n["code"] for n in flatten(await admin.data("GET", f"{MENU}/list", menuType="app"))}
            assert f"app{unique}" in found and "desk" not in found
            assert f"app{unique}" not in codes(await admin.data("GET", f"{MENU}/routes"))  # console: sys only
            assert (await admin.get(f"{MENU}/list", menuType="bad")).status_code == 400
        finally:
            await admin.data("POST", f"{MENU}/remove", ids=app["id"])

    async def test_screen_codes_write_and_read(self, admin, client, unique):
        from tests.user.factories import login_as, make_user

        ids = await menu_ids(admin, "mobilemenu", "mobilemenu_add", "dataauth")
        role = await make_role(admin, unique)
        await admin.data("POST", f"{ROLE}/grant", {"roleIds": [role["id"]], "menuIds": list(ids.values())})
        user = await login_as(client, await make_user(admin, unique, role["id"]))
        app = await user.data("POST", f"{MENU}/submit", {"code": f"mob{unique}", "name": "移动", "menuType": "app"})
        assert (await user.post(f"{MENU}/remove", ids=app["id"])).status_code == 403  # no mobilemenu_delete
        assert "dataScope" in await user.data("GET", f"{MENU}/grant-tree")
        await admin.data("POST", f"{MENU}/remove", ids=app["id"])
