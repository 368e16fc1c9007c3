"""The early-warning area's menus.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import CRUD, TOOLBAR, VIEW, button, menu

WARN_MANAGEMENT_BUTTONS = [VIEW, button("publish", "发布", "Publish", TOOLBAR)]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("warning", "预警管理", "Early warning", "/warning", "WarningOutlined", 9, [
        menu("warnIndicators", "预警指标", "Warning indicators", "/index/warnIndicators", "StockOutlined",
             1, buttons=CRUD),
        menu("warnManagement", "预警管理", "Warning management", "/index/warnManagement",
             "ThunderboltOutlined", 2, buttons=WARN_MANAGEMENT_BUTTONS),
    ]),
]
# fmt: on
