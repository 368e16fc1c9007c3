"""Wire shapes of roles, role grants and function grants."""


from pydantic import Field

from plantdesk.core.envelope import Id, Schema
from plantdesk.modules.system.trees import TreeSchema


class RoleRead(TreeSchema):
    id: Id
    tenant_id: str = ""
    parent_id: Id = 0
    parent_name: str = ""
    role_name: str = ""
    role_alias: str = ""
    sort: int = 1
    status: int = 1
    has_children: bool | None = None
    children: list["RoleRead"] | None = None


class RoleWrite(Schema):
    id: Id | None = None
    tenant_id: str | None = Field(None, max_length=12)
    parent_id: Id = 0
    role_name: str = Field("", max_length=255)
    role_alias: str = Field("", max_length=255)
    sort: int = Field(1, ge=0, le=100000)
    status: int = Field(1, ge=0, le=2)


class RoleGrant(Schema):
    role_ids: list[Id] = Field(default_factory=list, max_length=1000)
    menu_ids: list[Id] = Field(default_factory=list, max_length=10000)
    data_scope_ids: list[Id] = Field(default_factory=list, max_length=10000)
    api_scope_ids: list[Id] = Field(default_factory=list, max_length=10000)
    top_menu_ids: list[Id] = Field(default_factory=list, max_length=1000)


class UserBrief(Schema):
    """A user as the role and department screens list them (never the password)."""

    id: Id
    tenant_id: str
    account: str
    name: str | None = None
    real_name: str | None = None
    phone: str | None = None
    email: str | None = None
    role_id: str | None = None
    dept_id: str | None = None
    status: int | None = None


class FunctionRead(Schema):
    id: Id
    role_id: Id
    function_code: str
    function_name: str | None = None
    enabled: int


class FunctionWrite(Schema):
    id: Id | None = None
    role_id: Id | None = None
    function_code: str = Field("", max_length=128)
    function_name: str | None = Field(None, max_length=128)
    enabled: int = Field(1, ge=0, le=1)
