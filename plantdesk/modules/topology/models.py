"""Topology tables: `topology_protocol`, `topology_folder` and `topology` (its drawing as JSON)."""

from sqlalchemy import BigInteger, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class TopologyProtocol(IdMixin, TenantMixin, AuditMixin, Base):
    """A protocol a link of a topology speaks: `type` (dictionary topology_protocol_type: field bus, industrial
    Ethernet, wireless, IT), `name` (Modbus TCP, OPC UA, ...), the colour its links are drawn in."""

    __tablename__ = "topology_protocol"

    name: Mapped[str] = mapped_column(String(64))
    type: Mapped[str] = mapped_column(String(32))
    color: Mapped[str | None] = mapped_column(String(16))
    port: Mapped[int | None] = mapped_column(Integer)
    remark: Mapped[str | None] = mapped_column(String(500))


class TopologyFolder(IdMixin, TenantMixin, AuditMixin, Base):
    __tablename__ = "topology_folder"

    name: Mapped[str] = mapped_column(String(64))
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class Topology(IdMixin, TenantMixin, AuditMixin, Base):
    """A drawing: `content` is the editor's JSON ({"nodes": [...], "edges": [...], "viewport": {...}}); a node
    binds `data.deviceId` and `data.pointId`. `device_ids` (",1,2,") is derived from it when saved, so that a
    device's page finds the topologies that show it."""

    __tablename__ = "topology"

    folder_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    name: Mapped[str] = mapped_column(String(128))
    content: Mapped[str | None] = mapped_column(Text)
    device_ids: Mapped[str | None] = mapped_column(Text)
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))
