"""Departments: a tenant's organisation tree; `ancestors` ("0,<id>,...") is kept from the parent."""

from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.context import Identity
from plantdesk.core.errors import BadRequest, BusinessError, Forbidden, NotFoundError
from plantdesk.modules.system.dept.schemas import DeptWrite
from plantdesk.modules.system.menu.service import parse_id_list
from plantdesk.modules.system.models import Dept, User
from plantdesk.modules.system.trees import descendants_of, forest, tree_node


async def dept_list(db: AsyncSession, *, dept_name: str = "", full_name: str = "") -> list[dict]:
    depts = await _depts(db)
    names = {d.id: d.dept_name for d in depts}
    return forest({**_dept_dict(d), "parent_name": names.get(d.parent_id, "")} for d in depts
                  if dept_name.lower() in d.dept_name.lower() and full_name.lower() in (d.full_name or "").lower())


async def dept_tree(db: AsyncSession) -> list[dict]:
    depts = await _depts(db)
    return forest(tree_node(d.id, d.parent_id, d.dept_name) for d in depts)


async def lazy_tree(db: AsyncSession, *, parent_id: int) -> list[dict]:
    level = list((await db.execute(select(Dept).where(Dept.parent_id == parent_id)
                                   .order_by(Dept.sort, Dept.id))).scalars())
    parents = set((await db.execute(select(Dept.parent_id).where(Dept.parent_id.in_([d.id for d in level] or [0]))
                                    .group_by(Dept.parent_id))).scalars())
    return [tree_node(d.id, d.parent_id, d.dept_name, has_children=d.id in parents) for d in level]


async def detail(db: AsyncSession, id_: int) -> dict:
    dept = await _dept_or_raise(db, id_)
    parent = (await db.execute(select(Dept).where(Dept.id == dept.parent_id))).scalar_one_or_none()
    return {**_dept_dict(dept), "parent_name": parent.dept_name if parent else ""}


async def submit(db: AsyncSession, body: DeptWrite) -> dict:
    if not body.dept_name.strip():
        raise BadRequest("请输入部门名称")
    values = body.model_dump(exclude_unset=True, by_alias=False, exclude={"id", "tenant_id"})
    if body.id is not None:
        await _dept_or_raise(db, body.id)
    ancestors = await _ancestors(db, body)
    if body.id is None:
        dept = Dept(**values, ancestors=ancestors)
        dept.full_name = dept.full_name or dept.dept_name
        db.add(dept)
    else:
        dept = await _dept_or_raise(db, body.id)
        old_prefix, new_prefix = f"{dept.ancestors},{dept.id}", f"{ancestors},{dept.id}"
        for key, value in values.items():
            setattr(dept, key, value)
        dept.ancestors = ancestors
        if old_prefix != new_prefix:
            await _move_descendants(db, old_prefix, new_prefix)
    await db.flush()
    return _dept_dict(dept)


async def remove(db: AsyncSession, ids: list[int]) -> None:
    found = list((await db.execute(select(Dept.id).where(Dept.id.in_(ids)))).scalars())
    if len(found) != len(set(ids)):
        raise NotFoundError("部门不存在")
    children = (await db.execute(select(Dept.id).where(Dept.parent_id.in_(ids)))).scalars()
    if set(children) - set(ids):
        raise BusinessError("请先删除子节点!")
    if await _has_users(db, ids):
        raise BusinessError("该部门下存在用户, 不允许删除!")
    await db.execute(update(Dept).where(Dept.id.in_(ids)).values(is_deleted=1)
                     .execution_options(synchronize_session=False))


async def depts_of_user(db: AsyncSession, user: Identity, user_id: int | None) -> list[dict]:
    """The departments a user belongs to (the department switch dialog)."""
    if user_id is not None and user_id != user.user_id and not user.is_admin:
        raise Forbidden("无权限访问")
    owner = (await db.execute(select(User).where(User.id == (user_id or user.user_id)))).scalar_one_or_none()
    if owner is None:
        raise NotFoundError("用户不存在")
    depts = (await db.execute(select(Dept).where(Dept.id.in_(parse_id_list(owner.dept_id) or [0]))
                              .order_by(Dept.sort, Dept.id))).scalars()
    return [_dept_dict(d) for d in depts]


async def _depts(db: AsyncSession) -> list[Dept]:
    return list((await db.execute(select(Dept).order_by(Dept.sort, Dept.id))).scalars())


async def _ancestors(db: AsyncSession, body: DeptWrite) -> str:
    if not body.parent_id:
        return "0"
    parent = (await db.execute(select(Dept).where(Dept.id == body.parent_id))).scalar_one_or_none()
    if parent is None:
        raise BusinessError("上级部门不存在")
    if body.id is not None:
        rows = (await db.execute(select(Dept.id, Dept.parent_id))).all()
        if body.parent_id in {body.id} | descendants_of([body.id], rows):
            raise BusinessError("父节点不可选择自身或子节点!")
    return f"{parent.ancestors},{parent.id}"


async def _move_descendants(db: AsyncSession, old_prefix: str, new_prefix: str) -> None:
    below = (await db.execute(select(Dept).where(or_(Dept.ancestors == old_prefix,
                                                     Dept.ancestors.like(f"{old_prefix},%"))))).scalars()
    for child in below:
        child.ancestors = new_prefix + child.ancestors[len(old_prefix):]


async def _has_users(db: AsyncSession, dept_ids: list[int]) -> bool:
    patterns = []
    for id_ in map(str, dept_ids):
        patterns += [User.dept_id == id_, User.dept_id.like(f"{id_},%"), User.dept_id.like(f"%,{id_}"),
                     User.dept_id.like(f"%,{id_},%")]
    return await db.scalar(select(User.id).where(or_(*patterns)).limit(1)) is not None


async def _dept_or_raise(db: AsyncSession, id_: int) -> Dept:
    dept = (await db.execute(select(Dept).where(Dept.id == id_))).scalar_one_or_none()
    if dept is None:
        raise NotFoundError("部门不存在")
    return dept


def _dept_dict(dept: Dept) -> dict:
    return {"id": dept.id, "tenant_id": dept.tenant_id, "parent_id": dept.parent_id, "ancestors": dept.ancestors,
            "dept_category": dept.dept_category, "dept_name": dept.dept_name, "full_name": dept.full_name,
            "leader_id": dept.leader_id, "sort": dept.sort, "remark": dept.remark, "status": dept.status}
