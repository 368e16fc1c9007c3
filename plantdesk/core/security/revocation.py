"""Whether a session's tokens still work: the session row is the truth, the cache holds the answer.

The token check reads the answer (`live` / `revoked`) from the cache, so a warm check stays one cache lookup;
on a miss (a restart, an emptied or unreachable Redis) one read of the row answers and is cached. `live` is
kept LIVE_TTL seconds, `revoked` until the session would have expired. Every revocation writes the row and
caches `revoked` at once and again after its commit (a check that read the row between the flush and the commit
cached `live` over the first), so every worker sharing Redis refuses the token before the revoking request has
answered; workers without a shared Redis see the row within LIVE_TTL.
"""

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from plantdesk.core import generations
from plantdesk.core.cache import Cache
from plantdesk.core.security.models import UserSession

LIVE_TTL = 60
LIVE, REVOKED = "live", "revoked"


async def is_revoked(cache: Cache, sessions: async_sessionmaker[AsyncSession], session_id: int) -> bool:
    answer = await cache.get(_key(session_id))
    if answer is None:
        async with sessions() as db:
            row = (await db.execute(select(UserSession.revoked, UserSession.expire_time)
                                    .where(UserSession.id == session_id))).one_or_none()
        answer = LIVE if row is not None and not row.revoked else REVOKED
        await cache.set(_key(session_id), answer, LIVE_TTL if answer == LIVE or row is None else _remaining(row))
    return answer == REVOKED


async def revoke(db: AsyncSession, cache: Cache, session: UserSession) -> None:
    session.revoked = 1
    await db.flush()
    key, ttl = _key(session.id), _remaining(session)
    await cache.set(key, REVOKED, ttl)
    generations.after_commit(db, lambda: cache.set(key, REVOKED, ttl))


async def revoke_user_sessions(db: AsyncSession, cache: Cache, user_ids: list[int]) -> int:
    """Kick a user out everywhere (password reset, lock, role change)."""
    sessions = (await db.execute(select(UserSession).where(UserSession.user_id.in_(user_ids),
                                                           UserSession.revoked == 0))).scalars().all()
    for session in sessions:
        await revoke(db, cache, session)
    return len(sessions)


def fail_key(tenant_id: str, account: str) -> str:
    """Where an account's failed password attempts are counted (sign-in and password confirmations share it)."""
    return f"fail:{tenant_id}:{account}"


async def clear_fail_count(cache: Cache, tenant_id: str, accounts: list[str]) -> None:
    """Forget the failed logins of these accounts (an administrator unlocked them)."""
    await cache.delete(*(fail_key(tenant_id, account) for account in accounts))


def _remaining(session) -> int:
    return max(1, int((session.expire_time - datetime.now()).total_seconds()))


def _key(session_id: int) -> str:
    return f"session:{session_id}"
