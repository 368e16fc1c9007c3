"""Creating a tenant: the tenant row plus its admin role, root dept, post and `admin` user (contract §7).

The admin role gets the menus of `tenant.default.menuCode`, narrowed to the tenant's package when it has one."""

import random

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import areas, tenancy
from plantdesk.core.errors import BusinessError
from plantdesk.core.security.passwords import hash_password, md5_hex
from plantdesk.modules.system.menu.service import package_menu_ids
from plantdesk.modules.system.models import Dept, Menu, Post, Role, RoleMenu, Tenant, User
from plantdesk.modules.system.param import service as params

TENANT_ADMIN_ROLE = ("管理员", "admin")


async def create_tenant(db: AsyncSession, *, tenant_name: str, tenant_id: str | None = None, **fields) -> Tenant:
    """Runs as a platform operation: the new rows belong to the new tenant, not to the caller's."""
    with tenancy.platform_scope(db):
        tenant_id = tenant_id or await _free_tenant_id(db)
        if await db.scalar(select(Tenant.id).where(Tenant.tenant_id == tenant_id)):
            raise BusinessError(f"租户ID [{tenant_id}] 已存在!")
        defaults = await params.get_many(db, "tenant.default.accountNumber", "tenant.default.password",
                                         "tenant.default.menuCode")
        fields.setdefault("account_number", int(defaults["tenant.default.accountNumber"] or -1))
        tenant = Tenant(tenant_id=tenant_id, tenant_name=tenant_name, **fields)
        role = Role(tenant_id=tenant_id, role_name=TENANT_ADMIN_ROLE[0], role_alias=TENANT_ADMIN_ROLE[1],
                    parent_id=0, sort=1)
        dept = Dept(tenant_id=tenant_id, dept_name=tenant_name[:45], full_name=tenant_name[:45], parent_id=0,
                    ancestors="0", sort=1, dept_category=1)
        post = Post(tenant_id=tenant_id, category=1, post_code="ceo", post_name="首席执行官", sort=1)
        db.add_all([tenant, role, dept, post])
        await db.flush()
        db.add(User(tenant_id=tenant_id, account="admin", name="admin", real_name="管理员",
                    password=await hash_password(md5_hex(defaults["tenant.default.password"])),
                    role_id=str(role.id), dept_id=str(dept.id), post_id=str(post.id), user_type=1))
        granted = await menu_ids_for_codes(db, defaults["tenant.default.menuCode"].split(","))
        package = await package_menu_ids(db, tenant_id)
        for menu_id in granted:
            if package is None or menu_id in package:
                db.add(RoleMenu(role_id=role.id, menu_id=menu_id))
        await db.flush()
        return tenant


async def menu_ids_for_codes(db: AsyncSession, codes: list[str]) -> list[int]:
    """Each listed code grants that menu with all its descendants (sub-menus and buttons), the platform-only ones
    excepted (core.areas.platform_menu_codes): what this grants goes to tenants' roles, and the platform
    administrator role is given every menu by the seed sync."""
    platform = areas.platform_menu_codes()
    rows = [row for row in (await db.execute(select(Menu.id, Menu.parent_id, Menu.code))).all()
            if row.code not in platform]
    children: dict[int, list[int]] = {}
    for id_, parent_id, _ in rows:
        children.setdefault(parent_id, []).append(id_)
    wanted = {code.strip() for code in codes if code.strip()}
    granted: set[int] = set()
    stack = [id_ for id_, _, code in rows if code in wanted]
    while stack:
        id_ = stack.pop()
        if id_ not in granted:
            granted.add(id_)
            stack.extend(children.get(id_, ()))
    return sorted(granted)


async def _free_tenant_id(db: AsyncSession) -> str:
    taken = set((await db.execute(select(Tenant.tenant_id))).scalars())
    while True:
        candidate = f"{random.randint(100000, 999999)}"
        if candidate not in taken:
            return candidate
