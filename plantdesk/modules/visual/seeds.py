"""The visualisation area's menus: the 可视化 catalogue with the map config, the batch and flow monitors, the
large-screen API and the two special codes (largepage, datacenter). The large-screen data sources screen hangs
under this catalogue from the area that serves it.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import CRUD, CRUD_IO, menu

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("visual", "可视化", "Visualisation", "/visual", "FundProjectionScreenOutlined", 14, [
        menu("map", "地图配置", "Maps", "/visual/map", "EnvironmentOutlined", 1, buttons=CRUD),
        menu("batchMonitor", "批次进度大屏", "Batch monitor", "/index/batchMonitor", "BarChartOutlined", 2),
        menu("flowMonitor", "工艺流程监控", "Flow monitor", "/index/flowMonitor", "AreaChartOutlined", 3),
        menu("largeapi", "大屏接口", "Large-screen API", "/visual/api", "InteractionOutlined", 4,
             buttons=CRUD_IO),
        # largepage and datacenter are special codes: the console opens them by code (the header buttons open
        # the large-screen and data-centre sites in a new window), so they carry no route path.
        menu("largepage", "大屏", "Large screen", "", "FullscreenOutlined", 6),
        menu("datacenter", "数据中心", "Data centre", "", "CloudOutlined", 7),
    ]),
]
# fmt: on
