"""Wire shapes of /api/blade-system/dict and /dict-biz (contract §6): one family serves both tables."""

from typing import Any

from pydantic import Field, field_validator

from plantdesk.core.envelope import Id, Schema


class DictRead(Schema):
    id: Id
    parent_id: Id = 0
    code: str
    dict_key: str
    dict_value: str
    dict_value_en: str | None = None
    sort: int = 1
    remark: str | None = ""
    is_sealed: int = 0
    has_children: bool = False

    _remark = field_validator("remark", mode="before")(lambda v: v or "")


class DictNode(DictRead):
    """A row with the rows below it: the dictionary list as a tree."""

    children: list["DictNode"] = []


class DictItem(Schema):
    """One item of `dictionary?code=` (the parent row, key -1, is never among them)."""

    id: Id
    parent_id: Id
    code: str
    dict_key: str
    dict_value: str
    dict_value_en: str | None = None
    sort: int
    remark: str | None = ""
    is_sealed: int = 0

    _remark = field_validator("remark", mode="before")(lambda v: v or "")


class DictTreeItem(DictItem):
    """`dictionary-tree`: the items nested by parentId, with TreeNode's title/key/value for tree selects."""

    title: str = ""
    key: str = ""
    value: str = ""
    children: list["DictTreeItem"] = []
    has_children: bool = False


class DictTreeNode(Schema):
    """BladeX TreeNode (contract §5.2): ids as strings, `title` is the label, `value`/`key` the id."""

    id: Id
    parent_id: Id
    title: str
    key: Id
    value: Id
    code: str = ""
    dict_key: str = ""
    children: list["DictTreeNode"] = []
    has_children: bool = False


class DictWrite(Schema):
    """submit / submit-pri body; the rules of spec §5 are checked by the service with its own messages."""

    id: Id | None = None
    parent_id: Id | None = None
    code: str | None = Field(None, max_length=255)
    dict_key: str | None = Field(None, max_length=255)
    dict_value: str | None = Field(None, max_length=255)
    dict_value_en: str | None = Field(None, max_length=255)
    sort: int | None = Field(None, ge=-1_000_000, le=1_000_000)
    remark: str | None = Field(None, max_length=255)
    is_sealed: int | None = None

    @field_validator("dict_key", mode="before")
    @classmethod
    def _key_as_text(cls, value: Any) -> Any:
        # SpringBlade consoles send integer keys; BladeX stores them as text.
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


