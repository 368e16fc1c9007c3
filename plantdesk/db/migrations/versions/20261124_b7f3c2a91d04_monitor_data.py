"""monitor data: monitor_data (day partitions on PostgreSQL), monitor_latest, rollups, device tokens, settings

Revision ID: b7f3c2a91d04
Revises: e90829651ded
Create Date: 2026-11-24 00:20:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "b7f3c2a91d04"
down_revision: str | Sequence[str] | None = "e90829651ded"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CLUSTERED = {"sqlite_with_rowid": False}


def upgrade() -> None:
    # Partitions are created by the store and the monitor.partitions job (one per UTC day), not here.
    op.create_table(
        "monitor_data",
        sa.Column("point_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("ts", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("value", sa.Float(), nullable=True),
        sa.Column("text_value", sa.Text(), nullable=True),
        sa.Column("quality", sa.SmallInteger(), server_default="0", nullable=False),
        sa.PrimaryKeyConstraint("point_id", "ts", name=op.f("pk_monitor_data")),
        postgresql_partition_by="RANGE (ts)",
        **CLUSTERED,
    )
    op.create_table(
        "monitor_latest",
        sa.Column("point_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("ts", sa.BigInteger(), nullable=False),
        sa.Column("value", sa.Float(), nullable=True),
        sa.Column("text_value", sa.Text(), nullable=True),
        sa.Column("quality", sa.SmallInteger(), server_default="0", nullable=False),
        sa.Column("stored_ts", sa.BigInteger(), nullable=False),
        sa.Column("stored_value", sa.Float(), nullable=True),
        sa.Column("stored_text", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("point_id", name=op.f("pk_monitor_latest")),
        **CLUSTERED,
    )
    for table in ("monitor_rollup_1m", "monitor_rollup_1h"):
        op.create_table(
            table,
            sa.Column("point_id", sa.BigInteger(), autoincrement=False, nullable=False),
            sa.Column("bucket", sa.BigInteger(), autoincrement=False, nullable=False),
            sa.Column("min", sa.Float(), nullable=False),
            sa.Column("max", sa.Float(), nullable=False),
            sa.Column("sum", sa.Float(), nullable=False),
            sa.Column("count", sa.Integer(), nullable=False),
            sa.Column("last", sa.Float(), nullable=False),
            sa.Column("last_ts", sa.BigInteger(), nullable=False),
            sa.PrimaryKeyConstraint("point_id", "bucket", name=op.f(f"pk_{table}")),
            **CLUSTERED,
        )
    op.create_table(
        "device_token",
        sa.Column("device_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("prefix", sa.String(length=16), nullable=False),
        sa.Column("create_user", sa.BigInteger(), nullable=True),
        sa.Column("create_time", sa.DateTime(), nullable=False),
        sa.Column("last_used_time", sa.DateTime(), nullable=True),
        sa.Column("revoke_time", sa.DateTime(), nullable=True),
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("tenant_id", sa.String(length=12), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_device_token")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_device_token_token_hash")),
    )
    op.create_index(op.f("ix_device_token_device_id"), "device_token", ["device_id"], unique=False)
    op.create_index(op.f("ix_device_token_tenant_id"), "device_token", ["tenant_id"], unique=False)
    op.create_table(
        "monitor_setting",
        sa.Column("retention_days", sa.Integer(), server_default="30", nullable=False),
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("tenant_id", sa.String(length=12), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_monitor_setting")),
    )
    op.create_index(op.f("ix_monitor_setting_tenant_id"), "monitor_setting", ["tenant_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_monitor_setting_tenant_id"), table_name="monitor_setting")
    op.drop_table("monitor_setting")
    op.drop_index(op.f("ix_device_token_tenant_id"), table_name="device_token")
    op.drop_index(op.f("ix_device_token_device_id"), table_name="device_token")
    op.drop_table("device_token")
    op.drop_table("monitor_rollup_1h")
    op.drop_table("monitor_rollup_1m")
    op.drop_table("monitor_latest")
    op.drop_table("monitor_data")
