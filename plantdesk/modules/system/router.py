"""/api/blade-system and /api/system: one router per part of the area."""

from fastapi import APIRouter

from plantdesk.core.routing import include
from plantdesk.modules.system import dict_router, menu_router, org_router, param_router

router = APIRouter()
include(router, org_router.router, menu_router.router, dict_router.router, param_router.router)
