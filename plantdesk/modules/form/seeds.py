"""The forms area's menus.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import CRUD, DELETE, EXPORT, VIEW, menu

FORM_LOG_BUTTONS = [VIEW, DELETE, EXPORT]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("form", "表单管理", "Forms", "/form", "FormOutlined", 12, [
        menu("catalogue", "表单目录", "Catalogue", "/form/catalogue", "FolderOpenOutlined", 1, buttons=CRUD),
        menu("design", "表单设计", "Designer", "/form/design", "LayoutOutlined", 2, buttons=CRUD),
        menu("management", "表单管理", "Management", "/form/management", "TableOutlined", 3, buttons=CRUD),
        menu("fill", "表单填报", "Fill in", "/form/fill", "EditOutlined", 4, buttons=CRUD),
        menu("hook", "表单钩子", "Hooks", "/form/hook", "LinkOutlined", 5, buttons=CRUD),
        menu("log", "表单日志", "Logs", "/form/log", "FileSyncOutlined", 6, buttons=FORM_LOG_BUTTONS),
    ]),
]
# fmt: on
