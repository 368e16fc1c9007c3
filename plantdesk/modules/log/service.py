"""Reading the API, error and usual logs that core.audit writes; newest first; tenant-scoped by core."""

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.audit_models import ApiLog, ErrorLog, UsualLog
from plantdesk.core.envelope import Schema
from plantdesk.core.errors import BadRequest
from plantdesk.core.paging import PageParams, paginate
from plantdesk.core.query import Column, filters

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
}


LogModel = type[ApiLog] | type[ErrorLog] | type[UsualLog]


def statement(model: LogModel, params: Mapping[str, str]) -> Select:
    """serviceId, serverHost, requestUri (contains), logLevel, and the logStartTime..logEndTime window."""
    columns: dict[str, Column] = {
        "serviceId": model.service_id, "serverHost": model.server_host, "requestUri": model.request_uri,
        "method": model.method, "createBy": model.create_by}
    if model is UsualLog:
        columns["logLevel"] = model.log_level
    stmt = select(model).where(*filters(params, columns))
    if params.get("logStartTime"):
        stmt = stmt.where(model.create_time >= _when(params["logStartTime"], "logStartTime"))
    if params.get("logEndTime"):
        end = params["logEndTime"]
        stmt = stmt.where(model.create_time <= _when(end if len(end) > 10 else end + " 23:59:59", "logEndTime"))
    return stmt


async def page(db: AsyncSession, model: LogModel, params: Mapping[str, str], paging: PageParams) -> dict:
    stmt = paging.order_by(statement(model, params), {"create_time": model.create_time})
    return await paginate(db, stmt.order_by(model.create_time.desc(), model.id.desc()), paging)


async def export_rows(db: AsyncSession, model: LogModel, read: type[Schema], params: Mapping[str, str], *,
                      uri_prefix: str | None = None) -> list[dict]:
    stmt = statement(model, params)
    if uri_prefix:
        stmt = stmt.where(model.request_uri.startswith(uri_prefix, autoescape=True))
    stmt = stmt.order_by(model.create_time.desc(), model.id.desc()).limit(MAX_EXPORT_ROWS)
    return [read.model_validate(row).model_dump(mode="json", by_alias=True)
            for row in (await db.execute(stmt)).scalars()]


def _when(raw: str, name: str) -> datetime:
    for fmt in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d"):
        try:
            return datetime.strptime(raw.strip(), fmt)
        except ValueError:
            continue
    raise BadRequest(f"请求参数类型错误: {name}")
