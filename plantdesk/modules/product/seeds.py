"""The production area's menus.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import CRUD, menu

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("product", "生产管理", "Production", "/product", "ProductOutlined", 7, [
        menu("product_product", "产品管理", "Products", "/product/product", "GoldOutlined", 1, buttons=CRUD),
        menu("tectprocess", "工艺流程", "Craft flows", "/product/tectprocess", "PartitionOutlined", 2,
             buttons=CRUD),
        menu("batch", "批次产品", "Batches", "/product/batch", "ContainerOutlined", 3, buttons=CRUD),
        menu("oee", "OEE 分析", "OEE", "/product/oee", "PieChartOutlined", 4, buttons=CRUD),
    ]),
]
# fmt: on
