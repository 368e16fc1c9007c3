"""/api/topology-protocol (spec §7: page by type and name, submit, remove), /api/topology-folder and
/api/topology (paths the spec does not show: the BladeX verbs). Every route acts in the caller's tenant."""

from fastapi import APIRouter

from plantdesk.core.crud import crud_router
from plantdesk.core.routing import include
from plantdesk.modules.topology.service import FOLDERS, PROTOCOLS, TOPOLOGIES

protocol_router = crud_router(PROTOCOLS, "/topology-protocol", ops=("page", "submit", "remove"),
                              tags=["topology-protocol"])
folder_router = crud_router(FOLDERS, "/topology-folder", ops=("list", "submit", "remove"), tags=["topology-folder"])
topology_router = crud_router(TOPOLOGIES, "/topology", ops=("page", "detail", "submit", "remove"),
                              tags=["topology"])

router = APIRouter()
include(router, protocol_router, folder_router, topology_router)
