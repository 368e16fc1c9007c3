"""/api/blade-flow (spec §7 "Workflow", industrial.md §9): models, definitions (manager), follow, my work and
the process views; and the leave process under /api/blade-desk/process/leave.

`/model`, `/manager` and `/follow` need their menu codes; `/work` and `/process` serve every signed-in user in
their own tenant. Task users are `taskUser_<userId>`, candidate groups are role aliases, business keys are
`<table>:<id>` (kept as businessTable / businessId). The rules and every query are the service's.
"""

from typing import Annotated

from fastapi import APIRouter, File, Form, Query, Request, UploadFile

from plantdesk.core.context import Identity
from plantdesk.core.crud import parse_ids, request_ids
from plantdesk.core.deps import CurrentUser, IdQuery, OptionalId, TenantDb, form_or_query, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BusinessError, NotFoundError
from plantdesk.core.language import translating
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.flow import service
from plantdesk.modules.flow.schemas import (
    CompleteTask,
    FlowDefinitionRead,
    FlowDiagram,
    FlowEvent,
    FlowEventResult,
    FlowHistoryRow,
    FlowModelDetail,
    FlowModelRead,
    FlowModelWrite,
    FlowRow,
    FlowStarted,
    FlowTaskForm,
    FlowUploadCheck,
    LeaveRead,
    LeaveWrite,
    StartProcess,
)
from plantdesk.modules.flow.wording import WORDING

PREFIX = "/blade-flow"
BPMN_SUFFIXES = (".bpmn20.xml", ".bpmn")
Keyword = Annotated[str, Query(max_length=100)]
DateQuery = Annotated[str | None, Query(max_length=19, description="yyyy-MM-dd[ HH:mm:ss]")]

ModelView, ModelEdit = need("flow_model", "flow_model_view"), need("flow_model_add", "flow_model_edit")
ModelDelete, ModelDeploy = need("flow_model_delete"), need("flow_model_deploy")
ManagerView, ManagerState = need("manager", "manager_view"), need("manager_state")
ManagerDelete, DeployUpload = need("manager_delete"), need("deploy_upload", "deploy")
FollowView, FollowDelete = need("follow", "follow_view"), need("follow_delete")
# The engine's refusals leave in the request's language (docs/decisions.md "The user's language").
Translated = translating(WORDING)


def _tenant_ids(raw: str | None) -> list[str]:
    return [part.strip() for part in (raw or "").split(",") if part.strip()]


# --- models ---------------------------------------------------------------------------------------------------

models = APIRouter(prefix=f"{PREFIX}/model", tags=["flow-model"], route_class=Translated)


@models.get("/list", response_model=R[Page[FlowModelRead]])
async def model_list(
    db: TenantDb, paging: Paging, modelKey: Keyword = "", name: Keyword = "", user: Identity = ModelView
):
    return ok(await service.model_page(db, paging, model_key=modelKey, name=name))


@models.get("/detail", response_model=R[FlowModelDetail])
async def model_detail(db: TenantDb, id: IdQuery, user: Identity = ModelView):
    return ok(service.model_detail(await service.flow_model(db, id)))


@models.post("/submit", response_model=R[FlowModelDetail])
async def model_submit(db: TenantDb, body: FlowModelWrite, user: Identity = ModelEdit):
    """Save a draft (bpmn-js XML as saved); a new model with no XML starts from an empty executable process."""
    return ok(service.model_detail(await service.save_model(db, body)))


@models.post("/remove", response_model=R[None])
async def model_remove(request: Request, db: TenantDb, user: Identity = ModelDelete):
    await service.remove_models(db, await request_ids(request))
    return ok(None, "删除成功")


@models.post("/deploy", response_model=R[int])
async def model_deploy(request: Request, db: TenantDb, user: Identity = ModelDeploy):
    """`modelId`, `category`, optional `tenantIds` (the platform administrator deploys to those tenants).
    Answers the number of definitions deployed."""
    model = await service.flow_model(db, parse_ids(await form_or_query(request, "modelId"))[0])
    if not model.xml:
        raise NotFoundError()
    category = await form_or_query(request, "category") or model.category
    count = await service.deploy_to(
        db,
        user,
        _tenant_ids(await form_or_query(request, "tenantIds")),
        model.xml,
        name=model.name,
        category=category,
        resource_name=f"{model.name}.bpmn20.xml",
        form_id=model.form_id,
    )
    return ok(count, "部署成功")


# --- manager (definitions) ------------------------------------------------------------------------------------

manager = APIRouter(prefix=f"{PREFIX}/manager", tags=["flow-manager"], route_class=Translated)


@manager.get("/list", response_model=R[Page[FlowDefinitionRead]])
async def manager_list(
    db: TenantDb, paging: Paging, category: Keyword = "", mode: int = 1, user: Identity = ManagerView
):
    """The newest version of each process key, with its suspension state (1 active, 2 suspended)."""
    return ok(await service.definition_page(db, paging, category, active_only=False))


@manager.post("/change-state", response_model=R[None])
async def manager_change_state(request: Request, db: TenantDb, user: Identity = ManagerState):
    state = await form_or_query(request, "state") or ""
    process_id = parse_ids(await form_or_query(request, "processId"))[0]
    return ok(None, await service.change_state(db, process_id, state))


def _bpmn_file(upload: UploadFile) -> tuple[str, str]:
    """The upload's file name (no path) and its stem; a name without the BPMN suffix is refused."""
    name = (upload.filename or "").replace("/", "_").replace("\\", "_")[-200:]
    if not name.endswith(BPMN_SUFFIXES):
        raise BusinessError(f"文件格式错误: {name or '?'} (需要 .bpmn20.xml 或 .bpmn)")
    return name, name.removesuffix(".bpmn20.xml").removesuffix(".bpmn")


@manager.post("/check-upload", response_model=R[FlowUploadCheck])
async def manager_check_upload(request: Request, db: TenantDb, file: Annotated[UploadFile, File()],
                               user: Identity = DeployUpload):
    """Multipart `file`: would it deploy? BladeX checks the suffix of each chosen file before deploy-upload;
    PlantDesk also runs the engine's validation and the deploy's check of the tasks' users and roles, so a model
    that would be refused is named before anything is deployed. `success` false carries the reason in `message`
    (in the request's language); nothing is written."""
    try:
        name = _bpmn_file(file)[0]
        processes = (await service.check(db, await file.read())).processes  # core.limits caps the request body
    except BusinessError as exc:
        return ok({"name": file.filename or "", "success": False,
                   "message": WORDING.for_request(exc.msg, request), "processes": []})
    return ok({"name": name, "success": True, "processes": [p.key for p in processes]})


@manager.post("/deploy-upload", response_model=R[int])
async def manager_deploy_upload(
    db: TenantDb,
    files: Annotated[list[UploadFile], File()],
    category: Annotated[str | None, Form(max_length=64)] = None,
    tenantIds: Annotated[str | None, Form(max_length=2000)] = None,
    user: Identity = DeployUpload,
):
    """Multipart `files` (each `.bpmn20.xml` or `.bpmn`), `category`, optional `tenantIds`."""
    count = 0
    for upload in files:
        name, stem = _bpmn_file(upload)
        xml = await upload.read()  # core.limits caps the request body
        count += await service.deploy_to(
            db, user, _tenant_ids(tenantIds), xml, name=stem, category=category, resource_name=name
        )
    return ok(count, "部署成功")


@manager.post("/delete-deployment", response_model=R[None])
async def manager_delete_deployment(request: Request, db: TenantDb, user: Identity = ManagerDelete):
    """Cascades to the definitions, their instances and the task history."""
    await service.delete_deployments(db, await request_ids(request, "deploymentIds"))
    return ok(None, "删除成功")


# --- follow ---------------------------------------------------------------------------------------------------

follow = APIRouter(prefix=f"{PREFIX}/follow", tags=["flow-follow"], route_class=Translated)


@follow.get("/list", response_model=R[Page[FlowRow]])
async def follow_list(
    db: TenantDb,
    paging: Paging,
    processInstanceId: OptionalId = None,
    processDefinitionKey: Keyword = "",
    user: Identity = FollowView,
):
    """Running (and suspended) instances, newest first."""
    return ok(await service.follow_page(db, paging, processInstanceId, processDefinitionKey))


@follow.post("/delete-process-instance", response_model=R[None])
async def follow_delete(request: Request, db: TenantDb, user: Identity = FollowDelete):
    instance_id = parse_ids(await form_or_query(request, "processInstanceId"))[0]
    await service.delete_instance(db, instance_id, await form_or_query(request, "deleteReason"))
    return ok(None, "删除成功")


# --- my work --------------------------------------------------------------------------------------------------

work = APIRouter(prefix=f"{PREFIX}/work", tags=["flow-work"], route_class=Translated)


@work.get("/start-list", response_model=R[Page[FlowDefinitionRead]])
async def start_list(
    db: TenantDb,
    user: CurrentUser,
    paging: Paging,
    category: Keyword = "",
    mode: int = 1,
    beginDate: DateQuery = None,
    endDate: DateQuery = None,
):
    """The 发起事务 catalogue: the newest active version of each process (deployed between the dates)."""
    return ok(await service.definition_page(db, paging, category, active_only=True, begin=beginDate, end=endDate))


@work.get("/claim-list", response_model=R[Page[FlowRow]])
async def claim_list(
    db: TenantDb,
    user: CurrentUser,
    paging: Paging,
    category: Keyword = "",
    beginDate: DateQuery = None,
    endDate: DateQuery = None,
):
    """待签: unassigned open tasks the user is a candidate for (by user or by role), newest first."""
    return ok(await service.work_page(db, user, paging, "claim", beginDate, endDate))


@work.get("/todo-list", response_model=R[Page[FlowRow]])
async def todo_list(
    db: TenantDb,
    user: CurrentUser,
    paging: Paging,
    category: Keyword = "",
    beginDate: DateQuery = None,
    endDate: DateQuery = None,
):
    """待办: open tasks assigned to the user."""
    return ok(await service.work_page(db, user, paging, "todo", beginDate, endDate))


@work.get("/send-list", response_model=R[Page[FlowRow]])
async def send_list(
    db: TenantDb,
    user: CurrentUser,
    paging: Paging,
    category: Keyword = "",
    beginDate: DateQuery = None,
    endDate: DateQuery = None,
):
    """已发: instances the user started, running or finished, with their latest task."""
    return ok(await service.sent_page(db, user, paging, beginDate, endDate))


@work.get("/done-list", response_model=R[Page[FlowRow]])
async def done_list(
    db: TenantDb,
    user: CurrentUser,
    paging: Paging,
    category: Keyword = "",
    beginDate: DateQuery = None,
    endDate: DateQuery = None,
):
    """办结: tasks the user completed, with whether their process has finished."""
    return ok(await service.work_page(db, user, paging, "done", beginDate, endDate))


@work.post("/claim-task", response_model=R[None])
async def claim_task(request: Request, db: TenantDb, user: CurrentUser):
    task_id = parse_ids(await form_or_query(request, "taskId"))[0]
    await service.claim(db, user, task_id)
    return ok(None, "签收成功")


@work.post("/complete-task", response_model=R[None])
async def complete_task(db: TenantDb, user: CurrentUser, body: CompleteTask):
    """Comment (default 同意), `pass` = flag ok or comment 同意, variables merged, then the engine moves on."""
    await service.complete(db, user, body.task_id, comment=body.comment, flag=body.flag, variables=body.variables)
    return ok(None, "办理成功")


@work.post("/delete-task", response_model=R[None])
async def delete_task(request: Request, db: TenantDb, user: Identity = FollowDelete):
    """`taskId`, `reason`: an administrator's way out of a stuck task; its process instance is deleted with the
    reason (as 流程跟踪's delete), so it needs the same authority (follow_delete)."""
    task_id = parse_ids(await form_or_query(request, "taskId"))[0]
    await service.delete_task(db, task_id, await form_or_query(request, "reason"))
    return ok(None, "删除任务成功")


@work.post("/start-process", response_model=R[FlowStarted])
async def start_process(db: TenantDb, user: CurrentUser, body: StartProcess):
    """Start any deployed process from the catalogue (PlantDesk: BladeX starts through business modules)."""
    instance = await service.start(
        db,
        user,
        body.process_definition_id,
        business_table=body.business_table,
        business_id=body.business_id,
        variables=body.variables,
    )
    return ok({"process_instance_id": instance.id})


# --- process views --------------------------------------------------------------------------------------------

process = APIRouter(prefix=f"{PREFIX}/process", tags=["flow-process"], route_class=Translated)


@process.post("/event", response_model=R[FlowEventResult])
async def process_event(db: TenantDb, body: FlowEvent, user: Identity = ManagerState):
    """A message or signal from outside (a system or a device's integration; needs manager_state): into the
    running instances waiting for it whose variables match `correlation` (and whose business key is
    `businessKey`), and it starts the processes with that message or signal start, as the caller. Answers the
    instance ids reached and started."""
    return ok(await service.deliver(db, user, body.kind, body.name, correlation=body.correlation,
                                    variables=body.variables, business_key=body.business_key))


@process.get("/history-flow-list", response_model=R[list[FlowHistoryRow]])
async def history_flow_list(db: TenantDb, user: CurrentUser, processInstanceId: IdQuery):
    return ok(await service.history(db, await service.instance_of(db, processInstanceId)))


@process.get("/diagram-view", response_model=R[FlowDiagram])
async def diagram_view(db: TenantDb, user: CurrentUser, processInstanceId: IdQuery):
    """The deployed XML with the completed and the active element ids (bpmn-js colours them)."""
    xml, completed, active = await service.diagram(db, await service.instance_of(db, processInstanceId))
    return ok({"xml": xml, "completed": completed, "active": active})


@process.get("/task-form", response_model=R[FlowTaskForm | None])
async def task_form(db: TenantDb, user: CurrentUser, taskId: IdQuery):
    """The form the task names (formKey), for the handling dialog to show; its values go back as complete-task's
    variables. No data when the task names none; 表单不存在或未发布: <name> when its form is not published."""
    return ok(await service.task_form(db, taskId))


@process.get("/resource-view", response_model=R[FlowDiagram])
async def resource_view(db: TenantDb, user: CurrentUser, processDefinitionId: IdQuery):
    return ok({"xml": (await service.definition_xml(db, processDefinitionId)).decode(), "completed": [],
               "active": []})


# --- the leave process (/api/blade-desk/process/leave) --------------------------------------------------------

leave = APIRouter(prefix="/blade-desk/process/leave", tags=["leave"], route_class=Translated)


@leave.post("/start-process", response_model=R[LeaveRead])
async def leave_start(db: TenantDb, user: CurrentUser, body: LeaveWrite):
    """Save the leave row, start the leave process with business key `wf_leave:<id>`, write the instance back."""
    return ok(LeaveRead.model_validate(await service.start_leave(db, user, body)).model_dump())


@leave.get("/detail", response_model=R[LeaveRead])
async def leave_detail(db: TenantDb, user: CurrentUser, businessId: IdQuery):
    return ok(LeaveRead.model_validate(await service.leave(db, businessId)).model_dump())


@leave.get("/list", response_model=R[Page[LeaveRead]])
async def leave_list(db: TenantDb, user: CurrentUser, paging: Paging):
    """The caller's own applications, newest first."""
    page = await service.leaves(db, user, paging)
    page["records"] = [LeaveRead.model_validate(r).model_dump() for r in page["records"]]
    return ok(page)


router = APIRouter()
include(router, models, manager, follow, work, process, leave)
