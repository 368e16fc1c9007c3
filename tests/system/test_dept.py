"""/api/blade-system/dept: the organisation tree, ancestors, and the department switch dialog."""

from tests.system.org_factories import flatten, make_role
from tests.user.factories import make_user

DEPT = "/api/blade-system/dept"


async def make_dept(api, name: str, parent_id: str = "0") -> dict:
    return await api.data("POST", f"{DEPT}/submit", {"deptName": name, "parentId": parent_id})


class TestList:
    async def test_tree_list_and_filter(self, demo_admin, unique):
        root = await make_dept(demo_admin, f"根{unique}")
        child = await make_dept(demo_admin, f"子{unique}", root["id"])
        tree = await demo_admin.data("GET", f"{DEPT}/list")
        node = next(d for d in tree if d["id"] == root["id"])
        assert node["children"][0]["id"] == child["id"] and node["children"][0]["parentName"] == f"根{unique}"
        assert [d["id"] for d in await demo_admin.data("GET", f"{DEPT}/list", deptName=f"子{unique}")] == [child["id"]]

    async def test_platform_admin_with_tenant_id(self, admin, demo_admin):
        tree = await admin.data("GET", f"{DEPT}/list", tenantId=demo_admin.tenant_id)
        assert "Demo Chemical Plant" in {d["deptName"] for d in tree}

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{DEPT}/list")).status_code == 403


class TestTree:
    async def test_tree(self, demo_admin, admin):
        tree = await demo_admin.data("GET", f"{DEPT}/tree")
        assert tree[0]["title"] == "Demo Chemical Plant" and "Production" in {c["title"] for c in tree[0]["children"]}
        platform = await admin.data("GET", f"{DEPT}/tree", tenantId=demo_admin.tenant_id)
        assert platform[0]["title"] == "Demo Chemical Plant"

    async def test_lazy_tree(self, demo_admin):
        roots = await demo_admin.data("GET", f"{DEPT}/lazy-tree", parentId=0)
        factory = next(r for r in roots if r["title"] == "Demo Chemical Plant")
        assert factory["hasChildren"] is True and "children" not in factory
        level = await demo_admin.data("GET", f"{DEPT}/lazy-tree", parentId=factory["id"])
        production = next(d for d in level if d["title"] == "Production")
        quality = next(d for d in level if d["title"] == "Quality")
        assert production["hasChildren"] is True and quality["hasChildren"] is False

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{DEPT}/tree")).status_code == 403
        assert (await demo_user.get(f"{DEPT}/lazy-tree")).status_code == 403


class TestDetail:
    async def test_detail(self, demo_admin, unique):
        root = await make_dept(demo_admin, f"根{unique}")
        child = await make_dept(demo_admin, f"子{unique}", root["id"])
        found = await demo_admin.data("GET", f"{DEPT}/detail", id=child["id"])
        assert found["parentName"] == f"根{unique}" and found["ancestors"] == f"0,{root['id']}"

    async def test_other_tenant_not_found(self, demo_admin, admin):
        platform_dept = (await admin.data("GET", f"{DEPT}/list"))[0]["id"]
        assert (await demo_admin.get(f"{DEPT}/detail", id=platform_dept)).json()["msg"] == "部门不存在"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{DEPT}/detail", id=1)).status_code == 403


class TestSubmit:
    async def test_ancestors_follow_the_parent_and_moves(self, demo_admin, unique):
        a = await make_dept(demo_admin, f"甲{unique}")
        b = await make_dept(demo_admin, f"乙{unique}")
        child = await make_dept(demo_admin, f"丙{unique}", a["id"])
        grandchild = await make_dept(demo_admin, f"丁{unique}", child["id"])
        assert grandchild["ancestors"] == f"0,{a['id']},{child['id']}"
        assert child["fullName"] == f"丙{unique}"
        await demo_admin.data("POST", f"{DEPT}/submit", {**child, "parentId": b["id"]})
        moved = await demo_admin.data("GET", f"{DEPT}/detail", id=grandchild["id"])
        assert moved["ancestors"] == f"0,{b['id']},{child['id']}"

    async def test_parent_cannot_be_a_descendant(self, demo_admin, unique):
        a = await make_dept(demo_admin, f"甲{unique}")
        child = await make_dept(demo_admin, f"乙{unique}", a["id"])
        response = await demo_admin.post(f"{DEPT}/submit", {**a, "parentId": child["id"]})
        assert response.json()["msg"] == "父节点不可选择自身或子节点!"

    async def test_required_and_parent(self, demo_admin, admin):
        response = await demo_admin.post(f"{DEPT}/submit", {"deptName": " "})
        assert response.status_code == 400 and response.json()["msg"] == "请输入部门名称"
        platform_dept = (await admin.data("GET", f"{DEPT}/list"))[0]["id"]
        response = await demo_admin.post(f"{DEPT}/submit", {"deptName": "x", "parentId": platform_dept})
        assert response.json()["msg"] == "上级部门不存在"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{DEPT}/submit", {"deptName": "x"})).status_code == 403


class TestRemove:
    async def test_remove(self, demo_admin, unique):
        dept = await make_dept(demo_admin, f"删{unique}")
        await demo_admin.data("POST", f"{DEPT}/remove", ids=dept["id"])
        assert dept["id"] not in {d["id"] for d in flatten(await demo_admin.data("GET", f"{DEPT}/list"))}

    async def test_refused_with_children_or_users(self, demo_admin, unique):
        parent = await make_dept(demo_admin, f"父{unique}")
        await make_dept(demo_admin, f"子{unique}", parent["id"])
        assert (await demo_admin.post(f"{DEPT}/remove", ids=parent["id"])).json()["msg"] == "请先删除子节点!"
        staffed = await make_dept(demo_admin, f"员{unique}")
        role = await make_role(demo_admin, unique)
        await make_user(demo_admin, unique, role["id"], deptId=staffed["id"])
        response = await demo_admin.post(f"{DEPT}/remove", ids=staffed["id"])
        assert response.json()["msg"] == "该部门下存在用户, 不允许删除!"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{DEPT}/remove", ids="1")).status_code == 403


class TestSelect:
    async def test_own_departments(self, demo_user):
        assert [d["deptName"] for d in await demo_user.data("GET", f"{DEPT}/select")] == ["Production"]

    async def test_someone_elses_need_admin(self, demo_user, demo_admin):
        assert (await demo_user.get(f"{DEPT}/select", userId=demo_admin.user_id)).status_code == 403
        found = await demo_admin.data("GET", f"{DEPT}/select", userId=demo_user.user_id)
        assert [d["deptName"] for d in found] == ["Production"]
