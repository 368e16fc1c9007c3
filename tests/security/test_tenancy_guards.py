"""Guards that keep tenancy failing closed: the public routes are pinned, every `tenant_id` table is covered by
core.tenancy or exempt by name, and a handler that forgets its user dependency sees no tenant row."""

import httpx
from fastapi import FastAPI
from sqlalchemy import func, select

from plantdesk.core import tenancy
from plantdesk.core.deps import Db
from plantdesk.db.base import TenantMixin
from plantdesk.db.models import Base
from plantdesk.modules.system.models import Post
from tests.helpers import platform_session
from tests.security.routetable import ops

# A new public route is a conscious change: add it here, and make its handler bind the scope it needs.
PUBLIC = {
    "POST /api/blade-auth/oauth/token",
    "GET /api/blade-auth/oauth/logout",
    "GET /api/blade-auth/oauth/captcha",
    "POST /api/blade-auth/single/register",
    "POST /api/blade-user/register-guest",
    "GET /api/blade-system/tenant/info",
    "GET /api/blade-system/param/sys/config",
    "GET /api/blade-resource/oss/file/{key:path}",
    "GET /api/blade-resource/logo/list",
    # Gateways write with a device token or a user token; the handler checks either and binds its tenant.
    "POST /api/device-management/telemetry",
    # The API docs page and the Swagger UI files it loads (served from a package: no CDN), public as the schema is.
    "GET /api/docs",
    "GET /api/docs/swagger-ui-bundle.js",
    "GET /api/docs/swagger-ui.css",
    "GET /api/docs/favicon.png",
    # The SpringBlade 4.x dialect's page and document (core.dialects), public as the main ones are.
    "GET /api/docs/springblade",
    "GET /api/docs/springblade/openapi.json",
}


def test_the_public_routes_are_the_pinned_ones():
    assert {op.id for op in ops(protected=False)} == PUBLIC


def test_every_tenant_id_table_is_covered_or_exempt():
    tenant_tables = {table.name for table in Base.metadata.tables.values() if "tenant_id" in table.columns}
    covered = {m.local_table.name for m in Base.registry.mappers if issubclass(m.class_, TenantMixin)}
    assert tenant_tables - covered == set(tenancy.EXEMPT)
    assert not covered & set(tenancy.EXEMPT)


def test_no_tenant_table_has_a_tenant_default():
    for mapper in Base.registry.mappers:
        if issubclass(mapper.class_, TenantMixin):
            column = mapper.local_table.columns["tenant_id"]
            assert (column.default, column.server_default, column.nullable) == (None, None, False), mapper


class TestAnonymousBareDb:
    """A handler that takes `Db` but no user: anonymous callers see nothing; a signed-in caller sees its tenant."""

    @staticmethod
    def probe(app) -> httpx.AsyncClient:
        probe = FastAPI()
        probe.state.runtime = app.state.runtime

        @probe.get("/posts")
        async def posts(db: Db) -> dict:
            return {"count": await db.scalar(select(func.count()).select_from(Post)),
                    "tenants": sorted(set((await db.execute(select(Post.tenant_id))).scalars()))}

        return httpx.AsyncClient(transport=httpx.ASGITransport(app=probe), base_url="http://probe")

    async def test_anonymous_sees_no_row(self, app):
        async with platform_session(app.state.runtime.sessions) as db:
            assert await db.scalar(select(func.count()).select_from(Post)) > 0
        async with self.probe(app) as http:
            assert (await http.get("/posts")).json() == {"count": 0, "tenants": []}

    async def test_signed_in_sees_its_tenant_only(self, app, demo_admin):
        async with self.probe(app) as http:
            answer = (await http.get("/posts", headers=demo_admin.headers)).json()
        assert answer["count"] > 0 and answer["tenants"] == [demo_admin.tenant_id]
