"""Visualisation tables: `visual_map` (a site map: its image and name), `visual_map_dot` (a dot on a map: its
spec §3 content kept as the JSON the console sends, its name and uid beside it for lookups), `large_api_hook`
(a large-screen API hook: an outbound HTTP call a screen's chart reads) and `large_api_hook_error` (one failed
call of a hook, or the same failure repeated within a minute: the screen shows nothing from it, the operator
reads why here)."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class VisualMap(IdMixin, TenantMixin, AuditMixin, Base):
    """A map config: the image its dots sit on (a URL or a data URL) and its name; `is_app` 1 when the mobile app
    shows it (listIsAppAll / listNotAppAll)."""

    __tablename__ = "visual_map"

    map_name: Mapped[str] = mapped_column(String(128))
    image_url: Mapped[str | None] = mapped_column(Text)
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))
    is_app: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class MapDot(IdMixin, TenantMixin, AuditMixin, Base):
    """A dot of map `map_id`: `content` is the spec §3 dot (uid, position, mapTagData, tipsData) as JSON."""

    __tablename__ = "visual_map_dot"
    __table_args__ = (Index("ix_visual_map_dot_map", "tenant_id", "map_id"),)

    map_id: Mapped[int] = mapped_column(BigInteger)
    uid: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(64))
    content: Mapped[str] = mapped_column(Text, default="{}")


class LargeApiHook(IdMixin, TenantMixin, AuditMixin, Base):
    """A large-screen API hook: `chart` is the chart code that reads it (listByChart), `business_type` what it
    serves, `impl_method` how it is called (GET or POST with `params` as JSON)."""

    __tablename__ = "large_api_hook"

    api_name: Mapped[str] = mapped_column(String(128))
    api_url: Mapped[str] = mapped_column(String(1000))
    chart: Mapped[str | None] = mapped_column(String(64), index=True)
    business_type: Mapped[str | None] = mapped_column(String(64))
    impl_method: Mapped[str] = mapped_column(String(16), default="GET")
    params: Mapped[str | None] = mapped_column(Text)
    res_path: Mapped[str | None] = mapped_column(String(255))
    remark: Mapped[str | None] = mapped_column(String(500))


class LargeApiHookError(IdMixin, TenantMixin, Base):
    """Failed calls of hook `api_id` with one message: the first at `create_time`, `repeat_count` of them up to
    `last_time`, all within a minute of the first (a hook that fails on every screen refresh writes a row a minute,
    not a row a refresh)."""

    __tablename__ = "large_api_hook_error"
    __table_args__ = (Index("ix_large_api_hook_error_api", "tenant_id", "api_id", "create_time"),)

    api_id: Mapped[int] = mapped_column(BigInteger)
    api_name: Mapped[str] = mapped_column(String(128))
    api_url: Mapped[str] = mapped_column(String(1000))
    message: Mapped[str] = mapped_column(String(1000))
    create_time: Mapped[datetime] = mapped_column(DateTime)
    repeat_count: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    last_time: Mapped[datetime | None] = mapped_column(DateTime)
