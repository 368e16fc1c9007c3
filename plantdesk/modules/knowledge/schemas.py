"""Wire shapes of /api/knowledge and the alarm events' knowledge links (camelCase, ids as strings)."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema, TenantRowRead


class CatalogueRead(TenantRowRead):
    parent_id: Id = 0
    name: str
    sort: int = 0
    remark: str | None = None


class CatalogueWrite(Schema):
    id: Id | None = None
    parent_id: Id | None = None
    name: str = Field(min_length=1, max_length=128)
    sort: int | None = Field(None, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)


class CatalogueNode(Schema):
    id: Id
    parent_id: Id = 0
    title: str
    key: Id
    value: Id
    sort: int = 0
    children: list["CatalogueNode"] = []


class InfoRead(TenantRowRead):
    catalogue_id: Id = 0
    catalogue_name: str | None = None
    title: str
    summary: str | None = None
    tags: str | None = None
    content: str | None = None
    author: str | None = None
    update_user: Id | None = None


class InfoWrite(Schema):
    id: Id | None = None
    catalogue_id: Id | None = None
    title: str | None = Field(None, min_length=1, max_length=255)  # required for a new entry
    summary: str | None = Field(None, max_length=1000)
    tags: str | None = Field(None, max_length=255)
    content: str | None = Field(None, max_length=1_000_000)
    status: int | None = Field(None, ge=0, le=1)


class SearchHit(Schema):
    id: Id
    catalogue_id: Id = 0
    title: str
    title_highlight: str
    snippet: str
    tags: str | None = None
    score: float
    update_time: DateTime | None = None


class FileRelaRead(TenantRowRead):
    info_id: Id
    attach_id: Id
    name: str
    link: str | None = None
    extension: str | None = None
    attach_size: int = 0


class FileRelaWrite(Schema):
    id: Id | None = None
    info_id: Id
    attach_id: Id


class CommentRead(TenantRowRead):
    info_id: Id
    parent_id: Id = 0
    content: str
    user_name: str | None = None
    children: list["CommentRead"] = []


class CommentWrite(Schema):
    info_id: Id
    parent_id: Id | None = None
    content: str = Field(min_length=1, max_length=2000)


class FieldChange(Schema):
    field: str
    old: str | None = None
    new: str | None = None


class ChangeLogRead(TenantRowRead):
    info_id: Id
    action: str
    user_name: str | None = None
    fields: list[FieldChange] = []
    diff: str | None = None
    remark: str | None = None


class ChangeLogWrite(Schema):
    """A note added to an entry's history by hand (edits write their own entries)."""

    info_id: Id
    remark: str = Field(min_length=1, max_length=500)


class EventKnowledge(Schema):
    """unloadKnow: the entries linked to alarm event `event_id` become exactly `knowledge_ids`."""

    event_id: Id
    knowledge_ids: list[Id] = Field(default_factory=list, max_length=200)
