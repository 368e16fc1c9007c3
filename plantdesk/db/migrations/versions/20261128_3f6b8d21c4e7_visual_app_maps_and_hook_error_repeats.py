"""maps carry is_app (shown in the mobile app); a hook's error row counts the repeats of its failure in a minute

Revision ID: 3f6b8d21c4e7
Revises: 5c2e9a7d13f4
Create Date: 2026-11-28 00:00:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '3f6b8d21c4e7'
down_revision: str | Sequence[str] | None = '5c2e9a7d13f4'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('visual_map', sa.Column('is_app', sa.Integer(), server_default='0', nullable=False))
    op.add_column('large_api_hook_error', sa.Column('repeat_count', sa.Integer(), server_default='1', nullable=False))
    op.add_column('large_api_hook_error', sa.Column('last_time', sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('large_api_hook_error', schema=None) as batch_op:
        batch_op.drop_column('last_time')
        batch_op.drop_column('repeat_count')
    with op.batch_alter_table('visual_map', schema=None) as batch_op:
        batch_op.drop_column('is_app')
