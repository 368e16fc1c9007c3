"""a data-point import may add the devices its file names (the importer also holds the device ledger's add)

Revision ID: d8e2f4a6b1c3
Revises: 3f6b8d21c4e7
Create Date: 2026-11-27 23:45:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'd8e2f4a6b1c3'
down_revision: str | Sequence[str] | None = '3f6b8d21c4e7'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('import_log', sa.Column('create_devices', sa.Integer(), server_default='0', nullable=False))


def downgrade() -> None:
    op.drop_column('import_log', 'create_devices')
