"""the plant home: each user's arrangement of the home page's cards

Revision ID: b7d41e0c9a2f
Revises: 1b4b2cad2817
Create Date: 2026-11-27 16:50:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'b7d41e0c9a2f'
down_revision: str | Sequence[str] | None = '1b4b2cad2817'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('home_layout',
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('cards', sa.Text(), nullable=False),
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('tenant_id', sa.String(length=12), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('uq_home_layout_user', 'home_layout', ['tenant_id', 'user_id'], unique=True)
    op.create_index(op.f('ix_home_layout_tenant_id'), 'home_layout', ['tenant_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_home_layout_tenant_id'), table_name='home_layout')
    op.drop_index('uq_home_layout_user', table_name='home_layout')
    op.drop_table('home_layout')
