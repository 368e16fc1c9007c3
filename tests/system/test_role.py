"""/api/blade-system/role and /api/system/function: roles, grants, holders, the switch dialog."""

import pytest
from sqlalchemy import event
from sqlalchemy.util import await_only

from plantdesk.core.tenancy import ScopedSession
from plantdesk.modules.system.models import RoleMenu
from tests.system.org_factories import ROLE, make_package, make_role, make_tenant, menu_ids, subtree_ids
from tests.user.factories import login_as, make_user

FUNCTION = "/api/system/function"


class TestList:
    async def test_tree_list_and_filters(self, demo_admin, unique):
        parent = await make_role(demo_admin, unique)
        child = await make_role(demo_admin, unique + "c", parentId=parent["id"])
        roles = await demo_admin.data("GET", f"{ROLE}/list")
        node = next(r for r in roles if r["id"] == parent["id"])
        assert [c["id"] for c in node["children"]] == [child["id"]]
        assert node["children"][0]["parentName"] == parent["roleName"]
        filtered = await demo_admin.data("GET", f"{ROLE}/list", roleAlias=f"r{unique}c")
        assert [r["id"] for r in filtered] == [child["id"]]

    async def test_tenant_admin_never_sees_administrator(self, demo_admin):
        assert "administrator" not in {r["roleAlias"] for r in await demo_admin.data("GET", f"{ROLE}/list")}

    async def test_platform_admin_looks_into_a_tenant(self, admin, demo_admin):
        roles = await admin.data("GET", f"{ROLE}/list", tenantId=demo_admin.tenant_id)
        assert {r["tenantId"] for r in roles} == {demo_admin.tenant_id}

    async def test_tenant_id_is_ignored_for_tenants(self, demo_admin):
        roles = await demo_admin.data("GET", f"{ROLE}/list", tenantId="000000")
        assert {r["tenantId"] for r in roles} == {demo_admin.tenant_id}

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{ROLE}/list")).status_code == 403


class TestTree:
    async def test_tree_nodes(self, demo_admin):
        tree = await demo_admin.data("GET", f"{ROLE}/tree")
        assert {"管理员 Administrator", "User"} <= {n["title"] for n in tree}
        assert all(n["key"] == n["id"] == n["value"] for n in tree)

    async def test_platform_with_tenant_id(self, admin, demo_admin):
        tree = await admin.data("GET", f"{ROLE}/tree", tenantId=demo_admin.tenant_id)
        assert "超级管理员" not in {n["title"] for n in tree}

    async def test_tree_by_id(self, admin, demo_admin):
        demo_role = (await demo_admin.data("GET", f"{ROLE}/list"))[0]["id"]
        tree = await admin.data("GET", f"{ROLE}/tree-by-id", roleId=demo_role, tenantId=demo_admin.tenant_id)
        assert demo_role in {n["id"] for n in tree}
        assert (await admin.get(f"{ROLE}/tree-by-id", roleId=demo_role)).json()["msg"] == "角色不存在"
        assert (await demo_admin.get(f"{ROLE}/tree-by-id", roleId=(await admin.data(
            "GET", f"{ROLE}/list"))[0]["id"])).json()["msg"] == "角色不存在"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{ROLE}/tree")).status_code == 403


class TestDetail:
    async def test_detail(self, demo_admin, unique):
        role = await make_role(demo_admin, unique)
        assert (await demo_admin.data("GET", f"{ROLE}/detail", id=role["id"]))["roleAlias"] == f"r{unique}"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{ROLE}/detail", id=1)).status_code == 403


class TestSubmit:
    async def test_insert_and_update(self, demo_admin, unique):
        role = await make_role(demo_admin, unique)
        assert role["tenantId"] == demo_admin.tenant_id
        updated = await demo_admin.data("POST", f"{ROLE}/submit", {**role, "roleName": "改名", "sort": 5})
        assert updated["roleName"] == "改名" and updated["sort"] == 5

    async def test_alias_unique_per_tenant(self, demo_admin, admin, unique):
        await make_role(demo_admin, unique)
        again = await demo_admin.post(f"{ROLE}/submit", {"roleName": "x", "roleAlias": f"r{unique}"})
        assert again.json()["msg"] == "角色别名已存在"
        await make_role(admin, unique)  # another tenant may use the same alias

    async def test_tenant_admin_cannot_create_administrator(self, demo_admin):
        response = await demo_admin.post(f"{ROLE}/submit", {"roleName": "超管", "roleAlias": "administrator"})
        assert response.json()["msg"] == "无权限创建超管角色!"

    @pytest.mark.parametrize(("body", "msg"), [({"roleAlias": "x"}, "请输入角色名称"),
                                               ({"roleName": "x"}, "请输入角色别名")])
    async def test_required(self, demo_admin, body, msg):
        response = await demo_admin.post(f"{ROLE}/submit", body)
        assert response.status_code == 400 and response.json()["msg"] == msg

    async def test_parent_must_be_in_the_tenant(self, demo_admin, admin, unique):
        platform_role = (await admin.data("GET", f"{ROLE}/list"))[0]["id"]
        response = await demo_admin.post(f"{ROLE}/submit", {"roleName": "x", "roleAlias": f"p{unique}",
                                                            "parentId": platform_role})
        assert response.json()["msg"] == "上级角色不存在"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{ROLE}/submit", {"roleName": "x", "roleAlias": "x"})).status_code == 403


class TestRemove:
    async def test_remove(self, demo_admin, unique):
        role = await make_role(demo_admin, unique)
        await demo_admin.data("POST", f"{ROLE}/remove", ids=role["id"])
        assert (await demo_admin.get(f"{ROLE}/detail", id=role["id"])).json()["msg"] == "角色不存在"

    async def test_refused_while_users_hold_it(self, demo_admin, unique):
        role = await make_role(demo_admin, unique)
        await make_user(demo_admin, unique, role["id"])
        response = await demo_admin.post(f"{ROLE}/remove", ids=role["id"])
        assert response.json()["msg"] == "该角色下已绑定用户, 不允许删除!"

    async def test_refused_with_children(self, demo_admin, unique):
        parent = await make_role(demo_admin, unique)
        await make_role(demo_admin, unique + "c", parentId=parent["id"])
        assert (await demo_admin.post(f"{ROLE}/remove", ids=parent["id"])).json()["msg"] == "请先删除子节点!"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{ROLE}/remove", ids="1")).status_code == 403


class TestGrant:
    async def test_grant_gives_the_codes(self, demo_admin, client, unique):
        role = await make_role(demo_admin, unique)
        ids = await subtree_ids(demo_admin, "post")
        await demo_admin.data("POST", f"{ROLE}/grant", {"roleIds": [role["id"]], "menuIds": ids})
        api = await login_as(client, await make_user(demo_admin, unique, role["id"]))
        assert (await api.get("/api/blade-system/post/list")).status_code == 200
        assert (await api.get("/api/blade-system/dept/list")).status_code == 403
        # a new grant replaces the old one, and takes effect at once
        await demo_admin.data("POST", f"{ROLE}/grant", {"roleIds": [role["id"]], "menuIds": []})
        assert (await api.get("/api/blade-system/post/list")).status_code == 403

    async def test_a_read_racing_the_grant_is_not_cached_past_its_commit(self, demo_admin, client, unique):
        """The review's race: a request that checks the role's codes after the grant has flushed and before it
        commits sees the old grant (the new rows are not visible yet). Once the grant has committed, the role
        must have the new codes: the old ones read in the race may not stay cached."""
        role = await make_role(demo_admin, unique)
        api = await login_as(client, await make_user(demo_admin, unique, role["id"]))
        ids = await subtree_ids(demo_admin, "post")
        raced: list[int] = []

        def flushed(session, _context):
            if any(isinstance(obj, RoleMenu) and obj.role_id == int(role["id"]) for obj in session.new):
                session.info["race"] = True

        def before_commit(session):
            if session.info.pop("race", False):  # the grant's unit of work, flushed, about to commit
                raced.append(await_only(api.get("/api/blade-system/post/list")).status_code)

        event.listen(ScopedSession, "after_flush", flushed)
        event.listen(ScopedSession, "before_commit", before_commit)
        try:
            await demo_admin.data("POST", f"{ROLE}/grant", {"roleIds": [role["id"]], "menuIds": ids})
        finally:
            event.remove(ScopedSession, "after_flush", flushed)
            event.remove(ScopedSession, "before_commit", before_commit)
        assert raced == [403]  # the racing read saw the old grant, as it may
        assert (await api.get("/api/blade-system/post/list")).status_code == 200

    async def test_menus_outside_the_package_refused(self, admin, unique):
        package = await make_package(admin, unique, "desk")
        tenant, tenant_admin = await make_tenant(admin, unique, packageId=package["id"])
        role = (await admin.data("GET", f"{ROLE}/list", tenantId=tenant["tenantId"]))[0]
        user_menu = (await menu_ids(admin, "user"))["user"]
        response = await admin.post(f"{ROLE}/grant", {"roleIds": [role["id"]], "menuIds": [user_menu]},
                                    tenantId=tenant["tenantId"])
        assert response.json()["msg"] == "所选菜单超出租户产品包范围!"

    async def test_tenant_admin_cannot_hand_out_what_it_lacks(self, demo_admin, admin, unique):
        role = await make_role(demo_admin, unique)
        param_menu = (await menu_ids(admin, "param"))["param"]
        response = await demo_admin.post(f"{ROLE}/grant", {"roleIds": [role["id"]], "menuIds": [param_menu]})
        assert response.json()["msg"] == "所选菜单超出可授权范围!"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{ROLE}/grant", {"roleIds": ["1"]})).status_code == 403


class TestGetUserByRole:
    async def test_holders(self, demo_admin, unique):
        role = await make_role(demo_admin, unique)
        user = await make_user(demo_admin, unique, role["id"])
        holders = await demo_admin.data("GET", f"{ROLE}/getUserByRole", roleId=role["id"])
        assert [h["account"] for h in holders] == [user["account"]]
        assert "password" not in holders[0]

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{ROLE}/getUserByRole", roleId=1)).status_code == 403


class TestSelect:
    async def test_own_roles(self, demo_user):
        roles = await demo_user.data("GET", f"{ROLE}/select")
        assert [r["roleAlias"] for r in roles] == ["user"]
        assert (await demo_user.data("GET", f"{ROLE}/select", userId=demo_user.user_id))[0]["roleAlias"] == "user"

    async def test_someone_elses_roles_need_admin(self, demo_user, demo_admin):
        assert (await demo_user.get(f"{ROLE}/select", userId=demo_admin.user_id)).status_code == 403
        assert (await demo_admin.data("GET", f"{ROLE}/select", userId=demo_user.user_id))[0]["roleAlias"] == "user"


class TestFunctions:
    async def test_add_select_update(self, demo_admin, unique):
        role = await make_role(demo_admin, unique)
        added = await demo_admin.data("POST", f"{FUNCTION}/addFunction",
                                      {"roleId": role["id"], "functionCode": "export_all", "functionName": "导出"})
        again = await demo_admin.post(f"{FUNCTION}/addFunction", {"roleId": role["id"], "functionCode": "export_all"})
        assert again.json()["msg"] == "该功能权限已存在"
        updated = await demo_admin.data("POST", f"{FUNCTION}/updateFunction", {"id": added["id"], "enabled": 0})
        assert updated["enabled"] == 0 and updated["functionName"] == "导出"
        listed = await demo_admin.data("GET", f"{FUNCTION}/selectFunctionByRoleId", roleId=role["id"])
        assert [(f["functionCode"], f["enabled"]) for f in listed] == [("export_all", 0)]

    async def test_required(self, demo_admin, unique):
        role = await make_role(demo_admin, unique)
        response = await demo_admin.post(f"{FUNCTION}/addFunction", {"roleId": role["id"]})
        assert response.status_code == 400 and response.json()["msg"] == "请输入功能编码"

    async def test_other_tenants_role(self, demo_admin, admin):
        platform_role = (await admin.data("GET", f"{ROLE}/list"))[0]["id"]
        response = await demo_admin.get(f"{FUNCTION}/selectFunctionByRoleId", roleId=platform_role)
        assert response.json()["msg"] == "角色不存在"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{FUNCTION}/selectFunctionByRoleId", roleId=1)).status_code == 403
        assert (await demo_user.post(f"{FUNCTION}/addFunction", {"roleId": "1"})).status_code == 403
