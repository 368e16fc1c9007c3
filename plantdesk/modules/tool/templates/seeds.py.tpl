"""The $module area's menus and buttons (zh/en): `migrate` syncs them into every database by code and grants
them to the platform administrator; grant them to other roles in 角色管理."""

from plantdesk.core.menus import CRUD, menu

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
$menus
]
# fmt: on
