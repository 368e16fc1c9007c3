"""Application clients (blade_client): platform-wide, platform administrator only.

The secret is never read back: every read masks it, an update without a new secret keeps the old one, and
an insert without one generates a random secret that only that insert's response carries.
"""

import secrets

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, remove_ids, save
from plantdesk.core.errors import BadRequest, BusinessError, Forbidden
from plantdesk.core.security.models import Client
from plantdesk.modules.system.client.schemas import MASK, ClientCreated, ClientRead, ClientWrite


async def _platform_list(db: AsyncSession, user: Identity, stmt, request):
    if not user.is_platform_admin:
        raise Forbidden("无权限访问")
    return stmt


RESOURCE = Resource(
    name="client", model=Client, read=ClientRead, write=ClientWrite,
    filters={"clientId": Client.client_id},
    sorts={"client_id": Client.client_id, "create_time": Client.create_time},
    statement=_platform_list,
)


async def submit(db: AsyncSession, user: Identity, body: ClientWrite) -> dict:
    body.client_id = body.client_id.strip()
    if not body.client_id:
        raise BadRequest("请输入客户端ID")
    if not body.authorized_grant_types.strip():
        raise BadRequest("请输入授权类型")
    taken = select(Client.id).where(Client.client_id == body.client_id)
    if await db.scalar(taken.where(Client.id != body.id) if body.id else taken):
        raise BusinessError("客户端ID已存在")
    if body.client_secret in (None, "", MASK):
        body.__pydantic_fields_set__.discard("client_secret")
        if body.id is None:
            body.client_secret = secrets.token_urlsafe(24)
    created = body.id is None
    data = ClientCreated.model_validate(await save(db, user, RESOURCE, body)).model_dump(by_alias=False)
    return data if created else {**data, "client_secret": MASK}


async def remove(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    await remove_ids(db, user, RESOURCE, ids)
