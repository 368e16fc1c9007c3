"""/api$menu_path: $code_name_en ($code_name), the BladeX verbs list, detail, submit and remove on the core's
resource router (paging, filters, permission codes `$menu_code`, `${menu_code}_add`, ...$tenant_router_note)."""

from plantdesk.core.crud import Resource, crud_router
from plantdesk.modules.$module import service
from plantdesk.modules.$module.models import $Model
from plantdesk.modules.$module.schemas import ${Model}Read, ${Model}Write

RESOURCE = Resource(
    name="$menu_code", model=$Model, read=${Model}Read, write=${Model}Write,
    filters={$filters},
    exact={$exact},
    ranges={$ranges},
    before_save=service.before_save,
)
router = crud_router(RESOURCE, "$menu_path", tags=["$menu_code"])
