"""The developer tools' menus (menus.md area `tool`): code generation and data sources.

The node shape is core.menus'; core.areas assembles the tree from every area's menus. The large-screen data
sources screen (`largedb`, /visual/datasource) hangs in the visual area's catalogue; its view is this area's data
source screen in the caller's tenant.
"""

from plantdesk.core.menus import BOTH, CRUD, ROW, button, menu

CODE_BUTTONS = [*CRUD, button("gen", "代码生成", "Generate code", BOTH), button("copy", "复制", "Copy", ROW)]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("tool", "研发工具", "Developer tools", "/tool", "ToolOutlined", 18, [
        menu("code", "代码生成", "Code generation", "/tool/code", "CodeOutlined", 1, buttons=CODE_BUTTONS),
        menu("datasource", "数据源", "Data sources", "/tool/datasource", "KeyOutlined", 2, buttons=CRUD),
    ]),
    menu("largedb", "大屏数据源", "Large-screen data sources", "/visual/datasource", "ConsoleSqlOutlined", 5,
         buttons=CRUD, parent="visual"),
]
# fmt: on
