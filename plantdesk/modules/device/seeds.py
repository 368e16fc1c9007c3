"""The equipment area's menus: the device catalogue and its screens.

The shapes are core.menus' and system.dict.seeds'; core.areas assembles them with every other area's.
"""

from plantdesk.core.datascope import ALL, OWN_DEPT_CHILD
from plantdesk.core.menus import CRUD_IO, EXPORT, ROW, TOOLBAR, VIEW, button, data_scope, menu

MODEL_BUTTONS = [*CRUD_IO, button("copy", "复制", "Copy", ROW)]
IMPORT_LOG_BUTTONS = [VIEW, button("download", "下载", "Download", ROW)]
MONITOR_DATA_BUTTONS = [VIEW, EXPORT]
# Devices also take telemetry (POST /api/device-management/telemetry with a user token) and hand out per-device
# ingest tokens (device-token/create, list, revoke).
DEVICE_BUTTONS = [*CRUD_IO, button("ingest", "数据写入", "Ingest data", TOOLBAR),
                  button("token", "接入令牌", "Access tokens", ROW)]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("device", "设备管理", "Equipment", "/device", "DeploymentUnitOutlined", 6, [
        # Equipment status, parts, organisation, framework and warning are tabs or sub-views of this screen.
        menu("device_device", "设备台账", "Devices", "/device/device", "HddOutlined", 1,
             buttons=DEVICE_BUTTONS),
        menu("model", "设备模型", "Device models", "/device/model", "BuildOutlined", 2,
             buttons=MODEL_BUTTONS),
        menu("datapoint", "数据点位", "Data points", "/device/datapoint", "NodeIndexOutlined", 3,
             buttons=CRUD_IO),
        menu("monitordata", "监测数据", "Monitor data", "/device/monitordata", "LineChartOutlined", 4,
             buttons=MONITOR_DATA_BUTTONS),
        menu("overview", "数据总览", "Data overview", "/device/overview", "DashboardOutlined", 5),
        menu("importExportManagement", "导入导出日志", "Import-export log", "/index/importExportManagement",
             "SwapOutlined", 6, buttons=IMPORT_LOG_BUTTONS),
    ]),
]
# fmt: on

# The ledger (and the monitoring screens' device list, which reads it) by the device's department.
DATA_SCOPES: list[dict] = [
    data_scope("device_device", "本部门及下级的设备 / Own department's devices", OWN_DEPT_CHILD, "dept_id"),
    data_scope("device_device", "全部设备 / All devices", ALL),
]

DICTS: list[dict] = [
    {
        "code": "device_status",
        "sort": 18,
        "name": "设备状态",
        "name_en": "Device status",
        "items": [
            ("0", "离线", "Offline"),
            ("1", "在线", "Online"),
            ("2", "故障", "Fault"),
            ("3", "维修", "Under repair"),
        ],
    },
    # SPEC §9: data-point class dictionary, default code 1005 (dictionary-tree?code=1005).
    {
        "code": "1005",
        "sort": 20,
        "name": "数据点位分类",
        "name_en": "Data point class",
        "items": [
            ("1", "模拟量", "Analogue"),
            ("2", "开关量", "Digital"),
            ("3", "累计量", "Counter"),
            ("4", "状态量", "State"),
        ],
    },
    # SPEC §7: structure tree, default code 2001 (equipment structure levels, outermost first).
    {
        "code": "2001",
        "sort": 21,
        "name": "设备结构",
        "name_en": "Equipment structure",
        "items": [
            ("1", "工厂", "Plant"),
            ("2", "车间", "Workshop"),
            ("3", "产线", "Line"),
            ("4", "工段", "Section"),
            ("5", "设备", "Equipment"),
            ("6", "部件", "Component"),
        ],
    },
]

BIZ_DICTS: list[dict] = [
    {
        "code": "plant_area",
        "sort": 1,
        "name": "车间区域",
        "name_en": "Plant area",
        "items": [
            ("1", "原料车间", "Raw materials"),
            ("2", "合成车间", "Synthesis"),
            ("3", "精馏车间", "Distillation"),
            ("4", "包装车间", "Packaging"),
            ("5", "成品仓库", "Finished goods store"),
        ],
    },
    {
        "code": "maintenance_type",
        "sort": 4,
        "name": "维保类型",
        "name_en": "Maintenance type",
        "items": [
            ("1", "日常点检", "Routine inspection"),
            ("2", "定期保养", "Scheduled service"),
            ("3", "故障维修", "Breakdown repair"),
            ("4", "大修", "Overhaul"),
        ],
    },
    {
        "code": "measure_unit",
        "sort": 5,
        "name": "计量单位",
        "name_en": "Unit of measure",
        "items": [("1", "℃"), ("2", "MPa"), ("3", "m³/h"), ("4", "kW·h"), ("5", "%")],
    },
]
