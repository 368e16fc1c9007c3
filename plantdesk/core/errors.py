"""Typed failures carrying the spec's message, the body code and the HTTP status; rendered once (app.py)."""


class PlantDeskError(Exception):
    code = 400
    http_status = 200  # a business failure is a normal answer with body code 400 (contract §1)
    default_msg = "操作失败"

    def __init__(self, msg: str | None = None, *, code: int | None = None):
        self.msg = msg or self.default_msg
        if code is not None:
            self.code = code
        super().__init__(self.msg)


class BusinessError(PlantDeskError):
    pass


class NotFoundError(PlantDeskError):
    default_msg = "数据不存在"


class BadRequest(PlantDeskError):
    http_status = 400
    default_msg = "请求参数错误"


class Unauthorized(PlantDeskError):
    code = 401
    http_status = 401
    default_msg = "请求未授权"


class Forbidden(PlantDeskError):
    code = 403
    http_status = 403
    default_msg = "请求被拒绝"


class ServiceUnavailable(PlantDeskError):
    """A dependency (Redis behind the live channel) cannot serve now: the client retries later."""
    code = 503
    http_status = 503
    default_msg = "服务暂时不可用,请稍后重试"


class TokenError(Exception):
    """OAuth2 token endpoint failure: rendered raw as {error_code, error_description, error} (contract §3.3)."""

    def __init__(self, description: str, *, error_code: int = 2000, error: str = "invalid_grant",
                 http_status: int = 400):
        self.description = description
        self.error_code = error_code
        self.error = error
        self.http_status = http_status
        super().__init__(description)
