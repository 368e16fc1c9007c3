from tests.alarm.conftest import recipient  # noqa: F401  (the alarm tests' group recipient)
