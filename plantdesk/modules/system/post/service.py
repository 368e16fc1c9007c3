"""Posts (job positions) of a tenant: the generic CRUD with a unique post code, and the user form's select."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource
from plantdesk.core.errors import BadRequest, BusinessError
from plantdesk.modules.system.models import Post
from plantdesk.modules.system.post.schemas import PostRead, PostWrite


async def select_posts(db: AsyncSession) -> list[Post]:
    return list((await db.execute(select(Post).order_by(Post.sort, Post.id))).scalars())


async def _before_save(db: AsyncSession, user: Identity, obj: Post, body: PostWrite, created: bool) -> None:
    if not (obj.post_code or "").strip():
        raise BadRequest("请输入岗位编号")
    if not (obj.post_name or "").strip():
        raise BadRequest("请输入岗位名称")
    obj.post_code = obj.post_code.strip()
    taken = select(Post.id).where(Post.post_code == obj.post_code)
    if await db.scalar(taken if created else taken.where(Post.id != obj.id)):
        raise BusinessError("岗位编号已存在")


RESOURCE = Resource(
    name="post", model=Post, read=PostRead, write=PostWrite,
    filters={"postCode": Post.post_code, "postName": Post.post_name},
    sorts={"sort": Post.sort, "post_code": Post.post_code, "create_time": Post.create_time},
    order=(Post.sort,),
    before_save=_before_save,
    data_scope=True,
)
