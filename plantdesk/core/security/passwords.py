"""Passwords arrive as md5 hex (the console hashes in the browser); we store argon2id over that value.

BladeX rows hold `sha1(md5(plain))` (40 hex): they verify as such and are re-hashed on first login.
Hashing runs in worker threads, at most one per two cores at a time, so a login storm neither blocks the
event loop nor starves the other requests of CPU and memory.
"""

import hashlib
import hmac
import os
import re

import anyio
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

# argon2id with OWASP's first recommended profile (19 MiB, 2 passes, 1 lane): about 25 ms per hash here, so
# logins stay fast and a storm of them stays within memory. Stored hashes carry their own parameters.
_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
_limiter = anyio.CapacityLimiter(max(1, (os.cpu_count() or 2) // 2))
_LEGACY = re.compile(r"^[0-9a-f]{40}$")
# A valid hash to verify against when the account does not exist, so timing does not reveal accounts.
_DUMMY = _hasher.hash("0" * 32)


def md5_hex(plain: str) -> str:
    return hashlib.md5(plain.encode()).hexdigest()


async def hash_password(md5: str) -> str:
    return await anyio.to_thread.run_sync(_hasher.hash, md5, limiter=_limiter)


async def verify_password(md5: str, stored: str | None) -> tuple[bool, bool]:
    """Return (matches, needs_rehash)."""
    if stored and _LEGACY.match(stored):
        legacy = hashlib.sha1(md5.encode()).hexdigest()
        return hmac.compare_digest(legacy, stored), True
    return await anyio.to_thread.run_sync(_verify, md5, stored or _DUMMY, not stored, limiter=_limiter)


def _verify(md5: str, stored: str, unknown: bool) -> tuple[bool, bool]:
    try:
        _hasher.verify(stored, md5)
    except (VerificationError, InvalidHashError):
        return False, False
    return not unknown, _hasher.check_needs_rehash(stored)
