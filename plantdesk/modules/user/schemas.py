"""Wire shapes of /api/blade-user (contract §6 UserVO): the password is never sent, only "" in its place."""

import re
from typing import Any

from pydantic import Field, field_validator

from plantdesk.core.envelope import DateTime, Id, Schema

PHONE = re.compile(r"^1[3-9][0-9]{9}$")
MD5_HEX = re.compile(r"^[0-9a-fA-F]{32}$")


class UserRead(Schema):
    id: Id
    tenant_id: str
    account: str
    name: str | None = ""
    real_name: str | None = ""
    avatar: str | None = ""
    email: str | None = ""
    phone: str | None = ""
    birthday: DateTime | None = None
    sex: int | None = None
    sex_name: str = ""
    role_id: str | None = ""
    role_name: str = ""
    dept_id: str | None = ""
    dept_name: str = ""
    post_id: str | None = ""
    post_name: str = ""
    user_type: int = 1
    status: int = 1
    create_time: DateTime | None = None
    # BladeX sends the stored hash here; PlantDesk always sends "" whatever the source object holds.
    password: str = ""

    @field_validator("password", mode="before")
    @classmethod
    def _never_the_hash(cls, _value: Any) -> str:
        return ""


class PlatformRead(UserRead):
    user_ext: str | None = ""


class UserWrite(Schema):
    """submit/update body: insert without id, update with it. `password` (md5 hex) is read on insert only."""

    id: Id | None = None
    tenant_id: str | None = Field(None, max_length=12)
    account: str | None = Field(None, max_length=45)
    password: str | None = Field(None, max_length=64)
    name: str | None = Field(None, max_length=20)
    real_name: str | None = Field(None, max_length=40)
    avatar: str | None = Field(None, max_length=500)
    email: str | None = Field(None, max_length=45)
    phone: str | None = Field(None, max_length=45)
    birthday: DateTime | None = None
    sex: int | None = None
    role_id: str | None = Field(None, max_length=1000)
    dept_id: str | None = Field(None, max_length=1000)
    post_id: str | None = Field(None, max_length=1000)
    user_type: int | None = None
    status: int | None = None

    @field_validator("role_id", "dept_id", "post_id", mode="before")
    @classmethod
    def _comma_ids(cls, value: Any) -> Any:
        """The consoles send either "1,2" or ["1","2"]."""
        if isinstance(value, list):
            return ",".join(str(v) for v in value)
        return value


class ProfileUpdate(Schema):
    """update-info: the signed-in user's own profile (spec §3 Profile)."""

    avatar: str | None = Field(None, max_length=500)
    real_name: str | None = Field(None, max_length=40)
    name: str | None = Field(None, max_length=20)
    phone: str | None = None
    email: str | None = Field(None, max_length=45)


class PlatformUpdate(Schema):
    user_id: Id
    user_type: int | None = None
    user_ext: str | None = Field(None, max_length=2000)


class Registration(Schema):
    """single/register and register-guest (spec §3 Registration form; guests also carry oauthId)."""

    tenant_id: str | None = Field(None, max_length=12)
    name: str | None = Field(None, max_length=20)
    account: str | None = Field(None, max_length=45)
    password: str | None = Field(None, max_length=64)
    password2: str | None = Field(None, max_length=64)
    oauth_id: str | None = Field(None, max_length=64)


