"""/api/blade-system/menu, topmenu, data-scope and api-scope (contract §5, §8; spec §7 System)."""

from typing import Annotated

from fastapi import APIRouter, Body, Query, Request

from plantdesk.core import permissions, responses
from plantdesk.core.context import Identity
from plantdesk.core.crud import crud_router, parse_ids, request_ids
from plantdesk.core.deps import CurrentUser, Db, IdQuery, Rt, TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.routing import include
from plantdesk.modules.system.menu import scope as scopes
from plantdesk.modules.system.menu import service as menus
from plantdesk.modules.system.menu import topmenu as topmenus
from plantdesk.modules.system.menu.schemas import (
    ButtonNode,
    CheckedKeys,
    GrantTree,
    MenuNode,
    MenuWrite,
    ScopeApiRead,
    ScopeApiWrite,
    ScopeDataRead,
    ScopeDataWrite,
    TopCheckedKeys,
    TopGrantTree,
    TopMenuGrant,
    TopMenuRead,
)
from plantdesk.modules.system.role import service as roles
from plantdesk.modules.system.trees import TreeNode

router = APIRouter()
menu = APIRouter(prefix="/blade-system/menu", tags=["menu"])

MENU_VIEW = ("menu", "menu_view", "mobilemenu", "pcmenu", "datascope", "apiscope", "topmenu")
# dataauth: the data-authority screen shows the data-scope grant tree and the roles' keys.
GRANT_VIEW = ("role_grant", "topmenu_setting", "tenantpackage_add", "tenantpackage_edit", "dataauth")
# The mobile and PC menu screens edit blade_menu rows of their type with their own button codes.
MENU_WRITE = ("menu_add", "menu_edit", "mobilemenu_add", "mobilemenu_edit", "pcmenu_add", "pcmenu_edit")
MENU_DELETE = ("menu_delete", "mobilemenu_delete", "pcmenu_delete")
MENU_TYPES = ("sys", "pc", "app", "tpy")
OptionalId = Annotated[int | None, Query(ge=0, lt=2**63)]


# --- what the console shell asks for -------------------------------------------------------------------------

# Menus and buttons depend only on the tenant and the role set: cached responses under the permission generation.
# They open their unit of work themselves, only on a miss: the `Db` dependency costs a hit ~4x its work.

@menu.get("/routes", response_model=R[list[MenuNode]], summary="sidebar menus of the current user")
@responses.cached(permissions.GENERATION, per=responses.ROLES)
async def routes(rt: Rt, user: CurrentUser, topMenuId: OptionalId = None):  # noqa: N803
    async with rt.unit_of_work(user) as db:
        return ok(await menus.routes(db, user, topMenuId))


@menu.get("/routesLarge", response_model=R[list[MenuNode]], summary="menus for the large-screen platform")
@responses.cached(permissions.GENERATION, per=responses.ROLES)
async def routes_large(rt: Rt, user: CurrentUser, topMenuId: OptionalId = None):  # noqa: N803
    async with rt.unit_of_work(user) as db:
        return ok(await menus.routes(db, user, topMenuId))


@menu.get("/buttons", response_model=R[list[ButtonNode]], summary="menus owning granted buttons, with them")
@responses.cached(permissions.GENERATION, per=responses.ROLES)
async def buttons(rt: Rt, user: CurrentUser):
    async with rt.unit_of_work(user) as db:
        return ok(await menus.buttons(db, user))


@menu.get("/top-menu", response_model=R[list[TopMenuRead]], summary="the tenant's top menus")
async def top_menu(db: Db, user: CurrentUser):
    return ok(await menus.top_menus(db))


@menu.get("/isHavingMenu", response_model=R[bool], summary="does the current user see this menu code")
async def is_having_menu(db: Db, user: CurrentUser, code: Annotated[str, Query(max_length=255)]):
    return ok(await menus.has_menu(db, user, code))


@menu.get("/selectCusByName/{name}", response_model=R[list[MenuNode]], summary="visible menus by name")
async def select_by_name(db: Db, user: CurrentUser, name: str):
    return ok(await menus.search_by_name(db, user, name))


# --- admin tree -------------------------------------------------------------------------------------------------

MenuType = Annotated[str | None, Query(pattern="^(sys|pc|app|tpy)$")]


@menu.get("/list", response_model=R[list[MenuNode]], summary="menu tree list (filters code, name, menuType)")
async def list_(db: Db, code: str = "", name: str = "", menuType: MenuType = None,  # noqa: N803
                user: Identity = need(*MENU_VIEW)):
    return ok(await menus.admin_list(db, code=code, name=name, menu_type=menuType))


@menu.get("/menu-list", response_model=R[list[MenuNode]], summary="menu tree list without buttons")
async def menu_list(db: Db, code: str = "", name: str = "", user: Identity = need(*MENU_VIEW)):
    return ok(await menus.admin_list(db, code=code, name=name, category=menus.MENU))


@menu.get("/lazy-list", response_model=R[list[MenuNode]], summary="one level of the menu tree")
async def lazy_list(db: Db, parentId: OptionalId = 0, code: str = "", name: str = "",  # noqa: N803
                    user: Identity = need(*MENU_VIEW)):
    return ok(await menus.lazy_list(db, parent_id=parentId or 0, code=code, name=name))


@menu.get("/lazy-menu-list", response_model=R[list[MenuNode]], summary="one level of the menu tree, no buttons")
async def lazy_menu_list(db: Db, parentId: OptionalId = 0, code: str = "", name: str = "",  # noqa: N803
                         user: Identity = need(*MENU_VIEW)):
    return ok(await menus.lazy_list(db, parent_id=parentId or 0, code=code, name=name, category=menus.MENU))


@menu.get("/lazy-listByType", response_model=R[list[MenuNode]], summary="one level of one menu type")
async def lazy_list_by_type(db: Db, type: Annotated[str, Query(pattern="^(sys|pc|app|tpy)$")] = "sys",
                            parentId: OptionalId = 0, code: str = "", name: str = "",  # noqa: N803
                            user: Identity = need(*MENU_VIEW)):
    return ok(await menus.lazy_list(db, parent_id=parentId or 0, code=code, name=name, menu_type=type))


@menu.get("/tree", response_model=R[list[TreeNode]], summary="menu TreeNode forest (no buttons)")
async def tree(db: Db, user: Identity = need(*MENU_VIEW, *GRANT_VIEW)):
    return ok(await menus.tree(db))


@menu.get("/detail", response_model=R[MenuNode], summary="menu detail")
async def detail(db: Db, id: IdQuery, user: Identity = need(*MENU_VIEW)):
    return ok(await menus.detail(db, id))


@menu.post("/submit", response_model=R[MenuNode], summary="menu insert or update")
async def submit(db: Db, body: Annotated[MenuWrite, Body()], user: Identity = need(*MENU_WRITE)):
    return ok(await menus.submit(db, user, body))


@menu.post("/remove", response_model=R[bool], summary="menu remove (refused while children exist)")
async def remove(request: Request, db: Db, user: Identity = need(*MENU_DELETE)):
    await menus.remove(db, user, await request_ids(request))
    return ok(True)


# --- grant trees ------------------------------------------------------------------------------------------------

@menu.get("/grant-tree", response_model=R[GrantTree], summary="menus, data scopes and API scopes to grant")
async def grant_tree(db: Db, user: Identity = need(*GRANT_VIEW)):
    return ok(await menus.grant_tree(db, user))


def _typed_grant_tree(menu_type: str):
    async def handler(db: Db, user: Identity = need(*GRANT_VIEW)):
        return ok(await menus.grant_tree(db, user, menu_type=menu_type))

    return handler


for _type in MENU_TYPES:
    menu.add_api_route(f"/grant-tree-{_type}", _typed_grant_tree(_type), methods=["GET"],
                       response_model=R[GrantTree], name=f"grant_tree_{_type}",
                       summary=f"grant tree of the {_type} menus")


@menu.get("/grantTreeList/{id}", response_model=R[GrantTree], summary="grant tree below one menu")
async def grant_tree_list(db: Db, id: int, user: Identity = need(*GRANT_VIEW)):
    return ok(await menus.grant_tree(db, user, root_id=id))


@menu.get("/role-tree-keys", response_model=R[CheckedKeys], summary="ids granted to roles")
async def role_tree_keys(db: TenantDb, roleIds: str = "", user: Identity = need(*GRANT_VIEW)):  # noqa: N803
    role_ids = await roles.visible_role_ids(db, parse_ids(roleIds))
    return ok(await menus.role_tree_keys(db, role_ids))


@menu.get("/grant-top-tree", response_model=R[TopGrantTree], summary="menus to attach to top menus")
async def grant_top_tree(db: Db, user: Identity = need(*GRANT_VIEW)):
    return ok(await menus.grant_top_tree(db, user))


@menu.get("/top-tree-keys", response_model=R[TopCheckedKeys], summary="menu ids of top menus")
async def top_tree_keys(db: Db, topMenuIds: str = "", user: Identity = need(*GRANT_VIEW)):  # noqa: N803
    return ok(await menus.top_tree_keys(db, parse_ids(topMenuIds)))


# --- top menus ----------------------------------------------------------------------------------------------------

topmenu = crud_router(topmenus.RESOURCE, "/blade-system/topmenu", tags=["topmenu"])


@topmenu.post("/grant", response_model=R[bool], summary="attach menus to top menus")
async def topmenu_grant(db: Db, body: Annotated[TopMenuGrant, Body()], user: Identity = need("topmenu_setting")):
    await menus.grant_top_menus(db, user, body.top_menu_ids, body.menu_ids)
    return ok(True)


# --- data and API scopes ----------------------------------------------------------------------------------------

data_scope = crud_router(scopes.DATA_RESOURCE, "/blade-system/data-scope", ops=("list", "detail"),
                         tags=["data-scope"])
api_scope = crud_router(scopes.API_RESOURCE, "/blade-system/api-scope", ops=("list", "detail"), tags=["api-scope"])


@data_scope.post("/submit", response_model=R[ScopeDataRead], summary="data scope insert or update")
async def data_scope_submit(db: Db, body: Annotated[ScopeDataWrite, Body()],
                            user: Identity = need("datascope_add", "datascope_edit")):
    return ok(await scopes.submit_data_scope(db, user, body))


@data_scope.post("/remove", response_model=R[bool], summary="data scope remove")
async def data_scope_remove(request: Request, db: Db, user: Identity = need("datascope_delete")):
    await scopes.remove(db, user, menus.DATA_SCOPE, await request_ids(request))
    return ok(True)


@api_scope.post("/submit", response_model=R[ScopeApiRead], summary="API scope insert or update")
async def api_scope_submit(db: Db, body: Annotated[ScopeApiWrite, Body()],
                           user: Identity = need("apiscope_add", "apiscope_edit")):
    return ok(await scopes.submit_api_scope(db, user, body))


@api_scope.post("/remove", response_model=R[bool], summary="API scope remove")
async def api_scope_remove(request: Request, db: Db, user: Identity = need("apiscope_delete")):
    await scopes.remove(db, user, menus.API_SCOPE, await request_ids(request))
    return ok(True)


include(router, menu, topmenu, data_scope, api_scope)
