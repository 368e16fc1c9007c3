"""`camera`: a camera of the plant as its media gateway serves it, by stream type (hls, flv, webrtc, file)."""

from sqlalchemy import BigInteger, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class Camera(IdMixin, TenantMixin, AuditMixin, Base):
    """One camera: its name and code, `brand` (dictionary camera_brand), the device it watches, and one address per
    stream type the gateway offers (`hls_url`, `flv_url`, `webrtc_url`; `file_url` for a format the browser plays
    itself, MP4 or WebM); `stream_type` is the one it plays by default; `snapshot_url` an optional still image."""

    __tablename__ = "camera"
    __table_args__ = (Index("ix_camera_tenant_device", "tenant_id", "device_id"),)

    name: Mapped[str] = mapped_column(String(128))
    code: Mapped[str | None] = mapped_column(String(64))
    brand: Mapped[str | None] = mapped_column(String(32))
    device_id: Mapped[int | None] = mapped_column(BigInteger)
    location: Mapped[str | None] = mapped_column(String(255))
    stream_type: Mapped[str] = mapped_column(String(8), default="hls", server_default="hls")
    hls_url: Mapped[str | None] = mapped_column(String(1000))
    flv_url: Mapped[str | None] = mapped_column(String(1000))
    webrtc_url: Mapped[str | None] = mapped_column(String(1000))
    file_url: Mapped[str | None] = mapped_column(String(1000))
    snapshot_url: Mapped[str | None] = mapped_column(String(1000))
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))
