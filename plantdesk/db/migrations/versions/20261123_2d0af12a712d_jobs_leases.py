"""jobs: leases (plantdesk_lease), for one owner per long-running thing and per snowflake worker id

Revision ID: 2d0af12a712d
Revises: 7c3e91d2a5b4
Create Date: 2026-11-23 21:19:19.149521

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "2d0af12a712d"
down_revision: str | Sequence[str] | None = "7c3e91d2a5b4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "plantdesk_lease",
        sa.Column("name", sa.String(length=128), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_plantdesk_lease")),
    )


def downgrade() -> None:
    op.drop_table("plantdesk_lease")
