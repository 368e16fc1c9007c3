"""/api/blade-system/post: the generic CRUD plus the dropdown (spec §7 System)."""



from fastapi import APIRouter

from plantdesk.core.context import Identity
from plantdesk.core.crud import crud_router
from plantdesk.core.deps import TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.routing import include
from plantdesk.modules.system.post import service as posts
from plantdesk.modules.system.post.schemas import PostRead

post = crud_router(posts.RESOURCE, "/blade-system/post", tags=["post"])


@post.get("/select", response_model=R[list[PostRead]], summary="posts for dropdowns (?tenantId for the platform)")
async def post_select(db: TenantDb, _: Identity = need("post", "post_view", "user")):
    return ok(await posts.select_posts(db))

router = APIRouter()
include(router, post)
