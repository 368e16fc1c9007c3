"""$module: table $table ($code_name_en)

Revision ID: $revision
Revises: $down_revision
Create Date: $created

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = '$revision'
down_revision: str | Sequence[str] | None = '$down_revision'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('$table',
$migration_columns
    sa.PrimaryKeyConstraint('id', name=op.f('pk_$table'))
    )
$migration_index


def downgrade() -> None:
    """Downgrade schema."""
$migration_drop_index
    op.drop_table('$table')
