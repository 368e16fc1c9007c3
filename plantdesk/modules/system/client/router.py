"""/api/blade-system/client (contract §11)."""


from typing import Annotated

from fastapi import APIRouter, Body, Request

from plantdesk.core.context import Identity
from plantdesk.core.crud import crud_router, request_ids
from plantdesk.core.deps import Db, administrator_only
from plantdesk.core.envelope import R, ok
from plantdesk.core.routing import include
from plantdesk.modules.system.client import service as clients
from plantdesk.modules.system.client.schemas import ClientCreated

client = crud_router(clients.RESOURCE, "/blade-system/client", ops=("list", "detail"), tags=["client"])


@client.post("/submit", response_model=R[ClientCreated], summary="client insert (secret shown once) or update")
async def client_submit(db: Db, body: Annotated[clients.ClientWrite, Body()], user: Identity = administrator_only()):
    return ok(await clients.submit(db, user, body))


@client.post("/remove", response_model=R[bool], summary="client remove")
async def client_remove(request: Request, db: Db, user: Identity = administrator_only()):
    await clients.remove(db, user, await request_ids(request))
    return ok(True)

router = APIRouter()
include(router, client)
