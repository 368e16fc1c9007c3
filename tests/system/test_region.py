"""/api/blade-system/region: code-keyed regions, lazy tree, derived ancestors and level."""

import pytest

REGION = "/api/blade-system/region"


async def make_region(admin, code: str, parent: str = "00", name: str = "测试区") -> dict:
    return await admin.data("POST", f"{REGION}/submit", {"code": code, "parentCode": parent, "name": name})


def code_of(unique: str) -> str:
    return "9" + str(int(unique, 16))[-7:]


class TestList:
    async def test_paged_filters(self, admin):
        page = await admin.data("GET", f"{REGION}/list", parentCode="320000", size=100)
        assert "320100" in {r["code"] for r in page["records"]}
        assert {r["parentCode"] for r in page["records"]} == {"320000"}

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{REGION}/list")).status_code == 403


class TestLazy:
    async def test_lazy_tree(self, demo_user):
        provinces = await demo_user.data("GET", f"{REGION}/lazy-tree", parentCode="00")
        jiangsu = next(p for p in provinces if p["id"] == "320000")
        assert jiangsu == {"id": "320000", "parentId": "00", "title": "江苏省", "key": "320000", "value": "320000",
                           "hasChildren": True}
        beijing = next(p for p in provinces if p["id"] == "110000")
        assert beijing["hasChildren"] is False

    async def test_lazy_list(self, demo_user):
        cities = await demo_user.data("GET", f"{REGION}/lazy-list", parentCode="320000")
        assert "南京市" in {c["name"] for c in cities} and all(c["regionLevel"] == 2 for c in cities)

    async def test_needs_a_token(self, client):
        assert (await client.get(f"{REGION}/lazy-tree")).status_code == 401


class TestDetail:
    async def test_detail(self, admin):
        found = await admin.data("GET", f"{REGION}/detail", code="320100")
        assert found["name"] == "南京市" and found["parentName"] == "江苏省"

    async def test_missing(self, admin):
        assert (await admin.get(f"{REGION}/detail", code="999999")).json()["msg"] == "行政区划不存在"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{REGION}/detail", code="320000")).status_code == 403


class TestSubmit:
    async def test_derived_columns(self, admin, unique):
        code = code_of(unique)
        child = await make_region(admin, code, "320100", "测试区")
        assert child["ancestors"] == "00,320000,320100" and child["regionLevel"] == 3
        assert child["cityName"] == "南京市" and child["districtCode"] == code
        updated = await make_region(admin, code, "320100", "改名区")
        assert updated["name"] == "改名区" and updated["districtName"] == "改名区"

    async def test_code_taken_elsewhere(self, admin):
        response = await admin.post(f"{REGION}/submit", {"code": "320100", "parentCode": "00", "name": "x"})
        assert response.json()["msg"] == "区划编号已存在"

    @pytest.mark.parametrize(("body", "msg"), [({"name": "x"}, "请输入区划编号"), ({"code": "123"}, "请输入区划名称"),
                                               ({"code": "123", "name": "x", "parentCode": "777"}, "上级区划不存在")])
    async def test_validation(self, admin, body, msg):
        assert (await admin.post(f"{REGION}/submit", body)).json()["msg"] == msg

    async def test_tenant_admin_refused(self, demo_admin, demo_user):
        assert (await demo_admin.post(f"{REGION}/submit", {"code": "1", "name": "x"})).status_code == 403
        assert (await demo_user.post(f"{REGION}/submit", {"code": "1", "name": "x"})).status_code == 403


class TestRemove:
    async def test_remove_and_children(self, admin, unique):
        code = code_of(unique)
        await make_region(admin, code, "00")
        await make_region(admin, code + "1", code)
        assert (await admin.post(f"{REGION}/remove", id=code)).json()["msg"] == "请先删除子节点!"
        await admin.data("POST", f"{REGION}/remove", id=code + "1")
        await admin.data("POST", f"{REGION}/remove", id=code)
        assert (await admin.get(f"{REGION}/detail", code=code)).json()["code"] == 400

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{REGION}/remove", id="320100")).status_code == 403


class TestSelect:
    async def test_children(self, demo_user):
        assert "320100" in {r["code"] for r in await demo_user.data("GET", f"{REGION}/select", code="320000")}
