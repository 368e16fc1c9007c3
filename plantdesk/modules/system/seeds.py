"""The system area's menus: the system catalogue (users hang under it from the user area, logos from
resource), authority, and the catalogues of the screens no area serves yet (visualisation,
reports, developer tools): they stay with system until an area takes them.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import ADD, BOTH, CRUD, CRUD_IO, DELETE, EDIT, ROW, TOOLBAR, button, menu

ROLE_BUTTONS = [*CRUD, button("grant", "权限设置", "Grant permissions", TOOLBAR)]
TOPMENU_BUTTONS = [*CRUD, button("setting", "菜单配置", "Menu settings", TOOLBAR)]
TENANT_BUTTONS = [*CRUD, button("setting", "授权配置", "Tenant settings", TOOLBAR)]
# Spec §2/§6: the tenant package screen has add, edit and delete but no view.
TENANTPACKAGE_BUTTONS = [ADD, EDIT, DELETE]
CODE_BUTTONS = [*CRUD, button("gen", "代码生成", "Generate code", BOTH), button("copy", "复制", "Copy", ROW)]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("system", "系统管理", "System", "/system", "SettingOutlined", 2, [
        menu("dept", "部门管理", "Departments", "/system/dept", "ApartmentOutlined", 2, buttons=CRUD),
        menu("post", "岗位管理", "Posts", "/system/post", "IdcardOutlined", 3, buttons=CRUD),
        menu("role", "角色管理", "Roles", "/system/role", "TeamOutlined", 4, buttons=ROLE_BUTTONS),
        menu("menu", "系统菜单", "System menus", "/system/menu", "MenuOutlined", 5, buttons=CRUD),
        menu("mobilemenu", "移动菜单", "Mobile menus", "/system/mobilemenu", "MobileOutlined", 6,
             buttons=CRUD),
        menu("pcmenu", "PC菜单", "PC menus", "/system/pcmenu", "LaptopOutlined", 7, buttons=CRUD),
        menu("topmenu", "顶部菜单", "Top menus", "/system/topmenu", "VerticalAlignTopOutlined", 8,
             buttons=TOPMENU_BUTTONS),
        menu("dict", "系统字典", "System dictionary", "/system/dict", "BookOutlined", 9, buttons=CRUD_IO),
        menu("dictbiz", "业务字典", "Business dictionary", "/system/dictbiz", "ReadOutlined", 10,
             buttons=CRUD_IO),
        menu("param", "参数管理", "Parameters", "/system/param", "ControlOutlined", 11, buttons=CRUD),
        menu("tenant", "租户管理", "Tenants", "/system/tenant", "ClusterOutlined", 12,
             buttons=TENANT_BUTTONS),
        menu("tenantpackage", "租户产品包", "Tenant packages", "/system/tenantpackage",
             "AppstoreAddOutlined", 13, buttons=TENANTPACKAGE_BUTTONS),
        menu("client", "应用管理", "Clients", "/system/client", "AppstoreOutlined", 14, buttons=CRUD),
        menu("region", "行政区划", "Regions", "/system/region", "GlobalOutlined", 15, buttons=CRUD),
    ]),
    menu("authority", "权限管理", "Authority", "/authority", "SafetyCertificateOutlined", 3, [
        menu("datascope", "数据权限", "Data scopes", "/authority/datascope", "FilterOutlined", 1,
             buttons=CRUD),
        menu("apiscope", "接口权限", "API scopes", "/authority/apiscope", "ApiOutlined", 2, buttons=CRUD),
        menu("dataauth", "数据授权", "Data authority", "/authority/dataauth", "SafetyOutlined", 3,
             buttons=CRUD),
    ]),
    menu("visual", "可视化", "Visualisation", "/visual", "FundProjectionScreenOutlined", 14, [
        menu("map", "地图配置", "Maps", "/visual/map", "EnvironmentOutlined", 1, buttons=CRUD),
        menu("batchMonitor", "批次进度大屏", "Batch monitor", "/index/batchMonitor", "BarChartOutlined", 2),
        menu("flowMonitor", "工艺流程监控", "Flow monitor", "/index/flowMonitor", "AreaChartOutlined", 3),
        menu("largeapi", "大屏接口", "Large-screen API", "/visual/api", "InteractionOutlined", 4,
             buttons=CRUD_IO),
        menu("largedb", "大屏数据源", "Large-screen data sources", "/visual/datasource",
             "ConsoleSqlOutlined", 5, buttons=CRUD),
        # largepage and datacenter are special codes: the console opens them by code (the header buttons open
        # the large-screen and data-centre sites in a new window), so they carry no route path.
        menu("largepage", "大屏", "Large screen", "", "FullscreenOutlined", 6),
        menu("datacenter", "数据中心", "Data centre", "", "CloudOutlined", 7),
    ]),
    menu("report", "报表管理", "Reports", "/report", "ReconciliationOutlined", 17, [
        menu("reportlist", "报表列表", "Report list", "/index/reportlist", "UnorderedListOutlined", 1,
             buttons=CRUD),
        menu("template", "报表模板", "Templates", "/report/template", "SnippetsOutlined", 2, buttons=CRUD),
    ]),
    menu("tool", "研发工具", "Developer tools", "/tool", "ToolOutlined", 18, [
        menu("code", "代码生成", "Code generation", "/tool/code", "CodeOutlined", 1, buttons=CODE_BUTTONS),
        menu("datasource", "数据源", "Data sources", "/tool/datasource", "KeyOutlined", 2, buttons=CRUD),
    ]),
]
# fmt: on
