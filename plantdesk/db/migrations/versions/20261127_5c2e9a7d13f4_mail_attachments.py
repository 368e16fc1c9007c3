"""the e-mail outbox carries attachments: references to stored files (a generated report's Excel and PDF)

Revision ID: 5c2e9a7d13f4
Revises: c4a1e9f07d3b
Create Date: 2026-11-27 20:05:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '5c2e9a7d13f4'
down_revision: str | Sequence[str] | None = 'c4a1e9f07d3b'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('alarm_mail', sa.Column('attachments', sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column('alarm_mail', 'attachments')
