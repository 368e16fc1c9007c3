"""The roles a plant has, for the demo tenant's people: operator (monitoring, alarms with their confirmation,
knowledge, the assistant, my work), maintenance (the operator's plus the equipment ledger, points, event
configuration and the audit trail), manager (every plant screen to read, production and OEE, warnings and reports)
and HR (people, and my work). Each grant names a menu with the buttons it keeps: None all of them, () none (the
screen to read), or those aliases; a menu's ancestors come with it, so the sidebar has its catalogue.

Given once (the operator role's presence marks it), on a first start and by `serve` to a database seeded before
(demo.seed.LATER); every person keeps the plain `user` role (the workbench and my work) beside the plant role."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.core.ids import next_id
from plantdesk.modules.system.models import Menu, Role, RoleMenu, User

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
# account -> the plant role beside `user`
PEOPLE = {"zhangwei": "manager", "wangqiang": "maintenance", "lina": "operator", "chenjing": "operator",
          "liuyang": "operator", "sunli": "hr"}


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
        for alias, (name, _english, sort, grants) in ROLES.items():
            role = roles.get(alias)
            if role is None:
                role = roles[alias] = Role(id=next_id(), role_name=name, role_alias=alias, sort=sort, parent_id=0)
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
