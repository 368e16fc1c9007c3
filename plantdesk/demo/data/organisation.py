"""Demo data: the demo tenant (356782) with departments, posts, roles, users and notices, in the shapes of
seed.data.platform. Names, people and contact data are invented (phones are 11 digits, e-mails use
example.com); no passwords here (the seeder sets them from the parameters)."""

from plantdesk.modules.system.tenant.provision import TENANT_ADMIN_ROLE

# Labelled in English, as every area's demo data (the platform tenant, seed.data.platform, keeps the contract's
# Chinese names); the tenant administrator role is the one every new tenant gets.
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

# (days ago, category (dict notice), title, content), in English.
DEMO_NOTICES: list[tuple[int, int, str, str]] = [
    (0, 1, "PlantDesk is live", "The console is live: department administrators, please check your users and "
                                "their permissions."),
    (1, 6, "Monthly equipment inspection", "This month's equipment inspection starts on Friday; Maintenance, "
                                           "please have the inspection sheets ready."),
    (3, 7, "Safety month", "During safety month every team carries out a hazard check of its area."),
]
