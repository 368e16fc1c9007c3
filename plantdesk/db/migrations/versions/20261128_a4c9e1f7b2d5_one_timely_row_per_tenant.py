"""one timely-detection row per tenant (two tracking jobs that found none each added one)

Revision ID: a4c9e1f7b2d5
Revises: d8e2f4a6b1c3
Create Date: 2026-11-28 04:00:00

"""
from collections.abc import Sequence

from alembic import op

revision: str = 'a4c9e1f7b2d5'
down_revision: str | Sequence[str] | None = 'd8e2f4a6b1c3'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # The first row a tenant got is the one its settings screen showed (it read the lowest id); the copies go.
    op.execute("DELETE FROM alarm_timely WHERE id NOT IN "
               "(SELECT min_id FROM (SELECT min(id) AS min_id FROM alarm_timely GROUP BY tenant_id) AS firsts)")
    op.create_index('uq_alarm_timely_tenant', 'alarm_timely', ['tenant_id'], unique=True)


def downgrade() -> None:
    op.drop_index('uq_alarm_timely_tenant', table_name='alarm_timely')
