"""The demo tenant's workflow: the leave process (请假流程) deployed, department leaders for the applicant's
manager, an HR role and user for the second approval, and the 我的事务 menus for the staff.

The periodic inspection (巡检, modules/flow/bpmn/inspection.bpmn20.xml) is deployed once the plant roles exist
(seed_inspection, after demo.data.staff): at the start of every shift it reads the platform's readiness over HTTP
(the server's own /readyz, granted to the demo tenant in demo.allow), gives the operators the inspection sheet and,
once it is submitted, notifies the production manager.

Demo path: liuyang (Synthesis Team, leader zhangwei) applies; zhangwei (Production's manager) claims and approves;
for more than 3 days sunli (Human Resources, role hr) claims and approves. zhangwei's own leave goes to admin, the
leader above him (docs/decisions.md "Leader's own request"). Passwords are the tenant's default (123456).
"""

import os

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.core.context import Identity
from plantdesk.core.ids import next_id
from plantdesk.core.security.passwords import hash_password, md5_hex
from plantdesk.modules.system.models import Dept, Post, Role, RoleMenu, User
from plantdesk.modules.system.tenant.provision import menu_ids_for_codes

TENANT = "356782"
HR_DEPT = ("Human Resources", 5)
HR_ROLE = ("HR", "hr")
# account, real name, phone, email, sex
HR_USER = ("sunli", "Sun Li", "13800138007", "sunli@example.com", 2)
# department -> account of its leader (the applicant's department manager in the leave process)
LEADERS = {
    "Production": "zhangwei",
    "Synthesis Team": "zhangwei",
    "Maintenance": "zhangwei",
    "Quality": "zhangwei",
    "Safety & Environment": "zhangwei",
    "Human Resources": "sunli",
    "Demo Chemical Plant": "admin",
}
WORK_MENUS = ["work"]
INSPECTION_KEY = "shiftInspection"
# The server's own readiness: the port `serve` listens on (PORT, as the CLI reads it).
DEMO_ENDPOINT_PORT = int(os.environ.get("PORT", "8000"))


async def seed_flow(db: AsyncSession) -> bool:
    from plantdesk.modules.flow import service

    with tenancy.tenant_scope(db, TENANT):
        if await db.scalar(select(Role.id).where(Role.role_alias == HR_ROLE[1])):
            return False
        root = await db.scalar(select(Dept).where(Dept.parent_id == 0))
        if root is None:
            return False
        hr_dept = Dept(
            id=next_id(),
            parent_id=root.id,
            ancestors=f"{root.ancestors},{root.id}",
            dept_category=2,
            dept_name=HR_DEPT[0],
            full_name=HR_DEPT[0],
            sort=HR_DEPT[1],
        )
        hr_role = Role(id=next_id(), role_name=HR_ROLE[0], role_alias=HR_ROLE[1], sort=3, parent_id=0)
        db.add_all([hr_dept, hr_role])
        post = await db.scalar(select(Post).where(Post.post_code == "director"))
        account, real_name, phone, email, sex = HR_USER
        db.add(
            User(
                account=account,
                real_name=real_name,
                name=real_name,
                phone=phone,
                email=email,
                sex=sex,
                dept_id=str(hr_dept.id),
                post_id=str(post.id) if post else None,
                role_id=str(hr_role.id),
                user_type=1,
                password=await hash_password(md5_hex("123456")),
            )
        )
        await db.flush()
        users = {u.account: u for u in (await db.execute(select(User))).scalars()}
        for dept in (await db.execute(select(Dept))).scalars():
            leader = users.get(LEADERS.get(dept.dept_name, ""))
            if leader is not None:
                dept.leader_id = leader.id
        staff = (await db.execute(select(Role).where(Role.role_alias.in_(("user", HR_ROLE[1]))))).scalars().all()
        menu_ids = await menu_ids_for_codes(db, WORK_MENUS)
        for role in staff:
            for menu_id in menu_ids:
                db.add(RoleMenu(role_id=role.id, menu_id=menu_id))
        admin = users["admin"]
        deployer = Identity(user_id=admin.id, tenant_id=TENANT, account="admin", client_id="seed", session_id=0)
        await service.deploy(
            db,
            deployer,
            service.LEAVE_XML.read_bytes(),
            name="请假流程",
            category="office",
            resource_name="leave.bpmn20.xml",
        )
        await db.flush()
    return True


async def seed_inspection(db: AsyncSession) -> bool:
    """The periodic inspection, deployed once by the demo tenant's admin (its process administrator)."""
    from plantdesk.modules.flow import service
    from plantdesk.modules.flow.models import FlowDefinition

    with tenancy.tenant_scope(db, TENANT):
        if await db.scalar(select(FlowDefinition.id).where(FlowDefinition.process_key == INSPECTION_KEY)):
            return False
        admin = await db.scalar(select(User).where(User.account == "admin"))
        if admin is None or not await db.scalar(select(Role.id).where(Role.role_alias == "operator")):
            return False
        xml = service.INSPECTION_XML.read_text(encoding="utf-8").replace(
            "http://127.0.0.1:8000/", f"http://127.0.0.1:{DEMO_ENDPOINT_PORT}/")
        deployer = Identity(user_id=admin.id, tenant_id=TENANT, account="admin", client_id="seed", session_id=0)
        await service.deploy(db, deployer, xml.encode(), name="设备巡检 / Shift inspection", category="flow_4",
                             resource_name="inspection.bpmn20.xml")
        await db.flush()
    return True
