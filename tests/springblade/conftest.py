"""The SpringBlade 4.x tests share the user tests' fixtures (test users retired after each test, the demo roles)."""

from tests.user.conftest import _retire_test_users, admin_role, user_role  # noqa: F401
