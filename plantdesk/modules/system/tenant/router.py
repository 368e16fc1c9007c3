"""/api/blade-system/tenant and tenant-package (spec §7 System; contract §7)."""


from typing import Annotated

from fastapi import APIRouter, Body, Query, Request

from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise, request_ids
from plantdesk.core.deps import CurrentUser, Db, IdQuery, Text, administrator_only, form_or_query
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BadRequest
from plantdesk.core.paging import Page, Paging
from plantdesk.core.query import to_int
from plantdesk.core.routing import include
from plantdesk.modules.system.menu import service as menus
from plantdesk.modules.system.models import Tenant, TenantPackage
from plantdesk.modules.system.tenant import service as tenants
from plantdesk.modules.system.tenant.schemas import PackageRead, PackageWrite, TenantRead, TenantSelect, TenantWrite

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
    await tenants.remove(db, user, await request_ids(request))
    return ok(True)


@tenant.post("/setting", response_model=R[bool], summary="account quota and expiry of tenants")
async def tenant_setting(request: Request, db: Db, user: Identity = administrator_only()):
    await tenants.setting(db, await request_ids(request), account_number=await form_or_query(request, "accountNumber"),
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
    await tenants.remove_packages(db, user, await request_ids(request))
    return ok(True)


@package.get("/select", response_model=R[list[PackageRead]], summary="tenant packages for dropdowns")
async def package_select(db: Db, user: Identity = administrator_only()):
    return ok(await tenants.select_packages(db))

router = APIRouter()
include(router, tenant, package)
