"""Wire shapes of /api/blade-develop/datasource and /api/blade-develop/code (camelCase, ids as strings)."""

import json
from typing import Any, Literal

from pydantic import Field, field_validator

from plantdesk.core.envelope import DateTime, Id, Schema, TenantRowRead

NAME = r"^[a-z][a-z0-9_]{0,62}$"  # a package, table or column name the generated code may use as is
MENU_PATH = r"^(/[A-Za-z][A-Za-z0-9_-]{0,40}){2,3}$"
COMPONENTS = ("input", "textarea", "number", "select", "radio", "switch", "datetime")


class DataSourceRead(TenantRowRead):
    name: str
    db_type: str
    host: str | None = None
    port: int | None = None
    database: str | None = None
    username: str | None = None
    password_set: bool = False  # the password itself is never answered
    sort: int = 0
    remark: str | None = None


class DataSourceWrite(Schema):
    id: Id | None = None
    name: str = Field(min_length=1, max_length=64)
    db_type: Literal["platform", "postgresql", "mysql"]
    host: str | None = Field(None, max_length=255)
    port: int | None = Field(None, ge=1, le=65535)
    database: str | None = Field(None, max_length=128)
    username: str | None = Field(None, max_length=128)
    password: str | None = Field(None, max_length=200)  # blank on edit: keep the saved one
    sort: int = Field(0, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)


class DataSourceOption(Schema):
    id: Id
    name: str
    db_type: str


class ConnectionInfo(Schema):
    version: str
    tables: int


class SourceColumn(Schema):
    name: str
    type: str
    nullable: bool
    primary_key: bool = False
    comment: str | None = None


class Condition(Schema):
    column: str = Field(min_length=1, max_length=128)
    op: Literal["eq", "ne", "gt", "ge", "lt", "le", "like"] = "eq"
    value: str | float | int | None = None


class QueryBody(Schema):
    """A read of one table: its columns (all when none), conditions whose values are bound parameters, at most
    `limit` rows. No statement text is taken."""

    id: Id
    table_name: str = Field(min_length=1, max_length=128)
    columns: list[str] = Field(default_factory=list, max_length=200)
    conditions: list[Condition] = Field(default_factory=list, max_length=20)
    limit: int = Field(50, ge=1, le=500)


class QueryResult(Schema):
    columns: list[str]
    rows: list[dict[str, Any]]


class CodeColumn(Schema):
    """One column of a code config's column model: how the generated screen lists, searches and edits it."""

    name: str = Field(pattern=NAME)  # the column of the generated table
    label: str = Field(min_length=1, max_length=64)  # zh
    label_en: str = Field(min_length=1, max_length=64)
    kind: Literal["str", "text", "int", "bigint", "float", "bool", "date", "datetime"] = "str"
    length: int = Field(255, ge=1, le=4000)  # str only
    nullable: bool = True
    list: bool = True
    search: bool = False
    edit: bool = True
    required: bool = False
    component: Literal["input", "textarea", "number", "select", "radio", "switch", "datetime"] = "input"
    dict_code: str | None = Field(None, max_length=64, pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    search_op: Literal["like", "equal"] = "like"


class CodeRead(Schema):
    id: Id
    datasource_id: Id
    datasource_name: str = ""
    table_name: str
    target_table: str
    module_name: str
    code_name: str
    code_name_en: str
    menu_code: str
    menu_path: str
    menu_parent: str | None = None
    catalogue_name: str | None = None
    catalogue_name_en: str | None = None
    tenant_scoped: int = 1
    columns: list[CodeColumn] = []
    remark: str | None = None
    create_time: DateTime | None = None
    update_time: DateTime | None = None

    @field_validator("columns", mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        return json.loads(value) if isinstance(value, str) else value


class CodeWrite(Schema):
    id: Id | None = None
    datasource_id: Id
    table_name: str = Field(min_length=1, max_length=128)
    target_table: str = Field(pattern=NAME)
    module_name: str = Field(pattern=r"^[a-z][a-z0-9]{1,30}$")
    code_name: str = Field(min_length=1, max_length=64)
    code_name_en: str = Field(min_length=1, max_length=64)
    menu_code: str = Field(pattern=r"^[a-z][A-Za-z0-9_]{0,62}$")
    menu_path: str = Field(pattern=MENU_PATH)
    menu_parent: str | None = Field(None, max_length=64)
    catalogue_name: str | None = Field(None, max_length=64)
    catalogue_name_en: str | None = Field(None, max_length=64)
    tenant_scoped: int = Field(1, ge=0, le=1)
    columns: list[CodeColumn] = Field(min_length=1, max_length=100)
    remark: str | None = Field(None, max_length=500)


class GeneratedFile(Schema):
    path: str
    content: str
