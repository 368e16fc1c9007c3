"""job runs and pauses: what the scheduled-jobs screen shows and the operator's pause

Revision ID: c4a1e9f07d3b
Revises: c5a8e3f1d9b6
Create Date: 2026-11-27 20:20:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'c4a1e9f07d3b'
down_revision: str | Sequence[str] | None = 'c5a8e3f1d9b6'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('plantdesk_job_run',
    sa.Column('job', sa.String(length=128), nullable=False),
    sa.Column('trigger', sa.String(length=16), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('host', sa.String(length=128), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.Column('finished_at', sa.DateTime(), nullable=True),
    sa.Column('duration_ms', sa.BigInteger(), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_plantdesk_job_run'))
    )
    op.create_index('ix_plantdesk_job_run_job', 'plantdesk_job_run', ['job', 'id'], unique=False)
    op.create_table('plantdesk_job_pause',
    sa.Column('job', sa.String(length=128), nullable=False),
    sa.Column('paused', sa.Boolean(), nullable=False),
    sa.Column('changed_at', sa.DateTime(), nullable=False),
    sa.Column('changed_by', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('job', name=op.f('pk_plantdesk_job_pause'))
    )


def downgrade() -> None:
    op.drop_table('plantdesk_job_pause')
    op.drop_index('ix_plantdesk_job_run_job', table_name='plantdesk_job_run')
    op.drop_table('plantdesk_job_run')
