"""Top menus: a tenant's header tabs, each narrowing the sidebar to its attached menus (blade_top_menu_setting)."""

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource
from plantdesk.core.errors import BadRequest, BusinessError
from plantdesk.modules.system.menu.schemas import TopMenuRead, TopMenuWrite
from plantdesk.modules.system.models import TopMenu, TopMenuSetting


async def _before_save(db: AsyncSession, user: Identity, obj: TopMenu, body: TopMenuWrite, created: bool) -> None:
    if not (obj.code or "").strip():
        raise BadRequest("请输入顶部菜单编号")
    if not (obj.name or "").strip():
        raise BadRequest("请输入顶部菜单名称")
    taken = select(TopMenu.id).where(TopMenu.code == obj.code)
    if await db.scalar(taken if created else taken.where(TopMenu.id != obj.id)):
        raise BusinessError("顶部菜单编号已存在")


async def _before_remove(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    visible = select(TopMenu.id).where(TopMenu.id.in_(ids))
    own = list((await db.execute(visible)).scalars())
    await db.execute(delete(TopMenuSetting).where(TopMenuSetting.top_menu_id.in_(own or [0])))


RESOURCE = Resource(
    name="topmenu", model=TopMenu, read=TopMenuRead, write=TopMenuWrite,
    filters={"code": TopMenu.code, "name": TopMenu.name},
    sorts={"sort": TopMenu.sort, "create_time": TopMenu.create_time},
    order=(TopMenu.sort,),
    before_save=_before_save, before_remove=_before_remove,
)
