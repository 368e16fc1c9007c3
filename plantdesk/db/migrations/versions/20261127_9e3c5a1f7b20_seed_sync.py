"""the record of what the sync of the seeded definitions last wrote (plantdesk.seed.sync)

Revision ID: 9e3c5a1f7b20
Revises: 5b8d2e7f3a61
Create Date: 2026-11-27 13:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "9e3c5a1f7b20"
down_revision: str | Sequence[str] | None = "5b8d2e7f3a61"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "blade_seed_sync",
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("tenant_id", sa.String(length=12), nullable=False),
        sa.Column("code", sa.String(length=255), nullable=False),
        sa.Column("item", sa.String(length=255), nullable=False),
        sa.Column("seeded", sa.Text(), nullable=False),
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_blade_seed_sync")),
        sa.UniqueConstraint("kind", "tenant_id", "code", "item", name=op.f("uq_blade_seed_sync_kind")),
    )


def downgrade() -> None:
    op.drop_table("blade_seed_sync")
