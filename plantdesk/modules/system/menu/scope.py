"""Data scopes and API scopes (contract §8): their admin writes and the loaders core.datascope asks.

Both tables are global, like menus: only the platform tenant edits them; roles get them through
blade_role_scope (category 1 data, 2 API) in the role grant.
"""

from sqlalchemy import delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import datascope
from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, remove_ids, save
from plantdesk.core.errors import BadRequest, BusinessError, Forbidden
from plantdesk.modules.system.menu.schemas import ScopeApiRead, ScopeApiWrite, ScopeDataRead, ScopeDataWrite
from plantdesk.modules.system.menu.service import API_SCOPE, DATA_SCOPE
from plantdesk.modules.system.models import Dept, Menu, RoleScope, ScopeApi, ScopeData

DATA_RESOURCE = Resource(
    name="datascope", model=ScopeData, read=ScopeDataRead, write=ScopeDataWrite,
    filters={"menuId": ScopeData.menu_id, "scopeName": ScopeData.scope_name,
             "resourceCode": ScopeData.resource_code},
    sorts={"scope_name": ScopeData.scope_name, "create_time": ScopeData.create_time}, default_filter="equal",
)
API_RESOURCE = Resource(
    name="apiscope", model=ScopeApi, read=ScopeApiRead, write=ScopeApiWrite,
    filters={"menuId": ScopeApi.menu_id, "scopeName": ScopeApi.scope_name, "resourceCode": ScopeApi.resource_code,
             "scopePath": ScopeApi.scope_path},
    sorts={"scope_name": ScopeApi.scope_name, "create_time": ScopeApi.create_time}, default_filter="equal",
)
RESOURCES = {DATA_SCOPE: DATA_RESOURCE, API_SCOPE: API_RESOURCE}


async def submit_data_scope(db: AsyncSession, user: Identity, body: ScopeDataWrite) -> ScopeData:
    if body.scope_type == datascope.CUSTOM and not (body.scope_column or "").strip():
        raise BadRequest("自定义数据权限请输入权限字段")
    if body.scope_type == datascope.CUSTOM and not (body.scope_value or "").strip():
        raise BadRequest("自定义数据权限请输入规则值")
    return await _submit(db, user, DATA_RESOURCE, body)


async def submit_api_scope(db: AsyncSession, user: Identity, body: ScopeApiWrite) -> ScopeApi:
    if not body.scope_path.strip():
        raise BadRequest("请输入接口地址")
    return await _submit(db, user, API_RESOURCE, body)


async def remove(db: AsyncSession, user: Identity, category: int, ids: list[int]) -> None:
    _platform_only(user)
    await remove_ids(db, user, RESOURCES[category], ids)
    await db.execute(delete(RoleScope).where(RoleScope.scope_category == category, RoleScope.scope_id.in_(ids)))


async def _submit(db: AsyncSession, user: Identity, resource: Resource, body):
    _platform_only(user)
    if not body.scope_name.strip():
        raise BadRequest("请输入权限名称")
    menu = (await db.execute(select(Menu).where(Menu.id == body.menu_id))).scalar_one_or_none()
    if menu is None:
        raise BusinessError("菜单不存在")
    if not body.resource_code.strip():
        body.resource_code = menu.code
    saved = await save(db, user, resource, body)
    return saved


def _platform_only(user: Identity) -> None:
    if not user.is_platform:
        raise Forbidden("无权限访问")


# --- loaders for core.datascope ------------------------------------------------------------------------------

async def _rules(db: AsyncSession, role_ids: tuple[int, ...], code: str) -> list[datascope.Rule]:
    rows = (await db.execute(
        select(ScopeData.scope_type, ScopeData.scope_column, ScopeData.scope_value)
        .join(RoleScope, RoleScope.scope_id == ScopeData.id)
        .where(RoleScope.scope_category == DATA_SCOPE, RoleScope.role_id.in_(role_ids),
               ScopeData.resource_code == code))).all()
    return [datascope.Rule(t, c or "", v or "") for t, c, v in rows]


async def _descendant_depts(db: AsyncSession, dept_ids: tuple[int, ...]) -> list[int]:
    """Departments below `dept_ids`: their ancestors list ("0,<id>,...") names one of them."""
    patterns = [clause for id_ in dept_ids
                for clause in (Dept.ancestors.like(f"%,{id_}"), Dept.ancestors.like(f"%,{id_},%"))]
    return list((await db.execute(select(Dept.id).where(or_(*patterns)))).scalars())


async def _api_scopes(db: AsyncSession) -> list[tuple[int, str]]:
    return [(id_, path) for id_, path in (await db.execute(select(ScopeApi.id, ScopeApi.scope_path))).all()]


async def _granted_api(db: AsyncSession, role_ids: tuple[int, ...]) -> list[int]:
    return list((await db.execute(select(RoleScope.scope_id).join(ScopeApi, ScopeApi.id == RoleScope.scope_id)
                                  .where(RoleScope.scope_category == API_SCOPE,
                                         RoleScope.role_id.in_(role_ids)))).scalars())


def register_loaders() -> None:
    datascope.register_loaders(rules=_rules, descendants=_descendant_depts, api_scopes=_api_scopes,
                               granted_api=_granted_api)
