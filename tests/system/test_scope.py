"""/api/blade-system/data-scope and api-scope, and their effect: core.datascope rules on lists, API scopes in
need() (contract §8)."""

import pytest

from tests.system.org_factories import ROLE, make_role, make_tenant, menu_ids, subtree_ids
from tests.user.factories import login_as, make_user

DATA = "/api/blade-system/data-scope"
API = "/api/blade-system/api-scope"
POST = "/api/blade-system/post"


async def data_scope(admin, unique: str, scope_type: int, **fields) -> dict:
    post_menu = (await menu_ids(admin, "post"))["post"]
    return await admin.data("POST", f"{DATA}/submit", {"menuId": post_menu, "scopeName": f"范围{unique}",
                                                       "scopeType": scope_type, **fields})


@pytest.fixture
async def clerk(admin, client, unique):
    """A fresh tenant whose admin made a non-admin role with the post screen and a user holding it."""
    tenant, tenant_admin = await make_tenant(admin, unique)
    role = await make_role(tenant_admin, unique)
    await tenant_admin.data("POST", f"{ROLE}/grant", {"roleIds": [role["id"]],
                                                      "menuIds": await subtree_ids(admin, "post")})
    user = await make_user(tenant_admin, unique, role["id"])
    return {"tenant_admin": tenant_admin, "role": role, "api": await login_as(client, user), "user": user}


async def grant_scopes(clerk, *, data=(), api=()) -> None:
    await clerk["tenant_admin"].data("POST", f"{ROLE}/grant", {
        "roleIds": [clerk["role"]["id"]], "menuIds": await subtree_ids(clerk["tenant_admin"], "post"),
        "dataScopeIds": list(data), "apiScopeIds": list(api)})


async def post_codes(api) -> set[str]:
    return {p["postCode"] for p in (await api.data("GET", f"{POST}/list", size=100))["records"]}


class TestDataScopeCrud:
    async def test_list_detail_update_remove(self, admin, unique):
        scope = await data_scope(admin, unique, 3)
        assert scope["resourceCode"] == "post"
        page = await admin.data("GET", f"{DATA}/list", menuId=scope["menuId"], size=100)
        assert scope["id"] in {s["id"] for s in page["records"]}
        updated = await admin.data("POST", f"{DATA}/submit", {**scope, "scopeType": 4})
        assert (await admin.data("GET", f"{DATA}/detail", id=scope["id"]))["scopeType"] == updated["scopeType"] == 4
        await admin.data("POST", f"{DATA}/remove", ids=scope["id"])
        assert (await admin.get(f"{DATA}/detail", id=scope["id"])).json()["code"] == 400

    @pytest.mark.parametrize(("fields", "msg"), [
        ({"scopeName": ""}, "请输入权限名称"),
        ({"scopeType": 5, "scopeValue": "1"}, "自定义数据权限请输入权限字段"),
        ({"scopeType": 5, "scopeColumn": "post_code"}, "自定义数据权限请输入规则值"),
    ])
    async def test_validation(self, admin, unique, fields, msg):
        post_menu = (await menu_ids(admin, "post"))["post"]
        body = {"menuId": post_menu, "scopeName": "x", "scopeType": 1, **fields}
        response = await admin.post(f"{DATA}/submit", body)
        assert response.status_code == 400 and response.json()["msg"] == msg

    async def test_tenant_admin_and_user_refused(self, demo_admin, demo_user):
        assert (await demo_admin.post(f"{DATA}/submit", {"menuId": "1", "scopeName": "x"})).status_code == 403
        assert (await demo_user.get(f"{DATA}/list")).status_code == 403


class TestDataScopeEffect:
    async def test_own_rows_only(self, admin, clerk, unique):
        await clerk["tenant_admin"].data("POST", f"{POST}/submit", {"postCode": f"a{unique}", "postName": "管"})
        await clerk["api"].data("POST", f"{POST}/submit", {"postCode": f"u{unique}", "postName": "员"})
        assert {f"a{unique}", f"u{unique}", "ceo"} <= await post_codes(clerk["api"])
        scope = await data_scope(admin, unique, 2)
        await grant_scopes(clerk, data=[scope["id"]])
        assert await post_codes(clerk["api"]) == {f"u{unique}"}
        assert {f"a{unique}", f"u{unique}"} <= await post_codes(clerk["tenant_admin"])  # admins are never scoped

    async def test_custom_rule_with_literals_and_variables(self, admin, clerk, unique):
        for code in (f"x{unique}", f"y{unique}"):
            await clerk["tenant_admin"].data("POST", f"{POST}/submit", {"postCode": code, "postName": "p"})
        scope = await data_scope(admin, unique, 5, scopeColumn="post_code", scopeValue=f"x{unique},${{account}}")
        await grant_scopes(clerk, data=[scope["id"]])
        assert await post_codes(clerk["api"]) == {f"x{unique}"}

    async def test_unknown_column_is_ignored(self, admin, clerk, unique):
        scope = await data_scope(admin, unique, 5, scopeColumn="no_such_column", scopeValue="1")
        await grant_scopes(clerk, data=[scope["id"]])
        assert "ceo" in await post_codes(clerk["api"])

    async def test_own_dept_and_own_dept_with_children(self, admin, client, clerk, unique):
        boss = clerk["tenant_admin"]
        root = boss.tokens["dept_id"]
        dept = "/api/blade-system/dept/submit"
        child = await boss.data("POST", dept, {"deptName": f"子{unique}", "parentId": root})
        grandchild = await boss.data("POST", dept, {"deptName": f"孙{unique}", "parentId": child["id"]})
        sibling = await boss.data("POST", dept, {"deptName": f"旁{unique}", "parentId": root})
        role = clerk["role"]["id"]
        writers = {}
        for name, dept_row in (("c", child), ("g", grandchild), ("s", sibling)):
            user = await make_user(boss, unique + name, role, deptId=dept_row["id"])
            writers[name] = await login_as(client, user)
            await writers[name].data("POST", f"{POST}/submit", {"postCode": f"{name}{unique}", "postName": name})
        await boss.data("POST", f"{POST}/submit", {"postCode": f"r{unique}", "postName": "r"})
        mine = {f"{n}{unique}" for n in "cgsr"}
        own_dept = await data_scope(admin, unique, 3)
        await grant_scopes(clerk, data=[own_dept["id"]])
        assert await post_codes(writers["c"]) & mine == {f"c{unique}"}
        with_children = await data_scope(admin, unique + "4", 4)
        await grant_scopes(clerk, data=[with_children["id"]])
        assert await post_codes(writers["c"]) & mine == {f"c{unique}", f"g{unique}"}


class TestApiScopeCrud:
    async def test_crud_and_required(self, admin, unique):
        post_menu = (await menu_ids(admin, "post"))["post"]
        scope = await admin.data("POST", f"{API}/submit", {"menuId": post_menu, "scopeName": "x",
                                                           "scopePath": f"/api/none/{unique}"})
        assert (await admin.data("GET", f"{API}/detail", id=scope["id"]))["scopePath"] == f"/api/none/{unique}"
        assert scope["id"] in {s["id"] for s in (await admin.data("GET", f"{API}/list", menuId=post_menu))["records"]}
        missing = await admin.post(f"{API}/submit", {"menuId": post_menu, "scopeName": "x"})
        assert missing.status_code == 400 and missing.json()["msg"] == "请输入接口地址"
        await admin.data("POST", f"{API}/remove", ids=scope["id"])

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{API}/list")).status_code == 403
        assert (await demo_user.post(f"{API}/remove", ids="1")).status_code == 403


class TestApiScopeEffect:
    async def test_covered_path_needs_a_granted_scope(self, admin, clerk, unique):
        path = f"{POST}/select"
        assert (await clerk["api"].get(path)).status_code == 200
        post_menu = (await menu_ids(admin, "post"))["post"]
        scope = await admin.data("POST", f"{API}/submit", {"menuId": post_menu, "scopeName": f"接口{unique}",
                                                           "scopePath": path})
        try:
            denied = await clerk["api"].get(path)
            assert denied.status_code == 403 and denied.json()["msg"] == "无权限访问"
            assert (await clerk["tenant_admin"].get(path)).status_code == 200  # admins pass
            await grant_scopes(clerk, api=[scope["id"]])
            keys = await clerk["tenant_admin"].data("GET", "/api/blade-system/menu/role-tree-keys",
                                                    roleIds=clerk["role"]["id"])
            assert keys["apiScope"] == [scope["id"]]
            assert (await clerk["api"].get(path)).status_code == 200
        finally:
            await admin.data("POST", f"{API}/remove", ids=scope["id"])


class TestGrantTree:
    async def test_scopes_hang_under_their_menu(self, admin, unique):
        scope = await data_scope(admin, unique, 2)
        tree = (await admin.data("GET", "/api/blade-system/menu/grant-tree"))["dataScope"]
        system = next(n for n in tree if n["title"] == "系统管理")
        post = next(n for n in system["children"] if n["title"] == "岗位管理")
        assert scope["id"] in {c["id"] for c in post["children"]}
        await admin.data("POST", f"{DATA}/remove", ids=scope["id"])
