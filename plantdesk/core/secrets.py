"""Secrets at rest (a model provider's API key, an external database's password): Fernet (AES-128-CBC + HMAC)
under a key derived from the server's signing secret and the secret's purpose, so a database dump alone does
not reveal them and a value sealed for one purpose does not open as another."""

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken

from plantdesk.config import Settings


def _fernet(settings: Settings, purpose: str) -> Fernet:
    digest = hashlib.sha256(f"plantdesk.{purpose}:".encode() + settings.signing_key.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


def seal(settings: Settings, purpose: str, plain: str) -> str:
    return _fernet(settings, purpose).encrypt(plain.encode()).decode()


def unseal(settings: Settings, purpose: str, sealed: str | None) -> str | None:
    if not sealed:
        return None
    try:
        return _fernet(settings, purpose).decrypt(sealed.encode()).decode()
    except InvalidToken:
        return None  # sealed under another secret: the administrator enters it again
