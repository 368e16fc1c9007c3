"""Wire shapes of departments."""


from pydantic import Field

from plantdesk.core.envelope import Id, Schema
from plantdesk.modules.system.trees import TreeSchema


class DeptRead(TreeSchema):
    id: Id
    tenant_id: str = ""
    parent_id: Id = 0
    parent_name: str = ""
    ancestors: str = ""
    dept_category: int = 1
    dept_name: str = ""
    full_name: str = ""
    leader_id: Id | None = None
    sort: int = 1
    remark: str = ""
    status: int = 1
    has_children: bool | None = None
    children: list["DeptRead"] | None = None


class DeptWrite(Schema):
    id: Id | None = None
    tenant_id: str | None = Field(None, max_length=12)
    parent_id: Id = 0
    dept_category: int = Field(1, ge=1, le=99)
    dept_name: str = Field("", max_length=45)
    full_name: str | None = Field(None, max_length=45)
    leader_id: Id | None = None
    sort: int = Field(1, ge=0, le=100000)
    remark: str | None = Field(None, max_length=255)
    status: int = Field(1, ge=0, le=2)
