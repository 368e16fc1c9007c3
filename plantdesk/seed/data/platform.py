"""Seed data: the platform organisation (tenant 000000): departments, posts, roles, its administrator and notices.

Facts from bladex-contract.md §10: tenant 000000 "管理组" (linkman admin); a root department with two
children; posts ceo, coo, cfo, cto, cio, pm, hrm, staff; roles 超级管理员/administrator and 用户/user.

No passwords here: the seeder sets them from the parameters (tenant.default.password, account.initPassword).

Department trees are nested dicts {"name", "category" (dict org_category: 1 公司, 2 部门, 3 小组), "sort",
"children"}; posts are (post_code, post_name, category (dict post_category), sort); roles are (role_name,
role_alias); users are (account, real_name, name, phone, email, sex (1 男, 2 女), dept name, post code,
role alias).
"""

# --- platform tenant 000000 ---------------------------------------------------------------------------------
PLATFORM_TENANT: dict = {
    "tenant_id": "000000",
    "tenant_name": "管理组",
    "linkman": "admin",
    "contact_number": None,
    "address": None,
    "domain": None,
    "account_number": -1,  # -1 = unlimited (BladeX default)
    "expire_time": None,
}

PLATFORM_DEPTS: list[dict] = [
    {
        "name": "PlantDesk 平台",
        "category": 1,
        "sort": 1,
        "children": [
            {"name": "PlantDesk 研发中心", "category": 2, "sort": 1, "children": []},
            {"name": "PlantDesk 运维中心", "category": 2, "sort": 2, "children": []},
        ],
    },
]

PLATFORM_POSTS: list[tuple[str, str, int, int]] = [
    ("ceo", "首席执行官", 1, 1),
    ("coo", "首席运营官", 1, 2),
    ("cfo", "首席财务官", 1, 3),
    ("cto", "首席技术官", 1, 4),
    ("cio", "首席信息官", 1, 5),
    ("pm", "项目经理", 2, 6),
    ("hrm", "人力经理", 2, 7),
    ("staff", "普通员工", 3, 8),
]

PLATFORM_ROLES: list[tuple[str, str]] = [("超级管理员", "administrator"), ("用户", "user")]

# The platform administrator (BladeX seeds admin in the root department, post ceo, role administrator).
PLATFORM_USERS: list[tuple[str, str, str, str, str, int, str, str, str]] = [
    (
        "admin",
        "管理员",
        "管理员",
        "13800138000",
        "platform@example.com",
        1,
        "PlantDesk 平台",
        "ceo",
        "administrator",
    ),
]

# (days ago, category (dict notice), title, content).
PLATFORM_NOTICES: list[tuple[int, int, str, str]] = [
    (0, 1, "PlantDesk 上线通知", "平台已上线, 请各部门管理员核对本部门用户与权限。"),
    (1, 6, "设备月度巡检安排", "本月设备巡检于周五开始, 请设备部提前准备点检表。"),
    (3, 7, "安全生产月活动", "安全生产月期间请各班组开展隐患排查。"),
]
