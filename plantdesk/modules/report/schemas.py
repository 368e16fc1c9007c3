"""Wire shapes of /api/blade-report (camelCase, ids as strings, BladeX paging)."""

from typing import Literal

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema, TenantRowRead

Kind = Literal["production", "alarm", "points", "workflow"]
Period = Literal["shift", "day", "week", "month"]


class ReportRead(TenantRowRead):
    name: str
    kind: str
    period: str
    point_ids: str | None = None
    recipients: str | None = None
    content: str | None = None
    auth: str | None = None
    is_enable: int = 1


class ReportWrite(Schema):
    """Spec §7: submit (id, name, auth) saves a template, (id, isEnable) toggles it (§4); the rest is ours."""

    id: Id | None = None
    name: str | None = Field(None, min_length=1, max_length=100)
    auth: str | None = Field(None, max_length=255)
    is_enable: Literal[0, 1] | None = None
    kind: Kind | None = None
    period: Period | None = None
    point_ids: str | None = Field(None, max_length=4000, pattern=r"^[0-9,\s]*$")
    recipients: str | None = Field(None, max_length=1000)
    content: str | None = Field(None, max_length=2000)


class GenerateBody(Schema):
    id: Id
    at: DateTime | None = None  # a moment inside the period; none: the last complete period


class OutputRead(Schema):
    id: Id
    tenant_id: str
    report_id: Id
    name: str
    kind: str
    period: str
    period_start: DateTime
    period_end: DateTime
    trigger: str
    xlsx_size: int
    pdf_size: int
    create_time: DateTime
