"""Administrative regions (blade_region), keyed by code; provinces hang under the virtual parent "00".

Regions are global reference data: only the platform tenant edits them. `submit` upserts by code like
BladeX; a code already used under another parent is refused.
"""

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.context import Identity
from plantdesk.core.errors import BadRequest, BusinessError, Forbidden, NotFoundError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams
from plantdesk.modules.system.models import Region
from plantdesk.modules.system.region.schemas import RegionWrite

ROOT = "00"


LISTING = Listing(Region, sorts={"code": Region.code, "name": Region.name, "sort": Region.sort},
                  order=(Region.sort, Region.code))


def list_statement(*, code: str = "", name: str = "", parent_code: str = ""):
    """Regions by code prefix, name (contains) and parent, in the default order."""
    return LISTING.ordered(_filtered(code=code, name=name, parent_code=parent_code))


def _filtered(*, code: str = "", name: str = "", parent_code: str = ""):
    stmt = select(Region)
    if code:
        stmt = stmt.where(Region.code.startswith(code, autoescape=True))
    if name:
        stmt = stmt.where(Region.name.contains(name, autoescape=True))
    if parent_code:
        stmt = stmt.where(Region.parent_code == parent_code)
    return stmt


async def page(db: AsyncSession, paging: PageParams, **filters) -> dict:
    return await LISTING.page(db, _filtered(**filters), paging)


async def children(db: AsyncSession, parent_code: str) -> list[dict]:
    """One level below `parent_code`, each with `hasChildren` (lazy-list and lazy-tree)."""
    level = list((await db.execute(list_statement(parent_code=parent_code or ROOT))).scalars())
    with_children = set((await db.execute(
        select(Region.parent_code).where(Region.parent_code.in_([r.code for r in level] or [""]))
        .group_by(Region.parent_code))).scalars())
    return [{**_region_dict(r), "has_children": r.code in with_children} for r in level]


async def lazy_tree(db: AsyncSession, parent_code: str) -> list[dict]:
    return [{"id": r["code"], "parent_id": r["parent_code"], "title": r["name"], "key": r["code"],
             "value": r["code"], "has_children": r["has_children"]} for r in await children(db, parent_code)]


async def detail(db: AsyncSession, code: str) -> dict:
    region = await _region_or_raise(db, code)
    parent = await db.get(Region, region.parent_code)
    return {**_region_dict(region), "parent_name": parent.name if parent else ""}


async def select_children(db: AsyncSession, code: str) -> list[Region]:
    return list((await db.execute(list_statement(parent_code=code or ROOT))).scalars())


async def submit(db: AsyncSession, user: Identity, body: RegionWrite) -> dict:
    _platform_only(user)
    code, parent_code = body.code.strip(), (body.parent_code or ROOT).strip()
    if not code:
        raise BadRequest("请输入区划编号")
    if not body.name.strip():
        raise BadRequest("请输入区划名称")
    parent = None
    if parent_code != ROOT:
        parent = await db.get(Region, parent_code)
        if parent is None:
            raise BusinessError("上级区划不存在")
    region = await db.get(Region, code)
    if region is not None and region.parent_code != parent_code:
        raise BusinessError("区划编号已存在")
    if code == parent_code:
        raise BusinessError("父节点不可选择自身或子节点!")
    if region is None:
        region = Region(code=code, parent_code=parent_code)
        db.add(region)
    region.name, region.sort, region.remark = body.name.strip(), body.sort, body.remark
    _derive(region, parent)
    await db.flush()
    return _region_dict(region)


async def remove(db: AsyncSession, user: Identity, code: str) -> None:
    _platform_only(user)
    await _region_or_raise(db, code)
    if await db.scalar(select(func.count()).where(Region.parent_code == code)):
        raise BusinessError("请先删除子节点!")
    await db.execute(delete(Region).where(Region.code == code))


def _derive(region: Region, parent: Region | None) -> None:
    """Ancestors, level and the province/city/district columns follow from the parent."""
    region.ancestors = f"{parent.ancestors},{parent.code}" if parent else ROOT
    region.region_level = parent.region_level + 1 if parent else 1
    inherited = ("province_code", "province_name", "city_code", "city_name", "district_code", "district_name")
    for column in inherited:
        setattr(region, column, getattr(parent, column) if parent else None)
    own = {1: "province", 2: "city", 3: "district"}.get(region.region_level)
    if own:
        setattr(region, f"{own}_code", region.code)
        setattr(region, f"{own}_name", region.name)


async def _region_or_raise(db: AsyncSession, code: str) -> Region:
    region = await db.get(Region, code)
    if region is None:
        raise NotFoundError("行政区划不存在")
    return region


def _platform_only(user: Identity) -> None:
    if not user.is_platform:
        raise Forbidden("无权限访问")


def _region_dict(region: Region) -> dict:
    return {c.key: getattr(region, c.key) for c in Region.__table__.columns}
