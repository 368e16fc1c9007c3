"""The assistant's menus.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import menu

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    # A catalogue even for one screen: BladeX-family consoles build nested routes from /menu/routes and take a
    # top-level entry for a layout, so a top-level leaf would have no page (docs/decisions.md, menus).
    menu("ai", "AI 助手", "AI assistant", "/ai", "RobotOutlined", 19, [
        menu("aiChat", "智能对话", "AI chat", "/index/aiChat", "MessageOutlined", 1),
    ]),
]
# fmt: on
