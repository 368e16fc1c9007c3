"""Seed data: the menu tree (table blade_menu) and its buttons.

Source of truth: docs/reference/menus.md (codes, paths, names, order). Shapes follow the BladeX facts of
bladex-contract.md §5 and §10: a menu row has category 1, a button row category 2 with code
``f"{menu_code}_{alias}"`` (the seeder builds it) and an action (1 toolbar, 2 row, 3 both); ``is_open`` is 1
(same window) or 2 (external link, new window). ``source`` holds an @ant-design/icons v6 component name.

Each node: {"code", "name", "name_en", "path", "source", "sort", "is_open", "children", "buttons"}.
Each button: {"alias", "name", "name_en", "action"}.

Menu codes are unique across the whole tree, button codes included. Where menus.md reuses a code under
another parent, the first one keeps it and the later ones are prefixed with their parent code + "_":
    device (screen under device)          -> device_device
    product (screen under product)        -> product_product
    overview (alarm event overview)       -> alarm_overview
    model (workflow model design)         -> flow_model
    management (topology management)      -> topology_management
One exception: the knowledge base screen must keep the code "knowledge" (spec §2 counts it as a built-in
code the console opens as a frame route), so its *catalogue* is renamed to "knowledgebase" instead.
"""

TOOLBAR = 1
ROW = 2
BOTH = 3


def _btn(alias: str, name: str, name_en: str, action: int) -> dict:
    return {"alias": alias, "name": name, "name_en": name_en, "action": action}


def _menu(
    code: str,
    name: str,
    name_en: str,
    path: str,
    source: str,
    sort: int,
    children: list[dict] | None = None,
    buttons: list[dict] | None = None,
    is_open: int = 1,
) -> dict:
    return {
        "code": code,
        "name": name,
        "name_en": name_en,
        "path": path,
        "source": source,
        "sort": sort,
        "is_open": is_open,
        "children": children or [],
        # Copies, so that no two menus share (and a consumer cannot mutate) the same button dict.
        "buttons": [dict(b) for b in buttons or []],
    }


# --- button building blocks -------------------------------------------------------------------------------
ADD = _btn("add", "新增", "Add", TOOLBAR)
EDIT = _btn("edit", "修改", "Edit", ROW)
DELETE = _btn("delete", "删除", "Delete", BOTH)
VIEW = _btn("view", "查看", "View", ROW)
IMPORT = _btn("import", "导入", "Import", TOOLBAR)
EXPORT = _btn("export", "导出", "Export", TOOLBAR)

CRUD = [ADD, EDIT, DELETE, VIEW]
CRUD_IO = [*CRUD, IMPORT, EXPORT]
LOG_BUTTONS = [VIEW, EXPORT]

USER_BUTTONS = [
    *CRUD,
    _btn("role", "角色配置", "Assign roles", TOOLBAR),
    _btn("reset", "密码重置", "Reset password", TOOLBAR),
    _btn("lock", "账号锁定", "Lock account", TOOLBAR),
    _btn("unlock", "账号解封", "Unlock account", TOOLBAR),
    _btn("platform", "平台配置", "Platform settings", ROW),
    IMPORT,
    EXPORT,
]
ROLE_BUTTONS = [*CRUD, _btn("grant", "权限设置", "Grant permissions", TOOLBAR)]
TOPMENU_BUTTONS = [*CRUD, _btn("setting", "菜单配置", "Menu settings", TOOLBAR)]
TENANT_BUTTONS = [*CRUD, _btn("setting", "授权配置", "Tenant settings", TOOLBAR)]
# Spec §2/§6: the tenant package screen has add, edit and delete but no view.
TENANTPACKAGE_BUTTONS = [ADD, EDIT, DELETE]
LOGO_BUTTONS = [_btn("edit", "修改", "Edit", ROW), VIEW]
ENABLE = _btn("enable", "启用", "Enable", ROW)
OSS_BUTTONS = [*CRUD, ENABLE]
SMS_BUTTONS = [*CRUD, ENABLE, _btn("send", "发送", "Send test message", ROW)]
ATTACH_BUTTONS = [
    _btn("upload", "上传", "Upload", TOOLBAR),
    _btn("download", "下载", "Download", ROW),
    DELETE,
    VIEW,
]
MODEL_BUTTONS = [*CRUD_IO, _btn("copy", "复制", "Copy", ROW)]
IMPORT_LOG_BUTTONS = [VIEW, _btn("download", "下载", "Download", ROW)]
ALARM_SETTING_BUTTONS = [_btn("edit", "修改", "Edit", TOOLBAR)]
ALARM_OVERVIEW_BUTTONS = [
    VIEW,
    _btn("confirm", "确认", "Confirm", BOTH),
    _btn("export", "导出", "Export report", ROW),
]
AUDIT_BUTTONS = [VIEW, EXPORT]
WARN_MANAGEMENT_BUTTONS = [VIEW, _btn("publish", "发布", "Publish", TOOLBAR)]
FLOW_MODEL_BUTTONS = [*CRUD, _btn("deploy", "部署", "Deploy", ROW)]
FLOW_DEPLOY_BUTTONS = [_btn("upload", "部署上传", "Upload deployment", TOOLBAR)]
FLOW_MANAGER_BUTTONS = [VIEW, _btn("state", "变更状态", "Change state", ROW), DELETE]
FLOW_FOLLOW_BUTTONS = [VIEW, DELETE]
WORK_START_BUTTONS = [_btn("launch", "发起", "Start", ROW)]
WORK_CLAIM_BUTTONS = [_btn("claim", "签收", "Claim", ROW), VIEW]
WORK_TODO_BUTTONS = [_btn("handle", "办理", "Handle", ROW), VIEW]
WORK_VIEW_BUTTONS = [VIEW]
LEAVE_BUTTONS = [ADD, VIEW]
FORM_LOG_BUTTONS = [VIEW, DELETE, EXPORT]
CODE_BUTTONS = [*CRUD, _btn("gen", "代码生成", "Generate code", BOTH), _btn("copy", "复制", "Copy", ROW)]
MONITOR_DATA_BUTTONS = [VIEW, EXPORT]
# Devices also take telemetry (POST /api/device-management/telemetry with a user token) and hand out per-device
# ingest tokens (device-token/create, list, revoke).
DEVICE_BUTTONS = [*CRUD_IO, _btn("ingest", "数据写入", "Ingest data", TOOLBAR),
                  _btn("token", "接入令牌", "Access tokens", ROW)]
# Dashboards and large screens (data overview, batch/flow monitors, large page, data centre, AI chat) have no
# buttons: there is nothing to add, edit or delete on them.

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    _menu("desk", "工作台", "Workbench", "/desk", "DesktopOutlined", 1, [
        _menu("notice", "通知公告", "Notices", "/desk/notice", "NotificationOutlined", 1, buttons=CRUD),
    ]),
    _menu("system", "系统管理", "System", "/system", "SettingOutlined", 2, [
        _menu("user", "用户管理", "Users", "/system/user", "UserOutlined", 1, buttons=USER_BUTTONS),
        _menu("dept", "部门管理", "Departments", "/system/dept", "ApartmentOutlined", 2, buttons=CRUD),
        _menu("post", "岗位管理", "Posts", "/system/post", "IdcardOutlined", 3, buttons=CRUD),
        _menu("role", "角色管理", "Roles", "/system/role", "TeamOutlined", 4, buttons=ROLE_BUTTONS),
        _menu("menu", "系统菜单", "System menus", "/system/menu", "MenuOutlined", 5, buttons=CRUD),
        _menu("mobilemenu", "移动菜单", "Mobile menus", "/system/mobilemenu", "MobileOutlined", 6,
              buttons=CRUD),
        _menu("pcmenu", "PC菜单", "PC menus", "/system/pcmenu", "LaptopOutlined", 7, buttons=CRUD),
        _menu("topmenu", "顶部菜单", "Top menus", "/system/topmenu", "VerticalAlignTopOutlined", 8,
              buttons=TOPMENU_BUTTONS),
        _menu("dict", "系统字典", "System dictionary", "/system/dict", "BookOutlined", 9, buttons=CRUD_IO),
        _menu("dictbiz", "业务字典", "Business dictionary", "/system/dictbiz", "ReadOutlined", 10,
              buttons=CRUD_IO),
        _menu("param", "参数管理", "Parameters", "/system/param", "ControlOutlined", 11, buttons=CRUD),
        _menu("tenant", "租户管理", "Tenants", "/system/tenant", "ClusterOutlined", 12,
              buttons=TENANT_BUTTONS),
        _menu("tenantpackage", "租户产品包", "Tenant packages", "/system/tenantpackage",
              "AppstoreAddOutlined", 13, buttons=TENANTPACKAGE_BUTTONS),
        _menu("client", "应用管理", "Clients", "/system/client", "AppstoreOutlined", 14, buttons=CRUD),
        _menu("region", "行政区划", "Regions", "/system/region", "GlobalOutlined", 15, buttons=CRUD),
        _menu("logo", "标志管理", "Logos", "/system/logo", "PictureOutlined", 16, buttons=LOGO_BUTTONS),
    ]),
    _menu("authority", "权限管理", "Authority", "/authority", "SafetyCertificateOutlined", 3, [
        _menu("datascope", "数据权限", "Data scopes", "/authority/datascope", "FilterOutlined", 1,
              buttons=CRUD),
        _menu("apiscope", "接口权限", "API scopes", "/authority/apiscope", "ApiOutlined", 2, buttons=CRUD),
        _menu("dataauth", "数据授权", "Data authority", "/authority/dataauth", "SafetyOutlined", 3,
              buttons=CRUD),
    ]),
    _menu("resource", "资源管理", "Resources", "/resource", "FolderOutlined", 4, [
        _menu("attach", "附件管理", "Attachments", "/resource/attach", "PaperClipOutlined", 1,
              buttons=ATTACH_BUTTONS),
        _menu("oss", "对象存储", "Object storage", "/resource/oss", "CloudServerOutlined", 2,
              buttons=OSS_BUTTONS),
        _menu("sms", "短信配置", "SMS", "/resource/sms", "MessageOutlined", 3, buttons=SMS_BUTTONS),
    ]),
    _menu("monitor", "系统监控", "Monitoring", "/monitor", "MonitorOutlined", 5, [
        _menu("log_usual", "通用日志", "General logs", "/monitor/log/usual", "FileTextOutlined", 1,
              buttons=LOG_BUTTONS),
        _menu("log_api", "接口日志", "API logs", "/monitor/log/api", "FileSearchOutlined", 2,
              buttons=LOG_BUTTONS),
        _menu("log_error", "错误日志", "Error logs", "/monitor/log/error", "BugOutlined", 3,
              buttons=LOG_BUTTONS),
        _menu("log_system", "系统日志", "System logs", "/monitor/log/system", "ProfileOutlined", 4,
              buttons=LOG_BUTTONS),
    ]),
    _menu("device", "设备管理", "Equipment", "/device", "DeploymentUnitOutlined", 6, [
        # Equipment status, parts, organisation, framework and warning are tabs or sub-views of this screen.
        _menu("device_device", "设备台账", "Devices", "/device/device", "HddOutlined", 1,
              buttons=DEVICE_BUTTONS),
        _menu("model", "设备模型", "Device models", "/device/model", "BuildOutlined", 2,
              buttons=MODEL_BUTTONS),
        _menu("datapoint", "数据点位", "Data points", "/device/datapoint", "NodeIndexOutlined", 3,
              buttons=CRUD_IO),
        _menu("monitordata", "监测数据", "Monitor data", "/device/monitordata", "LineChartOutlined", 4,
              buttons=MONITOR_DATA_BUTTONS),
        _menu("overview", "数据总览", "Data overview", "/device/overview", "DashboardOutlined", 5),
        _menu("importExportManagement", "导入导出日志", "Import-export log", "/index/importExportManagement",
              "SwapOutlined", 6, buttons=IMPORT_LOG_BUTTONS),
    ]),
    _menu("product", "生产管理", "Production", "/product", "ProductOutlined", 7, [
        _menu("product_product", "产品管理", "Products", "/product/product", "GoldOutlined", 1, buttons=CRUD),
        _menu("tectprocess", "工艺流程", "Craft flows", "/product/tectprocess", "PartitionOutlined", 2,
              buttons=CRUD),
        _menu("batch", "批次产品", "Batches", "/product/batch", "ContainerOutlined", 3, buttons=CRUD),
        _menu("oee", "OEE 分析", "OEE", "/product/oee", "PieChartOutlined", 4, buttons=CRUD),
    ]),
    _menu("alarm", "告警管理", "Alarms", "/alarm", "AlertOutlined", 8, [
        _menu("setting", "全局设置", "Global settings", "/alarm/setting", "SlidersOutlined", 1,
              buttons=ALARM_SETTING_BUTTONS),
        _menu("alarm_overview", "事件总览", "Event overview", "/alarm/overview", "FundViewOutlined", 2,
              buttons=ALARM_OVERVIEW_BUTTONS),
        _menu("config", "事件配置", "Event config", "/alarm/config", "BellOutlined", 3, buttons=CRUD),
        _menu("database", "告警数据库", "Alarm database", "/alarm/database", "DatabaseOutlined", 4,
              buttons=[*CRUD, EXPORT]),
        _menu("audit", "审计追踪", "Audit trail", "/alarm/audit", "AuditOutlined", 5, buttons=AUDIT_BUTTONS),
        # Third-party alarm sources: MES, OA, QMS, SCADA.
        _menu("tracking", "告警追踪", "Alarm tracking", "/alarm/tracking", "AimOutlined", 6, buttons=CRUD),
    ]),
    _menu("warning", "预警管理", "Early warning", "/warning", "WarningOutlined", 9, [
        _menu("warnIndicators", "预警指标", "Warning indicators", "/index/warnIndicators", "StockOutlined",
              1, buttons=CRUD),
        _menu("warnManagement", "预警管理", "Warning management", "/index/warnManagement",
              "ThunderboltOutlined", 2, buttons=WARN_MANAGEMENT_BUTTONS),
    ]),
    _menu("flow", "流程管理", "Workflow", "/flow", "BranchesOutlined", 10, [
        _menu("flow_model", "模型设计", "Models", "/flow/model", "BlockOutlined", 1,
              buttons=FLOW_MODEL_BUTTONS),
        _menu("deploy", "模型部署", "Deployment", "/flow/deploy", "CloudUploadOutlined", 2,
              buttons=FLOW_DEPLOY_BUTTONS),
        _menu("manager", "流程管理", "Definitions", "/flow/manager", "ProjectOutlined", 3,
              buttons=FLOW_MANAGER_BUTTONS),
        _menu("follow", "流程跟踪", "Follow", "/flow/follow", "HistoryOutlined", 4,
              buttons=FLOW_FOLLOW_BUTTONS),
    ]),
    _menu("work", "我的事务", "My work", "/work", "ScheduleOutlined", 11, [
        _menu("start", "发起事务", "Start", "/work/start", "PlayCircleOutlined", 1,
              buttons=WORK_START_BUTTONS),
        _menu("claim", "待签事务", "To claim", "/work/claim", "CarryOutOutlined", 2,
              buttons=WORK_CLAIM_BUTTONS),
        _menu("todo", "待办事务", "To do", "/work/todo", "CheckSquareOutlined", 3, buttons=WORK_TODO_BUTTONS),
        _menu("send", "已发事务", "Sent", "/work/send", "SendOutlined", 4, buttons=WORK_VIEW_BUTTONS),
        _menu("done", "办结事务", "Done", "/work/done", "FileDoneOutlined", 5, buttons=WORK_VIEW_BUTTONS),
        _menu("leave", "请假流程", "Leave process", "/work/process/leave", "CalendarOutlined", 6,
              buttons=LEAVE_BUTTONS),
    ]),
    _menu("form", "表单管理", "Forms", "/form", "FormOutlined", 12, [
        _menu("catalogue", "表单目录", "Catalogue", "/form/catalogue", "FolderOpenOutlined", 1, buttons=CRUD),
        _menu("design", "表单设计", "Designer", "/form/design", "LayoutOutlined", 2, buttons=CRUD),
        _menu("management", "表单管理", "Management", "/form/management", "TableOutlined", 3, buttons=CRUD),
        _menu("fill", "表单填报", "Fill in", "/form/fill", "EditOutlined", 4, buttons=CRUD),
        _menu("hook", "表单钩子", "Hooks", "/form/hook", "LinkOutlined", 5, buttons=CRUD),
        _menu("log", "表单日志", "Logs", "/form/log", "FileSyncOutlined", 6, buttons=FORM_LOG_BUTTONS),
    ]),
    # Catalogue renamed from "knowledge": the screen below keeps the built-in code (see module docstring).
    _menu("knowledgebase", "知识库", "Knowledge", "/knowledge", "ExperimentOutlined", 13, [
        # Catalogue, detail, comments, change log and preview live inside this screen.
        _menu("knowledge", "知识库", "Knowledge base", "/index/knowledge", "CommentOutlined", 1,
              buttons=CRUD),
    ]),
    _menu("visual", "可视化", "Visualisation", "/visual", "FundProjectionScreenOutlined", 14, [
        _menu("map", "地图配置", "Maps", "/visual/map", "EnvironmentOutlined", 1, buttons=CRUD),
        _menu("batchMonitor", "批次进度大屏", "Batch monitor", "/index/batchMonitor", "BarChartOutlined", 2),
        _menu("flowMonitor", "工艺流程监控", "Flow monitor", "/index/flowMonitor", "AreaChartOutlined", 3),
        _menu("largeapi", "大屏接口", "Large-screen API", "/visual/api", "InteractionOutlined", 4,
              buttons=CRUD_IO),
        _menu("largedb", "大屏数据源", "Large-screen data sources", "/visual/datasource",
              "ConsoleSqlOutlined", 5, buttons=CRUD),
        # largepage and datacenter are special codes: the console opens them by code (the header buttons open
        # the large-screen and data-centre sites in a new window), so they carry no route path.
        _menu("largepage", "大屏", "Large screen", "", "FullscreenOutlined", 6),
        _menu("datacenter", "数据中心", "Data centre", "", "CloudOutlined", 7),
    ]),
    _menu("video", "视频监控", "Cameras", "/video", "VideoCameraOutlined", 15, [
        _menu("camera", "视频接口", "Video interface", "/video/camera", "CameraOutlined", 1, buttons=CRUD),
    ]),
    _menu("topology", "拓扑管理", "Topology", "/topology", "ShareAltOutlined", 16, [
        _menu("protocol", "拓扑协议", "Protocols", "/topology/protocol", "FileProtectOutlined", 1,
              buttons=CRUD),
        _menu("topology_management", "拓扑管理", "Topologies", "/topology/management", "GatewayOutlined", 2,
              buttons=CRUD),
    ]),
    _menu("report", "报表管理", "Reports", "/report", "ReconciliationOutlined", 17, [
        _menu("reportlist", "报表列表", "Report list", "/index/reportlist", "UnorderedListOutlined", 1,
              buttons=CRUD),
        _menu("template", "报表模板", "Templates", "/report/template", "SnippetsOutlined", 2, buttons=CRUD),
    ]),
    _menu("tool", "研发工具", "Developer tools", "/tool", "ToolOutlined", 18, [
        _menu("code", "代码生成", "Code generation", "/tool/code", "CodeOutlined", 1, buttons=CODE_BUTTONS),
        _menu("datasource", "数据源", "Data sources", "/tool/datasource", "KeyOutlined", 2, buttons=CRUD),
    ]),
    # A catalogue even for one screen: BladeX-family consoles build nested routes from /menu/routes and take a
    # top-level entry for a layout, so a top-level leaf would have no page (docs/decisions.md, menus).
    _menu("ai", "AI 助手", "AI assistant", "/ai", "RobotOutlined", 19, [
        _menu("aiChat", "智能对话", "AI chat", "/index/aiChat", "MessageOutlined", 1),
    ]),
]
# fmt: on

# BladeX seeds no rows in blade_top_menu (bladex-contract.md §10): top menus are created by administrators
# and granted menus through the top-menu screen, so none are seeded here either.
TOP_MENUS: list[dict] = []
