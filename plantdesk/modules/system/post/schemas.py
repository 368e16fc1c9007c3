"""Wire shapes of posts."""


from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema


class PostRead(Schema):
    id: Id
    tenant_id: str
    category: int
    post_code: str
    post_name: str
    sort: int
    remark: str | None = None
    create_user: Id | None = None
    create_dept: Id | None = None
    create_time: DateTime | None = None


class PostWrite(Schema):
    id: Id | None = None
    category: int = Field(1, ge=1, le=99)
    post_code: str = Field("", max_length=12)
    post_name: str = Field("", max_length=64)
    sort: int = Field(1, ge=0, le=100000)
    remark: str | None = Field(None, max_length=255)
