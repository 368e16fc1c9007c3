"""core.security: password hashing and verification, token decoding, and the request body limit."""

import hashlib

import httpx
import jwt
import pytest
from argon2 import PasswordHasher

from plantdesk.core.errors import Unauthorized
from plantdesk.core.limits import BodyLimit
from plantdesk.core.security import tokens
from plantdesk.core.security.passwords import hash_password, md5_hex, verify_password
from tests.helpers import CLIENT

CLAIMS = {"user_id": "1", "tenant_id": "000000", "sid": "9", "account": "admin"}
KEY = "k" * 32


class TestPasswords:
    async def test_argon2_round_trip(self):
        stored = await hash_password(md5_hex("admin"))
        assert stored.startswith("$argon2id$")
        assert await verify_password(md5_hex("admin"), stored) == (True, False)

    async def test_wrong_password_fails(self):
        stored = await hash_password(md5_hex("admin"))
        assert await verify_password(md5_hex("Admin"), stored) == (False, False)

    async def test_same_password_hashes_differ(self):
        assert await hash_password(md5_hex("x")) != await hash_password(md5_hex("x"))

    async def test_legacy_sha1_md5_verifies_and_needs_rehash(self):
        legacy = hashlib.sha1(md5_hex("admin").encode()).hexdigest()
        assert legacy == "90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad"  # BladeX's seeded admin hash (contract §10)
        assert await verify_password(md5_hex("admin"), legacy) == (True, True)

    async def test_legacy_wrong_password_fails(self):
        legacy = hashlib.sha1(md5_hex("admin").encode()).hexdigest()
        matches, _ = await verify_password(md5_hex("nope"), legacy)
        assert matches is False

    async def test_weaker_argon2_parameters_need_rehash(self):
        weak = PasswordHasher(time_cost=1, memory_cost=8 * 1024).hash(md5_hex("admin"))
        assert await verify_password(md5_hex("admin"), weak) == (True, True)

    @pytest.mark.parametrize("stored", [None, ""])
    async def test_unknown_user_runs_a_dummy_verify_and_fails(self, stored):
        # The dummy hash is of "0"*32: even that exact input must not pass for a missing account.
        assert await verify_password("0" * 32, stored) == (False, False)
        assert await verify_password(md5_hex("admin"), stored) == (False, False)

    async def test_garbage_stored_value_fails_cleanly(self):
        assert await verify_password(md5_hex("admin"), "not-a-hash") == (False, False)


class TestTokens:
    def test_round_trip(self):
        token, jti = tokens.encode(CLAIMS, key=KEY, token_type=tokens.ACCESS, ttl=60)
        claims = tokens.decode(token, key=KEY, token_type=tokens.ACCESS)
        assert claims["jti"] == jti and claims["token_type"] == tokens.ACCESS and claims["user_id"] == "1"

    def test_expired(self):
        token, _ = tokens.encode(CLAIMS, key=KEY, token_type=tokens.ACCESS, ttl=-60)
        with pytest.raises(Unauthorized) as error:
            tokens.decode(token, key=KEY, token_type=tokens.ACCESS)
        assert (error.value.http_status, error.value.msg) == (401, "令牌已过期,请重新登录")

    def test_refresh_token_is_not_an_access_token(self):
        token, _ = tokens.encode(CLAIMS, key=KEY, token_type=tokens.REFRESH, ttl=60)
        with pytest.raises(Unauthorized) as error:
            tokens.decode(token, key=KEY, token_type=tokens.ACCESS)
        assert error.value.msg == "请求未授权"

    def test_bad_signature(self):
        token, _ = tokens.encode(CLAIMS, key="x" * 32, token_type=tokens.ACCESS, ttl=60)
        with pytest.raises(Unauthorized) as error:
            tokens.decode(token, key=KEY, token_type=tokens.ACCESS)
        assert error.value.msg == "请求未授权"

    def test_unsigned_token_is_refused(self):
        token = jwt.encode({**CLAIMS, "token_type": tokens.ACCESS, "iss": tokens.ISSUER, "exp": 2**40,
                            "jti": "j"}, None, algorithm="none")
        with pytest.raises(Unauthorized):
            tokens.decode(token, key=KEY, token_type=tokens.ACCESS)

    def test_missing_required_claim(self):
        token, _ = tokens.encode({"user_id": "1", "tenant_id": "000000"}, key=KEY, token_type=tokens.ACCESS, ttl=60)
        with pytest.raises(Unauthorized):
            tokens.decode(token, key=KEY, token_type=tokens.ACCESS)

    @pytest.mark.parametrize(("raw", "expected"), [("bearer a.b.c", "a.b.c"), ("Bearer  a.b.c ", "a.b.c"),
                                                   ("a.b.c", "a.b.c"), ("bearer ", None), ("", None),
                                                   (None, None), ("basic xyz", None)])
    def test_bearer_header(self, raw, expected):
        assert tokens.bearer(raw) == expected


class TestTokensOverHttp:
    """The app answers 401 with the envelope for each kind of bad token."""

    @staticmethod
    def _token(settings, *, ttl=60, token_type=tokens.ACCESS, key=None) -> str:
        token, _ = tokens.encode(CLAIMS, key=key or settings.signing_key, token_type=token_type, ttl=ttl)
        return token

    @pytest.mark.parametrize(("kind", "message"), [("expired", "令牌已过期,请重新登录"), ("refresh", "请求未授权"),
                                                   ("signature", "请求未授权")])
    async def test_bad_token_is_401(self, client, settings, kind, message):
        token = {"expired": lambda: self._token(settings, ttl=-60),
                 "refresh": lambda: self._token(settings, token_type=tokens.REFRESH),
                 "signature": lambda: self._token(settings, key="z" * 32)}[kind]()
        response = await client.get("/api/blade-auth/oauth/logout",
                                    headers={"Authorization": CLIENT, "Blade-Auth": f"bearer {token}"})
        assert response.status_code == 401
        assert response.json() == {"code": 401, "success": False, "data": None, "msg": message}


async def _echo(scope, receive, send):
    """A downstream app that reads the whole body, as a handler would."""
    size = 0
    while True:
        message = await receive()
        size += len(message.get("body", b""))
        if not message.get("more_body"):
            break
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": str(size).encode()})


class TestBodyLimit:
    @pytest.fixture
    def http(self):
        transport = httpx.ASGITransport(app=BodyLimit(_echo, max_bytes=1024 * 1024))
        return httpx.AsyncClient(transport=transport, base_url="http://t")

    async def test_body_at_the_limit_passes(self, http):
        response = await http.post("/", content=b"x" * 1024 * 1024)
        assert response.status_code == 200 and response.text == str(1024 * 1024)

    async def test_declared_length_over_the_limit_is_413(self, http):
        response = await http.post("/", content=b"x" * (1024 * 1024 + 1))
        assert response.status_code == 413
        assert response.json() == {"code": 413, "success": False, "data": None, "msg": "请求体过大,上限 1 MB"}

    async def test_streamed_body_over_the_limit_is_413(self, http):
        async def chunks():
            for _ in range(5):
                yield b"x" * 300_000

        response = await http.post("/", content=chunks())
        assert response.status_code == 413 and response.json()["code"] == 413

    async def test_bogus_content_length_is_413(self):
        sent = []

        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "method": "POST", "path": "/", "headers": [(b"content-length", b"-5")]}
        await BodyLimit(_echo, max_bytes=10)(scope, receive, send)
        assert sent[0]["status"] == 413

    async def test_the_app_refuses_a_body_over_its_setting(self, client, settings):
        response = await client.post("/api/blade-auth/oauth/token", content=b"x" * (settings.max_body_bytes + 1),
                                     headers={"Authorization": CLIENT, "Content-Type": "application/json"})
        assert response.status_code == 413 and response.json()["code"] == 413
