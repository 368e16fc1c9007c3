"""Wire shapes of /api/blade-resource: attachments, OSS and SMS configs (secrets masked on read), logos."""

from pydantic import Field, field_serializer

from plantdesk.core.envelope import DateTime, Id, Schema

MASK = "******"


def mask(secret: str | None) -> str:
    """Never send a stored secret, nor any of its characters: "******" when one is stored."""
    return MASK if secret else ""


def is_masked(value: str | None) -> bool:
    return value is not None and value.startswith(MASK)


class AttachRead(Schema):
    id: Id
    tenant_id: str
    link: str
    domain_url: str | None = ""
    name: str
    original_name: str
    extension: str | None = ""
    attach_size: int = 0
    content_type: str | None = ""
    oss_code: str | None = ""
    create_time: DateTime | None = None
    create_user: Id | None = None


class AttachWrite(Schema):
    """Only the metadata an admin may change; the stored object is immutable."""

    id: Id
    original_name: str | None = Field(None, max_length=255)


class BladeFile(Schema):
    """What BladeX's put-file endpoints answer."""

    link: str
    domain: str
    name: str
    original_name: str
    attach_id: Id | None = None


class OssRead(Schema):
    id: Id
    tenant_id: str
    category: int
    oss_code: str
    endpoint: str
    transform_endpoint: str | None = ""
    access_key: str
    secret_key: str
    bucket_name: str
    app_id: str | None = ""
    region: str | None = ""
    remark: str | None = ""
    status: int = 1
    create_time: DateTime | None = None

    @field_serializer("access_key", "secret_key")
    def _masked(self, value: str) -> str:
        return mask(value)


class OssWrite(Schema):
    """On update an empty or still-masked key keeps the stored one."""

    id: Id | None = None
    category: int | None = Field(None, ge=1, le=5)
    oss_code: str | None = Field(None, max_length=32)
    endpoint: str | None = Field(None, max_length=255)
    transform_endpoint: str | None = Field(None, max_length=255)
    access_key: str | None = Field(None, max_length=255)
    secret_key: str | None = Field(None, max_length=255)
    bucket_name: str | None = Field(None, max_length=255)
    app_id: str | None = Field(None, max_length=255)
    region: str | None = Field(None, max_length=255)
    remark: str | None = Field(None, max_length=255)


class SmsRead(Schema):
    id: Id
    tenant_id: str
    category: int
    sms_code: str
    template_id: str
    access_key: str | None = ""
    secret_key: str | None = ""
    region_id: str | None = ""
    app_id: str | None = ""
    sign_name: str | None = ""
    remark: str | None = ""
    status: int = 1
    create_time: DateTime | None = None

    @field_serializer("access_key", "secret_key")
    def _masked(self, value: str | None) -> str:
        return mask(value)


class SmsWrite(Schema):
    id: Id | None = None
    category: int | None = Field(None, ge=1, le=5)
    sms_code: str | None = Field(None, max_length=32)
    template_id: str | None = Field(None, max_length=64)
    access_key: str | None = Field(None, max_length=255)
    secret_key: str | None = Field(None, max_length=255)
    region_id: str | None = Field(None, max_length=255)
    app_id: str | None = Field(None, max_length=255)
    sign_name: str | None = Field(None, max_length=64)
    remark: str | None = Field(None, max_length=255)


class LogoRead(Schema):
    tenant_id: str
    type: str
    mode: str
    url: str
    document: str | None = ""


class LogoWrite(Schema):
    type: str | None = Field(None, max_length=16)
    mode: str | None = Field(None, max_length=16)
    url: str | None = Field(None, max_length=1000)
    document: str | None = Field(None, max_length=255)
