"""Tenant isolation, generated from core.crud.RESOURCES: every tenant-scoped resource, both directions.

A row made in one tenant must be invisible and untouchable from another: list does not show it, detail
answers 数据不存在, submit with its id does not change it, remove with its id does not remove it.
"""

import pytest

from plantdesk.modules.system.param.seeds import PARAMS
from tests.conftest import DEMO_TENANT
from tests.helpers import Api, login
from tests.security.routetable import (
    CRUD,
    FOLDERS,
    CrudEndpoints,
    Unbuildable,
    body_model,
    full_body,
    minimal_body,
    ops,
    with_parents,
)

# core.crud resources known to be tenant-scoped, plus hand-written folders with the same four verbs (their
# rows are tenant rows when the detail carries a tenantId; the test decides at run time).
TENANT_SCOPED = [c for c in CRUD if c.tenant_scoped] + FOLDERS
NOT_FOUND = "数据不存在"


def ids_in(data) -> set[str]:
    """Ids in a page, a plain list or a tree (children included)."""
    rows = data.get("records", []) if isinstance(data, dict) else data
    found = set()
    for row in rows or []:
        found.add(row.get("id"))
        found |= ids_in(row.get("children") or [])
    return found


def _require_ops(crud: CrudEndpoints) -> None:
    missing = [op for op in ("list", "detail", "submit", "remove") if op not in crud.paths]
    if missing:
        pytest.skip(f"{crud.prefix} has no {', '.join(missing)} route")


async def _create(owner: Api, crud: CrudEndpoints, token: str) -> tuple[str, dict]:
    """Create a row as `owner` from the write schema (required fields, then every field it can fill);
    skip the resource, naming the refusal, when neither body is accepted."""
    refusals = []
    for build in (minimal_body, full_body, None):
        try:
            # Last, the minimal body with its parent rows made first (a device's point needs the device).
            body = build(crud.write, token) if build else \
                await with_parents(owner, crud.write, minimal_body(crud.write, token), token)
        except Unbuildable as exc:
            pytest.skip(f"{crud.prefix}: cannot build a body: {exc}")
        if body is None:
            continue
        response = await owner.post(crud.paths["submit"], json=body)
        payload = response.json()
        if response.status_code == 200 and payload.get("success") and (payload.get("data") or {}).get("id"):
            return payload["data"]["id"], body
        refusals.append(f"{body} -> {response.status_code} {payload.get('msg')!r}")
    pytest.skip(f"{crud.prefix}: creating a row as tenant {owner.tenant_id} was refused; needs special values: "
                + "; ".join(refusals))


async def _assert_isolated(owner: Api, intruder: Api, crud: CrudEndpoints, unique: str) -> None:
    row_id, body = await _create(owner, crud, unique)
    before = await owner.data("GET", crud.paths["detail"], id=row_id)
    if crud.tenant_scoped is False or (crud.tenant_scoped is None and "tenantId" not in before):
        pytest.skip(f"{crud.prefix}: its rows are not tenant rows")

    listed = await intruder.get(crud.paths["list"], current=1, size=1000)
    assert listed.status_code in (200, 403), listed.text
    if listed.json()["code"] == 200:
        assert row_id not in ids_in(listed.json()["data"])

    detail = await intruder.get(crud.paths["detail"], id=row_id)
    assert detail.status_code in (200, 403) and detail.json()["success"] is False, detail.text
    if detail.status_code == 200:
        code, msg = detail.json()["code"], detail.json()["msg"]
        # core.crud answers 数据不存在; a hand-written folder may name its noun (部门不存在).
        assert code == 400 and (msg == NOT_FOUND if crud.resource else msg.endswith("不存在")), detail.text

    changed = {**{key: value for key, value in full_body(crud.write, "x" + unique[::-1]).items()
                  if key in body}, "id": row_id}
    submitted = await intruder.post(crud.paths["submit"], json=changed)
    assert submitted.status_code < 500 and submitted.json()["success"] is False, submitted.text

    removed = await intruder.post(crud.paths["remove"], ids=row_id)
    assert removed.status_code < 500, removed.text

    after = await owner.get(crud.paths["detail"], id=row_id)
    assert after.json()["success"], f"{crud.prefix}: the other tenant removed the row: {after.text}"
    assert after.json()["data"] == before, f"{crud.prefix}: the other tenant changed the row"
    assert body  # the row really was made from the generated body


@pytest.mark.parametrize("crud", TENANT_SCOPED, ids=lambda c: c.id)
class TestPlatformRowsHiddenFromTenants:
    async def test_demo_admin_cannot_see_or_touch_a_platform_row(self, crud, admin, demo_admin, unique):
        _require_ops(crud)
        await _assert_isolated(admin, demo_admin, crud, unique)


@pytest.fixture(scope="session")
async def second_tenant_admin(client, admin) -> Api:
    """The admin of a second, non-platform tenant created through the tenant endpoint."""
    submit = "/api/blade-system/tenant/submit"
    found = ops("POST", suffix=(submit,))
    if not found:
        pytest.skip(f"{submit} does not exist yet: no second tenant for the reverse direction")
    body = {**minimal_body(body_model(found[0]), "tenant"), "tenantName": "隔离测试租户"}
    created = await admin.data("POST", submit, json=body)
    tenant_id = created["tenantId"]
    password = next(value for key, _, value, _ in PARAMS if key == "tenant.default.password")
    return await login(client, "admin", password, tenant_id)


@pytest.mark.parametrize("crud", TENANT_SCOPED, ids=lambda c: c.id)
class TestTenantRowsHiddenFromOtherTenants:
    async def test_another_tenant_cannot_see_or_touch_a_demo_row(self, crud, demo_admin, second_tenant_admin,
                                                                 unique):
        _require_ops(crud)
        assert second_tenant_admin.tenant_id not in (DEMO_TENANT, "000000")
        await _assert_isolated(demo_admin, second_tenant_admin, crud, unique)

    async def test_platform_admin_sees_a_tenant_row_only_with_tenant_id(self, crud, admin, demo_admin, unique):
        _require_ops(crud)
        row_id, _ = await _create(demo_admin, crud, unique)
        own = await admin.data("GET", crud.paths["list"], current=1, size=1000)
        assert row_id not in ids_in(own)
        looked_into = await admin.data("GET", crud.paths["list"], current=1, size=1000, tenantId=DEMO_TENANT)
        assert row_id in ids_in(looked_into)
