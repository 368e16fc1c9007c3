"""The log area's menus: the monitoring catalogue and its log screens.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import EXPORT, VIEW, menu

LOG_BUTTONS = [VIEW, EXPORT]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("monitor", "系统监控", "Monitoring", "/monitor", "MonitorOutlined", 5, [
        menu("log_usual", "通用日志", "General logs", "/monitor/log/usual", "FileTextOutlined", 1,
             buttons=LOG_BUTTONS),
        menu("log_api", "接口日志", "API logs", "/monitor/log/api", "FileSearchOutlined", 2,
             buttons=LOG_BUTTONS),
        menu("log_error", "错误日志", "Error logs", "/monitor/log/error", "BugOutlined", 3,
             buttons=LOG_BUTTONS),
        menu("log_system", "系统日志", "System logs", "/monitor/log/system", "ProfileOutlined", 4,
             buttons=LOG_BUTTONS),
    ]),
]
# fmt: on
