"""Tenant administration (platform administrator) and tenant packages; tenant creation is `tenant.create_tenant`.

blade_tenant and blade_tenant_package are not tenant-scoped tables: only platform operations reach them, and
the routers guard every write with `administrator_only()`.
"""

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, get_or_raise, remove_ids, save
from plantdesk.core.errors import BadRequest, BusinessError, NotFoundError
from plantdesk.core.paging import PageParams
from plantdesk.core.query import column_int
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.modules.system.menu.service import parse_id_list
from plantdesk.modules.system.models import Menu, Tenant, TenantPackage
from plantdesk.modules.system.tenant.provision import create_tenant
from plantdesk.modules.system.tenant.schemas import PackageRead, PackageWrite, TenantRead, TenantWrite

TENANT_RESOURCE = Resource(
    name="tenant", model=Tenant, read=TenantRead, write=TenantWrite,
    filters={"tenantName": Tenant.tenant_name, "tenantId": Tenant.tenant_id, "contactNumber": Tenant.contact_number,
             "linkman": Tenant.linkman},
    sorts={"tenant_id": Tenant.tenant_id, "tenant_name": Tenant.tenant_name, "create_time": Tenant.create_time},
    order=(Tenant.tenant_id,),
)
PACKAGE_RESOURCE = Resource(
    name="tenantpackage", model=TenantPackage, read=PackageRead, write=PackageWrite,
    filters={"packageName": TenantPackage.package_name},
    sorts={"package_name": TenantPackage.package_name, "create_time": TenantPackage.create_time},
)


async def tenant_page(db: AsyncSession, params: Mapping[str, str], paging: PageParams) -> dict:
    """Filters tenantName, tenantId, contactNumber, linkman (`tenantId` is core's tenant switch elsewhere, a
    filter here)."""
    listing = TENANT_RESOURCE.listing
    stmt = listing.select(params)
    if params.get("tenantId"):
        stmt = stmt.where(Tenant.tenant_id.contains(params["tenantId"], autoescape=True))
    return await listing.page(db, stmt, paging)


async def package_page(db: AsyncSession, params: Mapping[str, str], paging: PageParams) -> dict:
    listing = PACKAGE_RESOURCE.listing
    return await listing.page(db, listing.select(params), paging)


async def submit(db: AsyncSession, body: TenantWrite) -> Tenant:
    if not body.tenant_name.strip():
        raise BadRequest("请输入租户名称")
    if body.package_id is not None:
        await get_or_raise(db, TenantPackage, body.package_id)
    fields = body.model_dump(exclude_unset=True, exclude_none=True, by_alias=False, exclude={"id", "tenant_id"})
    if body.id is None:
        fields.pop("tenant_name")
        return await create_tenant(db, tenant_name=body.tenant_name.strip(), tenant_id=body.tenant_id, **fields)
    tenant = await get_or_raise(db, Tenant, body.id)
    if body.tenant_id and body.tenant_id != tenant.tenant_id:
        raise BusinessError("租户ID不可修改")
    for key, value in fields.items():
        setattr(tenant, key, value)
    await db.flush()
    return tenant


async def remove(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    tenants = (await db.execute(select(Tenant.tenant_id).where(Tenant.id.in_(ids)))).scalars()
    if PLATFORM_TENANT in set(tenants):
        raise BusinessError("不可删除管理租户!")
    await remove_ids(db, user, TENANT_RESOURCE, ids)


async def setting(db: AsyncSession, ids: list[int], *, account_number: str | None, expire_time: str | None) -> None:
    """Account quota (empty = -1, unlimited) and licence expiry of several tenants at once (BladeX tenant/setting)."""
    quota = column_int(Tenant.account_number, account_number, "accountNumber") if account_number else -1
    if quota < -1:
        raise BadRequest("账号额度不能小于 -1")
    values = {"account_number": quota, "expire_time": _parse_time(expire_time) if expire_time else None}
    await db.execute(update(Tenant).where(Tenant.id.in_(ids)).values(**values)
                     .execution_options(synchronize_session=False))


async def tenant_ids(db: AsyncSession) -> list[str]:
    """Every tenant's id: the tenants a job declared for each tenant runs in."""
    return list((await db.execute(select(Tenant.tenant_id).order_by(Tenant.tenant_id))).scalars())


async def select_tenants(db: AsyncSession, user: Identity) -> list[Tenant]:
    stmt = select(Tenant).order_by(Tenant.tenant_id)
    if not user.is_platform_admin:
        stmt = stmt.where(Tenant.tenant_id == user.tenant_id)
    return list((await db.execute(stmt)).scalars())


async def info(db: AsyncSession, domain: str) -> dict:
    """Which tenant owns the login page's domain (public): {tenantId, domain, backgroundUrl} or {}."""
    if not domain.strip():
        return {}
    with tenancy.platform_scope(db):
        tenant = (await db.execute(select(Tenant).where(Tenant.domain == domain.strip()).limit(1))).scalar()
    if tenant is None:
        return {}
    return {"tenantId": tenant.tenant_id, "domain": tenant.domain, "backgroundUrl": tenant.background_url or ""}


async def package_detail(db: AsyncSession, tenant_id: str) -> TenantPackage | None:
    tenant = await _tenant_or_raise(db, tenant_id)
    if not tenant.package_id:
        return None
    return (await db.execute(select(TenantPackage).where(TenantPackage.id == tenant.package_id))).scalar()


async def package_setting(db: AsyncSession, tenant_id: str, package_id: int | None) -> None:
    tenant = await _tenant_or_raise(db, tenant_id)
    if package_id:
        await get_or_raise(db, TenantPackage, package_id)
    tenant.package_id = package_id or None
    await db.flush()


async def submit_package(db: AsyncSession, user: Identity, body: PackageWrite) -> TenantPackage:
    if not body.package_name.strip():
        raise BadRequest("请输入产品包名称")
    ids = parse_id_list(body.menu_id)
    if not ids:
        raise BadRequest("请选择菜单")
    known = set((await db.execute(select(Menu.id).where(Menu.id.in_(ids)))).scalars())
    body.menu_id = ",".join(str(i) for i in dict.fromkeys(ids) if i in known)
    if not body.menu_id:
        raise BadRequest("请选择菜单")
    package = await save(db, user, PACKAGE_RESOURCE, body)
    return package


async def remove_packages(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    if await db.scalar(select(Tenant.id).where(Tenant.package_id.in_(ids)).limit(1)):
        raise BusinessError("产品包已被租户使用, 不允许删除!")
    await remove_ids(db, user, PACKAGE_RESOURCE, ids)


async def select_packages(db: AsyncSession) -> list[TenantPackage]:
    return list((await db.execute(select(TenantPackage).order_by(TenantPackage.package_name))).scalars())


def _parse_time(raw: str) -> datetime:
    for fmt in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d"):
        try:
            return datetime.strptime(raw.strip(), fmt)
        except ValueError:
            continue
    raise BadRequest("请求参数类型错误: expireTime")


async def _tenant_or_raise(db: AsyncSession, tenant_id: str) -> Tenant:
    tenant = (await db.execute(select(Tenant).where(Tenant.tenant_id == tenant_id))).scalar_one_or_none()
    if tenant is None:
        raise NotFoundError("租户不存在")
    return tenant
