"""search grams: the gram index behind the user page's "contains" filters (core.search), filled for existing users

Revision ID: 158497586e07
Revises: 276d28938435
Create Date: 2026-11-22 12:00:54.265829

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "158497586e07"
down_revision: str | Sequence[str] | None = "276d28938435"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# As the index was first defined (plantdesk.modules.system.models.SEARCH), frozen here.
FIELDS = {"user.account": "account", "user.realName": "real_name"}


def _grams(value: str | None) -> set[str]:
    text = (value or "").casefold()
    return {text[i:i + n] for n in (1, 2, 3) for i in range(len(text) - n + 1)}


def upgrade() -> None:
    grams = op.create_table(
        "blade_search_gram",
        sa.Column("tenant_id", sa.String(length=12), nullable=False),
        sa.Column("field", sa.String(length=40), nullable=False),
        sa.Column("gram", sa.String(length=12), nullable=False),
        sa.Column("row_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", "field", "gram", "row_id", name=op.f("pk_blade_search_gram")),
        sqlite_with_rowid=False,
    )
    users = op.get_bind().execute(sa.text(
        "SELECT id, tenant_id, account, real_name FROM blade_user WHERE is_deleted = 0")).mappings().all()
    rows = [{"tenant_id": user["tenant_id"], "field": field, "gram": gram, "row_id": user["id"]}
            for user in users for field, column in FIELDS.items() for gram in _grams(user[column])]
    if rows:
        op.bulk_insert(grams, rows)


def downgrade() -> None:
    op.drop_table("blade_search_gram")
