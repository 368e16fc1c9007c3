"""/api/blade-flow (spec §7 "Workflow", industrial.md §9): models, definitions (manager), follow, my work and
the process views; and the leave process under /api/blade-desk/process/leave.

`/model`, `/manager` and `/follow` need their menu codes; `/work` and `/process` serve every signed-in user in
their own tenant. Task users are `taskUser_<userId>`, candidate groups are role aliases, business keys are
`<table>:<id>` (kept as businessTable / businessId).
"""

from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Query, Request, UploadFile
from sqlalchemy import Row, Select, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import defer, load_only

from plantdesk.core import query
from plantdesk.core.context import Identity
from plantdesk.core.crud import mark_deleted, parse_ids, request_ids
from plantdesk.core.deps import CurrentUser, IdQuery, OptionalId, TenantDb, form_or_query, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BusinessError, NotFoundError
from plantdesk.core.paging import Page, PageParams, Paging, paginate
from plantdesk.core.routing import include
from plantdesk.modules.flow import service
from plantdesk.modules.flow.models import (
    ACTIVE,
    COMPLETED,
    DELETED,
    DONE,
    INSTANCE_SUSPENDED,
    RUNNING,
    SUSPENDED,
    FlowDefinition,
    FlowInstance,
    FlowLeave,
    FlowModel,
    FlowTask,
)
from plantdesk.modules.flow.schemas import (
    CompleteTask,
    FlowDefinitionRead,
    FlowDiagram,
    FlowHistoryRow,
    FlowModelDetail,
    FlowModelRead,
    FlowModelWrite,
    FlowRow,
    FlowStarted,
    FlowUploadCheck,
    LeaveRead,
    LeaveWrite,
    StartProcess,
)

PREFIX = "/blade-flow"
BPMN_SUFFIXES = (".bpmn20.xml", ".bpmn")
Keyword = Annotated[str, Query(max_length=100)]
DateQuery = Annotated[str | None, Query(max_length=19, description="yyyy-MM-dd[ HH:mm:ss]")]

ModelView, ModelEdit = need("flow_model", "flow_model_view"), need("flow_model_add", "flow_model_edit")
ModelDelete, ModelDeploy = need("flow_model_delete"), need("flow_model_deploy")
ManagerView, ManagerState = need("manager", "manager_view"), need("manager_state")
ManagerDelete, DeployUpload = need("manager_delete"), need("deploy_upload", "deploy")
FollowView, FollowDelete = need("follow", "follow_view"), need("follow_delete")


def _dated(stmt: Select, column, begin: str | None, end: str | None) -> Select:
    if begin:
        stmt = stmt.where(column >= query.parse_date(begin, "beginDate"))
    if end:  # a day alone ends with that day
        last = query.parse_date(end, "endDate")
        stmt = stmt.where(column < last + timedelta(days=1) if len(end.strip()) == 10 else column <= last)
    return stmt


def _tenant_ids(raw: str | None) -> list[str]:
    return [part.strip() for part in (raw or "").split(",") if part.strip()]


# --- models ---------------------------------------------------------------------------------------------------

models = APIRouter(prefix=f"{PREFIX}/model", tags=["flow-model"])


def _model_detail(model: FlowModel) -> dict:
    return {**FlowModelRead.model_validate(model).model_dump(), "model_editor_xml": model.xml}


@models.get("/list", response_model=R[Page[FlowModelRead]])
async def model_list(
    db: TenantDb, paging: Paging, modelKey: Keyword = "", name: Keyword = "", user: Identity = ModelView
):
    stmt = (
        select(FlowModel)
        .options(defer(FlowModel.xml))
        .where(FlowModel.is_deleted == 0)
        .order_by(FlowModel.update_time.desc(), FlowModel.id.desc())
    )
    for column, value in ((FlowModel.model_key, modelKey), (FlowModel.name, name)):
        clause = query.keyword(value, column)
        if clause is not None:
            stmt = stmt.where(clause)
    return ok(await paginate(db, stmt, paging))


@models.get("/detail", response_model=R[FlowModelDetail])
async def model_detail(db: TenantDb, id: IdQuery, user: Identity = ModelView):
    model = await db.get(FlowModel, id)
    if model is None or model.is_deleted:
        raise NotFoundError()
    return ok(_model_detail(model))


@models.post("/submit", response_model=R[FlowModelDetail])
async def model_submit(db: TenantDb, body: FlowModelWrite, user: Identity = ModelEdit):
    """Save a draft (bpmn-js XML as saved); a new model with no XML starts from an empty executable process."""
    clash = select(FlowModel.id).where(FlowModel.model_key == body.model_key, FlowModel.is_deleted == 0)
    if body.id:
        clash = clash.where(FlowModel.id != body.id)
    if await db.scalar(clash):
        raise BusinessError(f"模型标识已存在: {body.model_key}")
    model = await db.get(FlowModel, body.id) if body.id else FlowModel()
    if model is None or model.is_deleted:
        raise NotFoundError()
    if body.id:
        model.version += 1
    model.model_key, model.name, model.description = body.model_key, body.name, body.description
    model.category, model.form_id = body.category, body.form_id
    model.xml = body.model_editor_xml or model.xml or blank_model(body.model_key, body.name)
    model.update_time = service.now()
    db.add(model)
    await db.flush()
    return ok(_model_detail(model))


def blank_model(key: str, name: str) -> str:
    from xml.sax.saxutils import quoteattr

    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/'
        '20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/'
        'spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_1" '
        'targetNamespace="http://bpmn.io/schema/bpmn">\n'
        f'  <bpmn:process id={quoteattr(key)} name={quoteattr(name)} isExecutable="true">\n'
        '    <bpmn:startEvent id="StartEvent_1" />\n  </bpmn:process>\n'
        f'  <bpmndi:BPMNDiagram id="BPMNDiagram_1"><bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement={quoteattr(key)}>'
        '<bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1"><dc:Bounds x="180" y="160" '
        'width="36" height="36" /></bpmndi:BPMNShape></bpmndi:BPMNPlane></bpmndi:BPMNDiagram>\n'
        "</bpmn:definitions>\n"
    )


@models.post("/remove", response_model=R[None])
async def model_remove(request: Request, db: TenantDb, user: Identity = ModelDelete):
    await mark_deleted(db, FlowModel, FlowModel.id.in_(await request_ids(request)))
    return ok(None, "删除成功")


@models.post("/deploy", response_model=R[int])
async def model_deploy(request: Request, db: TenantDb, user: Identity = ModelDeploy):
    """`modelId`, `category`, optional `tenantIds` (the platform administrator deploys to those tenants).
    Answers the number of definitions deployed."""
    model_id = parse_ids(await form_or_query(request, "modelId"))[0]
    model = await db.get(FlowModel, model_id)
    if model is None or model.is_deleted or not model.xml:
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

manager = APIRouter(prefix=f"{PREFIX}/manager", tags=["flow-manager"])


def _definition(row: FlowDefinition) -> dict:
    return {
        "id": row.id,
        "key": row.process_key,
        "name": row.name,
        "category": row.category,
        "version": row.version,
        "deployment_id": row.deployment_id,
        "resource_name": row.resource_name,
        "suspension_state": row.suspension_state,
        "deployment_time": row.deploy_time,
        "tenant_id": row.tenant_id,
        "form_id": row.form_id,
    }


async def _definition_page(
    db: AsyncSession,
    paging: PageParams,
    category: str,
    active_only: bool,
    begin: str | None = None,
    end: str | None = None,
) -> dict:
    stmt = _dated(service.latest_definitions(category or None), FlowDefinition.deploy_time, begin, end)
    if active_only:
        stmt = stmt.where(FlowDefinition.suspension_state == ACTIVE)
    page = await paginate(db, stmt, paging)
    page["records"] = [_definition(row) for row in page["records"]]
    return page


@manager.get("/list", response_model=R[Page[FlowDefinitionRead]])
async def manager_list(
    db: TenantDb, paging: Paging, category: Keyword = "", mode: int = 1, user: Identity = ManagerView
):
    """The newest version of each process key, with its suspension state (1 active, 2 suspended)."""
    return ok(await _definition_page(db, paging, category, active_only=False))


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
async def manager_check_upload(file: Annotated[UploadFile, File()], user: Identity = DeployUpload):
    """Multipart `file`: would it deploy? BladeX checks the suffix of each chosen file before deploy-upload;
    PlantDesk also runs the engine's validation, so a model that would be refused is named before anything is
    deployed. `success` false carries the reason in `message`; nothing is written."""
    try:
        name = _bpmn_file(file)[0]
        processes = service.prepare(await file.read()).processes  # core.limits caps the request body
    except BusinessError as exc:
        return ok({"name": file.filename or "", "success": False, "message": exc.msg, "processes": []})
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

follow = APIRouter(prefix=f"{PREFIX}/follow", tags=["flow-follow"])


@follow.get("/list", response_model=R[Page[FlowRow]])
async def follow_list(
    db: TenantDb,
    paging: Paging,
    processInstanceId: OptionalId = None,
    processDefinitionKey: Keyword = "",
    user: Identity = FollowView,
):
    """Running (and suspended) instances, newest first."""
    stmt = (
        select(FlowInstance)
        .options(load_only(FlowInstance.id))
        .where(FlowInstance.status.in_((RUNNING, INSTANCE_SUSPENDED)))
    )
    if processInstanceId:
        stmt = stmt.where(FlowInstance.id == processInstanceId)
    if processDefinitionKey:
        stmt = stmt.where(FlowInstance.process_key == processDefinitionKey)
    page = await paginate(db, stmt.order_by(FlowInstance.start_time.desc(), FlowInstance.id.desc()), paging)
    page["records"] = await _instance_rows(db, [i.id for i in page["records"]])
    return ok(page)


@follow.post("/delete-process-instance", response_model=R[None])
async def follow_delete(request: Request, db: TenantDb, user: Identity = FollowDelete):
    instance_id = parse_ids(await form_or_query(request, "processInstanceId"))[0]
    await service.delete_instance(db, instance_id, await form_or_query(request, "deleteReason"))
    return ok(None, "删除成功")


# --- my work --------------------------------------------------------------------------------------------------

work = APIRouter(prefix=f"{PREFIX}/work", tags=["flow-work"])


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
    return ok(await _definition_page(db, paging, category, active_only=True, begin=beginDate, end=endDate))


# What a task row shows of the task (not its candidates or engine id).
TASK_LISTED = load_only(
    FlowTask.instance_id,
    FlowTask.name,
    FlowTask.task_key,
    FlowTask.assignee,
    FlowTask.create_time,
    FlowTask.claim_time,
    FlowTask.end_time,
    FlowTask.comment,
    FlowTask.form_key,
)


async def _task_page(db: AsyncSession, stmt: Select, paging: PageParams, status: str) -> dict:
    page = await paginate(db, stmt.options(TASK_LISTED), paging)
    page["records"] = await _task_rows(db, page["records"], status)
    return page


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
    stmt = _dated(select(FlowTask).where(service.claimable(user)), FlowTask.create_time, beginDate, endDate)
    return ok(await _task_page(db, stmt.order_by(FlowTask.create_time.desc(), FlowTask.id.desc()), paging, "claim"))


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
    stmt = select(FlowTask).where(FlowTask.status == "open", FlowTask.assignee == service.task_user(user.user_id))
    stmt = _dated(stmt, FlowTask.create_time, beginDate, endDate)
    return ok(await _task_page(db, stmt.order_by(FlowTask.create_time.desc(), FlowTask.id.desc()), paging, "todo"))


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
    stmt = (
        select(FlowInstance)
        .options(load_only(FlowInstance.id))
        .where(FlowInstance.start_user == service.task_user(user.user_id), FlowInstance.status != DELETED)
    )
    stmt = _dated(stmt, FlowInstance.start_time, beginDate, endDate)
    page = await paginate(db, stmt.order_by(FlowInstance.start_time.desc(), FlowInstance.id.desc()), paging)
    page["records"] = await _instance_rows(db, [i.id for i in page["records"]], with_latest_task=True, status="send")
    return ok(page)


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
    stmt = select(FlowTask).where(FlowTask.status == DONE, FlowTask.completed_by == service.task_user(user.user_id))
    stmt = _dated(stmt, FlowTask.end_time, beginDate, endDate)
    return ok(await _task_page(db, stmt.order_by(FlowTask.end_time.desc(), FlowTask.id.desc()), paging, "done"))


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

process = APIRouter(prefix=f"{PREFIX}/process", tags=["flow-process"])


async def _visible_instance(db: AsyncSession, user: Identity, instance_id: int) -> FlowInstance:
    """An instance of the caller's tenant (the session is bound to it)."""
    instance = await db.get(FlowInstance, instance_id)
    if instance is None:
        raise NotFoundError()
    return instance


@process.get("/history-flow-list", response_model=R[list[FlowHistoryRow]])
async def history_flow_list(db: TenantDb, user: CurrentUser, processInstanceId: IdQuery):
    instance = await _visible_instance(db, user, processInstanceId)
    tasks = list(
        (
            await db.execute(
                select(FlowTask).where(FlowTask.instance_id == instance.id).order_by(FlowTask.create_time, FlowTask.id)
            )
        ).scalars()
    )
    people = await service.names(db, [instance.start_user, *(t.completed_by or t.assignee for t in tasks)])
    candidates = await service.candidate_names(db, tasks)
    rows: list[dict[str, Any]] = [
        {
            "history_activity_id": "start",
            "history_activity_name": "发起流程",
            "assignee": instance.start_user,
            "assignee_name": people.get(instance.start_user, instance.start_user_name),
            "create_time": instance.start_time,
            "end_time": instance.start_time,
        }
    ]
    for task in tasks:
        who = task.completed_by or task.assignee
        duration = None
        if task.end_time:
            seconds = int((task.end_time - task.create_time).total_seconds())
            duration = f"{seconds // 3600}小时{seconds % 3600 // 60}分{seconds % 60}秒"
        rows.append(
            {
                "history_activity_id": task.task_key,
                "history_activity_name": task.name,
                "assignee": who,
                "assignee_name": people.get(who or ""),
                "candidate_names": candidates.get(task.id, []),
                "create_time": task.create_time,
                "end_time": task.end_time,
                "history_activity_duration_time": duration,
                "comment": task.comment,
                "passed": task.passed,
            }
        )
    if instance.status in (COMPLETED, DELETED):
        rows.append(
            {
                "history_activity_id": "end",
                "history_activity_name": "结束" if instance.status == COMPLETED else "已删除",
                "create_time": instance.end_time,
                "end_time": instance.end_time,
                "comment": instance.delete_reason,
            }
        )
    return ok(rows)


@process.get("/diagram-view", response_model=R[FlowDiagram])
async def diagram_view(db: TenantDb, user: CurrentUser, processInstanceId: IdQuery):
    """The deployed XML with the completed and the active element ids (bpmn-js colours them)."""
    instance = await _visible_instance(db, user, processInstanceId)
    xml, completed, active = await service.diagram(db, instance)
    return ok({"xml": xml, "completed": completed, "active": active})


@process.get("/resource-view", response_model=R[FlowDiagram])
async def resource_view(db: TenantDb, user: CurrentUser, processDefinitionId: IdQuery):
    definition = await db.get(FlowDefinition, processDefinitionId)
    if definition is None:
        raise NotFoundError()
    xml = await service.deployment_xml(db, definition.deployment_id)
    return ok({"xml": xml.decode(), "completed": [], "active": []})


# --- rows -----------------------------------------------------------------------------------------------------


async def _task_rows(db: AsyncSession, tasks: list[FlowTask], status: str) -> list[dict]:
    processes = await service.processes_of(db, (t.instance_id for t in tasks))
    people = await service.names(db, [*(t.assignee for t in tasks), *(p.start_user for p in processes.values())])
    rows = []
    for task in tasks:
        process = processes.get(task.instance_id)
        if process is None:
            continue
        rows.append(
            {
                **_process_fields(process, people),
                "task_id": task.id,
                "task_name": task.name,
                "task_definition_key": task.task_key,
                "assignee": task.assignee,
                "assignee_name": people.get(task.assignee or ""),
                "create_time": task.create_time,
                "claim_time": task.claim_time,
                "end_time": task.end_time,
                "history_task_end_time": task.end_time,
                "comment": task.comment,
                "status": status,
                "form_key": task.form_key,
            }
        )
    return rows


def _process_fields(process: Row, people: dict[str, str]) -> dict:
    """A row's process part, from `service.processes_of`."""
    return {
        "process_instance_id": process.id,
        "process_definition_id": process.definition_id,
        "process_definition_key": process.process_key,
        "process_definition_name": process.name,
        "process_definition_version": process.version,
        "process_is_finished": "finished" if process.status in (COMPLETED, DELETED) else "unfinished",
        "business_table": process.business_table,
        "business_id": process.business_id,
        "start_user": process.start_user,
        "start_user_name": people.get(process.start_user, process.start_user_name),
        "start_time": process.start_time,
        "category": process.category,
        "suspension_state": SUSPENDED if process.status == INSTANCE_SUSPENDED else ACTIVE,
        "form_id": process.form_id,
    }


async def _instance_rows(
    db: AsyncSession, instance_ids: list[int], *, with_latest_task: bool = False, status: str = "follow"
) -> list[dict]:
    processes = await service.processes_of(db, instance_ids)
    people = await service.names(db, (p.start_user for p in processes.values()))
    latest = await service.latest_tasks(db, instance_ids) if with_latest_task else {}
    rows = []
    for instance_id in instance_ids:
        process = processes.get(instance_id)
        if process is None:
            continue
        row = {**_process_fields(process, people), "status": status, "end_time": process.end_time}
        task = latest.get(instance_id)
        if task is not None:
            row.update(task_id=task.id, task_name=task.name, task_definition_key=task.task_key)
        rows.append(row)
    return rows


# --- the leave process (/api/blade-desk/process/leave) --------------------------------------------------------

leave = APIRouter(prefix="/blade-desk/process/leave", tags=["leave"])


async def leave_definition(db: AsyncSession, definition_id: int | None) -> int:
    """The chosen definition, else the newest version of the leave process."""
    if definition_id:
        return definition_id
    newest = await db.scalar(
        select(FlowDefinition.id)
        .where(FlowDefinition.process_key == service.LEAVE_KEY)
        .order_by(FlowDefinition.version.desc())
        .limit(1)
    )
    if newest is None:
        raise BusinessError("请假流程未部署")
    return newest


@leave.post("/start-process", response_model=R[LeaveRead])
async def leave_start(db: TenantDb, user: CurrentUser, body: LeaveWrite):
    """Save the leave row, start the leave process with business key `wf_leave:<id>`, write the instance back."""
    if body.end_time < body.start_time:
        raise BusinessError("结束时间不能早于开始时间")
    definition_id = await leave_definition(db, body.process_definition_id)
    row = FlowLeave(
        process_definition_id=definition_id,
        leave_type=body.leave_type,
        start_time=body.start_time,
        end_time=body.end_time,
        days=body.days,
        reason=body.reason,
        task_user=service.task_user(user.user_id),
        apply_time=service.now(),
    )
    db.add(row)
    await db.flush()
    instance = await service.start(
        db,
        user,
        definition_id,
        business_table=service.LEAVE_TABLE,
        business_id=str(row.id),
        variables={"days": body.days, "leaveType": body.leave_type},
    )
    row.process_instance_id = instance.id
    await db.flush()
    return ok(LeaveRead.model_validate(row).model_dump())


@leave.get("/detail", response_model=R[LeaveRead])
async def leave_detail(db: TenantDb, user: CurrentUser, businessId: IdQuery):
    row = await db.get(FlowLeave, businessId)
    if row is None or row.is_deleted:
        raise NotFoundError()
    return ok(LeaveRead.model_validate(row).model_dump())


@leave.get("/list", response_model=R[Page[LeaveRead]])
async def leave_list(db: TenantDb, user: CurrentUser, paging: Paging):
    """The caller's own applications, newest first."""
    stmt = select(FlowLeave).where(FlowLeave.task_user == service.task_user(user.user_id), FlowLeave.is_deleted == 0)
    page = await paginate(db, stmt.order_by(FlowLeave.apply_time.desc(), FlowLeave.id.desc()), paging)
    page["records"] = [LeaveRead.model_validate(r).model_dump() for r in page["records"]]
    return ok(page)


router = APIRouter()
include(router, models, manager, follow, work, process, leave)
