"""The dependency vocabulary handlers use: `Db`, `CurrentUser`, `OptionalUser`, `Rt`, `need(...)`.

A handler's signature says what it needs; the rule (token, tenant header, permission code) runs here.
"""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import datascope, permissions
from plantdesk.core.context import Identity
from plantdesk.core.errors import Forbidden, Unauthorized
from plantdesk.core.runtime import Runtime, runtime
from plantdesk.core.security import revocation, tokens

Rt = Annotated[Runtime, Depends(runtime)]


async def optional_identity(request: Request) -> Identity | None:
    rt: Runtime = request.app.state.runtime
    raw = request.headers.get("blade-auth") or request.query_params.get("blade-auth")
    token = tokens.bearer(raw)
    if token is None:
        return None
    claims = tokens.decode(token, key=rt.settings.signing_key, token_type=tokens.ACCESS)
    identity = Identity.from_claims(claims)
    if await revocation.is_revoked(rt.cache, rt.sessions, identity.session_id):
        raise Unauthorized("令牌已失效,请重新登录")
    header_tenant = request.headers.get("tenant-id")
    if header_tenant and header_tenant != identity.tenant_id:
        raise Unauthorized("租户信息与令牌不一致")
    request.state.identity = identity
    return identity


async def require_identity(identity: Annotated[Identity | None, Depends(optional_identity)]) -> Identity:
    if identity is None:
        raise Unauthorized("缺失令牌,鉴权失败")
    return identity


OptionalUser = Annotated[Identity | None, Depends(optional_identity)]
CurrentUser = Annotated[Identity, Depends(require_identity)]


async def db_session(request: Request, identity: OptionalUser) -> AsyncIterator[AsyncSession]:
    async with request.app.state.runtime.unit_of_work(identity) as session:
        yield session


# scope="function": the transaction commits before the response is sent, so a failed commit is never
# reported to the client as a success.
Db = Annotated[AsyncSession, Depends(db_session, scope="function")]


def need(*codes: str, roles: tuple[str, ...] = ()):
    """Require one of the button/menu `codes` (or one of `roles`); administrators pass everything.

    API scopes (core.datascope) apply first: a path covered by scopes needs one of them granted."""

    async def check(request: Request, user: CurrentUser, db: Db, rt: Rt) -> Identity:
        if user.is_administrator:
            return user
        if await datascope.api_denied(user, request.url.path, db=db, cache=rt.cache):
            raise Forbidden("无权限访问")
        if roles and set(roles) & set(user.role_names):
            return user
        granted = await permissions.codes_for(user, db=db, cache=rt.cache)
        if not codes or not granted.isdisjoint(codes):
            return user
        raise Forbidden("无权限访问")

    return Depends(check)


def admin_only():
    """BladeX `hasAnyRole('administrator','admin')`."""

    async def check(user: CurrentUser) -> Identity:
        if user.is_admin:
            return user
        raise Forbidden("无权限访问")

    return Depends(check)


def administrator_only():
    async def check(user: CurrentUser) -> Identity:
        if user.is_platform_admin:
            return user
        raise Forbidden("无权限访问")

    return Depends(check)
