"""/api/blade-auth: the OAuth2 token endpoint (raw bodies, contract §3.3) and the session calls."""

from typing import Annotated

from fastapi import APIRouter, Header, Query, Request

from plantdesk.core.deps import Db, OptionalUser, Rt
from plantdesk.modules.auth import schemas, service

router = APIRouter(prefix="/blade-auth", tags=["auth"])
TOKEN_ERRORS = {400: {"model": schemas.TokenError}, 401: {"model": schemas.TokenError}}


@router.post("/oauth/token", response_model=schemas.TokenBody, responses=TOKEN_ERRORS)
async def token(
    request: Request,
    db: Db,
    rt: Rt,
    grant_type: Annotated[str, Query(max_length=32)] = "password",
    username: Annotated[str, Query(max_length=64)] = "",
    password: Annotated[str, Query(max_length=128)] = "",
    refresh_token: Annotated[str, Query(max_length=4096)] = "",
    tenantId: Annotated[str, Query(max_length=12)] = "",
    tenant_id: Annotated[str, Query(max_length=12)] = "",
    scope: Annotated[str, Query(max_length=32)] = "all",
    type: Annotated[str, Query(max_length=32)] = "account",
    source: Annotated[str, Query(max_length=32)] = "",
    code: Annotated[str, Query(max_length=256)] = "",
    authorization: Annotated[str | None, Header()] = None,
    tenant_header: Annotated[str | None, Header(alias="Tenant-Id", max_length=12)] = None,
    dept_header: Annotated[str | None, Header(alias="Dept-Id", max_length=20)] = None,
    role_header: Annotated[str | None, Header(alias="Role-Id", max_length=20)] = None,
    captcha_key: Annotated[str | None, Header(alias="Captcha-Key", max_length=64)] = None,
    captcha_code: Annotated[str | None, Header(alias="Captcha-Code", max_length=16)] = None,
):
    """Grants: password, captcha, refresh_token, social. Success and failure are raw OAuth2 bodies."""
    client = await service.authenticate_client(db, authorization, grant_type)
    req = service.LoginRequest(
        grant_type=grant_type, tenant_id=tenant_header or tenantId or tenant_id, username=username.strip(),
        password=password.strip().lower(), refresh_token=refresh_token, dept_id=dept_header or "",
        role_id=role_header or "", captcha_key=captcha_key or "", captcha_code=captcha_code or "",
        source=source, code=code, ip=request.client.host if request.client else "",
        user_agent=request.headers.get("user-agent", ""))
    return await service.grant(db, rt, client, req)


@router.get("/oauth/logout", response_model=schemas.RawStatus)
async def logout(db: Db, rt: Rt, user: OptionalUser):
    """Ends the session of the presented token; answers the raw BladeX body even without one."""
    if user is not None:
        await service.logout(db, rt.cache, user)
    return {"success": "true", "msg": "success"}
