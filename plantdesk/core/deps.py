"""The dependency vocabulary handlers use: `Db`, `TenantDb`, `CurrentUser`, `OptionalUser`, `Rt`, `need(...)`.

A handler's signature says what it needs; the rule (token, tenant header, permission code, acting tenant) runs
here. `Db` is in the caller's tenant, or sees no tenant row for an anonymous caller (core.tenancy fails closed):
a public handler binds the scope it needs itself.
"""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Query, Request
from sqlalchemy import column, select, table
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.datastructures import UploadFile

from plantdesk.core import datascope, permissions, tenancy
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.errors import BusinessError, Forbidden, Unauthorized
from plantdesk.core.runtime import Runtime, runtime
from plantdesk.core.security import revocation, tokens

Rt = Annotated[Runtime, Depends(runtime)]


async def _token_in_link(request: Request) -> None:
    request.state.link_token = request.query_params.get("blade-auth")


# A route's `dependencies=[TOKEN_IN_LINK]`: its token may come as `?blade-auth=` (a download link, which a
# browser opens without headers). Anywhere else a query token is ignored: URLs end up in logs and histories.
TOKEN_IN_LINK = Depends(_token_in_link)


async def optional_identity(request: Request) -> Identity | None:
    raw = request.headers.get("blade-auth") or getattr(request.state, "link_token", None)
    identity = await verified(request.app.state.runtime, raw, request.headers.get("tenant-id"))
    if identity is not None:
        request.state.identity = identity
    return identity


async def verified(rt: Runtime, raw: str | None, header_tenant: str | None) -> Identity | None:
    """The identity a `Blade-Auth` value proves (None without a token): signature and expiry verified, the session
    not revoked, a `Tenant-Id` header the token's own; Unauthorized otherwise. The response cache's fast path
    (core.responses) runs the same checks before FastAPI resolves a route's dependencies."""
    token = tokens.bearer(raw)
    if token is None:
        return None
    claims = tokens.decode(token, key=rt.settings.signing_key, token_type=tokens.ACCESS)
    identity = Identity.from_claims(claims)
    if await revocation.is_revoked(rt.cache, rt.sessions, identity.session_id):
        raise Unauthorized("令牌已失效,请重新登录")
    if header_tenant and header_tenant != identity.tenant_id:
        raise Unauthorized("租户信息与令牌不一致")
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


async def anonymous_session(request: Request) -> AsyncIterator[AsyncSession]:
    async with request.app.state.runtime.unit_of_work(None) as session:
        yield session


# scope="function": the transaction commits before the response is sent, so a failed commit is never
# reported to the client as a success.
DB_SESSION = Depends(db_session, scope="function")
Db = Annotated[AsyncSession, DB_SESSION]
# A session that reads no `Blade-Auth`: the token endpoint's. A refresh comes when the access token has expired
# and a client may still send it; judging it would refuse the very request that replaces it.
AnonymousDb = Annotated[AsyncSession, Depends(anonymous_session, scope="function")]


async def form_or_query(request: Request, name: str) -> str | None:
    """BladeX consoles send remove/grant parameters as query params (Saber) or form bodies (Sword)."""
    value: str | UploadFile | None = request.query_params.get(name)
    if value is None and request.headers.get("content-type", "").startswith(
            ("application/x-www-form-urlencoded", "multipart/form-data")):
        value = (await request.form()).get(name)
    return value if isinstance(value, str) else None


async def _json_field(request: Request, name: str) -> str | None:
    if not request.headers.get("content-type", "").startswith("application/json"):
        return None
    try:
        body = await request.json()  # already read and cached by FastAPI for the handler's body parameter
    except ValueError:
        return None
    value = body.get(name) if isinstance(body, dict) else None
    return value if isinstance(value, str) else None


# Query parameters every area takes: a record id, an optional one, and a bounded free-text filter.
IdQuery = Annotated[int, Query(ge=1, lt=2**63)]
OptionalId = Annotated[int | None, Query(ge=1, lt=2**63)]
Text = Annotated[str, Query(max_length=255)]

ACTING_TENANT = "tenantId"
# The tenants table by name (it belongs to the system module, which core does not import): acting in a tenant
# that does not exist would write rows nobody can reach.
_TENANTS = table("blade_tenant", column("tenant_id"), column("is_deleted"))


async def acting_tenant(request: Request, user: CurrentUser) -> str:
    """The tenant a request acts in: the caller's own, or, for the platform administrator only, the one named by
    `tenantId` in the query, a form or the JSON body. Anyone else's `tenantId` is ignored (BladeX forms carry
    the caller's own tenant)."""
    if not user.is_platform_admin:
        return user.tenant_id
    named = await form_or_query(request, ACTING_TENANT) or await _json_field(request, ACTING_TENANT)
    return named or user.tenant_id


async def tenant_db(db: Db, user: CurrentUser, tenant: Annotated[str, Depends(acting_tenant)]) -> AsyncSession:
    """The request's one session, bound to the acting tenant for the whole request (list, detail, submit,
    remove and whatever else the handler runs)."""
    if tenant != user.tenant_id:
        live = select(_TENANTS.c.tenant_id).where(_TENANTS.c.tenant_id == tenant, _TENANTS.c.is_deleted == 0)
        if await db.scalar(live) is None:
            raise BusinessError("租户信息不存在")
        tenancy.bind(db, tenancy.Scope(tenant, user.user_id, user.dept_id))
    return db


TENANT_DB = Depends(tenant_db)
TenantDb = Annotated[AsyncSession, TENANT_DB]


def need(*codes: str, roles: tuple[str, ...] = ()):
    """Require one of the button/menu `codes` (or one of `roles`); administrators pass everything.

    API scopes (core.datascope) apply first: a path covered by scopes needs one of them granted."""

    async def check(request: Request, user: CurrentUser, db: Db, rt: Rt) -> Identity:
        await authorize(request, user, codes, roles=roles, db=db, cache=rt.cache)
        return user

    return Depends(check)


async def authorize(request: Request, user: Identity, codes: tuple[str, ...], *, roles: tuple[str, ...] = (),
                    db: AsyncSession, cache: Cache) -> None:
    """What `need` checks, for a handler that learns its caller itself (a route that also takes other
    credentials): 403 无权限访问 unless the user holds one of `codes` (or `roles`)."""
    if user.is_administrator:
        return
    if await datascope.api_denied(user, request.url.path, db=db, cache=cache):
        raise Forbidden("无权限访问")
    if roles and set(roles) & set(user.role_names):
        return
    granted = await permissions.codes_for(user, db=db, cache=cache)
    if codes and granted.isdisjoint(codes):
        raise Forbidden("无权限访问")


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
