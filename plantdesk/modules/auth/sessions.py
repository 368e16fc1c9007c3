"""Online users: the live session rows, and kicking them out.

`UserSession` is deliberately not a `TenantMixin`: the token endpoint and the CLI `kick` read it by id
before (or without) any tenant scope, and revocation must work across tenants. So this module, the one
place that lists sessions for people, narrows by tenant explicitly from the caller's identity.
"""

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams
from plantdesk.core.security.models import UserSession
from plantdesk.core.security.revocation import revoke

LISTING = Listing(
    UserSession, filters={"account": UserSession.account, "ip": UserSession.ip, "clientId": UserSession.client_id},
    sorts={"account": UserSession.account, "last_refresh_time": UserSession.last_refresh_time},
    order=(UserSession.last_refresh_time.desc(), UserSession.id.desc()))


async def online(db: AsyncSession, identity: Identity, query: Mapping[str, str], paging: PageParams) -> dict:
    return await LISTING.page(db, _visible(identity, query.get("tenantId")).where(*LISTING.where(query)), paging)


async def kick(db: AsyncSession, cache: Cache, identity: Identity, ids: list[int]) -> int:
    sessions = (await db.execute(_visible(identity, None).where(UserSession.id.in_(ids)))).scalars().all()
    for session in sessions:
        await revoke(db, cache, session)
    return len(sessions)


def _visible(identity: Identity, tenant_id: str | None) -> Select:
    stmt = select(UserSession).where(UserSession.revoked == 0, UserSession.expire_time > datetime.now())
    if not identity.is_platform_admin:
        return stmt.where(UserSession.tenant_id == identity.tenant_id)
    return stmt.where(UserSession.tenant_id == tenant_id) if tenant_id else stmt
