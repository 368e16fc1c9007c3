"""user page index leads with (tenant_id, is_deleted): a tenant's live users are counted from the index alone

Revision ID: 5d1e0c7a9b32
Revises: 158497586e07
Create Date: 2026-11-23 14:00:00.000000

"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "5d1e0c7a9b32"
down_revision: str | Sequence[str] | None = "158497586e07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_blade_user_tenant_created", table_name="blade_user")
    op.create_index("ix_blade_user_tenant_live_created", "blade_user", ["tenant_id", "is_deleted", "create_time", "id"])


def downgrade() -> None:
    op.drop_index("ix_blade_user_tenant_live_created", table_name="blade_user")
    op.create_index("ix_blade_user_tenant_created", "blade_user", ["tenant_id", "create_time", "id"])
