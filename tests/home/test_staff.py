"""The roles a plant has (demo.data.staff): the demo's people see the plant screens their role is for."""

from sqlalchemy import select

from plantdesk.demo.data import staff
from plantdesk.modules.system.models import Menu, Role, RoleMenu, User
from tests.conftest import DEMO_TENANT
from tests.helpers import login, platform_session


async def role_codes(app, alias: str) -> set[str]:
    async with platform_session(app.state.runtime.sessions) as db:
        role_id = await db.scalar(select(Role.id).where(Role.tenant_id == DEMO_TENANT, Role.role_alias == alias))
        return set((await db.execute(select(Menu.code).join(RoleMenu, RoleMenu.menu_id == Menu.id)
                                     .where(RoleMenu.role_id == role_id))).scalars())


async def routes(api) -> set[str]:
    def walk(nodes):
        for node in nodes:
            yield node.get("code")
            yield from walk(node.get("children") or [])

    return set(walk(await api.data("GET", "/api/blade-system/menu/routes")))


class TestPlantRoles:
    async def test_the_roles_are_seeded_with_their_menus(self, app):
        operator, manager = await role_codes(app, "operator"), await role_codes(app, "manager")
        # operator: monitoring, alarms with their confirmation, knowledge, the assistant, my work
        assert {"monitordata", "overview", "alarm_overview", "alarm_overview_confirm", "knowledge", "aiChat",
                "todo", "device", "alarm"} <= operator
        assert not {"device_device_add", "config", "oee", "user"} & operator
        # manager: every plant screen to read, production and reports; nothing to change
        assert {"oee", "oee_view", "batch_view", "warnManagement", "reportlist", "config_view"} <= manager
        assert not {"oee_add", "config_add", "device_device_edit"} & manager
        assert {"config", "config_add", "datapoint_edit"} <= await role_codes(app, "maintenance")
        assert {"user", "user_view", "todo"} <= await role_codes(app, "hr")

    async def test_the_people_have_their_roles_beside_the_plain_one(self, app):
        async with platform_session(app.state.runtime.sessions) as db:
            roles = dict((await db.execute(select(Role.id, Role.role_alias)
                                           .where(Role.tenant_id == DEMO_TENANT))).all())
            people = dict((await db.execute(select(User.account, User.role_id)
                                            .where(User.tenant_id == DEMO_TENANT))).all())
        for account, alias in staff.PEOPLE.items():
            if account == "zhangwei":  # the suites' plain user (tests/conftest.py)
                continue
            held = {roles[int(r)] for r in people[account].split(",")}
            assert held == {"user", alias}, account

    async def test_an_operator_reaches_monitoring_and_alarms_and_confirms(self, client):
        operator = await login(client, "liuyang", "123456", DEMO_TENANT)
        assert {"monitordata", "alarm_overview", "knowledge", "aiChat", "todo"} <= await routes(operator)
        assert (await operator.get("/api/alarm/result/page")).json()["code"] == 200
        assert (await operator.get("/api/blade-system/tenant/list")).status_code == 403
        assert (await operator.get("/api/blade-user/page")).status_code == 403

    async def test_the_seed_is_given_once(self, app):
        async with platform_session(app.state.runtime.sessions) as db:
            assert await staff.seed_staff(db) is False
