"""Wire shapes of tenants and tenant packages."""


from pydantic import Field, field_validator

from plantdesk.core.envelope import DateTime, Id, Schema


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
