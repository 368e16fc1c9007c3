"""Reading the API, error and usual logs that core.audit writes; newest first; tenant-scoped by core."""

from collections.abc import Mapping
from datetime import datetime
from typing import cast

from sqlalchemy import Select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.audit_models import ApiLog, ErrorLog, SystemLog, UsualLog
from plantdesk.core.envelope import Schema
from plantdesk.core.errors import BadRequest
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams
from plantdesk.core.query import Column

MAX_EXPORT_ROWS = 10_000
DEVICE_MANAGEMENT = "/api/device-management/"

COLUMNS = {
    UsualLog: (("id", "编号"), ("serviceId", "服务ID"), ("serverHost", "服务器名"), ("serverIp", "服务器IP"),
               ("env", "环境"), ("logLevel", "日志级别"), ("logId", "日志业务ID"), ("logData", "日志数据"),
               ("method", "请求方法"), ("requestUri", "请求地址"), ("remoteIp", "操作IP"), ("createBy", "操作人"),
               ("params", "请求参数"), ("createTime", "时间")),
    ApiLog: (("id", "编号"), ("serviceId", "服务ID"), ("serverHost", "服务器名"), ("serverIp", "服务器IP"),
             ("env", "环境"), ("title", "日志标题"), ("method", "请求方法"), ("requestUri", "请求地址"),
             ("remoteIp", "操作IP"), ("createBy", "操作人"), ("time", "耗时(ms)"), ("params", "请求参数"),
             ("createTime", "时间")),
    ErrorLog: (("id", "编号"), ("serviceId", "服务ID"), ("serverHost", "服务器名"), ("serverIp", "服务器IP"),
               ("env", "环境"), ("method", "请求方法"), ("requestUri", "请求地址"), ("exceptionName", "异常名"),
               ("message", "异常信息"), ("fileName", "文件名"), ("lineNumber", "行号"), ("remoteIp", "操作IP"),
               ("createBy", "操作人"), ("params", "请求参数"), ("createTime", "时间")),
    SystemLog: (("id", "编号"), ("createTime", "时间"), ("level", "级别"), ("source", "来源"), ("event", "事件"),
                ("message", "内容"), ("tenantId", "租户ID"), ("serverHost", "服务器名"), ("serviceId", "服务ID"),
                ("detail", "详情")),
}


AuditModel = type[ApiLog] | type[ErrorLog] | type[UsualLog]
LogModel = AuditModel | type[SystemLog]


def listing(model: LogModel) -> Listing:
    """serviceId, serverHost, requestUri, method, createBy (contains), logLevel (usual log), the createTime range
    (`createTime_datege` / `createTime_datele`); sortable by create_time; newest first."""
    return _LISTINGS[model]


def _listing(model: LogModel) -> Listing:
    if model is SystemLog:
        return Listing(SystemLog, filters={"message": SystemLog.message, "serverHost": SystemLog.server_host},
                       exact={"level": SystemLog.level, "source": SystemLog.source, "event": SystemLog.event},
                       ranges={"createTime": SystemLog.create_time}, sorts={"create_time": SystemLog.create_time},
                       order=(SystemLog.create_time.desc(), SystemLog.id.desc()))
    return _audit_listing(cast(AuditModel, model))


def _audit_listing(model: AuditModel) -> Listing:
    columns: dict[str, Column] = {
        "serviceId": model.service_id, "serverHost": model.server_host, "requestUri": model.request_uri,
        "method": model.method, "createBy": model.create_by}
    if model is UsualLog:
        columns["logLevel"] = model.log_level
    return Listing(model, filters=columns, ranges={"createTime": model.create_time},
                   sorts={"create_time": model.create_time}, order=(model.create_time.desc(), model.id.desc()))


_LISTINGS = {model: _listing(model) for model in (ApiLog, ErrorLog, UsualLog, SystemLog)}


def statement(model: LogModel, params: Mapping[str, str]) -> Select:
    """The listing's filters, and the logStartTime..logEndTime window BladeX's log screens send."""
    stmt = listing(model).select(params)
    if model is SystemLog and params.get("text"):  # the screen's one text box: message, event or detail
        text = params["text"].strip()[:200]
        stmt = stmt.where(SystemLog.message.contains(text, autoescape=True)
                          | SystemLog.event.contains(text, autoescape=True)
                          | SystemLog.detail.contains(text, autoescape=True))
    if params.get("logStartTime"):
        stmt = stmt.where(model.create_time >= _when(params["logStartTime"], "logStartTime"))
    if params.get("logEndTime"):
        end = params["logEndTime"]
        stmt = stmt.where(model.create_time <= _when(end if len(end) > 10 else end + " 23:59:59", "logEndTime"))
    return stmt


async def page(db: AsyncSession, model: LogModel, params: Mapping[str, str], paging: PageParams) -> dict:
    return await listing(model).page(db, statement(model, params), paging)


async def export_rows(db: AsyncSession, model: LogModel, read: type[Schema], params: Mapping[str, str], *,
                      uri_prefix: str | None = None) -> list[dict]:
    stmt = statement(model, params)
    if uri_prefix and model is not SystemLog:
        stmt = stmt.where(cast(AuditModel, model).request_uri.startswith(uri_prefix, autoescape=True))
    return [read.model_validate(row).model_dump(mode="json", by_alias=True)
            for row in await listing(model).rows(db, stmt, limit=MAX_EXPORT_ROWS)]


def _when(raw: str, name: str) -> datetime:
    for fmt in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d"):
        try:
            return datetime.strptime(raw.strip(), fmt)
        except ValueError:
            continue
    raise BadRequest(f"请求参数类型错误: {name}")
