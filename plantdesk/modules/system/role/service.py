"""Roles, their grants (menus, data scopes, API scopes) and function permissions.

Roles are tenant-scoped: everything here runs in the session's tenant, which the platform administrator may
set to another tenant with `tenantId` (core.deps.TenantDb). A tenant admin hands out at most what they see
themselves, and never beyond the tenant's package.
"""

from sqlalchemy import delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.context import ADMINISTRATOR, Identity
from plantdesk.core.errors import BadRequest, BusinessError, Forbidden, NotFoundError
from plantdesk.db.base import IdMixin
from plantdesk.modules.system.menu import service as menus
from plantdesk.modules.system.models import Role, RoleFunction, RoleMenu, RoleScope, ScopeApi, ScopeData, User
from plantdesk.modules.system.role.schemas import FunctionWrite, RoleGrant, RoleWrite
from plantdesk.modules.system.trees import descendants_of, forest, tree_node


async def role_list(db: AsyncSession, user: Identity, *, role_name: str = "", role_alias: str = "") -> list[dict]:
    roles = await _roles(db, user)
    names = {r.id: r.role_name for r in roles}
    matching = [r for r in roles if role_name.lower() in r.role_name.lower()
                and role_alias.lower() in r.role_alias.lower()]
    return forest({**_role_dict(r), "parent_name": names.get(r.parent_id, "")} for r in matching)


async def role_tree(db: AsyncSession, user: Identity) -> list[dict]:
    roles = await _roles(db, user)
    return forest(tree_node(r.id, r.parent_id, r.role_name) for r in roles)


async def tree_by_id(db: AsyncSession, user: Identity, role_id: int) -> list[dict]:
    await _visible_roles(db, [role_id])
    return await role_tree(db, user)


async def detail(db: AsyncSession, id_: int) -> dict:
    role = (await _visible_roles(db, [id_]))[0]
    parent = (await db.execute(select(Role).where(Role.id == role.parent_id))).scalar_one_or_none()
    return {**_role_dict(role), "parent_name": parent.role_name if parent else ""}


async def submit(db: AsyncSession, user: Identity, body: RoleWrite) -> dict:
    if not body.role_name.strip():
        raise BadRequest("请输入角色名称")
    if not body.role_alias.strip():
        raise BadRequest("请输入角色别名")
    if body.role_alias.strip() == ADMINISTRATOR and not user.is_administrator:
        raise BusinessError("无权限创建超管角色!")
    values = body.model_dump(exclude_unset=True, by_alias=False, exclude={"id", "tenant_id"})
    values["role_alias"] = body.role_alias.strip()
    if body.id is not None:
        await _visible_roles(db, [body.id])
    taken = select(Role.id).where(Role.role_alias == values["role_alias"])
    if await db.scalar(taken.where(Role.id != body.id) if body.id else taken):
        raise BusinessError("角色别名已存在")
    if body.parent_id:
        await _check_parent(db, body)
    if body.id is None:
        role = Role(**values)
        db.add(role)
    else:
        role = (await db.execute(select(Role).where(Role.id == body.id))).scalar_one()
        for key, value in values.items():
            setattr(role, key, value)
    await db.flush()
    return _role_dict(role)


async def remove(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    roles = await _visible_roles(db, ids)
    children = (await db.execute(select(Role.id).where(Role.parent_id.in_(ids)))).scalars()
    if set(children) - set(ids):
        raise BusinessError("请先删除子节点!")
    if await _holders(db, ids, limit=1):
        raise BusinessError("该角色下已绑定用户, 不允许删除!")
    await db.execute(update(Role).where(Role.id.in_([r.id for r in roles])).values(is_deleted=1)
                     .execution_options(synchronize_session=False))
    await db.execute(delete(RoleMenu).where(RoleMenu.role_id.in_(ids)))
    await db.execute(delete(RoleScope).where(RoleScope.role_id.in_(ids)))


async def grant(db: AsyncSession, user: Identity, body: RoleGrant) -> None:
    """Replace the roles' menus, data scopes and API scopes. `topMenuIds` is accepted and ignored: top menus
    belong to the tenant (see docs/decisions.md)."""
    if not body.role_ids:
        raise BadRequest("请选择角色")
    roles = await _visible_roles(db, body.role_ids)
    all_menus = await menus.all_menus(db)
    wanted = set(body.menu_ids) & {m.id for m in all_menus}
    for tenant_id in {r.tenant_id for r in roles}:
        package = await menus.package_menu_ids(db, tenant_id, all_menus)
        if package is not None and wanted - package:
            raise BusinessError("所选菜单超出租户产品包范围!")
    if not user.is_administrator and wanted - await menus.visible_ids(db, user, all_menus):
        raise BusinessError("所选菜单超出可授权范围!")
    data_ids = await _existing(db, ScopeData, body.data_scope_ids)
    api_ids = await _existing(db, ScopeApi, body.api_scope_ids)
    role_ids = [r.id for r in roles]
    await db.execute(delete(RoleMenu).where(RoleMenu.role_id.in_(role_ids)))
    await db.execute(delete(RoleScope).where(RoleScope.role_id.in_(role_ids)))
    for role_id in role_ids:
        db.add_all(RoleMenu(role_id=role_id, menu_id=m) for m in sorted(wanted))
        db.add_all(RoleScope(role_id=role_id, scope_category=menus.DATA_SCOPE, scope_id=s) for s in data_ids)
        db.add_all(RoleScope(role_id=role_id, scope_category=menus.API_SCOPE, scope_id=s) for s in api_ids)
    await db.flush()


async def users_of_role(db: AsyncSession, role_id: int) -> list[User]:
    await _visible_roles(db, [role_id])
    return await _holders(db, [role_id])


async def roles_of_user(db: AsyncSession, user: Identity, user_id: int | None) -> list[dict]:
    """The roles a user holds (the role switch dialog): oneself, or anyone of the tenant for admins."""
    if user_id is not None and user_id != user.user_id and not user.is_admin:
        raise Forbidden("无权限访问")
    owner = (await db.execute(select(User).where(User.id == (user_id or user.user_id)))).scalar_one_or_none()
    if owner is None:
        raise NotFoundError("用户不存在")
    ids = menus.parse_id_list(owner.role_id)
    roles = (await db.execute(select(Role).where(Role.id.in_(ids or [0]))
                              .order_by(Role.sort, Role.id))).scalars()
    return [_role_dict(r) for r in roles]


async def visible_role_ids(db: AsyncSession, ids: list[int]) -> list[int]:
    return [r.id for r in await _visible_roles(db, ids)]


# --- function permissions (/api/system/function) -------------------------------------------------------------

async def functions_of_role(db: AsyncSession, role_id: int) -> list[RoleFunction]:
    await _visible_roles(db, [role_id])
    return list((await db.execute(select(RoleFunction).where(RoleFunction.role_id == role_id)
                                  .order_by(RoleFunction.function_code))).scalars())


async def add_function(db: AsyncSession, body: FunctionWrite) -> RoleFunction:
    if body.role_id is None:
        raise BadRequest("请选择角色")
    if not body.function_code.strip():
        raise BadRequest("请输入功能编码")
    role = (await _visible_roles(db, [body.role_id]))[0]
    if await db.scalar(select(RoleFunction.id).where(RoleFunction.role_id == role.id,
                                                     RoleFunction.function_code == body.function_code.strip())):
        raise BusinessError("该功能权限已存在")
    function = RoleFunction(role_id=role.id, function_code=body.function_code.strip(),
                            function_name=body.function_name, enabled=body.enabled)
    db.add(function)
    await db.flush()
    return function


async def update_function(db: AsyncSession, body: FunctionWrite) -> RoleFunction:
    if body.id is None:
        raise BadRequest("缺少必要的请求参数: id")
    function = (await db.execute(select(RoleFunction).where(RoleFunction.id == body.id))).scalar_one_or_none()
    if function is None:
        raise NotFoundError()
    await _visible_roles(db, [function.role_id])
    for key in body.model_fields_set & {"function_name", "enabled"}:
        setattr(function, key, getattr(body, key))
    await db.flush()
    return function


# --- helpers --------------------------------------------------------------------------------------------------

async def _roles(db: AsyncSession, user: Identity) -> list[Role]:
    stmt = select(Role).order_by(Role.sort, Role.id)
    if not user.is_administrator:
        stmt = stmt.where(Role.role_alias != ADMINISTRATOR)
    return list((await db.execute(stmt)).scalars())


async def _visible_roles(db: AsyncSession, ids: list[int]) -> list[Role]:
    """The roles `ids`, all of them in the session's tenant."""
    roles = list((await db.execute(select(Role).where(Role.id.in_(ids)))).scalars())
    if not ids or len(roles) != len(set(ids)):
        raise NotFoundError("角色不存在")
    return roles


async def _check_parent(db: AsyncSession, body: RoleWrite) -> None:
    parent = (await db.execute(select(Role).where(Role.id == body.parent_id))).scalar_one_or_none()
    if parent is None:
        raise BusinessError("上级角色不存在")
    if body.id is not None:
        rows = (await db.execute(select(Role.id, Role.parent_id))).all()
        if body.parent_id in {body.id} | descendants_of([body.id], rows):
            raise BusinessError("父节点不可选择自身或子节点!")


async def _holders(db: AsyncSession, role_ids: list[int], limit: int | None = None) -> list[User]:
    """Users whose comma-joined role_id names one of `role_ids`."""
    patterns = []
    for id_ in map(str, role_ids):
        patterns += [User.role_id == id_, User.role_id.like(f"{id_},%"), User.role_id.like(f"%,{id_}"),
                     User.role_id.like(f"%,{id_},%")]
    stmt = select(User).where(or_(*patterns)).order_by(User.account)
    users = (await db.execute(stmt.limit(limit) if limit else stmt)).scalars()
    return list(users)


async def _existing(db: AsyncSession, model: type[IdMixin], ids: list[int]) -> list[int]:
    if not ids:
        return []
    return sorted((await db.execute(select(model.id).where(model.id.in_(ids)))).scalars())


def _role_dict(role: Role) -> dict:
    return {"id": role.id, "tenant_id": role.tenant_id, "parent_id": role.parent_id, "role_name": role.role_name,
            "role_alias": role.role_alias, "sort": role.sort, "status": role.status}

