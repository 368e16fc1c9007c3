"""Menus: the console's routes and buttons, the admin tree, grant trees, and the permission-code loader.

Who sees which menu (contract §5.1, BladeX): the platform administrator sees every menu; everyone else sees
the menus granted to their roles (blade_role_menu) plus the ancestors of those. For a tenant other than
000000 with a package, everything is also intersected with the package's menus (and their ancestors).
"""

from collections.abc import Iterable
from typing import TypeVar

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.core.context import Identity
from plantdesk.core.errors import BadRequest, BusinessError, Forbidden, NotFoundError
from plantdesk.core.query import to_int
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.modules.system.menu.schemas import MenuWrite
from plantdesk.modules.system.models import (
    Menu,
    RoleMenu,
    RoleScope,
    ScopeApi,
    ScopeData,
    Tenant,
    TenantPackage,
    TopMenu,
    TopMenuSetting,
)
from plantdesk.modules.system.trees import ancestors_of, descendants_of, forest, prune, tree_node

MENU, BUTTON = 1, 2
DATA_SCOPE, API_SCOPE = 1, 2
SYS = "sys"
MENU_FIELDS = ("id", "parent_id", "code", "name", "name_en", "alias", "path", "source", "component", "sort",
               "category", "action", "is_open", "is_show", "menu_type", "remark")


# --- the permission loader (core.permissions) ---------------------------------------------------------------

async def granted_codes(db: AsyncSession, role_ids: tuple[int, ...]) -> list[str]:
    """Codes of the menus and buttons granted to `role_ids`, within the bound tenant's package."""
    rows = (await db.execute(select(Menu.id, Menu.code).join(RoleMenu, RoleMenu.menu_id == Menu.id)
                             .where(RoleMenu.role_id.in_(role_ids)))).all()
    scope = tenancy.current(db)
    package = await package_menu_ids(db, scope.tenant_id) if scope else None
    return sorted({code for id_, code in rows if package is None or id_ in package})


# --- who sees what ----------------------------------------------------------------------------------------

async def all_menus(db: AsyncSession) -> list[Menu]:
    return list((await db.execute(select(Menu).order_by(Menu.sort, Menu.id))).scalars())


async def package_menu_ids(db: AsyncSession, tenant_id: str, menus: list[Menu] | None = None) -> set[int] | None:
    """The menus a tenant's package allows (with their ancestors); None = unrestricted."""
    if tenant_id == PLATFORM_TENANT:
        return None
    with tenancy.platform_scope(db):
        raw = (await db.execute(select(TenantPackage.menu_id).join(Tenant, Tenant.package_id == TenantPackage.id)
                                .where(Tenant.tenant_id == tenant_id))).scalar_one_or_none()
    if raw is None:
        return None
    ids = set(parse_id_list(raw))
    menus = menus if menus is not None else await all_menus(db)
    return ids | ancestors_of(ids, {m.id: m.parent_id for m in menus})


async def visible_ids(db: AsyncSession, user: Identity, menus: list[Menu]) -> set[int]:
    """Menus and buttons `user` may see: grants (all for the administrator) within the tenant's package."""
    package = await package_menu_ids(db, user.tenant_id, menus)
    if user.is_administrator:
        ids = {m.id for m in menus}
    else:
        granted = set((await db.execute(select(RoleMenu.menu_id)
                                        .where(RoleMenu.role_id.in_(user.role_ids or (0,))))).scalars())
        ids = granted | ancestors_of(granted, {m.id: m.parent_id for m in menus})
    return ids if package is None else ids & package


async def routes(db: AsyncSession, user: Identity, top_menu_id: int | None = None) -> list[dict]:
    menus = await all_menus(db)
    ids = await visible_ids(db, user, menus)
    if top_menu_id:
        ids &= set((await db.execute(select(TopMenuSetting.menu_id)
                                     .where(TopMenuSetting.top_menu_id == top_menu_id))).scalars())
    # The console's sidebar is the sys menu set; pc / app / tpy menus belong to other clients.
    return forest(_menu_dict(m) for m in menus if m.id in ids and m.category == MENU and m.menu_type == SYS)


async def buttons(db: AsyncSession, user: Identity) -> list[dict]:
    menus = await all_menus(db)
    ids = await visible_ids(db, user, menus)
    granted = {m.id: m.parent_id for m in menus if m.id in ids and m.category == BUTTON}
    owners = set(granted.values())
    fields = ("id", "parent_id", "code", "name", "name_en", "alias", "path", "source", "action", "sort", "category")
    return forest({f: getattr(m, f) for f in fields} for m in menus
                  if (m.id in owners and m.category == MENU) or m.id in granted)


async def top_menus(db: AsyncSession) -> list[TopMenu]:
    return list((await db.execute(select(TopMenu).order_by(TopMenu.sort, TopMenu.id))).scalars())


async def has_menu(db: AsyncSession, user: Identity, code: str) -> bool:
    menus = await all_menus(db)
    ids = await visible_ids(db, user, menus)
    return any(m.code == code and m.id in ids for m in menus)


async def search_by_name(db: AsyncSession, user: Identity, name: str) -> list[dict]:
    menus = await all_menus(db)
    ids = await visible_ids(db, user, menus)
    wanted = name.strip().lower()
    return [_menu_dict(m) for m in menus
            if m.id in ids and m.category == MENU and wanted in (m.name or "").lower()]


async def tenant_menu_codes(db: AsyncSession, tenant_id: str) -> list[str]:
    """The menu codes a tenant may open (spec §2 403 rule); [] for 000000, which is unrestricted."""
    if tenant_id == PLATFORM_TENANT:
        return []
    menus = await all_menus(db)
    package = await package_menu_ids(db, tenant_id, menus)
    return sorted({m.code for m in menus if package is None or m.id in package})


# --- the admin tree -----------------------------------------------------------------------------------------

async def admin_list(db: AsyncSession, *, code: str = "", name: str = "", category: int | None = None,
                     menu_type: str | None = None) -> list[dict]:
    menus = _matching(await all_menus(db), code=code, name=name, category=category, menu_type=menu_type)
    return forest(_menu_dict(m) for m in menus)


async def lazy_list(db: AsyncSession, *, parent_id: int, code: str = "", name: str = "",
                    category: int | None = None, menu_type: str | None = None) -> list[dict]:
    menus = await all_menus(db)
    with_children = {m.parent_id for m in menus if category is None or m.category == category}
    level = [m for m in menus if m.parent_id == parent_id]
    return [{**_menu_dict(m), "has_children": m.id in with_children}
            for m in _matching(level, code=code, name=name, category=category, menu_type=menu_type)]


def menu_node(menu: Menu) -> dict:
    """A menu as a TreeNode, with its English name for English mode."""
    return tree_node(menu.id, menu.parent_id, menu.name, title_en=menu.name_en or None)


async def tree(db: AsyncSession) -> list[dict]:
    return forest(menu_node(m) for m in await all_menus(db) if m.category == MENU)


async def detail(db: AsyncSession, id_: int) -> dict:
    menu = await _menu_or_raise(db, id_)
    parent = await db.get(Menu, menu.parent_id) if menu.parent_id else None
    return {**_menu_dict(menu), "parent_name": parent.name if parent else ""}


async def submit(db: AsyncSession, user: Identity, body: MenuWrite) -> dict:
    _platform_only(user)
    values = body.model_dump(by_alias=False)
    id_ = values.pop("id")
    if not body.code.strip():
        raise BadRequest("请输入菜单编号")
    if not body.name.strip():
        raise BadRequest("请输入菜单名称")
    taken = select(Menu.id).where(Menu.code == body.code.strip())
    if await db.scalar(taken.where(Menu.id != id_) if id_ else taken):
        raise BusinessError("菜单编号已存在")
    if body.parent_id:
        parent = await db.get(Menu, body.parent_id)
        if parent is None or parent.is_deleted:
            raise BusinessError("上级菜单不存在")
        if parent.category != MENU:
            raise BusinessError("父节点只可选择菜单类型!")
    if id_ is None:
        menu = Menu(**values)
        db.add(menu)
    else:
        menu = await _menu_or_raise(db, id_)
        if body.parent_id and body.parent_id in {id_} | descendants_of(
                [id_], (await db.execute(select(Menu.id, Menu.parent_id))).all()):
            raise BusinessError("父节点不可选择自身或子节点!")
        for key, value in values.items():
            setattr(menu, key, value)
    menu.code = menu.code.strip()
    await db.flush()
    return _menu_dict(menu)


async def remove(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    _platform_only(user)
    children = (await db.execute(select(Menu.id).where(Menu.parent_id.in_(ids)))).scalars()
    if set(children) - set(ids):
        raise BusinessError("请先删除子节点!")
    await db.execute(update(Menu).where(Menu.id.in_(ids)).values(is_deleted=1)
                     .execution_options(synchronize_session=False))
    await db.execute(delete(RoleMenu).where(RoleMenu.menu_id.in_(ids)))
    await db.execute(delete(TopMenuSetting).where(TopMenuSetting.menu_id.in_(ids)))


# --- grant trees ----------------------------------------------------------------------------------------------

async def grant_tree(db: AsyncSession, user: Identity, *, menu_type: str | None = None,
                     root_id: int | None = None) -> dict:
    """{menu, dataScope, apiScope}: what `user` may hand out, narrowed to the tenant's package."""
    menus = await all_menus(db)
    ids = await visible_ids(db, user, menus)
    if root_id is not None:
        ids &= {root_id} | descendants_of([root_id], [(m.id, m.parent_id) for m in menus])
    menus = [m for m in menus if m.id in ids and (menu_type is None or m.menu_type == menu_type)]
    screens = [m for m in menus if m.category == MENU]
    return {"menu": forest(menu_node(m) for m in menus),
            "data_scope": await _scope_tree(db, screens, ScopeData),
            "api_scope": await _scope_tree(db, screens, ScopeApi)}


async def grant_top_tree(db: AsyncSession, user: Identity) -> dict:
    menus = await all_menus(db)
    ids = await visible_ids(db, user, menus)
    return {"menu": forest(menu_node(m) for m in menus
                           if m.id in ids and m.category == MENU)}


async def role_tree_keys(db: AsyncSession, role_ids: list[int]) -> dict:
    """Ids granted to roles already checked to be visible to the caller."""
    menu = (await db.execute(select(RoleMenu.menu_id).join(Menu, Menu.id == RoleMenu.menu_id)
                             .where(RoleMenu.role_id.in_(role_ids)))).scalars()
    scopes = (await db.execute(select(RoleScope.scope_category, RoleScope.scope_id)
                               .where(RoleScope.role_id.in_(role_ids)))).all()
    return {"menu": _strings(menu),
            "data_scope": _strings(id_ for category, id_ in scopes if category == DATA_SCOPE),
            "api_scope": _strings(id_ for category, id_ in scopes if category == API_SCOPE)}


async def top_tree_keys(db: AsyncSession, top_menu_ids: list[int]) -> dict:
    visible = set((await db.execute(select(TopMenu.id).where(TopMenu.id.in_(top_menu_ids)))).scalars())
    rows = (await db.execute(select(TopMenuSetting.menu_id).join(Menu, Menu.id == TopMenuSetting.menu_id)
                             .where(TopMenuSetting.top_menu_id.in_(visible or {0})))).scalars()
    return {"menu": _strings(rows)}


async def grant_top_menus(db: AsyncSession, user: Identity, top_menu_ids: list[int], menu_ids: list[int]) -> None:
    """Replace the menus of top menus; only the caller's tenant's top menus, only menus the caller sees."""
    found = set((await db.execute(select(TopMenu.id).where(TopMenu.id.in_(top_menu_ids)))).scalars())
    if not top_menu_ids or found != set(top_menu_ids):
        raise NotFoundError("顶部菜单不存在")
    menus = await all_menus(db)
    if set(menu_ids) - await visible_ids(db, user, menus):
        raise BusinessError("所选菜单超出可授权范围!")
    await db.execute(delete(TopMenuSetting).where(TopMenuSetting.top_menu_id.in_(top_menu_ids)))
    db.add_all(TopMenuSetting(top_menu_id=t, menu_id=m) for t in top_menu_ids for m in dict.fromkeys(menu_ids))
    await db.flush()


# --- helpers --------------------------------------------------------------------------------------------------

def parse_id_list(raw: str | Iterable | None) -> list[int]:
    parts = raw.split(",") if isinstance(raw, str) else (raw or [])
    return [to_int(p, "ids") for p in (str(p).strip() for p in parts) if p.lstrip("-").isdigit()]


def _menu_dict(menu: Menu) -> dict:
    return {field: getattr(menu, field) for field in MENU_FIELDS}


def _matching(menus: list[Menu], *, code: str, name: str, category: int | None, menu_type: str | None) -> list[Menu]:
    return [m for m in menus
            if (not code or code.lower() in (m.code or "").lower())
            and (not name or name.lower() in (m.name or "").lower())
            and (category is None or m.category == category)
            and (menu_type is None or m.menu_type == menu_type)]


ScopeModel = TypeVar("ScopeModel", ScopeData, ScopeApi)


async def _scope_tree(db: AsyncSession, screens: list[Menu], model: type[ScopeModel]) -> list[dict]:
    if not screens:
        return []
    rows = (await db.execute(select(model).where(model.menu_id.in_([m.id for m in screens]))
                             .order_by(model.id))).scalars()
    scope_nodes: list[dict] = [tree_node(s.id, s.menu_id, s.scope_name, scope=True) for s in rows]
    roots = forest([*(menu_node(m) for m in screens), *scope_nodes])
    return prune(roots, lambda node: node.get("scope", False))


def _strings(ids: Iterable[int]) -> list[str]:
    return [str(i) for i in dict.fromkeys(ids)]


async def _menu_or_raise(db: AsyncSession, id_: int) -> Menu:
    menu = (await db.execute(select(Menu).where(Menu.id == id_))).scalar_one_or_none()
    if menu is None:
        raise NotFoundError()
    return menu


def _platform_only(user: Identity) -> None:
    """Menus and scopes are global: only the platform tenant edits them."""
    if not user.is_platform:
        raise Forbidden("无权限访问")

