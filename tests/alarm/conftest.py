import pytest

from tests.conftest import DEMO_TENANT
from tests.helpers import Api, login


@pytest.fixture(scope="session")
async def recipient(client) -> Api:
    """The demo user the alarm tests' groups notify (not one another area's bell tests count on)."""
    return await login(client, "wangqiang", "123456", DEMO_TENANT)
