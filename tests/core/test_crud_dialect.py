"""core.crud's industrial dialect: page, selectById, save, update, saveAndUpdate, removeByIds and delete run the
same pipeline as list, detail, submit and remove (issue 23)."""

import pytest

from plantdesk.core.crud import VERBS, Resource, crud_router
from plantdesk.modules.alarm.models import AlarmGroup
from plantdesk.modules.alarm.schemas import GroupRead, GroupWrite
from tests.security.routetable import CRUD

GROUP = "/api/alarm/group"
DEVICE = "/api/device-management/device"


class TestVerbs:
    async def test_save_and_update_then_remove_by_ids_from_a_form(self, admin, unique):
        created = await admin.data("POST", f"{GROUP}/saveAndUpdate", {"name": f"组{unique}"})
        changed = await admin.data("POST", f"{GROUP}/saveAndUpdate", {"id": created["id"], "name": f"新{unique}"})
        assert changed["id"] == created["id"]
        assert (await admin.data("GET", f"{GROUP}/detail", id=created["id"]))["name"] == f"新{unique}"
        removed = await admin.http.post(f"{GROUP}/removeByIds", data={"ids": created["id"]}, headers=admin.headers)
        assert removed.json()["success"], removed.text
        assert (await admin.get(f"{GROUP}/detail", id=created["id"])).json()["msg"] == "数据不存在"

    async def test_update_needs_an_id_and_page_answers_as_list(self, admin):
        refused = (await admin.post(f"{DEVICE}/update", {"code": "X", "name": "X"})).json()
        assert not refused["success"] and refused["msg"] == "缺少必要的请求参数: id"
        page = await admin.data("GET", f"{DEVICE}/page", current=1, size=5, descs="code")
        listed = await admin.data("GET", f"{DEVICE}/list", current=1, size=5, descs="code")
        assert page == listed


class TestResource:
    def test_codes_follow_the_menu_unless_the_screen_grants_others(self):
        plain = Resource(name="config", model=AlarmGroup, read=GroupRead, write=GroupWrite)
        assert plain.codes("view") == ("config", "config_view")
        assert plain.codes("submit") == ("config_add", "config_edit")
        assert plain.codes("delete") == ("config_delete",)
        settings = Resource(name="setting", model=AlarmGroup, read=GroupRead, write=GroupWrite,
                            action_codes={"add": ("setting_edit",), "edit": ("setting_edit",)})
        assert settings.codes("submit") == ("setting_edit",)
        assert settings.codes("delete") == ("setting_delete",)

    def test_an_unknown_verb_is_refused(self):
        resource = Resource(name="config", model=AlarmGroup, read=GroupRead, write=GroupWrite)
        with pytest.raises(ValueError, match="unknown verb 'add'"):
            crud_router(resource, "/nowhere", ops=("add",))

    def test_the_security_tests_walk_the_industrial_verbs(self):
        """A resource offering save/removeByIds/selectById is covered as one offering submit/remove/detail."""
        found = {c.prefix: c.paths for c in CRUD}
        assert found["/alarm/group"] == {"detail": f"{GROUP}/detail", "submit": f"{GROUP}/saveAndUpdate",
                                         "remove": f"{GROUP}/removeByIds"}
        assert found["/device-management/device"]["submit"] == f"{DEVICE}/save"
        assert set(VERBS.values()) == {"list", "detail", "save", "update", "remove"}
