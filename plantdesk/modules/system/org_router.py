"""/api/blade-system role, dept, post, tenant, tenant-package, region, client and /api/system/function
(spec §7 System; contract §6, §7, §11)."""

from typing import Annotated

from fastapi import APIRouter, Body, Query, Request

from plantdesk.core.context import Identity
from plantdesk.core.crud import crud_router, get_or_raise, parse_ids
from plantdesk.core.deps import CurrentUser, Db, TenantDb, administrator_only, form_or_query, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BadRequest
from plantdesk.core.paging import Page, Paging
from plantdesk.core.query import to_int
from plantdesk.core.routing import include
from plantdesk.modules.system import clients, depts, menus, posts, regions, roles, tenants
from plantdesk.modules.system.models import Tenant, TenantPackage
from plantdesk.modules.system.schemas_menu import TreeNode
from plantdesk.modules.system.schemas_org import (
    ClientCreated,
    DeptRead,
    DeptWrite,
    FunctionRead,
    FunctionWrite,
    PackageRead,
    PackageWrite,
    PostRead,
    RegionNode,
    RegionRead,
    RegionWrite,
    RoleGrant,
    RoleRead,
    RoleWrite,
    TenantRead,
    TenantSelect,
    TenantWrite,
    UserBrief,
)

router = APIRouter()
IdQuery = Annotated[int, Query(ge=1, lt=2**63)]
OptionalId = Annotated[int | None, Query(ge=1, lt=2**63)]
Text = Annotated[str, Query(max_length=255)]


async def _ids(request: Request) -> list[int]:
    return parse_ids(await form_or_query(request, "ids"))


# --- roles ------------------------------------------------------------------------------------------------------

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
    await roles.remove(db, user, await _ids(request))
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


# --- departments --------------------------------------------------------------------------------------------------

dept = APIRouter(prefix="/blade-system/dept", tags=["dept"])
DEPT_VIEW = ("dept", "dept_view")
DEPT_PICK = (*DEPT_VIEW, "user", "role", "post")


@dept.get("/list", response_model=R[list[DeptRead]], summary="department tree list (filters deptName, fullName)")
async def dept_list(db: TenantDb, deptName: Text = "", fullName: Text = "",  # noqa: N803
                    user: Identity = need(*DEPT_VIEW)):
    return ok(await depts.dept_list(db, dept_name=deptName, full_name=fullName))


@dept.get("/tree", response_model=R[list[TreeNode]], summary="department TreeNode forest (?tenantId)")
async def dept_tree(db: TenantDb, _: Identity = need(*DEPT_PICK)):
    return ok(await depts.dept_tree(db))


@dept.get("/lazy-tree", response_model=R[list[TreeNode]], summary="one level of the department tree")
async def dept_lazy_tree(db: TenantDb, parentId: Annotated[int, Query(ge=0, lt=2**63)] = 0,  # noqa: N803
                         user: Identity = need(*DEPT_PICK)):
    return ok(await depts.lazy_tree(db, parent_id=parentId))


@dept.get("/detail", response_model=R[DeptRead], summary="department detail")
async def dept_detail(db: TenantDb, id: IdQuery, _: Identity = need(*DEPT_VIEW)):
    return ok(await depts.detail(db, id))


@dept.post("/submit", response_model=R[DeptRead], summary="department insert or update")
async def dept_submit(db: TenantDb, body: Annotated[DeptWrite, Body()], _: Identity = need("dept_add", "dept_edit")):
    return ok(await depts.submit(db, body))


@dept.post("/remove", response_model=R[bool], summary="department remove (refused with children or users)")
async def dept_remove(request: Request, db: TenantDb, _: Identity = need("dept_delete")):
    await depts.remove(db, await _ids(request))
    return ok(True)


@dept.get("/select", response_model=R[list[DeptRead]], summary="departments of a user (switch dialog)")
async def dept_select(db: TenantDb, user: CurrentUser, userId: OptionalId = None):  # noqa: N803
    return ok(await depts.depts_of_user(db, user, userId))


# --- posts ---------------------------------------------------------------------------------------------------------

post = crud_router(posts.RESOURCE, "/blade-system/post", tags=["post"])


@post.get("/select", response_model=R[list[PostRead]], summary="posts for dropdowns (?tenantId for the platform)")
async def post_select(db: TenantDb, _: Identity = need("post", "post_view", "user")):
    return ok(await posts.select_posts(db))


# --- tenants and packages --------------------------------------------------------------------------------------------

tenant = APIRouter(prefix="/blade-system/tenant", tags=["tenant"])
package = APIRouter(prefix="/blade-system/tenant-package", tags=["tenant-package"])


@tenant.get("/list", response_model=R[Page[TenantRead]], summary="tenants (filters tenantName, tenantId, ...)")
async def tenant_list(request: Request, db: Db, paging: Paging, user: Identity = administrator_only()):
    return ok(await tenants.tenant_page(db, request.query_params, paging))


@tenant.get("/page", response_model=R[Page[TenantRead]], summary="tenants, paged (same as list)")
async def tenant_page(request: Request, db: Db, paging: Paging, user: Identity = administrator_only()):
    return ok(await tenants.tenant_page(db, request.query_params, paging))


@tenant.get("/detail", response_model=R[TenantRead], summary="tenant detail")
async def tenant_detail(db: Db, id: IdQuery, user: Identity = administrator_only()):
    return ok(await get_or_raise(db, Tenant, id))


@tenant.post("/submit", response_model=R[TenantRead], summary="tenant insert (creates its organisation) or update")
async def tenant_submit(db: Db, body: Annotated[TenantWrite, Body()], user: Identity = administrator_only()):
    return ok(await tenants.submit(db, body))


@tenant.post("/remove", response_model=R[bool], summary="tenant remove (000000 cannot be removed)")
async def tenant_remove(request: Request, db: Db, user: Identity = administrator_only()):
    await tenants.remove(db, user, await _ids(request))
    return ok(True)


@tenant.post("/setting", response_model=R[bool], summary="account quota and expiry of tenants")
async def tenant_setting(request: Request, db: Db, user: Identity = administrator_only()):
    await tenants.setting(db, await _ids(request), account_number=await form_or_query(request, "accountNumber"),
                          expire_time=await form_or_query(request, "expireTime"))
    return ok(True)


@tenant.get("/select", response_model=R[list[TenantSelect]], summary="tenants for dropdowns (own only for tenants)")
async def tenant_select(db: Db, user: CurrentUser):
    return ok(await tenants.select_tenants(db, user))


@tenant.get("/info", response_model=R[dict[str, str]], summary="the tenant owning a login domain (public)")
async def tenant_info(db: Db, domain: Text = ""):
    return ok(await tenants.info(db, domain))


@tenant.get("/menu-codes", response_model=R[list[str]], summary="menu codes the tenant may open ([] = all)")
async def tenant_menu_codes(db: Db, user: CurrentUser):
    return ok(await menus.tenant_menu_codes(db, user.tenant_id))


@tenant.get("/package-detail", response_model=R[PackageRead | None], summary="a tenant's package")
async def tenant_package_detail(db: Db, tenantId: Annotated[str, Query(max_length=12)],  # noqa: N803
                                user: Identity = administrator_only()):
    return ok(await tenants.package_detail(db, tenantId))


@tenant.post("/package-setting", response_model=R[bool], summary="set (or clear) a tenant's package")
async def tenant_package_setting(request: Request, db: Db, user: Identity = administrator_only()):
    tenant_id = await form_or_query(request, "tenantId")
    package_id = await form_or_query(request, "packageId")
    if not tenant_id:
        raise BadRequest("缺少必要的请求参数: tenantId")
    if package_id and not package_id.isdigit():
        raise BadRequest("请求参数类型错误: packageId")
    await tenants.package_setting(db, tenant_id, to_int(package_id, "packageId") if package_id else None)
    return ok(True)


@package.get("/list", response_model=R[Page[PackageRead]], summary="tenant packages (filter packageName)")
async def package_list(request: Request, db: Db, paging: Paging, user: Identity = administrator_only()):
    return ok(await tenants.package_page(db, request.query_params, paging))


@package.get("/detail", response_model=R[PackageRead], summary="tenant package detail")
async def package_detail(db: Db, id: IdQuery, user: Identity = administrator_only()):
    return ok(await get_or_raise(db, TenantPackage, id))


@package.post("/submit", response_model=R[PackageRead], summary="tenant package insert or update")
async def package_submit(db: Db, body: Annotated[PackageWrite, Body()],
                         user: Identity = administrator_only()):
    return ok(await tenants.submit_package(db, user, body))


@package.post("/remove", response_model=R[bool], summary="tenant package remove (refused while in use)")
async def package_remove(request: Request, db: Db, user: Identity = administrator_only()):
    await tenants.remove_packages(db, user, await _ids(request))
    return ok(True)


@package.get("/select", response_model=R[list[PackageRead]], summary="tenant packages for dropdowns")
async def package_select(db: Db, user: Identity = administrator_only()):
    return ok(await tenants.select_packages(db))


# --- regions -----------------------------------------------------------------------------------------------------

region = APIRouter(prefix="/blade-system/region", tags=["region"])
REGION_VIEW = ("region", "region_view")
Code = Annotated[str, Query(max_length=12)]


@region.get("/list", response_model=R[Page[RegionRead]], summary="regions (filters code, name, parentCode)")
async def region_list(db: Db, paging: Paging, code: Code = "", name: Text = "", parentCode: Code = "",  # noqa: N803
                      user: Identity = need(*REGION_VIEW)):
    return ok(await regions.page(db, paging, code=code, name=name, parent_code=parentCode))


@region.get("/lazy-list", response_model=R[list[RegionRead]], summary="one level of regions")
async def region_lazy_list(db: Db, user: CurrentUser, parentCode: Code = regions.ROOT):  # noqa: N803
    return ok(await regions.children(db, parentCode))


@region.get("/lazy-tree", response_model=R[list[RegionNode]], summary="one level of the region tree")
async def region_lazy_tree(db: Db, user: CurrentUser, parentCode: Code = regions.ROOT):  # noqa: N803
    return ok(await regions.lazy_tree(db, parentCode))


@region.get("/detail", response_model=R[RegionRead], summary="region detail by code")
async def region_detail(db: Db, code: Code, user: Identity = need(*REGION_VIEW)):
    return ok(await regions.detail(db, code))


@region.post("/submit", response_model=R[RegionRead], summary="region insert or update (by code)")
async def region_submit(db: Db, body: Annotated[RegionWrite, Body()], user: Identity = need("region_add",
                                                                                               "region_edit")):
    return ok(await regions.submit(db, user, body))


@region.post("/remove", response_model=R[bool], summary="region remove (id = code; refused with children)")
async def region_remove(request: Request, db: Db, user: Identity = need("region_delete")):
    code = await form_or_query(request, "id")
    if not code:
        raise BadRequest("缺少必要的请求参数: id")
    await regions.remove(db, user, code)
    return ok(True)


@region.get("/select", response_model=R[list[RegionRead]], summary="children of a region (cascading selects)")
async def region_select(db: Db, user: CurrentUser, code: Code = regions.ROOT):
    return ok(await regions.select_children(db, code))


# --- application clients ------------------------------------------------------------------------------------------

client = crud_router(clients.RESOURCE, "/blade-system/client", ops=("list", "detail"), tags=["client"])


@client.post("/submit", response_model=R[ClientCreated], summary="client insert (secret shown once) or update")
async def client_submit(db: Db, body: Annotated[clients.ClientWrite, Body()], user: Identity = administrator_only()):
    return ok(await clients.submit(db, user, body))


@client.post("/remove", response_model=R[bool], summary="client remove")
async def client_remove(request: Request, db: Db, user: Identity = administrator_only()):
    await clients.remove(db, user, await _ids(request))
    return ok(True)


include(router, role, function, dept, post, tenant, package, region, client)
