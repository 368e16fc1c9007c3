"""Wire shapes of /api/blade-system/param (spec §3: id, paramName, paramKey, paramValue, remark)."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema


class ParamRead(Schema):
    id: Id
    param_name: str
    param_key: str
    param_value: str
    remark: str | None = ""
    create_time: DateTime | None = None
    update_time: DateTime | None = None


class ParamWrite(Schema):
    """Insert without id, update with it; the rules of spec §5 are checked by the service."""

    id: Id | None = None
    param_name: str | None = Field(None, max_length=255)
    param_key: str | None = Field(None, max_length=255)
    param_value: str | None = Field(None, max_length=255)
    remark: str | None = Field(None, max_length=255)


class PasswordModeSafety(Schema):
    type: str
    length: int
    content: str


class SystemPassword(Schema):
    password_mode: str | PasswordModeSafety
    password_period: int
    init_password: bool = False


class SysConfig(Schema):
    token_time_out: int
    token_refresh_time: int
    lock_time: int
    captcha_mode: bool
    switch_mode: bool
