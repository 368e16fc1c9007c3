"""Wire shapes of /api/camera (camelCase, ids as strings, BladeX paging)."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema

TYPES = ("hls", "flv", "webrtc", "file")
TYPE_PATTERN = r"^(hls|flv|webrtc|file)$"
URL = Field(None, max_length=1000)


class CameraRead(Schema):
    id: Id
    name: str
    code: str | None = None
    brand: str | None = None
    device_id: Id | None = None
    device_name: str = ""
    location: str | None = None
    stream_type: str = "hls"
    hls_url: str | None = None
    flv_url: str | None = None
    webrtc_url: str | None = None
    file_url: str | None = None
    snapshot_url: str | None = None
    sort: int = 0
    remark: str | None = None
    create_time: DateTime | None = None


class CameraWrite(Schema):
    id: Id | None = None
    name: str | None = Field(None, max_length=128)
    code: str | None = Field(None, max_length=64)
    brand: str | None = Field(None, max_length=32)
    device_id: Id | None = None
    location: str | None = Field(None, max_length=255)
    stream_type: str | None = Field(None, pattern=TYPE_PATTERN)
    hls_url: str | None = URL
    flv_url: str | None = URL
    webrtc_url: str | None = URL
    file_url: str | None = URL
    snapshot_url: str | None = URL
    sort: int | None = Field(None, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)


class Play(Schema):
    """What the browser plays for one camera of a batch: the address of the type asked for (or, when the camera
    has none of that type, of its own default type, named in `type`); `url` empty when it has no address."""

    id: Id
    name: str
    type: str
    url: str = ""
    snapshot_url: str | None = None
