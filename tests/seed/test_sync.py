"""The sync of the seeded definitions by code (plantdesk.seed.sync) on the session's seeded database: each test
feeds definitions of its own (unique codes), the way a later release would bring them."""

from sqlalchemy import select, update

from plantdesk.config import Settings
from plantdesk.core import areas, tenancy
from plantdesk.core.datascope import OWN_DEPT, OWN_DEPT_CHILD
from plantdesk.core.menus import ROW, TOOLBAR, data_scope
from plantdesk.core.security.models import Client
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.db.models import Base
from plantdesk.db.session import create_engine, session_factory
from plantdesk.modules.system.menu.service import parse_id_list
from plantdesk.modules.system.models import Dict, DictBiz, Menu, Param, Role, RoleMenu, ScopeData, TenantPackage
from plantdesk.seed.seeder import seed_database
from plantdesk.seed.sync import CLIENTS, sync
from tests.conftest import DEMO_TENANT
from tests.helpers import platform_session
from tests.user.factories import runtime


def _menus(code: str, *, name: str = "巡检", icon: str = "ToolOutlined", extra: bool = True,
           buttons: bool = True, platform: bool = False) -> list[dict]:
    """A release's area `code`: a catalogue with a screen (and its buttons), optionally a second screen (marked
    platform-only with `platform`)."""
    screen_buttons = [{"alias": "add", "name": "新增", "name_en": "Add", "action": TOOLBAR},
                      {"alias": "edit", "name": "修改", "name_en": "Edit", "action": ROW}] if buttons else []
    screens = [{"code": f"{code}_round", "name": f"{name}路线", "name_en": "Rounds", "path": f"/{code}/round",
                "source": icon, "sort": 1, "is_open": 1, "children": [], "buttons": screen_buttons}]
    if extra:
        screens.append({"code": f"{code}_plan", "name": "计划", "name_en": "Plans", "path": f"/{code}/plan",
                        "source": icon, "sort": 2, "is_open": 1, "children": [], "buttons": [],
                        **({"platform": True} if platform else {})})
    return [{"code": code, "name": name, "name_en": "Inspection", "path": f"/{code}", "source": icon, "sort": 90,
             "is_open": 1, "children": screens, "buttons": []}]


def _dicts(code: str, label: str = "日检") -> list[dict]:
    return [{"code": code, "name": "巡检周期", "name_en": "Round cycle",
             "items": [("1", label, "Daily"), ("2", "周检", "Weekly")]}]


def _params(key: str, name: str = "巡检提前提醒", value: str = "30") -> list[tuple[str, str, str, str]]:
    return [(key, name, value, "单位: 分钟")]


async def _sync(app, **definitions):
    definitions = {"clients": (), "menus": [], "dicts": [], "params": [], "biz_dicts": [], "data_scopes": [],
                   **definitions}
    async with platform_session(runtime(app).sessions) as db:
        report = await sync(db, **definitions)
        await db.commit()
    return report


async def _menu(app, code: str) -> Menu | None:
    async with platform_session(runtime(app).sessions) as db:
        return (await db.execute(select(Menu).where(Menu.code == code)
                                 .execution_options(**{tenancy.INCLUDE_DELETED: True}))).scalar()


async def _package(app, name: str) -> set[int]:
    async with platform_session(runtime(app).sessions) as db:
        return set(parse_id_list(await db.scalar(select(TenantPackage.menu_id)
                                                 .where(TenantPackage.package_name == name))))


async def _grants(app) -> dict[int, set[int]]:
    """Each role's menus."""
    async with platform_session(runtime(app).sessions) as db:
        held: dict[int, set[int]] = {}
        for role, menu in (await db.execute(select(RoleMenu.role_id, RoleMenu.menu_id))).all():
            held.setdefault(role, set()).add(menu)
        return held


async def _administrator(app) -> int:
    async with platform_session(runtime(app).sessions) as db:
        return await db.scalar(select(Role.id).where(Role.tenant_id == PLATFORM_TENANT,
                                                     Role.role_alias == "administrator"))


async def _write(app, statement) -> None:
    async with platform_session(runtime(app).sessions) as db:
        await db.execute(statement.execution_options(**{tenancy.INCLUDE_DELETED: True}))
        await db.commit()


class TestSync:
    async def test_a_new_area_is_added_under_its_parents_and_granted(self, app, unique):
        code = f"insp{unique}"
        async with platform_session(runtime(app).sessions) as db:
            every = ",".join(str(i) for i in (await db.execute(select(Menu.id))).scalars())
            db.add_all([TenantPackage(package_name=f"all{unique}", menu_id=every),
                        TenantPackage(package_name=f"some{unique}", menu_id=every.split(",")[0])])
            await db.commit()

        report = await _sync(app, menus=_menus(code))

        assert (report.kinds["menus"].added, report.kinds["menus"].updated) == (5, 0)
        area, screen, button = await _menu(app, code), await _menu(app, f"{code}_round"), await _menu(
            app, f"{code}_round_add")
        assert area.parent_id == 0 and screen.parent_id == area.id and button.parent_id == screen.id
        assert (button.category, button.action, button.path) == (2, TOOLBAR, f"/{code}/round/add")
        new = {area.id, screen.id, button.id}
        async with platform_session(runtime(app).sessions) as db:
            admin = await db.scalar(select(Role.id).where(Role.tenant_id == PLATFORM_TENANT,
                                                          Role.role_alias == "administrator"))
            granted = set((await db.execute(select(RoleMenu.menu_id).where(RoleMenu.role_id == admin))).scalars())
            packages = {p.package_name: set(parse_id_list(p.menu_id)) for p in (await db.execute(
                select(TenantPackage).where(TenantPackage.package_name.in_([f"all{unique}", f"some{unique}"]))
            )).scalars()}
        assert new <= granted
        assert new <= packages[f"all{unique}"]  # a package of every menu stays one
        assert not new & packages[f"some{unique}"]

    async def test_platform_only_menus_are_taken_from_tenant_packages_and_roles(self, app, unique):
        """A database a release before the mark synced: its package of every menu and the demo tenant's admin got
        the monitoring screens, which answer 403 in a tenant."""
        admin = await _administrator(app)
        async with platform_session(runtime(app).sessions) as db:
            menus = dict((await db.execute(select(Menu.code, Menu.id))).all())
            platform = {menus[code] for code in areas.platform_menu_codes()}
            demo = await db.scalar(select(Role.id).where(Role.tenant_id == DEMO_TENANT, Role.role_alias == "admin"))
            db.add(TenantPackage(package_name=f"all{unique}", menu_id=",".join(map(str, menus.values()))))
            db.add_all(RoleMenu(role_id=role, menu_id=menu) for role in (admin, demo) for menu in platform)
            await db.commit()

        report = await _sync(app, menus=None)

        assert report.withheld >= 2
        assert "seed sync platform-only menus: taken from" in report.lines()[-1]
        package, held = await _package(app, f"all{unique}"), await _grants(app)
        assert package == set(menus.values()) - platform
        assert not platform & held[demo]
        assert platform <= held[admin]  # the platform's own role keeps them
        assert (await _sync(app, menus=None)).withheld == 0

    async def test_a_platform_only_menu_of_a_release_reaches_the_platform_only(self, app, unique):
        code = f"insp{unique}"
        await _sync(app, menus=None)  # the packages as a marked release leaves them
        async with platform_session(runtime(app).sessions) as db:
            tenant_menus = Menu.code.notin_(sorted(areas.platform_menu_codes()))
            every = set((await db.execute(select(Menu.id).where(tenant_menus))).scalars())
            db.add(TenantPackage(package_name=f"all{unique}", menu_id=",".join(map(str, every))))
            await db.commit()

        await _sync(app, menus=[*areas.menus(), *_menus(code, platform=True)])

        plan, round_ = await _menu(app, f"{code}_plan"), await _menu(app, f"{code}_round")
        package = await _package(app, f"all{unique}")
        assert round_.id in package and plan.id not in package  # still a package of every menu a tenant may hold
        assert plan.id in (await _grants(app))[await _administrator(app)]

    async def test_a_changed_seed_updates_an_untouched_field_but_not_an_edited_one(self, app, unique):
        code = f"insp{unique}"
        await _sync(app, menus=_menus(code), dicts=_dicts(code), params=_params(f"insp.{unique}"))
        await _write(app, update(Menu).where(Menu.code == code).values(name="我的巡检"))
        await _write(app, update(Dict).where(Dict.code == code, Dict.dict_key == "2").values(dict_value="每周"))
        await _write(app, update(Param).where(Param.param_key == f"insp.{unique}").values(param_value="45"))

        report = await _sync(app, menus=_menus(code, name="点检", icon="SafetyOutlined"),
                             dicts=_dicts(code, label="每日"), params=_params(f"insp.{unique}", "点检提醒", "60"))

        area, screen = await _menu(app, code), await _menu(app, f"{code}_round")
        assert (area.name, area.source) == ("我的巡检", "SafetyOutlined")  # the operator's name, the new icon
        assert (screen.name, screen.source) == ("点检路线", "SafetyOutlined")
        async with platform_session(runtime(app).sessions) as db:
            labels = dict((await db.execute(select(Dict.dict_key, Dict.dict_value).where(Dict.code == code))).all())
            param = (await db.execute(select(Param).where(Param.param_key == f"insp.{unique}"))).scalar_one()
        assert labels == {"-1": "巡检周期", "1": "每日", "2": "每周"}
        assert (param.param_name, param.param_value) == ("点检提醒", "45")
        assert [(c.added, c.updated, c.kept) for c in report.kinds.values()] == [
            (0, 0, 0), (0, 3, 1), (0, 0, 0), (0, 1, 1), (0, 1, 1), (0, 0, 0)]

        await _sync(app, menus=_menus(code, name="巡检"), dicts=_dicts(code), params=_params(f"insp.{unique}"))
        assert (await _menu(app, code)).name == "我的巡检"  # still the operator's in the release after

    async def test_a_removed_seed_entry_deletes_nothing(self, app, unique):
        code = f"insp{unique}"
        await _sync(app, menus=_menus(code), dicts=_dicts(code), params=_params(f"insp.{unique}"))

        report = await _sync(app, menus=_menus(code, extra=False, buttons=False))

        assert all(c == c.__class__() for c in report.kinds.values())
        for menu in (f"{code}_plan", f"{code}_round_add", f"{code}_round_edit"):
            assert (await _menu(app, menu)).is_deleted == 0
        async with platform_session(runtime(app).sessions) as db:
            assert await db.scalar(select(Param.id).where(Param.param_key == f"insp.{unique}"))
            assert len((await db.execute(select(Dict.id).where(Dict.code == code))).all()) == 3

    async def test_what_the_operator_removed_stays_removed(self, app, unique):
        code = f"insp{unique}"
        await _sync(app, menus=_menus(code), params=_params(f"insp.{unique}"))
        await _write(app, update(Menu).where(Menu.code == f"{code}_plan").values(is_deleted=1))
        await _write(app, update(Param).where(Param.param_key == f"insp.{unique}").values(is_deleted=1))

        report = await _sync(app, menus=_menus(code, name="点检"), params=_params(f"insp.{unique}", "点检提醒"))

        plan = await _menu(app, f"{code}_plan")
        assert (plan.is_deleted, plan.name) == (1, "计划")
        assert (report.kinds["menus"].added, report.kinds["params"].added) == (0, 0)

    async def test_running_twice_changes_nothing(self, app, unique):
        code = f"insp{unique}"
        definitions = {"menus": _menus(code), "dicts": _dicts(code), "params": _params(f"insp.{unique}")}
        await _sync(app, **definitions)

        again = await _sync(app, **definitions)

        assert not again.changed
        assert all(c.kept == 0 for c in again.kinds.values())

    async def test_a_data_scope_reaches_its_menu_and_an_edited_field_stays(self, app, unique):
        code = f"insp{unique}"
        rule = data_scope(f"{code}_round", "本部门的路线", OWN_DEPT, "dept_id")
        assert (await _sync(app, menus=_menus(code), data_scopes=[rule])).kinds["data scopes"].added == 1
        async with platform_session(runtime(app).sessions) as db:
            row = (await db.execute(select(ScopeData).where(ScopeData.resource_code == f"{code}_round"))).scalar_one()
        menu = await _menu(app, f"{code}_round")
        assert menu is not None
        assert (row.menu_id, row.scope_name, row.scope_type, row.scope_column) == (
            menu.id, "本部门的路线", OWN_DEPT, "dept_id")
        await _write(app, update(ScopeData).where(ScopeData.id == row.id).values(scope_column="create_dept"))

        report = await _sync(app, menus=_menus(code), data_scopes=[{**rule, "type": OWN_DEPT_CHILD}])

        assert (report.kinds["data scopes"].updated, report.kinds["data scopes"].kept) == (1, 1)
        async with platform_session(runtime(app).sessions) as db:
            row = (await db.execute(select(ScopeData).where(ScopeData.id == row.id))).scalar_one()
        assert (row.scope_type, row.scope_column) == (4, "create_dept")  # the seed's new type, the operator's column

    async def test_a_new_client_reaches_an_installed_database_and_an_edited_secret_stays(self, app, unique):
        clients = ((f"c{unique}", "first_secret", "springblade"),)
        assert (await _sync(app, clients=clients)).kinds["clients"].added == 1
        await _write(app, update(Client).where(Client.client_id == f"c{unique}").values(client_secret="mine"))
        report = await _sync(app, clients=((f"c{unique}", "second_secret", "springblade"),))
        assert (report.kinds["clients"].added, report.kinds["clients"].kept) == (0, 1)
        async with platform_session(runtime(app).sessions) as db:
            client = (await db.execute(select(Client).where(Client.client_id == f"c{unique}"))).scalar_one()
        assert (client.client_secret, client.additional_information) == ("mine", '{"dialect":"springblade"}')

    async def test_a_freshly_seeded_database_is_in_step_with_the_seed(self, app):
        report = await _sync(app, clients=CLIENTS, menus=None, dicts=None, params=None, biz_dicts=None)

        assert [(c.added, c.updated) for c in report.kinds.values()] == [(0, 0)] * 6


async def test_a_freshly_seeded_database_holds_what_the_areas_declare(tmp_path):
    """The tree, dictionaries and parameters core.areas assembles from the areas' declarations are the rows the
    seeder writes into an empty database (its own, so no other test's edits count)."""
    engine = create_engine(Settings(data_dir=tmp_path, database_url="").resolved_database_url)  # SQLite of its own
    try:
        async with engine.begin() as connection:
            await connection.run_sync(Base.metadata.create_all)
        async with platform_session(session_factory(engine)) as db:
            assert await seed_database(db)
            await db.commit()
            menus = (await db.execute(select(Menu).order_by(Menu.sort, Menu.id))).scalars().all()
            dicts = (await db.execute(select(Dict).order_by(Dict.sort, Dict.id))).scalars().all()
            biz = (await db.execute(select(DictBiz).order_by(DictBiz.sort, DictBiz.id))).scalars().all()
            params = {(p.param_key, p.param_name, p.param_value, p.remark)
                      for p in (await db.execute(select(Param))).scalars()}
            granted = set((await db.execute(select(RoleMenu.menu_id))).scalars())
    finally:
        await engine.dispose()

    assert _tree(menus, 0) == _unmarked(areas.menus())
    platform = {row.id for row in menus if row.code in areas.platform_menu_codes()}
    assert platform and not platform & granted  # the demo tenant's admin has the monitoring catalogue without them
    assert _groups(dicts, remarks=True) == [_declared(group, remarks=True) for group in areas.dicts()]
    for tenant in ("000000", "356782"):
        assert _groups([row for row in biz if row.tenant_id == tenant], remarks=False) == [
            _declared(group, remarks=False) for group in areas.biz_dicts()]
    assert params == set(areas.params())


def _unmarked(nodes: list[dict]) -> list[dict]:
    """The declared tree without its platform-only marks, which are no column."""
    return [{**{k: v for k, v in node.items() if k != "platform"}, "children": _unmarked(node["children"])}
            for node in nodes]


def _tree(rows: list[Menu], parent_id: int) -> list[dict]:
    """The menus under `parent_id` in the node shape of core.menus."""
    return [{"code": row.code, "name": row.name, "name_en": row.name_en, "path": row.path, "source": row.source,
             "sort": row.sort, "is_open": row.is_open, "children": _tree(rows, row.id),
             "buttons": [{"alias": b.alias, "name": b.name, "name_en": b.name_en, "action": b.action}
                         for b in rows if b.parent_id == row.id and b.category == 2]}
            for row in rows if row.parent_id == parent_id and row.category == 1]


def _groups(rows: list, *, remarks: bool) -> list[tuple]:
    groups = [row for row in rows if row.parent_id == 0]
    return [(group.code, group.sort, group.dict_value, group.dict_value_en,
             [(row.dict_key, row.dict_value, row.dict_value_en, row.remark if remarks else None)
              for row in rows if row.parent_id == group.id]) for group in groups]


def _declared(group: dict, *, remarks: bool) -> tuple:
    return (group["code"], group["sort"], group["name"], group["name_en"],
            [(key, value, english[0] if english else None,
              group.get("remarks", {}).get(key) if remarks else None) for key, value, *english in group["items"]])
