"""workflows that run real processes: a definition's timer, message or signal start, and what an instance waits for

Revision ID: c29f10a4e6b1
Revises: b7d41e0c9a2f
Create Date: 2026-11-27 20:10:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'c29f10a4e6b1'
down_revision: str | Sequence[str] | None = 'b7d41e0c9a2f'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('wf_definition', sa.Column('schedule', sa.String(length=255), nullable=True))
    op.add_column('wf_definition', sa.Column('next_start', sa.DateTime(), nullable=True))
    op.add_column('wf_definition', sa.Column('trigger', sa.String(length=255), nullable=True))
    op.create_index(op.f('ix_wf_definition_next_start'), 'wf_definition', ['next_start'], unique=False)
    op.add_column('wf_instance', sa.Column('waiting', sa.String(length=1000), nullable=True))


def downgrade() -> None:
    op.drop_column('wf_instance', 'waiting')
    op.drop_index(op.f('ix_wf_definition_next_start'), table_name='wf_definition')
    op.drop_column('wf_definition', 'trigger')
    op.drop_column('wf_definition', 'next_start')
    op.drop_column('wf_definition', 'schedule')
