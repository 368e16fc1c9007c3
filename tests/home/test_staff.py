"""The roles a plant has (demo.data.staff): the demo's people see the plant screens their role is for."""

from sqlalchemy import delete, func, select, update

from plantdesk.demo.data import staff
from plantdesk.demo.seed import LATER, relabel
from plantdesk.modules.alarm.models import AlarmRecord
from plantdesk.modules.device.models import Device
from plantdesk.modules.system.models import Dept, Menu, Role, RoleMenu, RoleScope, ScopeData, SeedRecord, User
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
            assert await staff.grant_scopes(db) is False
            assert await staff.attach_areas(db) is False


    async def test_names_an_earlier_demo_gave_in_chinese_only_are_given_in_both_languages(self, app):
        async def name_after_relabel(name: str) -> str:
            async with platform_session(app.state.runtime.sessions) as db:
                role = (await db.execute(select(Role).where(Role.tenant_id == DEMO_TENANT,
                                                            Role.role_alias == "operator"))).scalar_one()
                role.role_name = name
                await db.commit()
                await relabel(db)
                await db.commit()
                return await db.scalar(select(Role.role_name).where(Role.id == role.id))

        assert await name_after_relabel("操作员") == "操作员 Operator"
        try:
            assert await name_after_relabel("Shift operator") == "Shift operator"  # the tenant's own name stays
        finally:
            await name_after_relabel("操作员")


HELD = {("operator", "device_device", 4), ("operator", "database", 4), ("maintenance", "device_device", 1),
        ("maintenance", "database", 1), ("manager", "device_device", 1), ("manager", "database", 1)}


async def held_rules(app) -> set[tuple[str, str, int]]:
    """(role alias, resource code, scope type) of the demo roles' data-scope grants."""
    async with platform_session(app.state.runtime.sessions) as db:
        return set((await db.execute(
            select(Role.role_alias, ScopeData.resource_code, ScopeData.scope_type)
            .join(RoleScope, RoleScope.role_id == Role.id).join(ScopeData, ScopeData.id == RoleScope.scope_id)
            .where(Role.tenant_id == DEMO_TENANT, RoleScope.scope_category == 1))).all())


DEVICES = "/api/device-management/device"
RESULTS = "/api/alarm/result"
PLANT = {"R101", "E101", "P101A", "P101B", "K101", "TK201", "TK202", "TK203"}
SYNTHESIS = {"R101", "E101"}  # the Synthesis Team's devices: liuyang's department


async def device_codes(api, view: str = "page") -> set[str]:
    """Which of the demo plant's devices the caller's ledger lists (one code at a time: other tests' devices may
    fill any first page); view `list` is the monitoring screens' device list."""
    found = set()
    for code in PLANT:
        found |= {d["code"] for d in (await api.data("GET", f"{DEVICES}/{view}", code=code, size=100))["records"]}
    return found & PLANT


async def results(api) -> tuple[set[str], int]:
    """The devices of the caller's newest 200 alarms, and how many the overview counts."""
    page = await api.data("GET", f"{RESULTS}/page", size=200)
    overview = await api.data("GET", f"{RESULTS}/overview")
    assert page["total"] == overview["total"]
    return {r["deviceName"] for r in page["records"]}, overview["total"]


async def alarms_of(app, codes: set[str]) -> int:
    async with platform_session(app.state.runtime.sessions) as db:
        return await db.scalar(select(func.count()).select_from(AlarmRecord).join(
            Device, Device.id == AlarmRecord.device_id).where(Device.tenant_id == DEMO_TENANT, Device.code.in_(codes)))


class TestPlantDataScopes:
    """An operator reads his department's devices and their alarms; maintenance and the manager the whole plant."""

    async def test_the_roles_hold_their_rules(self, app):
        assert await held_rules(app) == HELD

    async def test_a_database_seeded_before_the_rules_gets_them_with_the_grants(self, app):
        async with platform_session(app.state.runtime.sessions) as db:  # as an older release left the database
            ids = list((await db.execute(select(ScopeData.id).where(
                ScopeData.resource_code.in_(("device_device", "database"))))).scalars())
            await db.execute(delete(RoleScope).where(RoleScope.scope_id.in_(ids)))
            await db.execute(delete(ScopeData).where(ScopeData.id.in_(ids)))
            await db.execute(delete(SeedRecord).where(SeedRecord.kind.in_(("data_scope", "role_scope"))))
            await db.commit()
        assert await held_rules(app) == set()
        async with platform_session(app.state.runtime.sessions) as db:  # `serve`'s later parts of the demo
            for part in LATER:
                await part(db)
            await db.commit()
        assert await held_rules(app) == HELD

    async def test_an_operator_sees_his_departments_devices(self, app, client, demo_admin):
        operator = await login(client, "liuyang", "123456", DEMO_TENANT)
        assert await device_codes(operator) == SYNTHESIS
        assert await device_codes(demo_admin) == PLANT
        # the ledger's other views and its search show what its list shows
        def leaves(nodes):
            for node in nodes:
                yield from ([node["code"]] if node["type"] == "device" else leaves(node.get("children") or []))
        for view in ("department", "framework"):
            assert set(leaves(await operator.data("GET", f"{DEVICES}/{view}"))) & PLANT == SYNTHESIS
        found = await operator.data("GET", f"{DEVICES}/searchByDeviceName", deviceName="")
        assert {d["code"] for d in found} & PLANT == SYNTHESIS
        async with platform_session(app.state.runtime.sessions) as db:
            team = await db.scalar(select(Dept.id).where(Dept.tenant_id == DEMO_TENANT,
                                                         Dept.dept_name == "Synthesis Team"))
        assert {d["deptId"] for d in (await operator.data("GET", f"{DEVICES}/page", size=100))["records"]} == {
            str(team)}

    async def test_the_quality_and_safety_staff_see_the_areas_they_walk(self, client):
        """lina (Quality) and chenjing (Safety & Environment) are operators whose own departments hold no equipment:
        they also belong to the areas they walk (staff.AREAS), so the ledger and the monitoring device list show them
        the production line and, the safety officer, the utilities too."""
        for account, seen in (("lina", PLANT - {"K101"}), ("chenjing", PLANT)):
            operator = await login(client, account, "123456", DEMO_TENANT)
            assert await device_codes(operator) == seen, account
            assert await device_codes(operator, "list") == seen, account

    async def test_a_database_seeded_before_the_areas_gets_them_once(self, app):
        async def departments() -> str:
            async with platform_session(app.state.runtime.sessions) as db:
                return await db.scalar(select(User.dept_id).where(User.tenant_id == DEMO_TENANT,
                                                                  User.account == "lina"))

        given = await departments()
        async with platform_session(app.state.runtime.sessions) as db:  # as an older release left the database
            await db.execute(update(User).where(User.tenant_id == DEMO_TENANT, User.account == "lina")
                             .values(dept_id=given.split(",")[0]))
            await db.execute(delete(SeedRecord).where(SeedRecord.kind == "staff_area", SeedRecord.code == "lina"))
            await db.commit()
            assert await staff.attach_areas(db) is True
            await db.commit()
        assert await departments() == given

    async def test_an_operator_sees_the_alarms_of_his_departments_devices(self, app, client, demo_admin):
        operator = await login(client, "liuyang", "123456", DEMO_TENANT)
        devices, total = await results(operator)
        assert devices and all("R-101" in name or "E-101" in name for name in devices)
        assert total == await alarms_of(app, SYNTHESIS) > 0
        trend = await operator.data("GET", f"{RESULTS}/trend", unit="day")
        everyone = await demo_admin.data("GET", f"{RESULTS}/trend", unit="day")
        assert sum(b["raised"] for b in trend["buckets"]) < sum(b["raised"] for b in everyone["buckets"])
        assert (await results(demo_admin))[1] >= await alarms_of(app, PLANT)

    async def test_an_operators_home_counts_what_his_screens_list(self, client, demo_admin):
        operator = await login(client, "liuyang", "123456", DEMO_TENANT)
        home = await operator.data("GET", "/api/blade-desk/home/summary")
        assert home["devices"]["total"] == len(await device_codes(operator)) == len(SYNTHESIS)
        scoped = await operator.data("GET", f"{RESULTS}/overview")
        assert home["alarms"]["open"] == sum(s["count"] for s in scoped["byStatus"] if s["key"].startswith("active"))
        assert (await demo_admin.data("GET", "/api/blade-desk/home/summary"))["devices"]["total"] >= len(PLANT)

    async def test_maintenance_reads_the_whole_plant(self, client, demo_admin):
        # (zhangwei, the manager, is the suites' plain user: tests/conftest.py; his rules are the same)
        maintenance = await login(client, "wangqiang", "123456", DEMO_TENANT)
        assert await device_codes(maintenance) == PLANT
        assert (await results(maintenance))[1] == (await results(demo_admin))[1]
