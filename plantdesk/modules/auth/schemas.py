"""The raw OAuth2 token body (contract §3.3) with the spec's additions (config, fontsPath, expire), and the
enveloped shapes of the other /blade-auth calls."""

from typing import Annotated, Any

import orjson
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from plantdesk.core.envelope import DateTime, Id, Schema
from plantdesk.modules.user.schemas import UserRead


class TokenParams(BaseModel):
    """The token endpoint's parameters (contract §3.3), from the query string or a form body."""

    model_config = ConfigDict(extra="ignore")

    grant_type: str = Field("password", max_length=32)
    username: str = Field("", max_length=64)
    password: str = Field("", max_length=128)
    refresh_token: str = Field("", max_length=4096)
    tenantId: str = Field("", max_length=12)
    tenant_id: str = Field("", max_length=12)
    scope: str = Field("all", max_length=32)
    type: str = Field("account", max_length=32)
    source: str = Field("", max_length=32)
    code: str = Field("", max_length=256)


def _token_params_openapi() -> dict:
    """The token parameters documented both ways they are accepted: as query parameters and as a form."""
    schema = TokenParams.model_json_schema()
    return {
        "parameters": [{"name": name, "in": "query", "required": False, "schema": field}
                       for name, field in schema["properties"].items()],
        "requestBody": {"required": False, "content": {"application/x-www-form-urlencoded": {"schema": schema}}},
    }


TOKEN_PARAMS_OPENAPI = _token_params_openapi()


class PasswordRule(BaseModel):
    type: str
    length: int
    content: str


class ResetFlag(BaseModel):
    needRest: bool
    msg: str


class PeriodFlag(BaseModel):
    expire: bool
    msg: str


class LoginConfig(BaseModel):
    passwordMode: str | PasswordRule
    reset: ResetFlag
    passwordPeriod: PeriodFlag


class TokenBody(BaseModel):
    access_token: str
    token_type: str = "bearer"
    refresh_token: str
    expires_in: int
    scope: str = "all"
    tenant_id: str
    user_id: str
    dept_id: str
    post_id: str
    role_id: str
    oauth_id: str = ""
    account: str
    user_name: str
    nick_name: str
    real_name: str
    role_name: str
    avatar: str
    detail: dict[str, Any] = {}
    license: str = "powered by plantdesk"
    client_id: str
    jti: str
    fontsPath: str = ""
    expire: str = ""
    config: LoginConfig


class TokenError(BaseModel):
    error_code: int
    error_description: str
    error: str


class Captcha(BaseModel):
    key: str
    image: str


class RawStatus(BaseModel):
    success: str
    msg: str


class RoleBrief(Schema):
    id: Id
    role_name: str
    role_alias: str


class DeptBrief(Schema):
    id: Id
    dept_name: str


class AuthUserInfo(Schema):
    """GET /oauth/user-info: who the token belongs to (never the password)."""

    user: UserRead
    roles: list[RoleBrief]
    depts: list[DeptBrief]
    tenant_id: str
    client_id: str


class SessionRead(Schema):
    id: Id
    tenant_id: str
    user_id: Id
    account: str
    client_id: str
    ip: str | None = ""
    user_agent: str | None = ""
    login_time: DateTime
    last_refresh_time: DateTime
    expire_time: DateTime


def _text(value: Any) -> Any:
    if value is None or isinstance(value, str):
        return value
    return orjson.dumps(value).decode() if isinstance(value, (dict, list)) else str(value)


Text = Annotated[str | None, BeforeValidator(_text)]


class ClientLog(BaseModel):
    """One entry of the console's error-log dialog (spec §3 Log entry)."""

    type: Text = None
    url: Text = None
    message: Text = None
    stack: Text = None
    info: Text = None
    time: Text = None
