"""Knowledge base tables. Every table is tenant-scoped; the search index (`knowledge_term`) is too, so a query
never reads another tenant's postings."""

from sqlalchemy import BigInteger, Float, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class KnowledgeCatalogue(IdMixin, TenantMixin, AuditMixin, Base):
    """A folder of the knowledge tree."""

    __tablename__ = "knowledge_catalogue"

    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    name: Mapped[str] = mapped_column(String(128))
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class KnowledgeInfo(IdMixin, TenantMixin, AuditMixin, Base):
    """One entry (a procedure, a note): `content` is sanitised HTML; `term_count` is its length in search
    tokens (BM25's document length, in its postings' weights)."""

    __tablename__ = "knowledge_info"
    # The search's entry count (BM25's N) reads this index alone.
    __table_args__ = (Index("ix_knowledge_info_live", "tenant_id", "is_deleted"),)

    catalogue_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0", index=True)
    title: Mapped[str] = mapped_column(String(255))
    summary: Mapped[str | None] = mapped_column(String(1000))
    tags: Mapped[str | None] = mapped_column(String(255))  # comma-separated keywords, e.g. device tags
    content: Mapped[str | None] = mapped_column(Text)
    author: Mapped[str | None] = mapped_column(String(64))
    term_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class KnowledgeFileRela(IdMixin, TenantMixin, AuditMixin, Base):
    """An attachment (a blade_attach row) of an entry."""

    __tablename__ = "knowledge_filerela"

    info_id: Mapped[int] = mapped_column(BigInteger, index=True)
    attach_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(500))  # the original file name
    link: Mapped[str | None] = mapped_column(String(1000))
    extension: Mapped[str | None] = mapped_column(String(12))
    attach_size: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")


class KnowledgeComment(IdMixin, TenantMixin, AuditMixin, Base):
    """A comment on an entry; `parent_id` is the comment it answers (0: a new thread)."""

    __tablename__ = "knowledge_comment"

    info_id: Mapped[int] = mapped_column(BigInteger, index=True)
    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    content: Mapped[str] = mapped_column(String(2000))
    user_name: Mapped[str | None] = mapped_column(String(64))


class KnowledgeChangeLog(IdMixin, TenantMixin, AuditMixin, Base):
    """What one edit of an entry changed: `action` (create/update/remove/note), the changed fields as JSON
    [{field, old, new}] and a unified diff of the text. Written by the service on every save, never by hand
    (except a note through changelog/submit)."""

    __tablename__ = "knowledge_changelog"

    info_id: Mapped[int] = mapped_column(BigInteger, index=True)
    action: Mapped[str] = mapped_column(String(16))
    user_name: Mapped[str | None] = mapped_column(String(64))
    fields: Mapped[str | None] = mapped_column(Text)
    diff: Mapped[str | None] = mapped_column(Text)
    remark: Mapped[str | None] = mapped_column(String(500))


class KnowledgeTerm(TenantMixin, Base):
    """The search index: one posting per (entry, token) with its frequency and its BM25 weight (knowledge.service:
    the idf is applied when searching). Two indexes cover every column a search reads: (tenant, term, weight) reads
    a term's postings best first, (tenant, term, entry) finds an entry's posting of a term."""

    __tablename__ = "knowledge_term"
    __table_args__ = (Index("ix_knowledge_term_best", "tenant_id", "term", "weight", "info_id"),
                      Index("ix_knowledge_term_entry", "tenant_id", "term", "info_id", "weight"))

    info_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    term: Mapped[str] = mapped_column(String(64), primary_key=True)
    tf: Mapped[int] = mapped_column(Integer)
    weight: Mapped[float] = mapped_column(Float)


class AlarmEventKnowledge(IdMixin, TenantMixin, AuditMixin, Base):
    """An alarm event's knowledge link (selectKnowledgeByEventId / unloadKnow). `event_id` is the alarm area's
    event id, kept without a foreign key: the alarm tables live in their own module."""

    __tablename__ = "alarm_event_knowledge"
    __table_args__ = (Index("ix_alarm_event_knowledge_event", "tenant_id", "event_id"),)

    event_id: Mapped[int] = mapped_column(BigInteger)
    knowledge_id: Mapped[int] = mapped_column(BigInteger, index=True)
