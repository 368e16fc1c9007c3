"""Notices (blade_notice) and the per-user notifications behind the header bell.

`notify()` is the one way any area (alarms, notices) puts a message in users' bells.
"""

from collections.abc import Iterable
from datetime import datetime

import orjson
from sqlalchemy import CursorResult, Select, case, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import live, tenancy
from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, get_or_raise
from plantdesk.core.envelope import DATETIME_FORMAT
from plantdesk.core.errors import BadRequest
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams
from plantdesk.core.query import column_int
from plantdesk.modules.desk.models import Notice, SystemNotice
from plantdesk.modules.desk.schemas import NoticeRead, NoticeWrite
from plantdesk.modules.system.models import User

BELL = "bell"  # the generation of the header bell's reads (setup() has it follow SystemNotice)
BELL_TOPIC = "bell"  # the live channel's topic (core.live): per user, "your bell changed"
UNREAD, READ = 0, 1
# The bell's list: unread first, then newest first; it takes paging but sorts nothing else.
MY_NOTIFICATIONS = Listing(SystemNotice, order=(case((SystemNotice.read_status == UNREAD, 0), else_=1),
                                                SystemNotice.id.desc()))


async def notify(db: AsyncSession, *, tenant_id: str, user_ids: Iterable[int], content: dict,
                 alarm_id: int | None = None, batch: str | None = None, flush: bool = True) -> int:
    """One unread notification per user of `tenant_id`; returns how many were written. An alarm's notification
    (`alarm_id` and `batch`) marks that alarm's earlier unread ones read, so the bell lists it once.
    `flush=False` leaves the rows to the caller's next flush, for a caller in a platform scope (which keeps each
    row's tenant) writing many at once."""
    text = orjson.dumps(content).decode()
    users = list(dict.fromkeys(user_ids))
    if alarm_id is not None and batch is not None and users:
        # The bell lists each alarm once: its newest transition (raised, confirmed, cleared) supersedes the
        # notification of the one before, which is marked read.
        with tenancy.tenant_scope(db, tenant_id):
            await db.execute(update(SystemNotice).where(
                SystemNotice.tenant_id == tenant_id, SystemNotice.user_id.in_(users),
                SystemNotice.alarm_id == alarm_id, SystemNotice.batch == batch,
                SystemNotice.read_status == UNREAD).values(read_status=READ)
                .execution_options(synchronize_session=False))
    rows = [SystemNotice(tenant_id=tenant_id, user_id=user_id, content=text, alarm_id=alarm_id, batch=batch,
                         read_status=UNREAD) for user_id in users]
    for row in rows:
        live.publish_on_commit(db, BELL_TOPIC, tenant_id, str(row.user_id), {})
    if not flush:
        db.add_all(rows)
        return len(rows)
    with tenancy.tenant_scope(db, tenant_id):
        db.add_all(rows)
        await db.flush()
    return len(rows)


async def submit_notice(db: AsyncSession, body: NoticeWrite) -> Notice:
    """Insert or update a notice; a new notice is put in the bell of every user of the tenant."""
    values = {name: getattr(body, name) for name in body.model_fields_set if name != "id"}
    if ("title" in values or body.id is None) and not (body.title or "").strip():
        raise BadRequest("请输入通知标题")
    if body.id is None:
        notice = Notice(**values)
        notice.release_time = notice.release_time or datetime.now().replace(microsecond=0)
        notice.category = 1 if notice.category is None else notice.category
        db.add(notice)
    else:
        notice = await get_or_raise(db, Notice, body.id)
        for name, value in values.items():
            if value is not None or name == "content":
                setattr(notice, name, value)
    await db.flush()
    await db.refresh(notice)
    if body.id is None:
        assert notice.release_time is not None  # given on insert above
        user_ids = (await db.execute(select(User.id).where(User.status == 1))).scalars().all()
        await notify(db, tenant_id=notice.tenant_id, user_ids=user_ids, content={
            "type": "notice", "noticeId": str(notice.id), "name": notice.title, "category": notice.category,
            "firstTime": notice.release_time.strftime(DATETIME_FORMAT),
        })
    return notice


async def notice_statement(_db: AsyncSession, _user: Identity, stmt: Select, request) -> Select:
    """`category` is an exact match (the crud filters would compare it as text)."""
    category = request.query_params.get("category")
    if category:
        if not (category.isascii() and category.isdigit()):
            raise BadRequest("请求参数类型错误: category")
        stmt = stmt.where(Notice.category == column_int(Notice.category, category, "category"))
    return stmt


NOTICE = Resource(
    name="notice", model=Notice, read=NoticeRead, write=NoticeWrite,
    filters={"title": Notice.title, "content": Notice.content},
    sorts={"release_time": Notice.release_time, "create_time": Notice.create_time, "title": Notice.title},
    ranges={"releaseTime": Notice.release_time},
    order=(Notice.release_time.desc(),),
    statement=notice_statement,
)


async def my_notifications(db: AsyncSession, user: Identity, paging: PageParams, *, include_read: bool) -> dict:
    stmt = _mine(user)
    if not include_read:
        stmt = stmt.where(SystemNotice.read_status == UNREAD)
    return await MY_NOTIFICATIONS.page(db, stmt, paging)


async def unread_count(db: AsyncSession, user: Identity) -> int:
    stmt = select(func.count()).select_from(SystemNotice).where(
        SystemNotice.user_id == user.user_id, SystemNotice.read_status == UNREAD)
    return (await db.execute(stmt)).scalar_one()


async def mark_read(db: AsyncSession, user: Identity, ids: list[int]) -> int:
    """Marks the caller's own notifications read; ids of other users' rows are ignored."""
    result = await db.execute(update(SystemNotice)
                              .where(SystemNotice.id.in_(ids), SystemNotice.user_id == user.user_id)
                              .values(read_status=READ).execution_options(synchronize_session=False))
    assert isinstance(result, CursorResult)  # an UPDATE answers a cursor result
    if result.rowcount:  # the caller's other consoles
        live.publish_on_commit(db, BELL_TOPIC, user.tenant_id, str(user.user_id), {})
    return result.rowcount or 0


def _mine(user: Identity) -> Select:
    return select(SystemNotice).where(SystemNotice.user_id == user.user_id)
