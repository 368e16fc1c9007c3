"""/api/blade-system/role and /api/system/function (spec §7 System; contract §6)."""


from typing import Annotated

from fastapi import APIRouter, Body, Request

from plantdesk.core.context import Identity
from plantdesk.core.crud import request_ids
from plantdesk.core.deps import CurrentUser, IdQuery, OptionalId, TenantDb, Text, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.routing import include
from plantdesk.modules.system.role import service as roles
from plantdesk.modules.system.role.schemas import FunctionRead, FunctionWrite, RoleGrant, RoleRead, RoleWrite, UserBrief
from plantdesk.modules.system.trees import TreeNode

role = APIRouter(prefix="/blade-system/role", tags=["role"])
ROLE_VIEW = ("role", "role_view")


@role.get("/list", response_model=R[list[RoleRead]], summary="role tree list (filters roleName, roleAlias)")
async def role_list(db: TenantDb, roleName: Text = "", roleAlias: Text = "",  # noqa: N803
                    user: Identity = need(*ROLE_VIEW)):
    return ok(await roles.role_list(db, user, role_name=roleName, role_alias=roleAlias))


@role.get("/tree", response_model=R[list[TreeNode]], summary="role TreeNode forest (?tenantId for the platform)")
async def role_tree(db: TenantDb, user: Identity = need(*ROLE_VIEW, "user")):
    return ok(await roles.role_tree(db, user))


@role.get("/tree-by-id", response_model=R[list[TreeNode]], summary="role tree of a role's tenant")
async def role_tree_by_id(db: TenantDb, roleId: IdQuery, user: Identity = need(*ROLE_VIEW, "user")):  # noqa: N803
    return ok(await roles.tree_by_id(db, user, roleId))


@role.get("/detail", response_model=R[RoleRead], summary="role detail")
async def role_detail(db: TenantDb, id: IdQuery, _: Identity = need(*ROLE_VIEW)):
    return ok(await roles.detail(db, id))


@role.post("/submit", response_model=R[RoleRead], summary="role insert or update")
async def role_submit(db: TenantDb, body: Annotated[RoleWrite, Body()],
                      user: Identity = need("role_add", "role_edit")):
    return ok(await roles.submit(db, user, body))


@role.post("/remove", response_model=R[bool], summary="role remove (refused while users hold it)")
async def role_remove(request: Request, db: TenantDb, user: Identity = need("role_delete")):
    await roles.remove(db, user, await request_ids(request))
    return ok(True)


@role.post("/grant", response_model=R[bool], summary="replace the roles' menus, data scopes and API scopes")
async def role_grant(db: TenantDb, body: Annotated[RoleGrant, Body()], user: Identity = need("role_grant")):
    await roles.grant(db, user, body)
    return ok(True)


@role.get("/getUserByRole", response_model=R[list[UserBrief]], summary="users holding a role")
async def role_users(db: TenantDb, roleId: IdQuery, _: Identity = need(*ROLE_VIEW)):  # noqa: N803
    return ok(await roles.users_of_role(db, roleId))


@role.get("/select", response_model=R[list[RoleRead]], summary="roles of a user (role switch dialog)")
async def role_select(db: TenantDb, user: CurrentUser, userId: OptionalId = None):  # noqa: N803
    return ok(await roles.roles_of_user(db, user, userId))


function = APIRouter(prefix="/system/function", tags=["function"])
FUNCTION_CODES = ("role_grant", "role")


@function.get("/selectFunctionByRoleId", response_model=R[list[FunctionRead]], summary="function grants of a role")
async def functions_of_role(db: TenantDb, roleId: IdQuery, _: Identity = need(*FUNCTION_CODES)):  # noqa: N803
    return ok(await roles.functions_of_role(db, roleId))


@function.post("/addFunction", response_model=R[FunctionRead], summary="grant a function to a role")
async def add_function(db: TenantDb, body: Annotated[FunctionWrite, Body()], _: Identity = need("role_grant")):
    return ok(await roles.add_function(db, body))


@function.post("/updateFunction", response_model=R[FunctionRead], summary="rename or switch a function grant")
async def update_function(db: TenantDb, body: Annotated[FunctionWrite, Body()], _: Identity = need("role_grant")):
    return ok(await roles.update_function(db, body))

router = APIRouter()
include(router, role, function)
