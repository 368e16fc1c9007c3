"""The raw OAuth2 token body (contract §3.3) with the spec's additions (config, fontsPath, expire)."""

from typing import Any

from pydantic import BaseModel


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
