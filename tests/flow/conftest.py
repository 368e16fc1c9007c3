"""The demo's people who apply, approve and check in the workflow tests."""

import pytest

from tests.conftest import DEMO_TENANT
from tests.helpers import Api, login


@pytest.fixture(scope="module")
async def applicant(client) -> Api:
    return await login(client, "liuyang", "123456", DEMO_TENANT)


@pytest.fixture(scope="module")
async def manager(client) -> Api:
    return await login(client, "zhangwei", "123456", DEMO_TENANT)


@pytest.fixture(scope="module")
async def hr(client) -> Api:
    return await login(client, "sunli", "123456", DEMO_TENANT)
