"""/api/blade-system and /api/system: one router per part of the area."""

from fastapi import APIRouter

from plantdesk.core.routing import include
from plantdesk.modules.system.client.router import router as clients
from plantdesk.modules.system.dept.router import router as depts
from plantdesk.modules.system.dict.router import router as dicts
from plantdesk.modules.system.menu.router import router as menus
from plantdesk.modules.system.param.router import router as params
from plantdesk.modules.system.post.router import router as posts
from plantdesk.modules.system.region.router import router as regions
from plantdesk.modules.system.role.router import router as roles
from plantdesk.modules.system.tenant.router import router as tenants

router = APIRouter()
include(router, roles, depts, posts, tenants, regions, clients, menus, dicts, params)
