"""Provider API keys at rest: Fernet (AES-128-CBC + HMAC) under a key derived from the server's signing secret,
so a database dump alone does not reveal them."""

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken

from plantdesk.config import Settings


def _fernet(settings: Settings) -> Fernet:
    digest = hashlib.sha256(b"plantdesk.ai.provider-key:" + settings.signing_key.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


def seal(settings: Settings, plain: str) -> str:
    return _fernet(settings).encrypt(plain.encode()).decode()


def unseal(settings: Settings, sealed: str | None) -> str | None:
    if not sealed:
        return None
    try:
        return _fernet(settings).decrypt(sealed.encode()).decode()
    except InvalidToken:
        return None  # sealed under another secret: the administrator enters the key again
