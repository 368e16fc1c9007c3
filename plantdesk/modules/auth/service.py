"""Token grants (password, captcha, refresh_token, social), sessions, lockout, logout, captcha images."""

import base64
import binascii
import functools
import hmac
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

import anyio
import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import generations, redact, tenancy
from plantdesk.core.cache import Cache
from plantdesk.core.context import ADMIN, Identity
from plantdesk.core.errors import TokenError, Unauthorized
from plantdesk.core.runtime import Runtime
from plantdesk.core.security import policy, tokens
from plantdesk.core.security.models import Client, UserSession
from plantdesk.core.security.passwords import hash_password, verify_password
from plantdesk.core.security.revocation import fail_key, revoke
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.modules.system.models import Role, Tenant, User
from plantdesk.modules.system.param import service as params

LOCKOUT_SECONDS = 30 * 60  # BladeX's lockout window; time-boxed, never permanent
STATUS_LOCKED = 2
STATUS_PENDING = 0


@dataclass(frozen=True)
class LoginRequest:
    grant_type: str
    tenant_id: str
    username: str = ""
    password: str = ""
    refresh_token: str = ""
    dept_id: str = ""
    role_id: str = ""
    captcha_key: str = ""
    captcha_code: str = ""
    source: str = ""
    code: str = ""
    ip: str = ""
    user_agent: str = ""


async def authenticate_client(db: AsyncSession, authorization: str | None, grant_type: str) -> Client:
    client_id, secret = _basic(authorization)
    client = (await db.execute(select(Client).where(Client.client_id == client_id))).scalar_one_or_none()
    if client is None or not hmac.compare_digest(client.client_secret.encode(), secret.encode()):
        raise TokenError("客户端认证失败!", error_code=3001, error="invalid_client", http_status=401)
    if grant_type not in {g.strip() for g in client.authorized_grant_types.split(",")}:
        raise TokenError(f"不支持的授权类型: {grant_type}", error_code=4000, error="unsupported_grant_type")
    return client


async def grant(db: AsyncSession, rt: Runtime, client: Client, req: LoginRequest) -> dict:
    if req.grant_type == "refresh_token":
        return await _refresh(db, rt, client, req)
    if req.grant_type == "social":
        raise TokenError("未配置第三方登录提供方", error_code=4001, error="invalid_grant")
    # In captcha mode every password login carries a captcha, whatever grant it names (issue 15).
    if req.grant_type == "captcha" or rt.settings.captcha_mode:
        await check_captcha(rt.cache, req.captcha_key, req.captcha_code)
    return await _password(db, rt, client, req)


async def check_captcha(cache: Cache, key: str, code: str) -> None:
    stored = await cache.get(f"captcha:{key}") if key else None
    if stored is None:
        raise TokenError("验证码已过期", error_code=700, error="invalid_grant")
    await cache.delete(f"captcha:{key}")
    if not code or stored.lower() != code.strip().lower():
        raise TokenError("验证码不正确", error_code=2000, error="invalid_grant")


async def _password(db: AsyncSession, rt: Runtime, client: Client, req: LoginRequest) -> dict:
    if not req.tenant_id:
        raise TokenError("租户ID未找到", error_code=2002)
    ip_key, account_key = f"fail:ip:{req.ip}", fail_key(req.tenant_id, req.username)
    fail_limit = await params.get_int(db, "account.failCount") or 5
    if (await rt.cache.get(account_key) or 0) >= fail_limit or \
            (await rt.cache.get(ip_key) or 0) >= rt.settings.ip_fail_limit:
        raise TokenError("登录错误次数过多,请稍后再试", error_code=2003)
    # An unknown tenant answers as a wrong password does, after the same hash work and counted the same way:
    # which tenant ids exist must not be learnt from the login (issue 24). Its term is told only to someone
    # who knows a password in it.
    tenant = await _tenant(db, req.tenant_id)
    user = None
    if tenant is not None:
        tenancy.bind(db, tenancy.Scope(tenant.tenant_id))
        user = (await db.execute(select(User).where(User.account == req.username))).scalar_one_or_none()
    matches, rehash = await verify_password(req.password, user.password if user else None)
    if tenant is None or user is None or not matches:
        await rt.cache.incr(account_key, LOCKOUT_SECONDS)
        await rt.cache.incr(ip_key, rt.settings.ip_fail_window)
        raise TokenError("用户名或密码错误", error_code=2001)
    _check_term(tenant)
    _check_status(user)
    if rehash:
        user.password = await hash_password(req.password)
    await rt.cache.delete(account_key)
    return await _issue(db, rt, client, tenant, user, req, session=None)


async def _refresh(db: AsyncSession, rt: Runtime, client: Client, req: LoginRequest) -> dict:
    claims = _decode_refresh(rt, req.refresh_token)
    if claims.get("client_id") != client.client_id:
        raise TokenError("刷新令牌无效", error_code=2010)
    session = await db.get(UserSession, int(claims["sid"]))
    if session is None or session.revoked or session.expire_time < datetime.now():
        raise TokenError("刷新令牌已失效,请重新登录", error_code=2010)
    if not hmac.compare_digest(session.refresh_jti, claims["jti"]):
        # A used refresh token came back: someone holds a copy. End the whole session, and commit now:
        # the error below rolls the request's transaction back.
        await revoke(db, rt.cache, session)
        await db.commit()
        await generations.bump_marked(db, rt.cache)  # what a unit of work does after its commit
        raise TokenError("刷新令牌已失效,请重新登录", error_code=2010)
    tenant = await _tenant_or_raise(db, session.tenant_id)
    tenancy.bind(db, tenancy.Scope(tenant.tenant_id))
    user = (await db.execute(select(User).where(User.id == session.user_id))).scalar_one_or_none()
    if user is None:
        raise TokenError("用户名或密码错误", error_code=2001)
    _check_status(user)
    return await _issue(db, rt, client, tenant, user, req, session=session)


def _decode_refresh(rt: Runtime, token: str) -> dict:
    try:
        return tokens.decode(token, key=rt.settings.signing_key, token_type=tokens.REFRESH)
    except Unauthorized:
        raise TokenError("刷新令牌无效", error_code=2010) from None


async def _tenant(db: AsyncSession, tenant_id: str) -> Tenant | None:
    with tenancy.platform_scope(db):
        return (await db.execute(select(Tenant).where(Tenant.tenant_id == tenant_id))).scalar_one_or_none()


def _check_term(tenant: Tenant) -> None:
    if tenant.tenant_id != PLATFORM_TENANT and tenant.expire_time and tenant.expire_time < datetime.now():
        raise TokenError("租户授权已过期,请联系管理员", error_code=2006)


async def _tenant_or_raise(db: AsyncSession, tenant_id: str) -> Tenant:
    """A signed-in session's tenant (a refresh): refused once removed or expired."""
    tenant = await _tenant(db, tenant_id)
    if tenant is None:
        raise TokenError("未获得用户的租户信息", error_code=2002)
    _check_term(tenant)
    return tenant


def _check_status(user: User) -> None:
    if user.status == STATUS_LOCKED:
        raise TokenError("该账号已被锁定,请联系管理员", error_code=2004)
    if user.status == STATUS_PENDING:
        raise TokenError("账号注册申请尚未通过审核", error_code=2004)


async def _issue(db: AsyncSession, rt: Runtime, client: Client, tenant: Tenant, user: User, req: LoginRequest,
                 *, session: UserSession | None) -> dict:
    role_ids = _narrow(user.role_id, req.role_id)
    roles = (await db.execute(select(Role).where(Role.id.in_(role_ids)).order_by(Role.sort))).scalars().all()
    if not roles:
        raise TokenError("未获得用户的角色信息", error_code=2005)
    role_ids = [role.id for role in roles]
    dept_ids = _narrow(user.dept_id, req.dept_id)
    access_ttl = await params.get_int(db, "account.TokenTimeOut") or 3600
    now = datetime.now().replace(microsecond=0)
    if session is None:
        session = UserSession(tenant_id=tenant.tenant_id, user_id=user.id, account=user.account,
                              client_id=client.client_id, refresh_jti="", ip=req.ip[:64],
                              user_agent=req.user_agent[:512], login_time=now, last_refresh_time=now,
                              expire_time=now + timedelta(seconds=client.refresh_token_validity))
        db.add(session)
        await db.flush()
    claims = {
        "sid": str(session.id), "tenant_id": tenant.tenant_id, "user_id": str(user.id),
        "dept_id": ",".join(map(str, dept_ids)), "post_id": user.post_id or "",
        "role_id": ",".join(map(str, role_ids)), "role_name": ",".join(role.role_alias for role in roles),
        "account": user.account, "user_name": user.account, "nick_name": user.name or user.account,
        "real_name": user.real_name or "", "client_id": client.client_id, "oauth_id": user.oauth_id or "",
    }
    key = rt.settings.signing_key
    access, jti = tokens.encode(claims, key=key, token_type=tokens.ACCESS, ttl=access_ttl)
    refresh, refresh_jti = tokens.encode(claims, key=key, token_type=tokens.REFRESH,
                                         ttl=client.refresh_token_validity)
    session.refresh_jti = refresh_jti
    session.last_refresh_time = now
    exempt = any(ADMIN in role.role_alias for role in roles)
    settings = await params.get_many(db, "account.PasswordMode", "account.PasswordPeriod")
    config = policy.login_config(
        mode=policy.PasswordMode.parse(settings["account.PasswordMode"]), need_reset=bool(user.need_reset),
        password_time=user.password_time or user.create_time, exempt=exempt,
        period_days=int(settings["account.PasswordPeriod"] or 0) if settings["account.PasswordPeriod"].isdigit() else 0)
    return {
        "access_token": access, "token_type": "bearer", "refresh_token": refresh, "expires_in": access_ttl,
        "scope": "all", **{k: v for k, v in claims.items() if k != "sid"},
        "avatar": user.avatar or "", "detail": {}, "license": "powered by plantdesk", "jti": jti,
        "fontsPath": "", "expire": tenant.expire_time.strftime("%Y-%m-%d %H:%M:%S") if tenant.expire_time else "",
        "config": config,
    }


def _narrow(stored: str | None, wanted: str) -> list[int]:
    """Dept-Id / Role-Id pick one of the user's depts or roles when the user holds it."""
    ids = [int(part) for part in (stored or "").split(",") if part.strip().isdigit()]
    if wanted and wanted.isdigit() and int(wanted) in ids:
        return [int(wanted)]
    return ids


async def logout(db: AsyncSession, cache: Cache, identity: Identity) -> None:
    session = await db.get(UserSession, identity.session_id)
    if session is not None and not session.revoked:
        await revoke(db, cache, session)


def _basic(authorization: str | None) -> tuple[str, str]:
    if not authorization or authorization[:6].lower() != "basic ":
        raise TokenError("客户端认证失败!", error_code=3000, error="invalid_client", http_status=401)
    try:
        client_id, _, secret = base64.b64decode(authorization[6:].strip(), validate=True).decode().partition(":")
    except (binascii.Error, UnicodeDecodeError):
        raise TokenError("客户端认证失败!", error_code=3000, error="invalid_client", http_status=401) from None
    return client_id, secret


# --- captcha, token re-issue, console logs ---------------------------------------------------------------

CAPTCHA_TTL = 5 * 60
# No look-alikes (0/O, 1/l/I): the check is case-insensitive, so only the shapes must be unambiguous.
CAPTCHA_CHARS = "abcdefghjkmnpqrstuvwxy3456789"


@functools.cache
def _captcha_image():
    """Built on first use: Pillow and the fonts load only when a captcha is asked for, not at start-up."""
    from captcha.image import ImageCaptcha

    return ImageCaptcha(width=130, height=48)


async def new_captcha(cache: Cache, lengths: tuple[int, ...] = (4, 5)) -> dict:
    """A PNG captcha of one of `lengths` characters (BladeX: 4-5; a SpringBlade 4.x form takes exactly 5); the
    code waits 5 minutes in the cache under `captcha:<key>`."""
    code = "".join(secrets.choice(CAPTCHA_CHARS) for _ in range(secrets.choice(lengths)))
    key = uuid.uuid4().hex
    png = await anyio.to_thread.run_sync(lambda: _captcha_image().generate(code, format="png").getvalue())
    await cache.set(f"captcha:{key}", code, CAPTCHA_TTL)
    return {"key": key, "image": "data:image/png;base64," + base64.b64encode(png).decode()}


async def new_token(db: AsyncSession, rt: Runtime, identity: Identity, *, dept_id: str, role_id: str, ip: str,
                    user_agent: str) -> dict:
    """A fresh pair for the caller's session (same session row, rotated refresh token).

    Dept-Id / Role-Id narrow the new pair, so the console's department/role switch is one call.
    """
    session = await db.get(UserSession, identity.session_id)
    if session is None or session.revoked or session.expire_time < datetime.now():
        raise Unauthorized("令牌已失效,请重新登录")
    client = (await db.execute(select(Client).where(Client.client_id == session.client_id))).scalar_one()
    tenant = await _tenant_or_raise(db, session.tenant_id)
    user = (await db.execute(select(User).where(User.id == session.user_id))).scalar_one_or_none()
    if user is None:
        raise Unauthorized("令牌已失效,请重新登录")
    _check_status(user)
    req = LoginRequest(grant_type="refresh_token", tenant_id=tenant.tenant_id, dept_id=dept_id, role_id=role_id,
                       ip=ip, user_agent=user_agent)
    return await _issue(db, rt, client, tenant, user, req, session=session)


def store_client_logs(rt: Runtime, identity: Identity, entries: list, *, ip: str, user_agent: str) -> None:
    """The error-log dialog's upload: one usual log per entry, tagged `console`, in the caller's tenant."""
    for entry in entries:
        page = redact.url(entry.url or "")
        rt.audit.usual(
            tenant_id=identity.tenant_id, create_by=identity.account, log_id="console", log_level="error",
            log_data=orjson.dumps(redact.json({**entry.model_dump(), "url": page})).decode(), request_uri=page[:255],
            method="CONSOLE", remote_ip=ip[:255], user_agent=user_agent[:1000], time=(entry.time or "")[:64])
