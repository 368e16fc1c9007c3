"""Wire shapes of /api/topology-protocol, /api/topology-folder and /api/topology."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema

MAX_CONTENT = 2_000_000  # characters of a drawing's JSON: some thousands of nodes


class ProtocolRead(Schema):
    id: Id
    name: str
    type: str
    color: str | None = None
    port: int | None = None
    remark: str | None = None
    create_time: DateTime | None = None


class ProtocolWrite(Schema):
    id: Id | None = None
    name: str | None = Field(None, min_length=1, max_length=64)
    type: str | None = Field(None, min_length=1, max_length=32)
    color: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{3,8}$")
    port: int | None = Field(None, ge=0, le=65535)
    remark: str | None = Field(None, max_length=500)


class FolderRead(Schema):
    id: Id
    name: str
    sort: int = 0


class FolderWrite(Schema):
    id: Id | None = None
    name: str | None = Field(None, min_length=1, max_length=64)
    sort: int | None = Field(None, ge=0, le=1_000_000)


class TopologyRead(Schema):
    id: Id
    folder_id: Id | None = None
    name: str
    content: str | None = None
    sort: int = 0
    remark: str | None = None
    create_time: DateTime | None = None
    update_time: DateTime | None = None


class TopologyWrite(Schema):
    id: Id | None = None
    folder_id: Id | None = None
    name: str | None = Field(None, min_length=1, max_length=128)
    content: str | None = Field(None, max_length=MAX_CONTENT)
    sort: int | None = Field(None, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)
