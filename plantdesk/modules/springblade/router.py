"""/api/blade-auth/sm2-public-key: what the platform administrator configures a SpringBlade 4.x console with."""

from fastapi import APIRouter

from plantdesk.core.context import Identity
from plantdesk.core.deps import Rt, administrator_only
from plantdesk.core.envelope import R, Schema, ok
from plantdesk.core.security import sm2
from plantdesk.modules.springblade.dialect import CLIENT_ID

router = APIRouter(prefix="/blade-auth", tags=["springblade"])


class ConsoleConfig(Schema):
    """The Saber 4.x console's `website.js`: `auth.publicKey`, `clientId` (its secret is the client's)."""

    public_key: str
    client_id: str


@router.get("/sm2-public-key", response_model=R[ConsoleConfig])
async def public_key(rt: Rt, _: Identity = administrator_only()):
    """The installation's SM2 public key (04 + x + y) and the seeded client of the SpringBlade 4.x dialect."""
    return ok({"public_key": sm2.public_key(rt.settings.signing_key), "client_id": CLIENT_ID})
