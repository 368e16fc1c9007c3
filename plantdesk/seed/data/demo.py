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
DEMO_TENANT: dict = {
    "tenant_id": "356782",
    "tenant_name": "示例化工厂",
    "linkman": "张伟",
    "contact_number": "13800138001",
    "address": "江苏省常州市新北区示例路 1 号",
    "domain": None,
    "account_number": 50,
    "expire_time": None,
}

DEMO_DEPTS: list[dict] = [
    {
        "name": "示例化工厂",
        "category": 1,
        "sort": 1,
        "children": [
            {
                "name": "生产部",
                "category": 2,
                "sort": 1,
                "children": [{"name": "合成班组", "category": 3, "sort": 1, "children": []}],
            },
            {"name": "设备部", "category": 2, "sort": 2, "children": []},
            {"name": "质量部", "category": 2, "sort": 3, "children": []},
            {"name": "安环部", "category": 2, "sort": 4, "children": []},
        ],
    },
]

DEMO_POSTS: list[tuple[str, str, int, int]] = [
    ("manager", "厂长", 1, 1),
    ("director", "部门经理", 2, 2),
    ("engineer", "设备工程师", 3, 3),
    ("inspector", "质检员", 3, 4),
    ("safety", "安全员", 3, 5),
    ("operator", "操作员", 3, 6),
]

# The demo tenant's roles: the per-tenant admin role plus a plain user role for the staff below.
DEMO_ROLES: list[tuple[str, str]] = [TENANT_ADMIN_ROLE, ("用户", "user")]

DEMO_USERS: list[tuple[str, str, str, str, str, int, str, str, str]] = [
    ("admin", "管理员", "管理员", "13800138001", "admin@example.com", 1, "示例化工厂", "manager", "admin"),
    ("zhangwei", "张伟", "张伟", "13800138002", "zhangwei@example.com", 1, "生产部", "director", "user"),
    ("wangqiang", "王强", "王强", "13800138003", "wangqiang@example.com", 1, "设备部", "engineer", "user"),
    ("lina", "李娜", "李娜", "13800138004", "lina@example.com", 2, "质量部", "inspector", "user"),
    ("chenjing", "陈静", "陈静", "13800138005", "chenjing@example.com", 2, "安环部", "safety", "user"),
    ("liuyang", "刘洋", "刘洋", "13800138006", "liuyang@example.com", 1, "合成班组", "operator", "user"),
]
