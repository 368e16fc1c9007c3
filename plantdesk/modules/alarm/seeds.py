"""The alarm area's menus: the alarm catalogue and its screens.

The shapes are core.menus' and system.dict.seeds'; core.areas assembles them with every other area's.
"""

from plantdesk.core.datascope import ALL, OWN_DEPT_CHILD
from plantdesk.core.menus import BOTH, CRUD, EXPORT, ROW, TOOLBAR, VIEW, button, data_scope, menu

ALARM_SETTING_BUTTONS = [button("edit", "修改", "Edit", TOOLBAR)]
ALARM_OVERVIEW_BUTTONS = [
    VIEW,
    button("confirm", "确认", "Confirm", BOTH),
    button("export", "导出", "Export report", ROW),
]
AUDIT_BUTTONS = [VIEW, EXPORT]

# The alarm results (the alarm database, the event overview's counters, trend and list) by their device's
# department (alarm.service.RESULTS lends the rules `dept_id`).
DATA_SCOPES: list[dict] = [
    data_scope("database", "本部门及下级设备的告警 / Own department's alarms", OWN_DEPT_CHILD, "dept_id"),
    data_scope("database", "全部告警 / All alarms", ALL),
]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("alarm", "告警管理", "Alarms", "/alarm", "AlertOutlined", 8, [
        menu("setting", "全局设置", "Global settings", "/alarm/setting", "SlidersOutlined", 1,
             buttons=ALARM_SETTING_BUTTONS),
        menu("alarm_overview", "事件总览", "Event overview", "/alarm/overview", "FundViewOutlined", 2,
             buttons=ALARM_OVERVIEW_BUTTONS),
        menu("config", "事件配置", "Event config", "/alarm/config", "BellOutlined", 3, buttons=CRUD),
        menu("database", "告警数据库", "Alarm database", "/alarm/database", "DatabaseOutlined", 4,
             buttons=[*CRUD, EXPORT]),
        menu("audit", "审计追踪", "Audit trail", "/alarm/audit", "AuditOutlined", 5, buttons=AUDIT_BUTTONS),
        # Third-party alarm sources: MES, OA, QMS, SCADA.
        menu("tracking", "告警追踪", "Alarm tracking", "/alarm/tracking", "AimOutlined", 6, buttons=CRUD),
    ]),
]
# fmt: on

DICTS: list[dict] = [
    # Labels for alarm severity. The tenant-editable alarm_level table (industrial.md §1.2) is separate.
    {
        "code": "alarm_level",
        "sort": 19,
        "name": "告警级别",
        "name_en": "Alarm level",
        "items": [("1", "提示", "Info"), ("2", "一般", "Minor"), ("3", "重要", "Major"), ("4", "紧急", "Critical")],
    },
]
