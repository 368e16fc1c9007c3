"""/api/blade-system/dept (spec §7 System)."""


from typing import Annotated

from fastapi import APIRouter, Body, Query, Request

from plantdesk.core.context import Identity
from plantdesk.core.crud import request_ids
from plantdesk.core.deps import CurrentUser, IdQuery, OptionalId, TenantDb, Text, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.routing import include
from plantdesk.modules.system.dept import service as depts
from plantdesk.modules.system.dept.schemas import DeptRead, DeptWrite
from plantdesk.modules.system.trees import TreeNode

dept = APIRouter(prefix="/blade-system/dept", tags=["dept"])
DEPT_VIEW = ("dept", "dept_view")
DEPT_PICK = (*DEPT_VIEW, "user", "role", "post")


@dept.get("/list", response_model=R[list[DeptRead]], summary="department tree list (filters deptName, fullName)")
async def dept_list(db: TenantDb, deptName: Text = "", fullName: Text = "",  # noqa: N803
                    user: Identity = need(*DEPT_VIEW)):
    return ok(await depts.dept_list(db, dept_name=deptName, full_name=fullName))


@dept.get("/tree", response_model=R[list[TreeNode]], summary="department TreeNode forest (?tenantId)")
async def dept_tree(db: TenantDb, _: Identity = need(*DEPT_PICK)):
    return ok(await depts.dept_tree(db))


@dept.get("/lazy-tree", response_model=R[list[TreeNode]], summary="one level of the department tree")
async def dept_lazy_tree(db: TenantDb, parentId: Annotated[int, Query(ge=0, lt=2**63)] = 0,  # noqa: N803
                         user: Identity = need(*DEPT_PICK)):
    return ok(await depts.lazy_tree(db, parent_id=parentId))


@dept.get("/detail", response_model=R[DeptRead], summary="department detail")
async def dept_detail(db: TenantDb, id: IdQuery, _: Identity = need(*DEPT_VIEW)):
    return ok(await depts.detail(db, id))


@dept.post("/submit", response_model=R[DeptRead], summary="department insert or update")
async def dept_submit(db: TenantDb, body: Annotated[DeptWrite, Body()], _: Identity = need("dept_add", "dept_edit")):
    return ok(await depts.submit(db, body))


@dept.post("/remove", response_model=R[bool], summary="department remove (refused with children or users)")
async def dept_remove(request: Request, db: TenantDb, _: Identity = need("dept_delete")):
    await depts.remove(db, await request_ids(request))
    return ok(True)


@dept.get("/select", response_model=R[list[DeptRead]], summary="departments of a user (switch dialog)")
async def dept_select(db: TenantDb, user: CurrentUser, userId: OptionalId = None):  # noqa: N803
    return ok(await depts.depts_of_user(db, user, userId))

router = APIRouter()
include(router, dept)
