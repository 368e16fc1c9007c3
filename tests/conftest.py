"""One seeded database per test run (SQLite by default, PostgreSQL when PLANTDESK_TEST_DATABASE_URL is
set), one app with its real lifespan, and API clients logged in as the seeded identities.

Tests share the seeded data and create what they change with unique names, so they run in any order.
"""

import os
import uuid
from collections.abc import AsyncIterator

import httpx
import pytest
from sqlalchemy import text

from plantdesk.app import create_app
from plantdesk.config import Settings
from plantdesk.db.models import Base
from plantdesk.db.session import create_engine, session_factory
from plantdesk.seed.seeder import seed_database
from tests.helpers import Api, login, platform_session, served

DEMO_TENANT = "356782"


def pytest_report_header() -> str:
    return f"database: {os.environ.get('PLANTDESK_TEST_DATABASE_URL') or 'sqlite (temporary file)'}"


@pytest.fixture(scope="session")
def settings(tmp_path_factory) -> Settings:
    data_dir = tmp_path_factory.mktemp("data")
    return Settings(data_dir=data_dir, database_url=os.environ.get("PLANTDESK_TEST_DATABASE_URL", ""),
                    redis_url="", jwt_secret="test-" + uuid.uuid4().hex, audit_flush_seconds=0.05,
                    web_dist=data_dir / "no-web",
                    # OSS rows of the tests name loopback's discard port (nothing listens: refused at once), never
                    # a public host; core.outbound refuses loopback unless allowed.
                    outbound_allow="127.0.0.1:9")


@pytest.fixture(scope="session")
async def app(settings):
    engine = create_engine(settings.resolved_database_url)
    async with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            await conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
            await conn.execute(text("CREATE SCHEMA public"))
        await conn.run_sync(Base.metadata.create_all)
    async with platform_session(session_factory(engine)) as session:
        await seed_database(session)
        await plain_demo_user(session)
        await session.commit()
    await engine.dispose()
    application = create_app(settings)
    async with served(application):
        yield application


async def plain_demo_user(session) -> None:
    """The suites' `demo_user` (zhangwei) is the plain staff member they were written against (role user: the desk
    and my work); the demo gives him the manager role beside it (demo.data.staff), which tests/test_staff.py
    checks on the demo's other people and on the seeded role."""
    from sqlalchemy import select

    from plantdesk.modules.system.models import Role, User

    plain = await session.scalar(select(Role.id).where(Role.tenant_id == DEMO_TENANT, Role.role_alias == "user"))
    user = await session.scalar(select(User).where(User.tenant_id == DEMO_TENANT, User.account == "zhangwei"))
    user.role_id = str(plain)
    await session.flush()


@pytest.fixture(scope="session")
async def client(app) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        yield http


@pytest.fixture(scope="session")
async def admin(client) -> Api:
    """The platform administrator (tenant 000000, role administrator)."""
    return await login(client, "admin", "admin", "000000")


@pytest.fixture(scope="session")
async def demo_admin(client) -> Api:
    """The demo tenant's admin (role admin, menus from tenant.default.menuCode)."""
    return await login(client, "admin", "admin", DEMO_TENANT)


@pytest.fixture(scope="session")
async def demo_user(client) -> Api:
    """A plain user of the demo tenant (role user: the desk menus only)."""
    return await login(client, "zhangwei", "123456", DEMO_TENANT)


@pytest.fixture
def unique() -> str:
    return uuid.uuid4().hex[:8]
