"""alarm: each user's sound and flash for new alarms of the most urgent levels

Revision ID: c5a8e3f1d9b6
Revises: c29f10a4e6b1
Create Date: 2026-11-27 20:30:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'c5a8e3f1d9b6'
down_revision: str | Sequence[str] | None = 'c29f10a4e6b1'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('alarm_user_setting',
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('sound', sa.Integer(), server_default='0', nullable=False),
    sa.Column('flash', sa.Integer(), server_default='0', nullable=False),
    sa.Column('levels', sa.Integer(), server_default='2', nullable=False),
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('tenant_id', sa.String(length=12), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('uq_alarm_user_setting_user', 'alarm_user_setting', ['tenant_id', 'user_id'], unique=True)
    op.create_index(op.f('ix_alarm_user_setting_tenant_id'), 'alarm_user_setting', ['tenant_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_alarm_user_setting_tenant_id'), table_name='alarm_user_setting')
    op.drop_index('uq_alarm_user_setting_user', table_name='alarm_user_setting')
    op.drop_table('alarm_user_setting')
