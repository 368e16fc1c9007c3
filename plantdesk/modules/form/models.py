"""Forms (spec §3, §7 "Forms"). Every table is tenant-scoped.

A design's `content` is its draft: the avue option JSON (`column`, `group`, form settings) the designer saves.
Publishing copies it into a `form_design_detail` row with the next version number; such a row is never changed
again, so every log row can say which version was filled in.
"""

from sqlalchemy import BigInteger, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class FormCatalogue(IdMixin, TenantMixin, AuditMixin, Base):
    """A folder of the form catalogue (a tree)."""

    __tablename__ = "form_catalogue"

    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    name: Mapped[str] = mapped_column(String(128))
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class FormDesign(IdMixin, TenantMixin, AuditMixin, Base):
    """A form: its catalogue folder, name and draft content. `status`: 0 draft (changed since the last publish),
    1 published (the draft is the latest version)."""

    __tablename__ = "form_design"

    catalogue_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0", index=True)
    name: Mapped[str] = mapped_column(String(128))
    content: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # the latest published one
    remark: Mapped[str | None] = mapped_column(String(500))


class FormDesignDetail(IdMixin, TenantMixin, AuditMixin, Base):
    """One published version of a design: immutable."""

    __tablename__ = "form_design_detail"

    design_id: Mapped[int] = mapped_column(BigInteger, index=True)
    version: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(128))
    content: Mapped[str] = mapped_column(Text)
    remark: Mapped[str | None] = mapped_column(String(500))


class FormLog(IdMixin, TenantMixin, AuditMixin, Base):
    """One submission of a published form; `content` is the submitted values as JSON."""

    __tablename__ = "form_log"

    design_id: Mapped[int] = mapped_column(BigInteger, index=True)
    detail_id: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[int] = mapped_column(Integer)
    form_name: Mapped[str] = mapped_column(String(128))
    content: Mapped[str] = mapped_column(Text)
    user_name: Mapped[str | None] = mapped_column(String(64))


class FormLogValue(IdMixin, TenantMixin, AuditMixin, Base):
    """One field's value of a submission (a sub-table's rows are one JSON value)."""

    __tablename__ = "form_log_value"

    log_id: Mapped[int] = mapped_column(BigInteger, index=True)
    prop: Mapped[str] = mapped_column(String(64))
    label: Mapped[str | None] = mapped_column(String(128))
    value: Mapped[str | None] = mapped_column(Text)
    # The value as the field showed it when submitted (a choice's labels), when that is not `value` itself.
    text: Mapped[str | None] = mapped_column(Text)
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class FormHook(IdMixin, TenantMixin, AuditMixin, Base):
    """A remote dictionary: `type` http (GET/POST `url`, items under `res_path`) or dict (a business dictionary
    `dict_code`). Items are mapped to {label, value} by `label_key` / `value_key`."""

    __tablename__ = "form_hook"

    name: Mapped[str] = mapped_column(String(128))
    type: Mapped[str] = mapped_column(String(16), default="dict", server_default="dict")
    url: Mapped[str | None] = mapped_column(String(500))
    method: Mapped[str] = mapped_column(String(8), default="GET", server_default="GET")
    res_path: Mapped[str | None] = mapped_column(String(128))
    dict_code: Mapped[str | None] = mapped_column(String(128))
    label_key: Mapped[str] = mapped_column(String(64), default="label", server_default="label")
    value_key: Mapped[str] = mapped_column(String(64), default="value", server_default="value")
    remark: Mapped[str | None] = mapped_column(String(500))


class FormHookParams(IdMixin, TenantMixin, AuditMixin, Base):
    """A fixed parameter a hook sends (query for GET, JSON body for POST)."""

    __tablename__ = "form_hook_params"

    hook_id: Mapped[int] = mapped_column(BigInteger, index=True)
    param_name: Mapped[str] = mapped_column(String(64))
    param_key: Mapped[str] = mapped_column(String(64))
    param_value: Mapped[str | None] = mapped_column(String(500))
