"""HS256 JWT pairs with the BladeX claims (contract §3.5); each pair belongs to a session row."""

import time
import uuid

import jwt

from plantdesk.core.errors import Unauthorized

ISSUER = "plantdesk"
ACCESS = "access_token"
REFRESH = "refresh_token"
# Verified claims by (key, token): a console sends the same access token with every request, and checking an
# HS256 signature costs more than the rest of a cached answer. Expiry is checked again on every use.
_verified: dict[tuple[str, str], dict] = {}
VERIFIED_MAX = 4096


def encode(claims: dict, *, key: str, token_type: str, ttl: int) -> tuple[str, str]:
    now = int(time.time())
    jti = uuid.uuid4().hex
    payload = {**claims, "token_type": token_type, "iss": ISSUER, "iat": now, "nbf": now - 5,
               "exp": now + ttl, "jti": jti}
    return jwt.encode(payload, key, algorithm="HS256"), jti


def decode(token: str, *, key: str, token_type: str) -> dict:
    claims = _verified.get((key, token))
    if claims is not None and claims["exp"] > time.time() and claims.get("token_type") == token_type:
        return claims
    claims = _decode(token, key=key, token_type=token_type)
    if len(_verified) >= VERIFIED_MAX:
        _verified.pop(next(iter(_verified)))
    _verified[(key, token)] = claims
    return claims


def _decode(token: str, *, key: str, token_type: str) -> dict:
    try:
        claims = jwt.decode(token, key, algorithms=["HS256"], issuer=ISSUER,
                            options={"require": ["exp", "jti", "sid", "user_id", "tenant_id"]})
    except jwt.ExpiredSignatureError:
        raise Unauthorized("令牌已过期,请重新登录") from None
    except jwt.PyJWTError:
        raise Unauthorized("请求未授权") from None
    if claims.get("token_type") != token_type:
        raise Unauthorized("请求未授权")
    return claims


def bearer(raw: str | None) -> str | None:
    """`Blade-Auth: bearer <jwt>` (case-insensitive scheme); the bare token is accepted too."""
    if not raw:
        return None
    raw = raw.strip()
    if raw[:7].lower() == "bearer ":
        return raw[7:].strip() or None
    return raw if raw.count(".") == 2 else None
