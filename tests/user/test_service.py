"""user.service functions used outside a request (the CLI)."""

from plantdesk.modules.user.service import reset_password_by_account
from tests.conftest import DEMO_TENANT
from tests.helpers import platform_session
from tests.user.factories import login_as, make_user, runtime, stored_user


class TestResetPasswordByAccount:
    async def test_resets_to_the_given_password_with_the_reset_flag(self, app, client, demo_admin, unique,
                                                                    user_role):
        made = await make_user(demo_admin, unique, user_role)
        async with platform_session(runtime(app).sessions) as db:
            assert await reset_password_by_account(db, tenant_id=DEMO_TENANT, account=made["account"],
                                                   plain="Cli-pass1") is True
            await db.commit()
        api = await login_as(client, made, "Cli-pass1")
        assert api.tokens["config"]["reset"]["needRest"] is True

    async def test_defaults_to_the_initial_password(self, app, client, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        async with platform_session(runtime(app).sessions) as db:
            await reset_password_by_account(db, tenant_id=DEMO_TENANT, account=made["account"])
            await db.commit()
        await login_as(client, made, "123456")
        assert (await stored_user(app, made["id"])).need_reset == 1

    async def test_unknown_account_or_other_tenant(self, app, demo_admin, unique, user_role):
        made = await make_user(demo_admin, unique, user_role)
        async with platform_session(runtime(app).sessions) as db:
            assert await reset_password_by_account(db, tenant_id="000000", account=made["account"]) is False
            assert await reset_password_by_account(db, tenant_id=DEMO_TENANT, account=f"no{unique}") is False
