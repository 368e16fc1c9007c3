"""/api/alarm/tenantInit: a tenant's alarm area, ready or not, and its defaults (docs/decisions.md "Alarms")."""

import pytest

from plantdesk.modules.system.param.seeds import PARAMS
from tests.helpers import Api, login
from tests.security.routetable import body_model, minimal_body, ops

INIT = "/api/alarm/tenantInit"


@pytest.fixture
async def new_tenant_admin(client, admin, unique) -> Api:
    """The admin of a tenant created just now: no alarm levels, no time cycles."""
    submit = "/api/blade-system/tenant/submit"
    body = {**minimal_body(body_model(ops("POST", suffix=(submit,))[0]), "tenant"), "tenantName": f"告警初始化{unique}"}
    tenant_id = (await admin.data("POST", submit, json=body))["tenantId"]
    password = next(value for key, _, value, _ in PARAMS if key == "tenant.default.password")
    return await login(client, "admin", password, tenant_id)


async def test_a_new_tenant_is_not_ready_until_initialised(new_tenant_admin):
    assert await new_tenant_admin.data("GET", f"{INIT}/apikey/check") == {"initialized": False, "levels": 0,
                                                                            "cycles": 0}
    ready = await new_tenant_admin.data("POST", f"{INIT}/submit")
    assert ready == {"initialized": True, "levels": 5, "cycles": 1}
    levels = (await new_tenant_admin.data("GET", "/api/alarm/level/list", current=1, size=100))["records"]
    assert [(row["level"], row["name"]) for row in levels] == [(1, "超紧急"), (2, "紧急"), (3, "严重"), (4, "一般"),
                                                               (5, "提醒")]
    assert [c["name"] for c in await new_tenant_admin.data("GET", "/api/alarm/timecycle/list")] == ["全天"]


async def test_initialising_keeps_what_the_tenant_has(new_tenant_admin):
    await new_tenant_admin.data("POST", "/api/alarm/level/saveAndUpdate", json={"level": 1, "name": "Plant stop"})
    assert await new_tenant_admin.data("POST", f"{INIT}/submit") == {"initialized": True, "levels": 1, "cycles": 1}
    assert await new_tenant_admin.data("POST", f"{INIT}/submit") == {"initialized": True, "levels": 1, "cycles": 1}
    levels = (await new_tenant_admin.data("GET", "/api/alarm/level/list", current=1, size=100))["records"]
    assert [row["name"] for row in levels] == ["Plant stop"]


async def test_the_demo_tenant_is_ready_and_another_tenants_init_leaves_it(demo_admin, new_tenant_admin):
    before = await demo_admin.data("GET", f"{INIT}/apikey/check")
    assert before["initialized"] is True and before["levels"] == 5
    await new_tenant_admin.data("POST", f"{INIT}/submit")
    assert await demo_admin.data("GET", f"{INIT}/apikey/check") == before
