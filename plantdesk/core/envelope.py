"""The BladeX `R` envelope {code, success, data, msg} and the wire types every schema uses."""

from datetime import datetime
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, WithJsonSchema
from pydantic.alias_generators import to_camel

T = TypeVar("T")

SUCCESS_MSG = "操作成功"
DATETIME_FORMAT = "%Y-%m-%d %H:%M:%S"


def _parse_id(value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
        if not value.lstrip("-").isdigit() or len(value) > 20:
            raise ValueError("id must be a number")
        return int(value)
    return value


# Snowflake ids exceed JavaScript's 2^53: they go out as strings and come in as strings or numbers.
Id = Annotated[
    int,
    BeforeValidator(_parse_id),
    Field(ge=-(2**63), lt=2**63),
    # Only on the wire: model_dump() keeps ints, so values written back to BIGINT columns stay ints (asyncpg).
    PlainSerializer(str, return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "pattern": "^-?[0-9]+$"}),
]


def _parse_datetime(value: Any) -> Any:
    if isinstance(value, str) and len(value) == 10:
        return value + " 00:00:00"
    return value


DateTime = Annotated[
    datetime,
    BeforeValidator(_parse_datetime),
    PlainSerializer(lambda v: v.strftime(DATETIME_FORMAT), return_type=str),
    WithJsonSchema({"type": "string", "example": "2026-01-01 08:00:00"}),
]


class Schema(BaseModel):
    """camelCase on the wire, snake_case in Python; reads ORM objects directly."""

    # An answer carries every field, defaulted or not: the schema says so (generated clients rely on it).
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True,
                              serialize_by_alias=True, json_schema_serialization_defaults_required=True)


class R(BaseModel, Generic[T]):
    # Every answer carries all four fields: the schema says so, so generated clients need no `?.` on them.
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    code: int = 200
    success: bool = True
    data: T | None = None
    msg: str = SUCCESS_MSG


def ok(data: Any = None, msg: str = SUCCESS_MSG) -> dict:
    return {"code": 200, "success": True, "data": data, "msg": msg}


def fail(msg: str, code: int = 400) -> dict:
    return {"code": code, "success": False, "data": None, "msg": msg}


def status(done: bool) -> dict:
    return ok(None, SUCCESS_MSG) if done else fail("操作失败")


class TenantRowRead(Schema):
    """The columns every tenant row answers with (TenantMixin and the audit columns)."""

    id: Id
    tenant_id: str
    create_user: Id | None = None
    create_time: DateTime | None = None
    update_time: DateTime | None = None
    status: int = 1
