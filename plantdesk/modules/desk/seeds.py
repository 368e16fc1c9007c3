"""The desk's menus: the workbench catalogue and its notices.

The shapes are core.menus' and system.dict.seeds'; core.areas assembles them with every other area's.
"""

from plantdesk.core.menus import CRUD, menu

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("desk", "工作台", "Workbench", "/desk", "DesktopOutlined", 1, [
        menu("notice", "通知公告", "Notices", "/desk/notice", "NotificationOutlined", 1, buttons=CRUD),
    ]),
]
# fmt: on

DICTS: list[dict] = [
    {
        "code": "notice",
        "sort": 2,
        "name": "通知类型",
        "name_en": "Notice type",
        "items": [
            ("1", "发布通知", "Announcement"),
            ("2", "批转通知", "Approval notice"),
            ("3", "转发通知", "Forwarded notice"),
            ("4", "指示通知", "Instruction"),
            ("5", "任免通知", "Appointment notice"),
            ("6", "事务通知", "Affairs notice"),
            ("7", "其他通知", "Other notice"),
        ],
    },
]
