"""Wire shapes of /api/blade-log (blade_log_usual / _api / _error, contract §9)."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema


class _LogRead(Schema):
    id: Id
    tenant_id: str
    service_id: str | None = ""
    server_host: str | None = ""
    server_ip: str | None = ""
    env: str | None = ""
    method: str | None = ""
    request_uri: str | None = ""
    user_agent: str | None = ""
    remote_ip: str | None = ""
    method_class: str | None = ""
    method_name: str | None = ""
    params: str | None = ""
    time: str | None = ""
    create_by: str | None = ""
    create_time: DateTime | None = None


class UsualLogRead(_LogRead):
    log_level: str | None = ""
    log_id: str | None = ""
    log_data: str | None = ""


class ApiLogRead(_LogRead):
    type: str | None = ""
    title: str | None = ""


class ErrorLogRead(_LogRead):
    exception_name: str | None = ""
    message: str | None = ""
    file_name: str | None = ""
    line_number: int | None = None
    stack_trace: str | None = ""


class SystemLogRead(Schema):
    """A row of the system log (core.system_log)."""

    id: Id
    tenant_id: str
    level: str
    source: str
    event: str
    message: str
    detail: str | None = ""
    service_id: str | None = ""
    server_host: str | None = ""
    create_time: DateTime | None = None


class LogFilter(Schema):
    """The JSON body of POST usual/page and usual/export (the same names as the list's query)."""

    service_id: str | None = Field(None, max_length=64)
    server_host: str | None = Field(None, max_length=255)
    request_uri: str | None = Field(None, max_length=255)
    log_level: str | None = Field(None, max_length=10)
    log_start_time: str | None = Field(None, max_length=19)
    log_end_time: str | None = Field(None, max_length=19)
    tenant_id: str | None = Field(None, max_length=12)
