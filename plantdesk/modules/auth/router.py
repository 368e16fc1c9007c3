"""/api/blade-auth: the OAuth2 token endpoint (raw bodies, contract §3.3) and the session calls."""

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError

from plantdesk.core import generations
from plantdesk.core.context import Identity
from plantdesk.core.crud import request_ids
from plantdesk.core.deps import AnonymousDb, CurrentUser, Db, OptionalUser, Rt, admin_only, form_or_query
from plantdesk.core.envelope import R, ok
from plantdesk.core.paging import Page, Paging
from plantdesk.modules.auth import schemas, service, sessions
from plantdesk.modules.user import service as user_service
from plantdesk.modules.user.schemas import Registration

router = APIRouter(prefix="/blade-auth", tags=["auth"])
TOKEN_ERRORS: dict[int | str, dict[str, Any]] = {400: {"model": schemas.TokenError}, 401: {"model": schemas.TokenError}}


async def token_params(request: Request) -> schemas.TokenParams:
    """The grant's parameters from the query string or a form body (OAuth2 clients send a form; BladeX
    consoles the query), the query winning where both carry one."""
    values = dict(request.query_params)
    if request.headers.get("content-type", "").startswith(("application/x-www-form-urlencoded",
                                                           "multipart/form-data")):
        form = await request.form()
        values = {**{k: v for k, v in form.items() if isinstance(v, str)}, **values}
    try:
        return schemas.TokenParams.model_validate(values)
    except ValidationError as exc:
        raise RequestValidationError(exc.errors()) from None


@router.post("/oauth/token", response_model=schemas.TokenBody, responses=TOKEN_ERRORS,
             openapi_extra=schemas.TOKEN_PARAMS_OPENAPI)
async def token(
    request: Request,
    db: AnonymousDb,
    rt: Rt,
    params: Annotated[schemas.TokenParams, Depends(token_params)],
    authorization: Annotated[str | None, Header()] = None,
    tenant_header: Annotated[str | None, Header(alias="Tenant-Id", max_length=12)] = None,
    dept_header: Annotated[str | None, Header(alias="Dept-Id", max_length=20)] = None,
    role_header: Annotated[str | None, Header(alias="Role-Id", max_length=20)] = None,
    captcha_key: Annotated[str | None, Header(alias="Captcha-Key", max_length=64)] = None,
    captcha_code: Annotated[str | None, Header(alias="Captcha-Code", max_length=16)] = None,
):
    """Grants: password, captcha, refresh_token, social. Success and failure are raw OAuth2 bodies."""
    client = await service.authenticate_client(db, authorization, params.grant_type)
    req = service.LoginRequest(
        grant_type=params.grant_type, tenant_id=tenant_header or params.tenantId or params.tenant_id,
        username=params.username.strip(), password=params.password.strip().lower(),
        refresh_token=params.refresh_token, dept_id=dept_header or "", role_id=role_header or "",
        captcha_key=captcha_key or "", captcha_code=captcha_code or "", source=params.source, code=params.code,
        ip=_ip(request), user_agent=request.headers.get("user-agent", ""))
    return await service.grant(db, rt, client, req)


@router.get("/oauth/logout", response_model=schemas.RawStatus)
async def logout(db: Db, rt: Rt, user: OptionalUser):
    """Ends the session of the presented token; answers the raw BladeX body even without one."""
    if user is not None:
        await service.logout(db, rt.cache, user)
    return {"success": "true", "msg": "success"}


@router.get("/oauth/captcha", response_model=schemas.Captcha)
async def captcha(rt: Rt):
    """Raw {key, image} (contract §4); send the text back as Captcha-Key / Captcha-Code with grant captcha."""
    return await service.new_captcha(rt.cache)


@router.get("/oauth/user-info", response_model=R[schemas.AuthUserInfo])
async def user_info(db: Db, rt: Rt, user: CurrentUser):
    return ok(await user_service.identity_info(db, rt.cache, user))


@router.get("/oauth/clear-cache", response_model=schemas.RawStatus)
async def clear_cache(rt: Rt, _: CurrentUser):
    """Drops derived caches (permission sets, data/API scopes, dictionaries); they reload on next use."""
    await generations.bump(rt.cache, *generations.names())
    return {"success": "true", "msg": "success"}


@router.get("/oauth/checkPassword", response_model=R[bool])
async def check_password(db: Db, user: CurrentUser, password: Annotated[str, Query(max_length=64)] = ""):
    """The lock screen's unlock: whether `password` (md5 hex) is the caller's password."""
    return ok(await user_service.check_password(db, user, password))


@router.post("/oauth/", response_model=R[bool])
async def upload_logs(request: Request, rt: Rt, user: CurrentUser,
                      entries: Annotated[list[schemas.ClientLog], Body(max_length=500)]):
    """The console's error-log dialog: a JSON array of {type, url, message, stack, info, time}."""
    service.store_client_logs(rt, user, entries, ip=_ip(request), user_agent=request.headers.get("user-agent", ""))
    return ok(True)


@router.post("/update-password", response_model=R[bool])
async def update_password(request: Request, db: Db, user: CurrentUser):
    """oldPassword, newPassword, newPassword1 (md5 hex) in the query or a form."""
    await user_service.update_password(db, user, old=await form_or_query(request, "oldPassword"),
                                       new=await form_or_query(request, "newPassword"),
                                       new1=await form_or_query(request, "newPassword1"))
    return ok(True)


@router.post("/create/newToken", response_model=schemas.TokenBody, responses=TOKEN_ERRORS)
async def new_token(
    request: Request, db: Db, rt: Rt, user: CurrentUser,
    dept_header: Annotated[str | None, Header(alias="Dept-Id", max_length=20)] = None,
    role_header: Annotated[str | None, Header(alias="Role-Id", max_length=20)] = None,
):
    """A fresh raw token body for the caller's session: the refresh token rotates, the session stays."""
    return await service.new_token(db, rt, user, dept_id=dept_header or "", role_id=role_header or "",
                                   ip=_ip(request), user_agent=request.headers.get("user-agent", ""))


@router.post("/single/register", response_model=R[bool])
async def register(db: Db, body: Annotated[Registration, Body()]):
    """Self-registration (tenantId, name, account, password, password2 as md5 hex): pending approval."""
    await user_service.register(db, body)
    return ok(True, user_service.REGISTERED_MSG)


@router.get("/session/list", response_model=R[Page[schemas.SessionRead]])
async def session_list(request: Request, db: Db, paging: Paging, user: Identity = admin_only()):
    """Online sessions; tenant admins see their tenant, the platform administrator all (or `tenantId`)."""
    return ok(await sessions.online(db, user, request.query_params, paging))


@router.post("/session/kick", response_model=R[int])
async def session_kick(request: Request, db: Db, rt: Rt, user: Identity = admin_only()):
    """Revokes the sessions `ids`; answers how many were ended."""
    return ok(await sessions.kick(db, rt.cache, user, await request_ids(request)))


def _ip(request: Request) -> str:
    return request.client.host if request.client else ""
