"""The roles a plant has, for the demo tenant's people: operator (monitoring, alarms with their confirmation,
knowledge, the assistant, my work), maintenance (the operator's plus the equipment ledger, points, event
configuration and the audit trail), manager (every plant screen to read, production and OEE, warnings and reports)
and HR (people, and my work). Each grant names a menu with the buttons it keeps: None all of them, () none (the
screen to read), or those aliases; a menu's ancestors come with it, so the sidebar has its catalogue.

Given once (the operator role's presence marks it), on a first start and by `serve` to a database seeded before
(demo.seed.LATER); every person keeps the plain `user` role (the workbench and my work) beside the plant role.

Their data scopes (SCOPES: docs/decisions.md "Plant data scopes"): an operator reads the devices and alarms of his
department and the ones below it; maintenance and the manager read the whole plant; HR reads every person. Given once
per role (recorded in blade_seed_sync as kind `role_scope`), so an administrator's later change to a role stays.
The quality inspector and the safety officer are operators whose own departments hold no equipment: they also belong
to the areas they walk (AREAS), given once per person the same way (kind `staff_area`)."""

import json

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.core.ids import next_id
from plantdesk.modules.system.menu.service import DATA_SCOPE
from plantdesk.modules.system.models import Dept, Menu, Role, RoleMenu, RoleScope, ScopeData, SeedRecord, User
from plantdesk.seed.sync import sync_data_scopes

TENANT = "356782"
Grant = tuple[str, tuple[str, ...] | None]

_MONITORING: list[Grant] = [("overview", None), ("monitordata", ("view", "export")), ("device_device", ("view",))]
_ALARMS: list[Grant] = [("alarm_overview", None), ("database", ("view", "export")), ("audit", ("view",))]
_DAILY: list[Grant] = [("desk", None), ("work", None), ("knowledgebase", None), ("ai", None)]

# alias -> (name, English name, sort, grants)
ROLES: dict[str, tuple[str, str, int, list[Grant]]] = {
    "operator": ("操作员", "Operator", 4, [*_DAILY, *_MONITORING, *_ALARMS]),
    "maintenance": ("维修工程师", "Maintenance", 5, [
        *_DAILY, *_MONITORING, *_ALARMS, ("device_device", None), ("datapoint", None), ("model", ("view",)),
        ("importExportManagement", None), ("config", None)]),
    "manager": ("经理", "Manager", 6, [
        *_DAILY, *_MONITORING, *_ALARMS, ("model", ("view",)), ("datapoint", ("view",)), ("config", ("view",)),
        ("tracking", ("view",)), ("product_product", ("view",)), ("tectprocess", ("view",)), ("batch", ("view",)),
        ("oee", ("view",)), ("warning", None), ("reportlist", None), ("follow", None)]),
    "hr": ("HR", "HR", 3, [("desk", None), ("work", None), ("knowledgebase", None), ("user", ("view", "export"))]),
}
# alias -> the data-scope rules it reads by (menu code, rule name: the device and alarm areas' DATA_SCOPES)
_DEPARTMENT = [("device_device", "本部门及下级的设备 / Own department's devices"),
               ("database", "本部门及下级设备的告警 / Own department's alarms")]
_PLANT = [("device_device", "全部设备 / All devices"), ("database", "全部告警 / All alarms")]
SCOPES: dict[str, list[tuple[str, str]]] = {"operator": _DEPARTMENT, "maintenance": _PLANT, "manager": _PLANT}
# account -> the plant role beside `user`
PEOPLE = {"zhangwei": "manager", "wangqiang": "maintenance", "lina": "operator", "chenjing": "operator",
          "liuyang": "operator", "sunli": "hr"}
# account -> the departments a person also belongs to, after his own (docs/decisions.md "Plant data scopes"): the
# quality inspector samples and checks the production line; the safety officer walks every area that has equipment,
# the utilities too. The operator role's "own department and below" then shows them those areas' devices and alarms.
AREAS = {"lina": ("Production",), "chenjing": ("Production", "Maintenance")}


def role_name(alias: str) -> str:
    """A plant role's name in both languages, as the demo's other names ("操作员 Operator"; "HR" once)."""
    name, english, *_ = ROLES[alias]
    return name if name == english else f"{name} {english}"


def menu_ids(rows: list[tuple[int, int, str, int, str]], grants: list[Grant]) -> set[int]:
    """The menus of `grants` (id, parent id, code, category 1 menu / 2 button, alias rows): each named menu, its
    ancestors, its sub-menus and the buttons the grant keeps (all of them under a sub-menu)."""
    by_id = {r[0]: r for r in rows}
    children: dict[int, list[int]] = {}
    for id_, parent, *_ in rows:
        children.setdefault(parent, []).append(id_)
    out: set[int] = set()
    for code, buttons in grants:
        for id_, parent, row_code, _category, _alias in rows:
            if row_code != code:
                continue
            out.add(id_)
            while parent in by_id and parent not in out:
                out.add(parent)
                parent = by_id[parent][1]
            for child in children.get(id_, ()):
                _, _, _, category, alias = by_id[child]
                if category == 2 and buttons is not None and alias not in buttons:
                    continue
                stack = [child]
                while stack:
                    one = stack.pop()
                    out.add(one)
                    stack.extend(children.get(one, ()))
    return out


async def seed_staff(db: AsyncSession) -> bool:
    with tenancy.tenant_scope(db, TENANT):
        if await db.scalar(select(Role.id).where(Role.role_alias == "operator")):
            return False
        users = {u.account: u for u in (await db.execute(select(User))).scalars()}
        if "zhangwei" not in users:
            return False
        roles = {r.role_alias: r for r in (await db.execute(select(Role))).scalars()}
        with tenancy.platform_scope(db):
            rows = [(id_, parent, code, category, alias or "") for id_, parent, code, category, alias in (
                await db.execute(select(Menu.id, Menu.parent_id, Menu.code, Menu.category, Menu.alias))).all()]
        for alias, (_name, _english, sort, grants) in ROLES.items():
            role = roles.get(alias)
            if role is None:
                role = roles[alias] = Role(id=next_id(), role_name=role_name(alias), role_alias=alias, sort=sort,
                                           parent_id=0)
                db.add(role)
                await db.flush()
            held = set((await db.execute(select(RoleMenu.menu_id).where(RoleMenu.role_id == role.id))).scalars())
            db.add_all(RoleMenu(role_id=role.id, menu_id=m) for m in sorted(menu_ids(rows, grants) - held))
        plain = roles.get("user")
        for account, alias in PEOPLE.items():
            user = users.get(account)
            if user is None:
                continue
            ids = [r for r in (user.role_id or "").split(",") if r]
            if alias == "hr" and plain is not None and str(plain.id) not in ids:
                ids.insert(0, str(plain.id))
            if str(roles[alias].id) not in ids:
                ids.append(str(roles[alias].id))
            user.role_id = ",".join(ids)
        await db.flush()
    return True


async def grant_scopes(db: AsyncSession) -> bool:
    """Each plant role's data scopes (SCOPES), once per role. The rules come first: `serve` runs this part before
    `migrate`'s seed sync would add them to a database seeded before they existed."""
    await sync_data_scopes(db)
    with tenancy.platform_scope(db):
        roles = dict((await db.execute(select(Role.role_alias, Role.id).where(Role.tenant_id == TENANT))).all())
        done = set((await db.execute(select(SeedRecord.code).where(SeedRecord.kind == "role_scope",
                                                                   SeedRecord.tenant_id == TENANT))).scalars())
        rules = {(code, name): id_ for id_, code, name in (await db.execute(
            select(ScopeData.id, ScopeData.resource_code, ScopeData.scope_name))).all()}
        given = False
        for alias, scopes in SCOPES.items():
            if alias in done or alias not in roles:
                continue
            held = set((await db.execute(select(RoleScope.scope_id).where(
                RoleScope.role_id == roles[alias], RoleScope.scope_category == DATA_SCOPE))).scalars())
            db.add_all(RoleScope(scope_category=DATA_SCOPE, scope_id=rules[scope], role_id=roles[alias])
                       for scope in scopes if scope in rules and rules[scope] not in held)
            db.add(SeedRecord(kind="role_scope", tenant_id=TENANT, code=alias, item="",
                              seeded=json.dumps([name for _, name in scopes], ensure_ascii=False)))
            given = True
        await db.flush()
    return given


async def attach_areas(db: AsyncSession) -> bool:
    """Each person's AREAS added to his departments, once per person (recorded in blade_seed_sync as kind
    `staff_area`): a database seeded before gets them, and an administrator's later change to the person stays."""
    with tenancy.platform_scope(db):
        done = set((await db.execute(select(SeedRecord.code).where(SeedRecord.kind == "staff_area",
                                                                   SeedRecord.tenant_id == TENANT))).scalars())
        depts = dict((await db.execute(select(Dept.dept_name, Dept.id).where(Dept.tenant_id == TENANT))).all())
        users = {u.account: u for u in (await db.execute(select(User).where(
            User.tenant_id == TENANT, User.account.in_(AREAS.keys() - done)))).scalars()}
        for account, user in users.items():
            ids = [d for d in (user.dept_id or "").split(",") if d]
            ids += [str(depts[name]) for name in AREAS[account] if name in depts and str(depts[name]) not in ids]
            user.dept_id = ",".join(ids)
            db.add(SeedRecord(kind="staff_area", tenant_id=TENANT, code=account, item="",
                              seeded=json.dumps(AREAS[account], ensure_ascii=False)))
        await db.flush()
    return bool(users)
