"""The report area's menus: the report catalogue with its generated-report list and its templates.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import BOTH, CRUD, DELETE, VIEW, button, menu

GENERATE = button("generate", "生成报表", "Generate", BOTH)
DOWNLOAD = button("download", "下载", "Download", BOTH)

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("report", "报表管理", "Reports", "/report", "ReconciliationOutlined", 17, [
        menu("reportlist", "报表列表", "Report list", "/index/reportlist", "UnorderedListOutlined", 1,
             buttons=[VIEW, DOWNLOAD, DELETE]),
        menu("template", "报表模板", "Templates", "/report/template", "SnippetsOutlined", 2,
             buttons=[*CRUD, GENERATE]),
    ]),
]
# fmt: on
