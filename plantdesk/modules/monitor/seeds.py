"""The monitoring screens' menus, hung under the log area's 系统监控 catalogue after its log screens (the codes,
paths and names RuoYi-class consoles use: docs/reference/menus.md, docs/decisions.md "Monitoring screens"). Their
endpoints answer platform administrators only, so the menus are marked platform: no tenant package or tenant role
is ever given them (a tenant admin would see screens that answer 403)."""

from plantdesk.core.menus import BOTH, ROW, VIEW, button, menu

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("online", "在线用户", "Online users", "/monitor/online", "TeamOutlined", 5, parent="monitor", platform=True,
         buttons=[VIEW, button("kick", "强退", "Kick out", BOTH)]),
    menu("job", "定时任务", "Scheduled jobs", "/monitor/job", "HistoryOutlined", 6, parent="monitor", platform=True,
         buttons=[VIEW, button("run", "执行一次", "Run now", ROW), button("pause", "暂停/恢复", "Pause/resume", ROW)]),
    menu("server", "服务监控", "Server state", "/monitor/server", "DashboardOutlined", 7, parent="monitor",
         platform=True, buttons=[VIEW]),
]
# fmt: on
