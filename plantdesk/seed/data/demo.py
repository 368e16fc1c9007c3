"""Seed data: the platform organisation (tenant 000000) and a demo tenant.

Both come with departments, posts, roles and users.

Facts from bladex-contract.md §10: tenant 000000 "管理组" (linkman admin); a root department with two
children; posts ceo, coo, cfo, cto, cio, pm, hrm, staff; roles 超级管理员/administrator and 用户/user; the
per-tenant role 管理员/admin is created with each new tenant. Names, people and contact data of the demo
tenant are invented (phones are 11 digits, e-mails use example.com).

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

# Created with every new tenant (not only the demo one).
TENANT_ADMIN_ROLE: tuple[str, str] = ("管理员", "admin")

# --- demo tenant --------------------------------------------------------------------------------------------
# Labelled in English, as every area's demo data (the platform tenant above keeps the contract's Chinese names);
# the tenant administrator role is the one every new tenant gets.
DEMO_TENANT: dict = {
    "tenant_id": "356782",
    "tenant_name": "Demo Chemical Plant",
    "linkman": "Zhang Wei",
    "contact_number": "13800138001",
    "address": "1 Demo Road, Xinbei District, Changzhou, Jiangsu",
    "domain": None,
    "account_number": 50,
    "expire_time": None,
}

DEMO_DEPTS: list[dict] = [
    {
        "name": "Demo Chemical Plant",
        "category": 1,
        "sort": 1,
        "children": [
            {
                "name": "Production",
                "category": 2,
                "sort": 1,
                "children": [{"name": "Synthesis Team", "category": 3, "sort": 1, "children": []}],
            },
            {"name": "Maintenance", "category": 2, "sort": 2, "children": []},
            {"name": "Quality", "category": 2, "sort": 3, "children": []},
            {"name": "Safety & Environment", "category": 2, "sort": 4, "children": []},
        ],
    },
]

DEMO_POSTS: list[tuple[str, str, int, int]] = [
    ("manager", "Plant Manager", 1, 1),
    ("director", "Department Manager", 2, 2),
    ("engineer", "Maintenance Engineer", 3, 3),
    ("inspector", "Quality Inspector", 3, 4),
    ("safety", "Safety Officer", 3, 5),
    ("operator", "Operator", 3, 6),
]

# The demo tenant's roles: the per-tenant admin role plus a plain user role for the staff below.
DEMO_ROLES: list[tuple[str, str]] = [TENANT_ADMIN_ROLE, ("User", "user")]

DEMO_USERS: list[tuple[str, str, str, str, str, int, str, str, str]] = [
    ("admin", "Administrator", "Administrator", "13800138001", "admin@example.com", 1, "Demo Chemical Plant",
     "manager", "admin"),
    ("zhangwei", "Zhang Wei", "Zhang Wei", "13800138002", "zhangwei@example.com", 1, "Production", "director",
     "user"),
    ("wangqiang", "Wang Qiang", "Wang Qiang", "13800138003", "wangqiang@example.com", 1, "Maintenance", "engineer",
     "user"),
    ("lina", "Li Na", "Li Na", "13800138004", "lina@example.com", 2, "Quality", "inspector", "user"),
    ("chenjing", "Chen Jing", "Chen Jing", "13800138005", "chenjing@example.com", 2, "Safety & Environment",
     "safety", "user"),
    ("liuyang", "Liu Yang", "Liu Yang", "13800138006", "liuyang@example.com", 1, "Synthesis Team", "operator",
     "user"),
]

# (days ago, category (dict notice), title, content); the platform's are Chinese, the demo tenant's English.
PLATFORM_NOTICES: list[tuple[int, int, str, str]] = [
    (0, 1, "PlantDesk 上线通知", "平台已上线, 请各部门管理员核对本部门用户与权限。"),
    (1, 6, "设备月度巡检安排", "本月设备巡检于周五开始, 请设备部提前准备点检表。"),
    (3, 7, "安全生产月活动", "安全生产月期间请各班组开展隐患排查。"),
]
DEMO_NOTICES: list[tuple[int, int, str, str]] = [
    (0, 1, "PlantDesk is live", "The console is live: department administrators, please check your users and "
                                "their permissions."),
    (1, 6, "Monthly equipment inspection", "This month's equipment inspection starts on Friday; Maintenance, "
                                           "please have the inspection sheets ready."),
    (3, 7, "Safety month", "During safety month every team carries out a hazard check of its area."),
]
