"""Developer tools' tables: `blade_datasource` (a tenant's data sources: the platform's own database, for the
platform tenant only, or an external PostgreSQL / MySQL / MariaDB database; the password sealed by core.secrets)
and `blade_code` (code configs: platform-wide, the platform administrator's; the column model as JSON)."""

from sqlalchemy import BigInteger, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class DataSource(IdMixin, TenantMixin, AuditMixin, Base):
    """A data source of a tenant. `db_type` is `platform` (this server's own database, read-only, the platform
    tenant only), `postgresql` or `mysql` (MySQL and MariaDB)."""

    __tablename__ = "blade_datasource"

    name: Mapped[str] = mapped_column(String(64))
    db_type: Mapped[str] = mapped_column(String(16))
    host: Mapped[str | None] = mapped_column(String(255))
    port: Mapped[int | None] = mapped_column(Integer)
    database: Mapped[str | None] = mapped_column(String(128))
    username: Mapped[str | None] = mapped_column(String(128))
    password: Mapped[str | None] = mapped_column(String(500))  # sealed (core.secrets), never answered
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class CodeConfig(IdMixin, AuditMixin, Base):
    """What `gen-code` generates an area from: a table of a data source, the area (package) and screen names,
    the screen's menu path and code, and the column model (JSON list, see schemas.CodeColumn)."""

    __tablename__ = "blade_code"

    datasource_id: Mapped[int] = mapped_column(BigInteger)
    table_name: Mapped[str] = mapped_column(String(128))  # the source's table whose columns are read
    target_table: Mapped[str] = mapped_column(String(64))  # the table the generated area creates
    module_name: Mapped[str] = mapped_column(String(32))  # the area's package under plantdesk.modules
    code_name: Mapped[str] = mapped_column(String(64))  # the screen's name, zh
    code_name_en: Mapped[str] = mapped_column(String(64))
    menu_code: Mapped[str] = mapped_column(String(64))
    menu_path: Mapped[str] = mapped_column(String(128))
    menu_parent: Mapped[str | None] = mapped_column(String(64))  # another area's catalogue; none: its own
    catalogue_name: Mapped[str | None] = mapped_column(String(64))
    catalogue_name_en: Mapped[str | None] = mapped_column(String(64))
    tenant_scoped: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    columns: Mapped[str] = mapped_column(Text, default="[]", server_default="[]")
    remark: Mapped[str | None] = mapped_column(String(500))
