"""Passwords arrive as md5 hex (the console hashes in the browser); we store argon2id over that value.

BladeX rows hold `sha1(md5(plain))` (40 hex): they verify as such and are re-hashed on first login.
Hashing runs in a worker thread so a login storm never blocks the event loop.
"""

import hashlib
import hmac
import re

import anyio
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()  # argon2id, RFC 9106 low-memory profile
_LEGACY = re.compile(r"^[0-9a-f]{40}$")
# A valid hash to verify against when the account does not exist, so timing does not reveal accounts.
_DUMMY = _hasher.hash("0" * 32)


def md5_hex(plain: str) -> str:
    return hashlib.md5(plain.encode()).hexdigest()


async def hash_password(md5: str) -> str:
    return await anyio.to_thread.run_sync(_hasher.hash, md5)


async def verify_password(md5: str, stored: str | None) -> tuple[bool, bool]:
    """Return (matches, needs_rehash)."""
    if stored and _LEGACY.match(stored):
        legacy = hashlib.sha1(md5.encode()).hexdigest()
        return hmac.compare_digest(legacy, stored), True
    return await anyio.to_thread.run_sync(_verify, md5, stored or _DUMMY, not stored)


def _verify(md5: str, stored: str, unknown: bool) -> tuple[bool, bool]:
    try:
        _hasher.verify(stored, md5)
    except (VerificationError, InvalidHashError):
        return False, False
    return not unknown, _hasher.check_needs_rehash(stored)
