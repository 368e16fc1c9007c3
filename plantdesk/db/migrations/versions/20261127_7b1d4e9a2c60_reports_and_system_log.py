"""reports: templates (blade_report_file) and generated reports; the system log (blade_log_system)

Revision ID: 7b1d4e9a2c60
Revises: 9a7a22d9bd1b
Create Date: 2026-11-27 17:05:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = '7b1d4e9a2c60'
down_revision: str | Sequence[str] | None = '9a7a22d9bd1b'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('blade_report_file',
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('period', sa.String(length=10), nullable=False),
    sa.Column('point_ids', sa.Text(), nullable=True),
    sa.Column('recipients', sa.String(length=1000), nullable=True),
    sa.Column('content', sa.Text(), nullable=True),
    sa.Column('auth', sa.String(length=255), nullable=True),
    sa.Column('is_enable', sa.Integer(), server_default='1', nullable=False),
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('tenant_id', sa.String(length=12), nullable=False),
    sa.Column('create_user', sa.BigInteger(), nullable=True),
    sa.Column('create_dept', sa.BigInteger(), nullable=True),
    sa.Column('create_time', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=True),
    sa.Column('update_user', sa.BigInteger(), nullable=True),
    sa.Column('update_time', sa.DateTime(), nullable=True),
    sa.Column('status', sa.Integer(), server_default='1', nullable=False),
    sa.Column('is_deleted', sa.Integer(), server_default='0', nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_blade_report_file'))
    )
    with op.batch_alter_table('blade_report_file', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_blade_report_file_tenant_id'), ['tenant_id'], unique=False)

    op.create_table('report_output',
    sa.Column('report_id', sa.BigInteger(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('period', sa.String(length=10), nullable=False),
    sa.Column('period_start', sa.DateTime(), nullable=False),
    sa.Column('period_end', sa.DateTime(), nullable=False),
    sa.Column('trigger', sa.String(length=10), nullable=False),
    sa.Column('xlsx_key', sa.String(length=500), nullable=True),
    sa.Column('pdf_key', sa.String(length=500), nullable=True),
    sa.Column('oss_code', sa.String(length=64), nullable=True),
    sa.Column('xlsx_size', sa.BigInteger(), nullable=False),
    sa.Column('pdf_size', sa.BigInteger(), nullable=False),
    sa.Column('create_user', sa.BigInteger(), nullable=True),
    sa.Column('create_time', sa.DateTime(), nullable=False),
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('tenant_id', sa.String(length=12), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_report_output'))
    )
    with op.batch_alter_table('report_output', schema=None) as batch_op:
        batch_op.create_index('ix_report_output_report_period', ['report_id', 'period_start'], unique=False)
        batch_op.create_index(batch_op.f('ix_report_output_create_time'), ['create_time'], unique=False)
        batch_op.create_index(batch_op.f('ix_report_output_tenant_id'), ['tenant_id'], unique=False)

    op.create_table('blade_log_system',
    sa.Column('level', sa.String(length=10), nullable=False),
    sa.Column('source', sa.String(length=32), nullable=False),
    sa.Column('event', sa.String(length=64), nullable=False),
    sa.Column('message', sa.Text(), nullable=False),
    sa.Column('detail', sa.Text(), nullable=True),
    sa.Column('service_id', sa.String(length=32), nullable=True),
    sa.Column('server_host', sa.String(length=255), nullable=True),
    sa.Column('env', sa.String(length=255), nullable=True),
    sa.Column('create_time', sa.DateTime(), nullable=False),
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('tenant_id', sa.String(length=12), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_blade_log_system'))
    )
    with op.batch_alter_table('blade_log_system', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_blade_log_system_create_time'), ['create_time'], unique=False)
        batch_op.create_index(batch_op.f('ix_blade_log_system_level'), ['level'], unique=False)
        batch_op.create_index(batch_op.f('ix_blade_log_system_source'), ['source'], unique=False)
        batch_op.create_index(batch_op.f('ix_blade_log_system_tenant_id'), ['tenant_id'], unique=False)


def downgrade() -> None:
    op.drop_table('blade_log_system')
    op.drop_table('report_output')
    op.drop_table('blade_report_file')
