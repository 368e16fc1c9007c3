"""Monitor data tables (design/industrial.md §4.2).

`monitor_data` is the narrow history table keyed (point id, ts): no other index, rows clustered for range
scans; SQLite stores it WITHOUT ROWID, PostgreSQL range-partitions it by ts (one partition per day, created
ahead and on demand, dropped by retention: monitor.partitions). A point id is globally unique, so the tenant is
implied and none of these tables carries one: reads resolve point ids through the tenant-scoped `data_point`
rows first.

`monitor_latest` is what the realtime screens poll: the newest value received per point, plus the last value
*stored* (store-on-change compares against it). `monitor_rollup_1m` / `_1h` hold min/max/sum/count/last per
point and bucket of the stored rows; `monitor_rollup_mark` says up to where each is complete: the job
`monitor.rollups` builds every bucket closed since from the raw rows (the hourly ones from the minute ones), and
a row written below the mark later (late data, a backfill) is merged into its bucket by its writer.

`device_token` holds per-device ingest tokens (hash only; the token itself is shown once).
"""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Float, Integer, SmallInteger, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import Base, IdMixin, TenantMixin

PARTITIONED = {"postgresql_partition_by": "RANGE (ts)", "sqlite_with_rowid": False}
CLUSTERED = {"sqlite_with_rowid": False}


class MonitorData(Base):
    __tablename__ = "monitor_data"
    __table_args__ = PARTITIONED

    point_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    ts: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)  # epoch ms
    value: Mapped[float | None] = mapped_column(Float)  # numbers and booleans (0/1)
    text_value: Mapped[str | None] = mapped_column(Text)  # string points
    quality: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")  # 0 good


class MonitorLatest(Base):
    __tablename__ = "monitor_latest"
    __table_args__ = CLUSTERED

    point_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    ts: Mapped[int] = mapped_column(BigInteger)
    value: Mapped[float | None] = mapped_column(Float)
    text_value: Mapped[str | None] = mapped_column(Text)
    quality: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")
    stored_ts: Mapped[int] = mapped_column(BigInteger)  # last row written to monitor_data
    stored_value: Mapped[float | None] = mapped_column(Float)
    stored_text: Mapped[str | None] = mapped_column(Text)


class _Rollup:
    point_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    bucket: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)  # bucket start, ms
    min: Mapped[float] = mapped_column(Float)
    max: Mapped[float] = mapped_column(Float)
    sum: Mapped[float] = mapped_column(Float)
    count: Mapped[int] = mapped_column(Integer)
    last: Mapped[float] = mapped_column(Float)
    last_ts: Mapped[int] = mapped_column(BigInteger)


class MonitorRollup1m(_Rollup, Base):
    __tablename__ = "monitor_rollup_1m"
    __table_args__ = CLUSTERED


class MonitorRollup1h(_Rollup, Base):
    __tablename__ = "monitor_rollup_1h"
    __table_args__ = CLUSTERED


class MonitorRollupMark(Base):
    """Rollups of `grain` ("1m", "1h") hold every stored row with ts < `upto`; none of the rows after it."""

    __tablename__ = "monitor_rollup_mark"

    grain: Mapped[str] = mapped_column(String(8), primary_key=True)
    upto: Mapped[int] = mapped_column(BigInteger)  # epoch ms, a bucket boundary


class DeviceToken(IdMixin, TenantMixin, Base):
    """A per-device ingest token: `token_hash` is SHA-256 of the token (random 32 bytes, so no slow hash is
    needed); `prefix` is its first characters, shown in lists so the holder can tell tokens apart."""

    __tablename__ = "device_token"

    device_id: Mapped[int] = mapped_column(BigInteger, index=True)
    name: Mapped[str] = mapped_column(String(100), default="")
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    create_user: Mapped[int | None] = mapped_column(BigInteger)
    create_time: Mapped[datetime] = mapped_column(DateTime)
    last_used_time: Mapped[datetime | None] = mapped_column(DateTime)
    revoke_time: Mapped[datetime | None] = mapped_column(DateTime)


class MonitorSetting(IdMixin, TenantMixin, Base):
    """A tenant's monitor-data settings (one row per tenant; none means the defaults): how many days raw rows
    are kept (0: for ever; design/industrial.md §4.3 suggests 7–30)."""

    __tablename__ = "monitor_setting"

    retention_days: Mapped[int] = mapped_column(Integer, default=30, server_default="30")
