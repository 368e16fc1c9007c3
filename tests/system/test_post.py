"""/api/blade-system/post: the generic CRUD with a unique post code, and the select."""

import pytest

POST = "/api/blade-system/post"


async def make_post(api, unique: str, **fields) -> dict:
    return await api.data("POST", f"{POST}/submit", {"postCode": f"p{unique}"[:12], "postName": f"岗位{unique}",
                                                     "category": 2, **fields})


class TestList:
    async def test_paged_and_filtered(self, demo_admin, unique):
        post = await make_post(demo_admin, unique)
        page = await demo_admin.data("GET", f"{POST}/list", postName=unique)
        assert [r["id"] for r in page["records"]] == [post["id"]] and page["total"] == 1

    async def test_tenants_are_isolated(self, admin, demo_admin, unique):
        await make_post(demo_admin, unique)
        assert (await admin.data("GET", f"{POST}/list", postName=unique))["total"] == 0

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{POST}/list")).status_code == 403


class TestDetail:
    async def test_detail(self, demo_admin, unique):
        post = await make_post(demo_admin, unique)
        assert (await demo_admin.data("GET", f"{POST}/detail", id=post["id"]))["postCode"] == post["postCode"]

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{POST}/detail", id=1)).status_code == 403


class TestSubmit:
    async def test_update(self, demo_admin, unique):
        post = await make_post(demo_admin, unique)
        updated = await demo_admin.data("POST", f"{POST}/submit", {"id": post["id"], "postName": "新名"})
        assert updated["postName"] == "新名" and updated["postCode"] == post["postCode"]

    async def test_code_unique_per_tenant(self, demo_admin, admin, unique):
        post = await make_post(demo_admin, unique)
        again = await demo_admin.post(f"{POST}/submit", {"postCode": post["postCode"], "postName": "x"})
        assert again.json()["msg"] == "岗位编号已存在"
        await make_post(admin, unique)

    @pytest.mark.parametrize(("body", "msg"), [({"postName": "x"}, "请输入岗位编号"),
                                               ({"postCode": "x"}, "请输入岗位名称")])
    async def test_required(self, demo_admin, body, msg):
        response = await demo_admin.post(f"{POST}/submit", body)
        assert response.status_code == 400 and response.json()["msg"] == msg

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{POST}/submit", {"postCode": "x", "postName": "x"})).status_code == 403


class TestRemove:
    async def test_remove(self, demo_admin, unique):
        post = await make_post(demo_admin, unique)
        await demo_admin.data("POST", f"{POST}/remove", ids=post["id"])
        assert (await demo_admin.data("GET", f"{POST}/list", postName=unique))["total"] == 0

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{POST}/remove", ids="1")).status_code == 403


class TestSelect:
    async def test_own_tenant_and_platform_switch(self, demo_admin, admin):
        codes = {p["postCode"] for p in await demo_admin.data("GET", f"{POST}/select")}
        assert {"manager", "operator"} <= codes and "cto" not in codes
        codes = {p["postCode"] for p in await admin.data("GET", f"{POST}/select", tenantId=demo_admin.tenant_id)}
        assert "manager" in codes and "cto" not in codes

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{POST}/select")).status_code == 403
