"""The user area's menu: the users screen, under the system catalogue.

The shapes are core.menus' and system.dict.seeds'; core.areas assembles them with every other area's.
"""

from plantdesk.core.menus import CRUD, EXPORT, IMPORT, ROW, TOOLBAR, button, menu

USER_BUTTONS = [
    *CRUD,
    button("role", "角色配置", "Assign roles", TOOLBAR),
    button("reset", "密码重置", "Reset password", TOOLBAR),
    button("lock", "账号锁定", "Lock account", TOOLBAR),
    button("unlock", "账号解封", "Unlock account", TOOLBAR),
    button("platform", "平台配置", "Platform settings", ROW),
    IMPORT,
    EXPORT,
]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("user", "用户管理", "Users", "/system/user", "UserOutlined", 1, buttons=USER_BUTTONS, parent="system"),
]
# fmt: on

DICTS: list[dict] = [
    {
        "code": "user_type",
        "sort": 15,
        "name": "用户平台",
        "name_en": "User platform",
        "items": [("1", "WEB"), ("2", "APP"), ("3", "OTHER")],
    },
]
