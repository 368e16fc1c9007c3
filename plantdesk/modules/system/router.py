"""/api/blade-system and /api/system: one router per part of the area."""

from fastapi import APIRouter

from plantdesk.modules.system import dict_router, menu_router, org_router, param_router

router = APIRouter()
for part in (org_router, menu_router, dict_router, param_router):
    router.include_router(part.router)
