"""Wire shapes of menus, top menus, grant trees and data/API scopes (contract §5, §8)."""

from collections.abc import Sequence

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema
from plantdesk.modules.system.trees import TreeNode, TreeSchema


class ButtonNode(TreeSchema):
    """One item of `buttons`: a menu owning granted buttons, or one of those buttons."""

    id: Id
    parent_id: Id = 0
    code: str = ""
    name: str = ""
    name_en: str = ""
    alias: str = ""
    path: str = ""
    source: str = ""
    action: int = 0
    sort: int = 1
    category: int = 1
    children: Sequence["ButtonNode"] | None = None  # a MenuNode narrows it to menus


class MenuNode(ButtonNode):
    """One item of `routes` / `list` (MenuVO); strings are "" rather than null."""

    component: str = ""
    is_open: int = 1
    is_show: int = 1
    menu_type: str = "sys"
    remark: str = ""
    parent_name: str = ""
    has_children: bool | None = None
    children: list["MenuNode"] | None = None


class MenuWrite(Schema):
    id: Id | None = None
    parent_id: Id = 0
    code: str = Field("", max_length=255)
    name: str = Field("", max_length=255)
    name_en: str | None = Field(None, max_length=255)
    alias: str | None = Field(None, max_length=255)
    path: str | None = Field(None, max_length=255)
    source: str | None = Field(None, max_length=255)
    component: str | None = Field(None, max_length=255)
    sort: int = Field(1, ge=0, le=100000)
    category: int = Field(1, ge=1, le=2)
    action: int = Field(0, ge=0, le=3)
    is_open: int = Field(1, ge=1, le=2)
    is_show: int = Field(1, ge=0, le=1)
    menu_type: str = Field("sys", pattern="^(sys|pc|app|tpy)$")
    remark: str | None = Field(None, max_length=255)


class GrantTree(Schema):
    menu: list[TreeNode] = []
    data_scope: list[TreeNode] = []
    api_scope: list[TreeNode] = []


class TopGrantTree(Schema):
    menu: list[TreeNode] = []


class CheckedKeys(Schema):
    menu: list[str] = []
    data_scope: list[str] = []
    api_scope: list[str] = []


class TopCheckedKeys(Schema):
    menu: list[str] = []


class TopMenuRead(Schema):
    id: Id
    tenant_id: str
    code: str
    name: str
    source: str | None = None
    path: str | None = None
    sort: int
    status: int | None = None
    create_time: DateTime | None = None


class TopMenuWrite(Schema):
    id: Id | None = None
    code: str = Field("", max_length=255)
    name: str = Field("", max_length=255)
    source: str | None = Field(None, max_length=255)
    path: str | None = Field(None, max_length=255)
    sort: int = Field(1, ge=0, le=100000)


class TopMenuGrant(Schema):
    top_menu_ids: list[Id] = []
    menu_ids: list[Id] = []


class ScopeDataRead(Schema):
    id: Id
    menu_id: Id
    resource_code: str
    scope_name: str
    scope_field: str | None = None
    scope_class: str | None = None
    scope_column: str | None = None
    scope_type: int
    scope_value: str | None = None
    remark: str | None = None


class ScopeDataWrite(Schema):
    id: Id | None = None
    menu_id: Id
    resource_code: str = Field("", max_length=255)
    scope_name: str = Field("", max_length=255)
    scope_field: str | None = Field(None, max_length=255)
    scope_class: str | None = Field(None, max_length=500)
    scope_column: str | None = Field(None, max_length=255)
    scope_type: int = Field(1, ge=1, le=5)
    scope_value: str | None = Field(None, max_length=2000)
    remark: str | None = Field(None, max_length=255)


class ScopeApiRead(Schema):
    id: Id
    menu_id: Id
    resource_code: str
    scope_name: str
    scope_path: str
    scope_type: int
    remark: str | None = None


class ScopeApiWrite(Schema):
    id: Id | None = None
    menu_id: Id
    resource_code: str = Field("", max_length=255)
    scope_name: str = Field("", max_length=255)
    scope_path: str = Field("", max_length=255)
    scope_type: int = Field(1, ge=1, le=2)
    remark: str | None = Field(None, max_length=255)
