"""One acting tenant (core.deps.TenantDb), generated from the route table.

Every route that takes `tenantId` for the platform administrator does it through the one dependency; on every
tenant-scoped list/detail/submit/remove folder that does, the platform administrator's list, detail, submit and
remove act in the named tenant, and a tenant administrator's `tenantId` changes nothing.
"""

import pytest

from tests.conftest import DEMO_TENANT
from tests.helpers import Api
from tests.security.routetable import (
    CRUD,
    FOLDERS,
    CrudEndpoints,
    Unbuildable,
    full_body,
    minimal_body,
    ops,
    with_parents,
)
from tests.security.test_isolation import ids_in

PLATFORM = "000000"
# `tenantId` means something else here: a sign-in's tenant, the tenant a package detail is asked for, and the
# public login page's logos (it binds that tenant itself).
OTHER_MEANINGS = {
    "POST /api/blade-auth/oauth/token",
    "GET /api/blade-system/tenant/package-detail",
    "GET /api/blade-resource/logo/list",
}
ACTING = [c for c in CRUD + FOLDERS
          if c.tenant_scoped is not False and len(c.paths) == 4
          and all(op.acting for op in ops() if op.path in c.paths.values())]


def test_every_route_taking_tenant_id_uses_the_acting_tenant():
    assert {op.id for op in ops() if "tenantId" in op.query and not op.acting} == OTHER_MEANINGS


def test_the_acting_folders_are_found():
    assert {"/blade-system/post", "/blade-user", "/blade-system/role", "/blade-system/dept",
            "/blade-system/dict-biz", "/device-management/device", "/device-management/device-model-lib",
            "/device-management/datapoints", "/device-management/data-point-source",
            "/device-management/datapoints-collects"} <= {c.prefix.removeprefix("/api") for c in ACTING}


async def _create(api: Api, crud: CrudEndpoints, token: str, **params) -> tuple[str, dict]:
    refusals = []
    for build in (minimal_body, full_body, None):
        try:
            # Last, the minimal body with its parent rows made first, in the same tenant.
            body = build(crud.write, token) if build else \
                await with_parents(api, crud.write, minimal_body(crud.write, token), token, **params)
        except Unbuildable as exc:
            pytest.skip(f"{crud.prefix}: cannot build a body: {exc}")
        if body is None:
            continue
        if "isSealed" in body:  # a sealed dictionary refuses edit and removal, which this test needs
            body["isSealed"] = 0
        response = await api.post(crud.paths["submit"], json=body, **params)
        payload = response.json()
        if response.status_code == 200 and payload.get("success") and (payload.get("data") or {}).get("id"):
            return payload["data"]["id"], body
        refusals.append(f"{body} -> {response.status_code} {payload.get('msg')!r}")
    pytest.skip(f"{crud.prefix}: creating a row was refused: " + "; ".join(refusals))


async def _found(api: Api, crud: CrudEndpoints, row_id: str, **params) -> bool:
    detail = (await api.get(crud.paths["detail"], id=row_id, **params)).json()
    return bool(detail["success"] and detail["data"] and detail["data"]["id"] == row_id)


async def _listed(api: Api, crud: CrudEndpoints, row_id: str, **params) -> bool:
    return row_id in ids_in(await api.data("GET", crud.paths["list"], current=1, size=1000, **params))


@pytest.mark.parametrize("crud", ACTING, ids=lambda c: c.id)
class TestActingTenant:
    async def test_platform_admin_acts_in_the_named_tenant(self, crud, admin, demo_admin, unique):
        acting = {"tenantId": DEMO_TENANT}
        row_id, body = await _create(admin, crud, unique, **acting)
        assert await _found(demo_admin, crud, row_id), "submit did not write into the named tenant"
        assert not await _found(admin, crud, row_id)
        assert await _found(admin, crud, row_id, **acting)
        assert await _listed(admin, crud, row_id, **acting)
        assert not await _listed(admin, crud, row_id)

        updated = await admin.post(crud.paths["submit"], json={**body, "id": row_id}, **acting)
        assert updated.json()["success"], updated.text

        assert (await admin.post(crud.paths["remove"], ids=row_id, **acting)).json()["success"]
        assert not await _found(demo_admin, crud, row_id), "remove did not act in the named tenant"

    async def test_tenant_admin_stays_in_its_tenant(self, crud, admin, demo_admin, unique):
        elsewhere = {"tenantId": PLATFORM}
        row_id, _ = await _create(demo_admin, crud, unique, **elsewhere)
        assert await _found(demo_admin, crud, row_id) and not await _found(admin, crud, row_id)

        platform_row, _ = await _create(admin, crud, "p" + unique)
        assert not await _found(demo_admin, crud, platform_row, **elsewhere)
        assert not await _listed(demo_admin, crud, platform_row, **elsewhere)
        await demo_admin.post(crud.paths["remove"], ids=platform_row, **elsewhere)
        assert await _found(admin, crud, platform_row), "a tenant admin removed a platform row with tenantId"

    async def test_an_unknown_tenant_is_refused(self, crud, admin):
        response = await admin.get(crud.paths["list"], tenantId="nosuch")
        assert response.json()["msg"] == "租户信息不存在"
