"""/api/blade-user (spec §7 Users). Permission codes are the `user` menu's buttons (user/seeds.py)."""

from typing import Annotated, TypeVar

import orjson
from fastapi import APIRouter, Body, File, Query, Request, UploadFile
from fastapi.responses import Response
from pydantic import ValidationError

from plantdesk.core import excel, permissions, responses
from plantdesk.core.context import Identity
from plantdesk.core.crud import request_ids
from plantdesk.core.deps import TOKEN_IN_LINK, CurrentUser, Db, Rt, TenantDb, form_or_query, need
from plantdesk.core.envelope import Id, R, Schema, ok
from plantdesk.core.errors import BadRequest
from plantdesk.core.paging import Page, Paging
from plantdesk.modules.user import excel as user_excel
from plantdesk.modules.user import service
from plantdesk.modules.user.schemas import (
    PlatformRead,
    PlatformUpdate,
    ProfileUpdate,
    Registration,
    UserRead,
    UserWrite,
)

router = APIRouter(prefix="/blade-user", tags=["user"])
SchemaT = TypeVar("SchemaT", bound=Schema)

View = Annotated[Identity, need("user", "user_view")]
Add = Annotated[Identity, need("user_add", "user_edit")]
Edit = Annotated[Identity, need("user_edit")]
Delete = Annotated[Identity, need("user_delete")]
Grant = Annotated[Identity, need("user_role")]
Reset = Annotated[Identity, need("user_reset")]
Lock = Annotated[Identity, need("user_lock")]
Unlock = Annotated[Identity, need("user_unlock")]
Platform = Annotated[Identity, need("user_platform")]
Import = Annotated[Identity, need("user_import")]
Export = Annotated[Identity, need("user_export")]



@router.get("/page", response_model=R[Page[UserRead]])
@responses.cached(service.USERS, service.NAMES, permissions.GENERATION)
async def page(request: Request, db: TenantDb, rt: Rt, paging: Paging, user: View):
    """Filters: deptId (with its sub-departments), account, realName, phone, status, userType."""
    return ok(await service.page(db, rt.cache, user, request.query_params, paging))


@router.get("/detail", response_model=R[UserRead])
async def detail(db: TenantDb, rt: Rt, id: Annotated[Id, Query()], _: View):
    return ok(await service.detail(db, rt.cache, id))


@router.get("/info", response_model=R[UserRead])
async def info(db: Db, rt: Rt, user: CurrentUser):
    """The signed-in user; body code 601 with the user as data when the tenant's licence expires soon."""
    read, notice = await service.info(db, rt.cache, user)
    if notice:
        return {"code": service.LICENSE_CODE, "success": False, "data": read, "msg": notice}
    return ok(read)


@router.get("/platform-detail", response_model=R[PlatformRead])
async def platform_detail(db: TenantDb, rt: Rt, id: Annotated[Id, Query()], _: Platform):
    return ok(await service.detail(db, rt.cache, id, PlatformRead))


@router.post("/submit", response_model=R[UserRead])
async def submit(db: TenantDb, rt: Rt, body: Annotated[UserWrite, Body()], user: Add):
    """Insert (no id; password md5 hex or account.initPassword) or update (password ignored)."""
    return ok(await service.submit(db, rt.cache, user, body))


@router.post("/update", response_model=R[UserRead])
async def update(db: TenantDb, rt: Rt, body: Annotated[UserWrite, Body()], user: Edit):
    return ok(await service.submit(db, rt.cache, user, body, must_exist=True))


@router.post("/update-platform", response_model=R[bool])
async def update_platform(request: Request, db: TenantDb, _: Platform):
    """userId, userType, userExt as a JSON body, a form or query parameters."""
    body = await _params(request, PlatformUpdate, "userId", "userType", "userExt")
    await service.update_platform(db, user_id=body.user_id, user_type=body.user_type, user_ext=body.user_ext)
    return ok(True)


@router.post("/remove", response_model=R[bool])
async def remove(request: Request, db: TenantDb, rt: Rt, user: Delete):
    await service.remove(db, rt.cache, user, await request_ids(request, "ids"))
    return ok(True)


@router.post("/reset-password", response_model=R[bool])
async def reset_password(request: Request, db: TenantDb, rt: Rt, _: Reset):
    await service.reset_passwords(db, rt.cache, await request_ids(request, "userIds"))
    return ok(True)


@router.post("/update-password", response_model=R[bool])
async def update_password(request: Request, db: Db, user: CurrentUser):
    """Own password: oldPassword, newPassword, newPassword1 (md5 hex) in the query or a form."""
    await service.update_password(db, user, old=await form_or_query(request, "oldPassword"),
                                  new=await form_or_query(request, "newPassword"),
                                  new1=await form_or_query(request, "newPassword1"))
    return ok(True)


@router.post("/update-info", response_model=R[bool])
async def update_info(db: Db, body: Annotated[ProfileUpdate, Body()], user: CurrentUser):
    await service.update_info(db, user, body)
    return ok(True)


@router.post("/grant", response_model=R[bool])
async def grant(request: Request, db: TenantDb, _: Grant):
    await service.grant(db, await request_ids(request, "userIds"), await request_ids(request, "roleIds"))
    return ok(True)


@router.post("/lock", response_model=R[bool])
async def lock(request: Request, db: TenantDb, rt: Rt, user: Lock):
    await service.lock(db, rt.cache, user, await request_ids(request, "userIds"))
    return ok(True)


@router.post("/unlock", response_model=R[bool])
async def unlock(request: Request, db: TenantDb, rt: Rt, _: Unlock):
    """Clears the lock status and the login fail counter; also approves a pending registration."""
    await service.unlock(db, rt.cache, await request_ids(request, "userIds"))
    return ok(True)


@router.post("/register-guest", response_model=R[bool])
async def register_guest(request: Request, db: Db):
    """Third-party sign-in users apply for an account (tenantId, name, account, password, oauthId)."""
    body = await _params(request, Registration, *REGISTRATION_FIELDS)
    await service.register(db, body)
    return ok(True, service.REGISTERED_MSG)


@router.get("/check", response_model=R[bool])
async def check(db: TenantDb, _: CurrentUser, account: Annotated[str, Query(max_length=45)] = ""):
    """Whether `account` is taken in the tenant."""
    return ok(await service.account_exists(db, account))


@router.get("/checkUser", response_model=R[bool])
async def check_user(db: TenantDb, _: CurrentUser, account: Annotated[str, Query(max_length=45)] = ""):
    return ok(await service.account_exists(db, account))


@router.get("/export-user", response_class=Response, responses={200: {"content": {excel.XLSX: {}}}},
            dependencies=[TOKEN_IN_LINK])
async def export_user(request: Request, db: TenantDb, rt: Rt, user: Export):
    """Same filters as page."""
    rows = await service.export_rows(db, rt.cache, user, request.query_params)
    return excel.download(user_excel.export_bytes(rows), "用户数据.xlsx")


@router.get("/export-template", response_class=Response, responses={200: {"content": {excel.XLSX: {}}}},
            dependencies=[TOKEN_IN_LINK])
async def export_template(_: Import):
    return excel.download(user_excel.template_bytes(), "用户数据模板.xlsx")


@router.post("/import-user", response_model=R[excel.ExcelImportResult])
async def import_user(request: Request, db: TenantDb, _: Import, file: Annotated[UploadFile, File()]):
    """isCovered=1 (query or form) updates existing accounts; 0 reports them as errors. Bad rows are reported,
    not written."""
    covered = await form_or_query(request, "isCovered") == "1"
    return ok(await user_excel.import_users(db, await file.read(), covered=covered))


REGISTRATION_FIELDS = ("tenantId", "name", "account", "password", "password2", "oauthId")


async def _params(request: Request, model: type[SchemaT], *names: str) -> SchemaT:
    """`model` from a JSON object body, else form fields, else query parameters (the consoles send all three)."""
    try:
        return model.model_validate(await _raw_params(request, names))
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"])
        raise BadRequest(f"缺少必要的请求参数: {field}" if error["type"] == "missing" else f"{field}:{error['msg']}") \
            from None


async def _raw_params(request: Request, names: tuple[str, ...]) -> dict:
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            body = orjson.loads(await request.body())
        except orjson.JSONDecodeError:
            raise BadRequest("消息不能读取") from None
        if isinstance(body, dict):
            return {name: body[name] for name in names if body.get(name) not in (None, "")}
    found = {}
    for name in names:
        value = await form_or_query(request, name)
        if value not in (None, ""):
            found[name] = value
    return found
