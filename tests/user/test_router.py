"""/api/blade-user: one class per endpoint, as the demo tenant's admin unless a test says otherwise."""

from datetime import datetime, timedelta

from tests.conftest import DEMO_TENANT
from tests.helpers import login, md5, token
from tests.user.factories import (
    PASSWORD,
    dept_id,
    login_as,
    make_user,
    new_tenant,
    no_hash,
    stored_user,
)

USER = "/api/blade-user"


class TestPage:
    async def test_lists_the_tenant_users_with_names(self, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        response = no_hash(await demo_admin.get(f"{USER}/page", account=made["account"]))
        page = response.json()["data"]
        assert page["total"] == 1
        record = page["records"][0]
        assert record["id"] == made["id"] and record["password"] == ""
        assert record["roleName"] == "User" and record["deptName"] == "Demo Chemical Plant"

    async def test_names_follow_a_rename_at_once(self, demo_admin, unique, user_role):
        """The page's names come from a cached map; a rename through the API must show on the next page."""
        dept = await demo_admin.data("POST", "/api/blade-system/dept/submit", {"deptName": f"部{unique}"})
        post = await demo_admin.data("POST", "/api/blade-system/post/submit",
                                     {"postCode": f"p{unique}", "postName": f"岗{unique}", "category": 1})
        made = await make_user(demo_admin, unique, user_role, deptId=dept["id"], postId=post["id"])
        assert made["deptName"] == f"部{unique}" and made["postName"] == f"岗{unique}"
        await demo_admin.data("POST", "/api/blade-system/dept/submit", {**dept, "deptName": f"新部{unique}"})
        await demo_admin.data("POST", "/api/blade-system/post/submit", {**post, "postName": f"新岗{unique}"})
        record = (await demo_admin.data("GET", f"{USER}/page", account=made["account"]))["records"][0]
        assert (record["deptName"], record["postName"]) == (f"新部{unique}", f"新岗{unique}")

    async def test_dept_filter_includes_sub_departments(self, app, demo_admin, unique, user_role):
        team = await dept_id(app, DEMO_TENANT, "Synthesis Team")
        made = await make_user(demo_admin, unique, user_role, deptId=team)
        production = await dept_id(app, DEMO_TENANT, "Production")
        found = await demo_admin.data("GET", f"{USER}/page", deptId=production, size=200)
        assert made["id"] in {r["id"] for r in found["records"]}
        quality = await dept_id(app, DEMO_TENANT, "Quality")
        other = await demo_admin.data("GET", f"{USER}/page", deptId=quality, size=200)
        assert made["id"] not in {r["id"] for r in other["records"]}

    async def test_sorted_by_a_whitelisted_column_and_filtered_by_a_time_range(self, demo_admin, unique,
                                                                                 user_role):
        made = [await make_user(demo_admin, f"{unique}{suffix}", user_role) for suffix in ("b", "a", "c")]
        since = min(m["createTime"] for m in made)
        ascending = await demo_admin.data("GET", f"{USER}/page", account=unique, ascs="account",
                                          createTime_datege=since, createTime_datele="2999-12-31 23:59:59")
        assert [r["account"] for r in ascending["records"]] == [f"u{unique}{s}" for s in "abc"]
        descending = await demo_admin.data("GET", f"{USER}/page", account=unique, descs="account")
        assert [r["account"] for r in descending["records"]] == [f"u{unique}{s}" for s in "cba"]
        before = await demo_admin.data("GET", f"{USER}/page", account=unique, createTime_datelt="2000-01-01")
        assert before["total"] == 0
        # A bare range name is not a filter (never a LIKE on a timestamp): it is ignored, as unknown names are.
        assert (await demo_admin.data("GET", f"{USER}/page", account=unique, createTime="x"))["total"] == 3

    async def test_an_unknown_sort_column_is_a_400(self, demo_admin):
        for params in ({"ascs": "password"}, {"descs": "createTime"}):
            response = await demo_admin.get(f"{USER}/page", **params)
            assert response.status_code == 400
            assert response.json()["msg"] == f"不支持的排序字段: {next(iter(params.values()))}"

    async def test_only_own_tenant(self, demo_admin, admin):
        found = await demo_admin.data("GET", f"{USER}/page", size=200)
        assert admin.user_id not in {r["id"] for r in found["records"]}
        assert {r["tenantId"] for r in found["records"]} == {DEMO_TENANT}

    async def test_platform_administrator_may_pick_a_tenant(self, admin, demo_user):
        found = await admin.data("GET", f"{USER}/page", tenantId=DEMO_TENANT, account="zhangwei")
        assert [r["id"] for r in found["records"]] == [demo_user.user_id]

    async def test_plain_user_is_refused(self, demo_user):
        response = await demo_user.get(f"{USER}/page")
        assert response.status_code == 403


class TestDetail:
    async def test_detail_with_names(self, demo_admin, demo_user):
        response = no_hash(await demo_admin.get(f"{USER}/detail", id=demo_user.user_id))
        data = response.json()["data"]
        assert data["account"] == "zhangwei" and data["sexName"] == "男" and data["postName"] == "Department Manager"
        assert data["password"] == ""

    async def test_platform_user_is_invisible_to_a_tenant_admin(self, demo_admin, admin):
        body = (await demo_admin.get(f"{USER}/detail", id=admin.user_id)).json()
        assert body["success"] is False and body["msg"] == "数据不存在"

    async def test_plain_user_is_refused(self, demo_user):
        assert (await demo_user.get(f"{USER}/detail", id=demo_user.user_id)).status_code == 403


class TestInfo:
    async def test_current_user(self, demo_user):
        response = no_hash(await demo_user.get(f"{USER}/info"))
        body = response.json()
        assert body["code"] == 200 and body["data"]["account"] == "zhangwei" and body["data"]["password"] == ""

    async def test_licence_about_to_expire_answers_601(self, app, client, unique):
        expire = datetime.now() + timedelta(days=10)
        tenant = await new_tenant(app, unique, expire_time=expire)
        api = await login(client, "admin", "admin", tenant)
        body = (await api.get(f"{USER}/info")).json()
        assert body["code"] == 601 and body["success"] is False
        assert body["data"]["account"] == "admin"
        assert body["msg"] == f"授权将于 {expire:%Y-%m-%d} 到期,请及时联系管理员续期"

    async def test_licence_far_from_expiry_is_silent(self, app, client, unique):
        tenant = await new_tenant(app, unique, expire_time=datetime.now() + timedelta(days=300))
        api = await login(client, "admin", "admin", tenant)
        assert (await api.get(f"{USER}/info")).json()["code"] == 200

    async def test_needs_a_token(self, client):
        assert (await client.get(f"{USER}/info")).status_code == 401


class TestPlatform:
    async def test_update_and_read_platform_settings(self, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        await demo_admin.data("POST", f"{USER}/update-platform",
                              {"userId": made["id"], "userType": 2, "userExt": '{"k":1}'})
        data = await demo_admin.data("GET", f"{USER}/platform-detail", id=made["id"])
        assert data["userType"] == 2 and data["userExt"] == '{"k":1}' and data["password"] == ""

    async def test_form_parameters_and_a_missing_id(self, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        response = await demo_admin.http.post(f"{USER}/update-platform", headers=demo_admin.headers,
                                              data={"userId": made["id"], "userType": "3"})
        assert response.json()["success"] is True
        missing = await demo_admin.post(f"{USER}/update-platform", {"userType": 2})
        assert missing.status_code == 400 and missing.json()["msg"] == "缺少必要的请求参数: userId"

    async def test_plain_user_is_refused(self, demo_user):
        response = await demo_user.post(f"{USER}/update-platform", {"userId": demo_user.user_id, "userType": 2})
        assert response.status_code == 403


class TestSubmit:
    async def test_insert_with_password_can_log_in(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role, phone="13912345678", sex=2)
        assert made["tenantId"] == DEMO_TENANT and made["sexName"] == "女" and made["password"] == ""
        api = await login_as(client, made)
        assert api.tokens["config"]["reset"]["needRest"] is False

    async def test_insert_without_password_uses_the_initial_password(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role, password=None)
        api = await login_as(client, made, "123456")
        assert api.tokens["config"]["reset"]["needRest"] is True

    async def test_duplicate_account(self, demo_admin, unique, user_role):
        await make_user(demo_admin, unique, user_role)
        body = (await demo_admin.post(f"{USER}/submit", {"account": f"u{unique}", "roleId": user_role})).json()
        assert body["msg"] == f"当前用户 [u{unique}] 已存在!"

    async def test_same_account_in_another_tenant_is_fine(self, admin, demo_admin, unique, user_role):
        await make_user(demo_admin, unique, user_role)
        made = await make_user(admin, unique, admin.tokens["role_id"])
        assert made["tenantId"] == "000000"

    async def test_account_required(self, demo_admin, user_role):
        body = (await demo_admin.post(f"{USER}/submit", {"realName": "x", "roleId": user_role})).json()
        assert body["success"] is False and body["msg"] == "请输入账号"

    async def test_phone_is_checked(self, demo_admin, unique, user_role):
        for phone, msg in (("1391234", "手机号长度为11位"), ("23912345678", "手机号格式不正确")):
            body = (await demo_admin.post(f"{USER}/submit", {"account": f"u{unique}", "phone": phone,
                                                             "roleId": user_role})).json()
            assert body["msg"] == msg

    async def test_role_of_another_tenant_is_refused(self, demo_admin, admin, unique):
        body = (await demo_admin.post(f"{USER}/submit", {"account": f"u{unique}",
                                                         "roleId": admin.tokens["role_id"]})).json()
        assert body["msg"] == "角色不存在"

    async def test_tenant_quota(self, app, client, unique):
        tenant = await new_tenant(app, unique, account_number=1)  # its admin is the one account
        api = await login(client, "admin", "admin", tenant)
        body = (await api.post(f"{USER}/submit", {"account": f"u{unique}", "roleId": api.tokens["role_id"]})).json()
        assert body["msg"] == "当前租户已到最大账号额度!"

    async def test_tenant_admin_cannot_write_into_another_tenant(self, demo_admin, unique, user_role):
        made = await demo_admin.data("POST", f"{USER}/submit", {"account": f"u{unique}", "roleId": user_role,
                                                                 "tenantId": "000000"})
        assert made["tenantId"] == DEMO_TENANT

    async def test_platform_administrator_creates_in_a_tenant(self, admin, unique, user_role):
        made = await admin.data("POST", f"{USER}/submit", {"account": f"u{unique}", "roleId": user_role,
                                                           "tenantId": DEMO_TENANT})
        assert made["tenantId"] == DEMO_TENANT and made["roleName"] == "User"

    async def test_plain_user_is_refused(self, demo_user, unique):
        assert (await demo_user.post(f"{USER}/submit", {"account": f"u{unique}"})).status_code == 403


class TestUpdate:
    async def test_updates_fields_but_never_the_password(self, app, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        data = await demo_admin.data("POST", f"{USER}/update", {"id": made["id"], "realName": "新名字",
                                                                 "password": md5("other")})
        assert data["realName"] == "新名字"
        await login_as(client, made)  # the old password still works

    async def test_needs_an_id(self, demo_admin):
        body = (await demo_admin.post(f"{USER}/update", {"realName": "x"})).json()
        assert body["success"] is False

    async def test_rename_to_a_taken_account(self, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        body = (await demo_admin.post(f"{USER}/update", {"id": made["id"], "account": "zhangwei"})).json()
        assert body["msg"] == "当前用户 [zhangwei] 已存在!"

    async def test_cannot_change_a_platform_user(self, demo_admin, admin):
        body = (await demo_admin.post(f"{USER}/update", {"id": admin.user_id, "realName": "hacked"})).json()
        assert body["msg"] == "数据不存在"

    async def test_plain_user_is_refused(self, demo_user):
        response = await demo_user.post(f"{USER}/update", {"id": demo_user.user_id, "realName": "x"})
        assert response.status_code == 403


class TestRemove:
    async def test_removed_user_cannot_log_in_and_is_signed_out(self, app, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        victim = await login_as(client, made)
        await demo_admin.data("POST", f"{USER}/remove", ids=made["id"])
        assert (await stored_user(app, made["id"])).is_deleted == 1
        assert (await victim.get(f"{USER}/info")).status_code == 401
        response = await token(client, made["account"], PASSWORD, DEMO_TENANT)
        assert response.json()["error_description"] == "用户名或密码错误"

    async def test_cannot_remove_yourself(self, demo_admin):
        body = (await demo_admin.post(f"{USER}/remove", ids=demo_admin.user_id)).json()
        assert body["msg"] == "不能删除本账号!"

    async def test_cannot_remove_a_platform_user(self, demo_admin, admin):
        body = (await demo_admin.post(f"{USER}/remove", ids=admin.user_id)).json()
        assert body["msg"] == "数据不存在"

    async def test_plain_user_is_refused(self, demo_user):
        assert (await demo_user.post(f"{USER}/remove", ids=demo_user.user_id)).status_code == 403


class TestResetPassword:
    async def test_back_to_the_initial_password_with_the_reset_flag(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        victim = await login_as(client, made)
        await demo_admin.data("POST", f"{USER}/reset-password", userIds=made["id"])
        assert (await victim.get(f"{USER}/info")).status_code == 401
        api = await login_as(client, made, "123456")
        assert api.tokens["config"]["reset"] == {"needRest": True, "msg": "密码已被重置为初始密码,请设置新密码"}

    async def test_admin_role_is_not_asked_to_change(self, client, demo_admin, unique, admin_role):
        made = await make_user(demo_admin, unique, admin_role)
        await demo_admin.data("POST", f"{USER}/reset-password", userIds=made["id"])
        api = await login_as(client, made, "123456")
        assert api.tokens["config"]["reset"]["needRest"] is False

    async def test_plain_user_is_refused(self, demo_user):
        response = await demo_user.post(f"{USER}/reset-password", userIds=demo_user.user_id)
        assert response.status_code == 403


class TestUpdatePassword:
    async def test_changes_the_password_and_clears_the_reset_flag(self, app, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role, password=None)
        api = await login_as(client, made, "123456")
        await api.data("POST", f"{USER}/update-password", oldPassword=md5("123456"), newPassword=md5("N3w!pass"),
                       newPassword1=md5("N3w!pass"))
        stored = await stored_user(app, made["id"])
        assert stored.need_reset == 0 and stored.password_time is not None
        again = await login_as(client, made, "N3w!pass")
        assert again.tokens["config"]["reset"]["needRest"] is False

    async def test_wrong_old_password(self, client, demo_admin, unique, user_role):
        api = await login_as(client, await make_user(demo_admin, unique, user_role))
        body = (await api.post(f"{USER}/update-password", oldPassword=md5("nope"), newPassword=md5("a1b2c3"),
                               newPassword1=md5("a1b2c3"))).json()
        assert body["msg"] == "原密码不正确"

    async def test_confirmation_must_match(self, demo_user):
        body = (await demo_user.post(f"{USER}/update-password", oldPassword=md5("123456"),
                                     newPassword=md5("a1b2c3"), newPassword1=md5("a1b2c4"))).json()
        assert body["msg"] == "两次输入密码不一致!"

    async def test_confirmation_required(self, demo_user):
        body = (await demo_user.post(f"{USER}/update-password", oldPassword=md5("123456"),
                                     newPassword=md5("a1b2c3"))).json()
        assert body["msg"] == "请再次输入密码"

    async def test_needs_a_token(self, client):
        assert (await client.post(f"{USER}/update-password")).status_code == 401


class TestUpdateInfo:
    async def test_updates_own_profile(self, client, demo_admin, unique, user_role):
        api = await login_as(client, await make_user(demo_admin, unique, user_role))
        await api.data("POST", f"{USER}/update-info", {"realName": "改名", "phone": "13700000000",
                                                        "email": "a@example.com", "avatar": "/a.png"})
        info = await api.data("GET", f"{USER}/info")
        assert (info["realName"], info["phone"], info["email"], info["avatar"]) == \
            ("改名", "13700000000", "a@example.com", "/a.png")

    async def test_phone_messages(self, demo_user):
        for phone, msg in (("", "请输入手机号"), ("138", "手机号长度为11位"), ("1380013800a", "手机号格式不正确")):
            body = (await demo_user.post(f"{USER}/update-info", {"phone": phone})).json()
            assert body["msg"] == msg

    async def test_cannot_touch_another_user(self, client, demo_admin, unique, user_role, demo_user):
        api = await login_as(client, await make_user(demo_admin, unique, user_role))
        await api.data("POST", f"{USER}/update-info", {"id": demo_user.user_id, "realName": "x"})
        assert (await demo_user.data("GET", f"{USER}/info"))["realName"] == "Zhang Wei"


class TestGrant:
    async def test_sets_the_roles(self, demo_admin, unique, user_role, admin_role):
        made = await make_user(demo_admin, unique, user_role)
        await demo_admin.data("POST", f"{USER}/grant", userIds=made["id"], roleIds=f"{user_role},{admin_role}")
        data = await demo_admin.data("GET", f"{USER}/detail", id=made["id"])
        assert data["roleId"] == f"{user_role},{admin_role}" and data["roleName"] == "User,管理员 Administrator"

    async def test_roles_of_another_tenant_are_refused(self, demo_admin, admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        body = (await demo_admin.post(f"{USER}/grant", userIds=made["id"], roleIds=admin.tokens["role_id"])).json()
        assert body["msg"] == "角色不存在"

    async def test_plain_user_is_refused(self, demo_user, user_role):
        response = await demo_user.post(f"{USER}/grant", userIds=demo_user.user_id, roleIds=user_role)
        assert response.status_code == 403


class TestLock:
    async def test_locked_user_is_signed_out_and_refused(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        victim = await login_as(client, made)
        await demo_admin.data("POST", f"{USER}/lock", userIds=made["id"])
        assert (await victim.get(f"{USER}/info")).status_code == 401
        response = await token(client, made["account"], PASSWORD, DEMO_TENANT)
        assert response.json()["error_description"] == "该账号已被锁定,请联系管理员"

    async def test_cannot_lock_yourself(self, demo_admin):
        body = (await demo_admin.post(f"{USER}/lock", userIds=demo_admin.user_id)).json()
        assert body["msg"] == "不能锁定本账号!"

    async def test_plain_user_is_refused(self, demo_user):
        assert (await demo_user.post(f"{USER}/lock", userIds=demo_user.user_id)).status_code == 403


class TestUnlock:
    async def test_unlocked_user_logs_in_again(self, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        await demo_admin.data("POST", f"{USER}/lock", userIds=made["id"])
        await demo_admin.data("POST", f"{USER}/unlock", userIds=made["id"])
        await login_as(client, made)

    async def test_plain_user_is_refused(self, demo_user):
        assert (await demo_user.post(f"{USER}/unlock", userIds=demo_user.user_id)).status_code == 403


class TestRegisterGuest:
    async def test_registration_is_pending_until_approved(self, client, demo_admin, unique, user_role):
        body = {"tenantId": DEMO_TENANT, "name": "访客", "account": f"g{unique}", "password": md5(PASSWORD),
                "oauthId": "gh-1"}
        response = await client.post(f"{USER}/register-guest", json=body)
        assert response.json() == {"code": 200, "success": True, "data": True,
                                   "msg": "注册申请已提交,请等待管理员审核"}
        refused = await token(client, f"g{unique}", PASSWORD, DEMO_TENANT)
        assert refused.json()["error_description"] == "账号注册申请尚未通过审核"
        found = await demo_admin.data("GET", f"{USER}/page", account=f"g{unique}")
        assert found["records"][0]["status"] == 0
        # Approval: the admin grants a role and unlocks the account.
        await demo_admin.data("POST", f"{USER}/grant", userIds=found["records"][0]["id"], roleIds=user_role)
        await demo_admin.data("POST", f"{USER}/unlock", userIds=found["records"][0]["id"])
        assert (await token(client, f"g{unique}", PASSWORD, DEMO_TENANT)).status_code == 200

    async def test_form_parameters_are_accepted(self, client, unique):
        data = {"tenantId": DEMO_TENANT, "account": f"g{unique}", "password": md5(PASSWORD)}
        assert (await client.post(f"{USER}/register-guest", data=data)).json()["success"] is True

    async def test_validation_messages(self, client, unique):
        cases = [({}, "请先输入租户编号"), ({"tenantId": DEMO_TENANT}, "请先输入账号名称"),
                 ({"tenantId": DEMO_TENANT, "account": f"g{unique}"}, "请先输入密码"),
                 ({"tenantId": DEMO_TENANT, "account": f"g{unique}", "password": md5("a"), "password2": md5("b")},
                  "两次密码输入不一致")]
        for body, msg in cases:
            assert (await client.post(f"{USER}/register-guest", json=body)).json()["msg"] == msg

    async def test_taken_account(self, client):
        body = {"tenantId": DEMO_TENANT, "account": "zhangwei", "password": md5(PASSWORD)}
        assert (await client.post(f"{USER}/register-guest", json=body)).json()["msg"] == "当前用户 [zhangwei] 已存在!"

    async def test_unknown_tenant(self, client, unique):
        body = {"tenantId": "000001", "account": f"g{unique}", "password": md5(PASSWORD)}
        assert (await client.post(f"{USER}/register-guest", json=body)).json()["msg"] == "租户信息不存在"


class TestCheck:
    async def test_existing_and_free_accounts(self, demo_user, unique):
        assert await demo_user.data("GET", f"{USER}/check", account="lina") is True
        assert await demo_user.data("GET", f"{USER}/checkUser", account=f"free{unique}") is False

    async def test_other_tenants_do_not_count(self, admin):
        assert await admin.data("GET", f"{USER}/check", account="zhangwei") is False
