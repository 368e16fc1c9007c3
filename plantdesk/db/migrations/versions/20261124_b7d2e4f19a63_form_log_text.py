"""forms: a log value keeps the value as its field showed it (a choice's labels)

Revision ID: b7d2e4f19a63
Revises: c4f1a7e20b5d
Create Date: 2026-11-24 07:05:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "b7d2e4f19a63"
down_revision: str | Sequence[str] | None = "c4f1a7e20b5d"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("form_log_value", schema=None) as batch_op:
        batch_op.add_column(sa.Column("text", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("form_log_value", schema=None) as batch_op:
        batch_op.drop_column("text")
