"""/api/blade-system/client: application clients; the secret is never read back."""

from tests.helpers import md5

CLIENT = "/api/blade-system/client"


class TestList:
    async def test_masked_secrets(self, admin):
        page = await admin.data("GET", f"{CLIENT}/list", clientId="plantdesk")
        assert [c["clientSecret"] for c in page["records"]] == ["******"]

    async def test_tenant_admin_and_user_refused(self, demo_admin, demo_user):
        assert (await demo_admin.get(f"{CLIENT}/list")).status_code == 403
        assert (await demo_user.get(f"{CLIENT}/list")).status_code == 403


class TestDetail:
    async def test_masked(self, admin):
        client_row = (await admin.data("GET", f"{CLIENT}/list", clientId="saber"))["records"][0]
        assert (await admin.data("GET", f"{CLIENT}/detail", id=client_row["id"]))["clientSecret"] == "******"

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{CLIENT}/detail", id=1)).status_code == 403


class TestSubmit:
    async def test_generated_secret_is_shown_once_and_works(self, admin, client, unique):
        created = await admin.data("POST", f"{CLIENT}/submit", {"clientId": f"c{unique}"})
        secret = created["clientSecret"]
        assert len(secret) >= 24 and secret != "******"
        import base64

        basic = "Basic " + base64.b64encode(f"c{unique}:{secret}".encode()).decode()
        response = await client.post("/api/blade-auth/oauth/token", headers={"Authorization": basic},
                                     params={"tenantId": "000000", "username": "admin", "password": md5("admin"),
                                             "grant_type": "password"})
        assert response.status_code == 200
        updated = await admin.data("POST", f"{CLIENT}/submit", {"id": created["id"], "clientId": f"c{unique}",
                                                                "clientSecret": "******", "accessTokenValidity": 600})
        assert updated["clientSecret"] == "******" and updated["accessTokenValidity"] == 600
        again = await client.post("/api/blade-auth/oauth/token", headers={"Authorization": basic},
                                  params={"tenantId": "000000", "username": "admin", "password": md5("admin"),
                                          "grant_type": "password"})
        assert again.status_code == 200  # the masked value did not overwrite the secret

    async def test_client_id_unique_and_required(self, admin):
        assert (await admin.post(f"{CLIENT}/submit", {"clientId": "saber"})).json()["msg"] == "客户端ID已存在"
        response = await admin.post(f"{CLIENT}/submit", {"clientId": " "})
        assert response.status_code == 400 and response.json()["msg"] == "请输入客户端ID"

    async def test_tenant_admin_refused(self, demo_admin):
        assert (await demo_admin.post(f"{CLIENT}/submit", {"clientId": "x"})).status_code == 403


class TestRemove:
    async def test_remove(self, admin, unique):
        created = await admin.data("POST", f"{CLIENT}/submit", {"clientId": f"r{unique}"})
        await admin.data("POST", f"{CLIENT}/remove", ids=created["id"])
        assert (await admin.data("GET", f"{CLIENT}/list", clientId=f"r{unique}"))["total"] == 0

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.post(f"{CLIENT}/remove", ids="1")).status_code == 403
