"""Wire shapes of /api/blade-desk/notice and the header bell (/api/system/systemNotice)."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema


class NoticeRead(Schema):
    id: Id
    tenant_id: str
    title: str
    category: int
    release_time: DateTime | None = None
    content: str | None = ""
    create_time: DateTime | None = None
    create_user: Id | None = None
    status: int = 1


class NoticeWrite(Schema):
    id: Id | None = None
    title: str | None = Field(None, min_length=1, max_length=255)
    category: int | None = Field(None, ge=0, le=1000)
    release_time: DateTime | None = None
    content: str | None = Field(None, max_length=2000)


class SystemNoticeRead(Schema):
    """`content` is JSON text: level, name, firstTime, removeStatus, affirmStatus (spec §3)."""

    id: Id
    content: str
    alarm_id: Id | None = None
    batch: str | None = None
    read_status: int
    create_time: DateTime | None = None
