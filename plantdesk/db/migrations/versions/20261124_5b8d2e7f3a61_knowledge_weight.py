"""knowledge search postings carry their BM25 weight, read best first; the entry count reads an index

Revision ID: 5b8d2e7f3a61
Revises: 2bb811e0b37e
Create Date: 2026-11-24 07:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5b8d2e7f3a61"
down_revision: str | Sequence[str] | None = "2bb811e0b37e"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# knowledge.service.weight at the time of this revision: k1 1.2, b 0.75, reference length 100.
WEIGHT = "tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * doc_len / 100.0))"


def upgrade() -> None:
    with op.batch_alter_table("knowledge_term", schema=None) as batch_op:
        batch_op.add_column(sa.Column("weight", sa.Float(), nullable=True))
    op.execute(f"UPDATE knowledge_term SET weight = {WEIGHT}")
    with op.batch_alter_table("knowledge_term", schema=None) as batch_op:
        batch_op.alter_column("weight", existing_type=sa.Float(), nullable=False)
        batch_op.drop_index("ix_knowledge_term_tenant_term")
        batch_op.drop_column("doc_len")
        batch_op.create_index("ix_knowledge_term_best", ["tenant_id", "term", "weight", "info_id"], unique=False)
        batch_op.create_index("ix_knowledge_term_entry", ["tenant_id", "term", "info_id", "weight"], unique=False)
    with op.batch_alter_table("knowledge_info", schema=None) as batch_op:
        batch_op.create_index("ix_knowledge_info_live", ["tenant_id", "is_deleted"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("knowledge_info", schema=None) as batch_op:
        batch_op.drop_index("ix_knowledge_info_live")
    with op.batch_alter_table("knowledge_term", schema=None) as batch_op:
        batch_op.add_column(sa.Column("doc_len", sa.Integer(), nullable=True))
    op.execute("UPDATE knowledge_term SET doc_len = (SELECT term_count FROM knowledge_info "
               "WHERE knowledge_info.id = knowledge_term.info_id)")
    op.execute("UPDATE knowledge_term SET doc_len = 0 WHERE doc_len IS NULL")
    with op.batch_alter_table("knowledge_term", schema=None) as batch_op:
        batch_op.alter_column("doc_len", existing_type=sa.Integer(), nullable=False)
        batch_op.drop_index("ix_knowledge_term_entry")
        batch_op.drop_index("ix_knowledge_term_best")
        batch_op.drop_column("weight")
        batch_op.create_index("ix_knowledge_term_tenant_term", ["tenant_id", "term", "info_id", "tf", "doc_len"],
                              unique=False)
