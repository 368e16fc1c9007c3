"""monitor rollups by closed bucket: monitor_rollup_mark holds up to where each rollup table is complete (the
rollups so far followed every stored value, so they are complete up to the current bucket's start)

Revision ID: a4c7e9b2d5f1
Revises: a4c9e1f7b2d5
Create Date: 2026-11-28 03:40:00

"""
import time
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'a4c7e9b2d5f1'
down_revision: str | Sequence[str] | None = 'a4c9e1f7b2d5'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    mark = op.create_table(
        'monitor_rollup_mark',
        sa.Column('grain', sa.String(length=8), nullable=False),
        sa.Column('upto', sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint('grain'),
    )
    now = int(time.time() * 1000)
    op.bulk_insert(mark, [{'grain': '1m', 'upto': now - now % 60_000},
                          {'grain': '1h', 'upto': now - now % 3_600_000}])


def downgrade() -> None:
    op.drop_table('monitor_rollup_mark')
