import pytest

from tests.conftest import DEMO_TENANT
from tests.user.factories import retire_users, role_id


@pytest.fixture(autouse=True)
async def _retire_test_users(app, unique):
    yield
    await retire_users(app, unique)


@pytest.fixture(scope="session")
async def user_role(app) -> str:
    """The demo tenant's plain `user` role."""
    return await role_id(app, DEMO_TENANT, "user")


@pytest.fixture(scope="session")
async def admin_role(app) -> str:
    """The demo tenant's `admin` role."""
    return await role_id(app, DEMO_TENANT, "admin")
