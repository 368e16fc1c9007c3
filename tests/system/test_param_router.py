"""/api/blade-system/param: CRUD with the spec §5 rules and §8 messages, and the console's reads."""

import pytest

PARAM = "/api/blade-system/param"


async def param_row(admin, key: str) -> dict:
    page = await admin.data("GET", f"{PARAM}/list", paramKey_equal=key)
    assert page["total"] == 1
    return page["records"][0]


@pytest.fixture
async def restore(admin):
    """Puts back the values a test changes (the parameters are shared by the whole run)."""
    saved: list[dict] = []

    async def keep(key: str) -> dict:
        row = await param_row(admin, key)
        saved.append(row)
        return row

    yield keep
    for row in saved:
        await admin.data("POST", f"{PARAM}/submit", {k: row[k] for k in ("id", "paramName", "paramKey",
                                                                          "paramValue", "remark")})


class TestList:
    async def test_filters(self, admin):
        page = await admin.data("GET", f"{PARAM}/list", paramKey="lockTime")
        assert [r["paramKey"] for r in page["records"]] == ["account.lockTime"]
        assert isinstance(page["records"][0]["id"], str)

    async def test_demo_user_refused(self, demo_user):
        assert (await demo_user.get(f"{PARAM}/list")).status_code == 403


class TestDetail:
    async def test_detail(self, admin):
        row = await param_row(admin, "account.failCount")
        assert (await admin.data("GET", f"{PARAM}/detail", id=row["id"]))["paramValue"] == row["paramValue"]


class TestSubmit:
    async def test_lock_time_message_suffix(self, admin, restore):
        row = await restore("account.lockTime")
        response = await admin.post(f"{PARAM}/submit", {**row, "paramValue": "600"})
        assert response.json()["msg"] == "操作成功, 刷新后生效！"
        assert await admin.data("GET", f"{PARAM}/lock/time") == 600

    async def test_token_refresh_time_message_suffix(self, admin, restore):
        row = await restore("account.TokenRefreshTime")
        response = await admin.post(f"{PARAM}/submit", {**row, "paramValue": "3000"})
        assert response.json()["msg"] == "操作成功, 刷新后生效！"

    async def test_token_timeout_message_suffix(self, admin, restore):
        row = await restore("account.TokenTimeOut")
        response = await admin.post(f"{PARAM}/submit", {**row, "paramValue": "3600"})
        assert response.json()["msg"] == "操作成功, 退出重新登录生效！"

    async def test_other_keys_plain_message(self, admin, restore):
        row = await restore("license.residue")
        response = await admin.post(f"{PARAM}/submit", {**row, "paramValue": "15"})
        assert response.json()["msg"] == "操作成功"

    @pytest.mark.parametrize("key", ["account.failCount", "account.lockTime", "license.residue",
                                     "account.PasswordPeriod", "tenant.default.accountNumber"])
    @pytest.mark.parametrize("value", ["-1", "1.5", "abc", "５"])
    async def test_non_negative_integers(self, admin, key, value):
        row = await param_row(admin, key)
        response = await admin.post(f"{PARAM}/submit", {**row, "paramValue": value})
        assert response.status_code == 400 and response.json()["msg"] == "参数键值请输入非负数字值!"

    async def test_name_required(self, admin):
        row = await param_row(admin, "account.failCount")
        response = await admin.post(f"{PARAM}/submit", {**row, "paramName": " "})
        assert response.json()["msg"] == "请输入参数名称"

    async def test_name_length(self, admin):
        row = await param_row(admin, "account.failCount")
        response = await admin.post(f"{PARAM}/submit", {**row, "paramName": "名" * 21})
        assert response.json()["msg"] == "参数名称长度在 1 到 20 个字符"

    async def test_value_required(self, admin):
        row = await param_row(admin, "account.failCount")
        response = await admin.post(f"{PARAM}/submit", {**row, "paramValue": ""})
        assert response.json()["msg"] == "请输入参数键值"

    async def test_key_cannot_change(self, admin):
        row = await param_row(admin, "account.failCount")
        body = (await admin.post(f"{PARAM}/submit", {**row, "paramKey": "license.residue"})).json()
        assert body["success"] is False and body["msg"] == "参数键名不可修改"

    async def test_key_must_be_allowed(self, admin):
        body = (await admin.post(f"{PARAM}/submit", {"paramName": "任意", "paramKey": "any.key",
                                                     "paramValue": "1"})).json()
        assert body["msg"] == "参数键名 [any.key] 不在允许范围内"

    async def test_key_unique(self, admin):
        body = (await admin.post(f"{PARAM}/submit", {"paramName": "重复", "paramKey": "account.failCount",
                                                     "paramValue": "3"})).json()
        assert body["msg"] == "参数键名 [account.failCount] 已存在"

    @pytest.mark.parametrize("value", ["safety", "safety,5,num", "safety,21,num", "safety,8,num,num",
                                       "safety,8,digits", "strict"])
    async def test_bad_password_mode(self, admin, value):
        row = await param_row(admin, "account.PasswordMode")
        response = await admin.post(f"{PARAM}/submit", {**row, "paramValue": value})
        assert response.json()["msg"].startswith("密码模式格式错误")

    async def test_safety_password_mode(self, admin, demo_user, restore):
        row = await restore("account.PasswordMode")
        await admin.data("POST", f"{PARAM}/submit", {**row, "paramValue": "safety,8,num,letter"})
        assert await demo_user.data("GET", f"{PARAM}/password/mode") == {"type": "safety", "length": 8,
                                                                          "content": "num,letter"}

    async def test_tenant_admin_cannot_write(self, admin, demo_admin):
        row = await param_row(admin, "account.failCount")
        assert (await demo_admin.post(f"{PARAM}/submit", row)).status_code == 403


class TestRemove:
    async def test_platform_admin_only(self, demo_admin):
        assert (await demo_admin.post(f"{PARAM}/remove", ids="1")).status_code == 403

    async def test_removed_key_falls_back_to_default(self, admin, unique):
        row = await param_row(admin, "tenant.default.menuCode")
        await admin.data("POST", f"{PARAM}/remove", ids=row["id"])
        try:
            assert (await admin.data("GET", f"{PARAM}/list", paramKey_equal="tenant.default.menuCode"))["total"] == 0
        finally:
            await admin.data("POST", f"{PARAM}/submit", {k: row[k] for k in ("paramName", "paramKey", "paramValue",
                                                                              "remark")})


class TestConsoleReads:
    async def test_sys_config_is_public(self, client):
        body = (await client.get(f"{PARAM}/sys/config")).json()
        assert body["success"] and set(body["data"]) == {"tokenTimeOut", "tokenRefreshTime", "lockTime",
                                                         "captchaMode", "switchMode"}
        assert body["data"]["captchaMode"] is False and isinstance(body["data"]["tokenTimeOut"], int)

    async def test_lock_time_needs_login(self, client, demo_user):
        assert (await client.get(f"{PARAM}/lock/time")).status_code == 401
        assert isinstance(await demo_user.data("GET", f"{PARAM}/lock/time"), int)

    async def test_system_password(self, demo_user):
        data = await demo_user.data("GET", f"{PARAM}/system/password")
        assert set(data) == {"passwordMode", "passwordPeriod", "initPassword"} and data["initPassword"] is False
