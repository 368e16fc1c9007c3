"""Wire shapes of roles, departments, posts, tenants and packages, regions, clients and function grants."""

from pydantic import Field, field_serializer, field_validator

from plantdesk.core.envelope import DateTime, Id, Schema
from plantdesk.modules.system.schemas_menu import TreeSchema

MASK = "******"


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


class TenantRead(Schema):
    id: Id
    tenant_id: str
    tenant_name: str
    domain: str | None = None
    background_url: str | None = None
    linkman: str | None = None
    contact_number: str | None = None
    address: str | None = None
    account_number: int = -1
    expire_time: DateTime | None = None
    package_id: Id | None = None
    datasource_id: Id | None = None
    status: int | None = None
    create_time: DateTime | None = None


class TenantWrite(Schema):
    id: Id | None = None
    tenant_id: str | None = Field(None, max_length=12, pattern="^[0-9A-Za-z]{1,12}$")
    tenant_name: str = Field("", max_length=50)
    domain: str | None = Field(None, max_length=255)
    background_url: str | None = Field(None, max_length=1000)
    linkman: str | None = Field(None, max_length=20)
    contact_number: str | None = Field(None, max_length=20)
    address: str | None = Field(None, max_length=255)
    account_number: int | None = Field(None, ge=-1)
    expire_time: DateTime | None = None
    package_id: Id | None = None


class TenantSelect(Schema):
    id: Id
    tenant_id: str
    tenant_name: str


class TenantInfo(Schema):
    tenant_id: str | None = None
    domain: str | None = None
    background_url: str | None = None


class PackageRead(Schema):
    id: Id
    package_name: str
    menu_id: str
    remark: str | None = None
    create_time: DateTime | None = None


class PackageWrite(Schema):
    id: Id | None = None
    package_name: str = Field("", max_length=50)
    menu_id: str = ""
    remark: str | None = Field(None, max_length=255)

    @field_validator("menu_id", mode="before")
    @classmethod
    def _join(cls, value):
        """The console sends the checked ids as a list or already comma-joined."""
        if isinstance(value, list):
            return ",".join(str(v) for v in value)
        return "" if value is None else value


class RegionRead(TreeSchema):
    code: str
    parent_code: str
    parent_name: str = ""
    ancestors: str = ""
    name: str
    province_code: str | None = None
    province_name: str | None = None
    city_code: str | None = None
    city_name: str | None = None
    district_code: str | None = None
    district_name: str | None = None
    region_level: int
    sort: int
    remark: str | None = None
    has_children: bool | None = None


class RegionWrite(Schema):
    code: str = Field("", max_length=12, pattern="^[0-9A-Za-z]*$")
    parent_code: str = Field("00", max_length=12)
    name: str = Field("", max_length=32)
    sort: int = Field(1, ge=0, le=100000)
    remark: str | None = Field(None, max_length=255)


class RegionNode(TreeSchema):
    id: str
    parent_id: str
    title: str
    key: str
    value: str
    has_children: bool | None = None


class ClientCreated(Schema):
    """The insert response: the only place a client secret is ever sent back."""

    id: Id
    client_id: str
    client_secret: str
    resource_ids: str | None = None
    scope: str
    authorized_grant_types: str
    web_server_redirect_uri: str | None = None
    authorities: str | None = None
    access_token_validity: int
    refresh_token_validity: int
    additional_information: str | None = None
    autoapprove: str | None = None
    status: int | None = None
    create_time: DateTime | None = None


class ClientRead(ClientCreated):
    """Every read masks the secret."""

    @field_serializer("client_secret")
    def _mask(self, _value: str) -> str:
        return MASK


class ClientWrite(Schema):
    id: Id | None = None
    client_id: str = Field("", max_length=48)
    client_secret: str | None = Field(None, max_length=256)
    resource_ids: str | None = Field(None, max_length=256)
    scope: str = Field("all", max_length=256)
    authorized_grant_types: str = Field("refresh_token,password,captcha,social", max_length=256)
    web_server_redirect_uri: str | None = Field(None, max_length=256)
    authorities: str | None = Field(None, max_length=256)
    access_token_validity: int = Field(3600, ge=60, le=10 * 365 * 86400)
    refresh_token_validity: int = Field(604800, ge=60, le=10 * 365 * 86400)
    additional_information: str | None = Field(None, max_length=4096)
    autoapprove: str | None = Field(None, max_length=256)
