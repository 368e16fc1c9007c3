"""The system area's menus: the system catalogue (users hang under it from the user area, logos from
resource) and authority. Every other catalogue is its own area's.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import ADD, CRUD, CRUD_IO, DELETE, EDIT, TOOLBAR, button, menu

ROLE_BUTTONS = [*CRUD, button("grant", "权限设置", "Grant permissions", TOOLBAR)]
TOPMENU_BUTTONS = [*CRUD, button("setting", "菜单配置", "Menu settings", TOOLBAR)]
TENANT_BUTTONS = [*CRUD, button("setting", "授权配置", "Tenant settings", TOOLBAR)]
# Spec §2/§6: the tenant package screen has add, edit and delete but no view.
TENANTPACKAGE_BUTTONS = [ADD, EDIT, DELETE]

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
]
# fmt: on
