"""The workflow platform layer over the engine adapter: deployments and versions, suspension, starting with a
business key, the human-task projection with Flowable-style candidates and claim, completion with the `pass`
variable, history and the diagram.

Every step (start, complete, fire timers) restores the instance, runs the engine and writes the new state and
the task rows in the caller's one transaction; the instance's row version makes a concurrent second step fail
whole, so a step is either fully recorded or not at all.
"""

from collections import OrderedDict
from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

import httpx
import orjson
from sqlalchemy import Row, Select, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import defer, load_only
from sqlalchemy.orm.exc import StaleDataError

from plantdesk.core import outbound, query, system_log, tenancy
from plantdesk.core.context import Identity
from plantdesk.core.crud import mark_deleted
from plantdesk.core.errors import BusinessError, NotFoundError
from plantdesk.core.paging import PageParams, paginate
from plantdesk.core.runtime import settings_of
from plantdesk.db import write_lock
from plantdesk.modules.alarm import mail
from plantdesk.modules.alarm import service as alarms
from plantdesk.modules.desk import service as desk
from plantdesk.modules.flow import engine
from plantdesk.modules.flow.models import (
    ACTIVE,
    CANCELLED,
    COMPLETED,
    DELETED,
    DONE,
    INSTANCE_SUSPENDED,
    OPEN,
    RUNNING,
    SUSPENDED,
    FlowDefinition,
    FlowDeployment,
    FlowInstance,
    FlowLeave,
    FlowModel,
    FlowTask,
)
from plantdesk.modules.flow.schemas import FlowModelRead, FlowModelWrite, LeaveWrite
from plantdesk.modules.form import service as forms
from plantdesk.modules.system.models import Dept, Role, User

LEAVE_XML = Path(__file__).parent / "bpmn" / "leave.bpmn20.xml"
INSPECTION_XML = Path(__file__).parent / "bpmn" / "inspection.bpmn20.xml"  # the demo's periodic inspection
LEAVE_KEY = "Leave"
LEAVE_TABLE = "wf_leave"
TASK_USER = "taskUser_"
DEFAULT_COMMENT = "同意"
ALREADY_CLAIMED = "任务已被他人签收"
NOT_YOURS = "任务不存在或不是您的待办"
SUSPENDED_MSG = "流程已挂起, 无法办理"
DEFINITION_SUSPENDED = "流程定义已挂起, 无法发起"
TASK_DONE = "任务已办理"
MAX_REASON = FlowInstance.delete_reason.type.length  # refused beyond, not cut


def task_user(user_id: int) -> str:
    return f"{TASK_USER}{user_id}"


def user_id_of(task_user_id: str | None) -> int | None:
    if task_user_id and task_user_id.startswith(TASK_USER) and task_user_id[len(TASK_USER) :].isdigit():
        return int(task_user_id[len(TASK_USER) :])
    return None


def now() -> datetime:
    return datetime.now().replace(microsecond=0)


def _wrap(values: Iterable[str]) -> str | None:
    values = [v for v in values if v]
    return f",{','.join(values)}," if values else None


# --- deployment -----------------------------------------------------------------------------------------------


def prepare(xml: bytes | str, library: dict[str, bytes] | None = None) -> engine.Prepared:
    """The engine's executable model, or the reason it refuses the model as a business error."""
    try:
        return engine.prepare(xml, library)
    except engine.EngineError as exc:
        raise BusinessError(str(exc)) from None


async def check(db: AsyncSession, xml: bytes | str) -> engine.Prepared:
    """`prepare` with the processes its call activities name from the tenant's deployed definitions (the newest
    version of each key), and every literal user and group of its tasks held by someone in the session's tenant:
    a task nobody could claim is refused here, naming the task and the name (docs/decisions.md "Who takes a
    task")."""
    try:
        keys = engine.called_keys(xml)
    except engine.EngineError as exc:
        raise BusinessError(str(exc)) from None
    library = {}
    for key in keys:
        definition = await db.scalar(latest_definitions().where(FlowDefinition.process_key == key))
        if definition is not None:
            library[key] = await deployment_xml(db, definition.deployment_id)
    prepared = prepare(xml, library)
    users = {name for _task, kind, name in prepared.people if kind == "user"}
    groups = {name for _task, kind, name in prepared.people if kind == "group"}
    known_users = await task_users(db, users)
    known_groups = set((await db.execute(select(Role.role_alias).where(Role.role_alias.in_(groups)))).scalars()) \
        if groups else set()
    for task, kind, name in prepared.people:
        if kind == "user" and name not in known_users:
            raise BusinessError(f"任务无人可办理: {task} (用户 {name} 不存在)")
        if kind == "group" and name not in known_groups:
            raise BusinessError(f"任务无人可办理: {task} (角色 {name} 不存在)")
    return prepared


async def task_users(db: AsyncSession, names: Iterable[str]) -> dict[str, str]:
    """Names a model or a variable gives a user (`taskUser_12`, a user id, an account) as task users; a name
    that is nobody in the session's tenant is left out."""
    wanted = set(names)
    found = {name: name for name in wanted if user_id_of(name)}
    ids = {int(name) for name in wanted if name.isdigit()}
    rows = await db.execute(select(User.id, User.account).where(
        or_(User.account.in_(wanted - set(found)), User.id.in_({*ids, *map(user_id_of, found)})),
        User.is_deleted == 0))
    existing = {}
    for user_id, account in rows:
        existing[user_id] = account
        if account in wanted:
            found[account] = task_user(user_id)
        if str(user_id) in wanted:
            found[str(user_id)] = task_user(user_id)
    return {name: user for name, user in found.items() if user_id_of(user) in existing}


async def deploy(
    db: AsyncSession,
    user: Identity,
    xml: bytes | str,
    *,
    name: str,
    category: str | None,
    resource_name: str,
    form_id: int | None = None,
) -> list[FlowDefinition]:
    """A deployment in the session's tenant: one definition per process, each key at its next version. A timer
    start is scheduled from now; the key's older versions stop starting on schedule."""
    prepared = await check(db, xml)
    deployment = FlowDeployment(
        name=name,
        category=category,
        resource_name=resource_name,
        deploy_time=now(),
        deploy_user=user.user_id,
        xml=prepared.xml,
    )
    db.add(deployment)
    await db.flush()
    definitions = []
    for process in prepared.processes:
        latest = await db.scalar(
            select(func.max(FlowDefinition.version)).where(FlowDefinition.process_key == process.key)
        )
        await db.execute(update(FlowDefinition).where(FlowDefinition.process_key == process.key)
                         .values(next_start=None).execution_options(synchronize_session=False))
        definition = FlowDefinition(
            deployment_id=deployment.id,
            process_key=process.key,
            name=process.name,
            version=(latest or 0) + 1,
            category=category,
            resource_name=resource_name,
            form_id=form_id,
            deploy_time=deployment.deploy_time,
            schedule=process.schedule,
            trigger=process.trigger,
            next_start=engine.next_run(process.schedule, deployment.deploy_time, deployment.deploy_time)
            if process.schedule else None,
        )
        db.add(definition)
        definitions.append(definition)
    await db.flush()
    return definitions


async def deploy_to(db: AsyncSession, user: Identity, tenant_ids: list[str], xml: bytes | str, **kwargs) -> int:
    """Deploy to the caller's tenant, or (platform administrator only) once to each of `tenant_ids`."""
    if not tenant_ids or not user.is_platform_admin:
        return len(await deploy(db, user, xml, **kwargs))
    count = 0
    for tenant_id in tenant_ids:
        with tenancy.tenant_scope(db, tenant_id):
            count += len(await deploy(db, user, xml, **kwargs))
    return count


def latest_definitions(category: str | None = None):
    """The newest version of each process key (the definitions list and the start catalogue)."""
    newest = (
        select(FlowDefinition.process_key, func.max(FlowDefinition.version).label("version"))
        .group_by(FlowDefinition.process_key)
        .subquery()
    )
    stmt = select(FlowDefinition).join(
        newest, (FlowDefinition.process_key == newest.c.process_key) & (FlowDefinition.version == newest.c.version)
    )
    if category:
        stmt = stmt.where(FlowDefinition.category == category)
    return stmt.order_by(FlowDefinition.process_key)


async def change_state(db: AsyncSession, definition_id: int, state: str) -> str:
    """Suspend or activate a definition and, at once, its running instances."""
    definition = await _get(db, FlowDefinition, definition_id)
    target = {"active": ACTIVE, "suspend": SUSPENDED}.get(state)
    if target is None:
        raise BusinessError("状态参数错误")
    if definition.suspension_state == target:
        return "流程已是激活状态" if target == ACTIVE else "流程已是挂起状态"
    definition.suspension_state = target
    old, new = (RUNNING, INSTANCE_SUSPENDED) if target == SUSPENDED else (INSTANCE_SUSPENDED, RUNNING)
    await db.execute(
        update(FlowInstance)
        .where(FlowInstance.definition_id == definition.id, FlowInstance.status == old)
        .values(status=new)
        .execution_options(synchronize_session=False)
    )
    return "激活成功" if target == ACTIVE else "挂起成功"


async def delete_deployments(db: AsyncSession, deployment_ids: list[int]) -> None:
    """Cascade: the deployments, their definitions, every instance of them and its task history."""
    instances = select(FlowInstance.id).where(FlowInstance.deployment_id.in_(deployment_ids)).scalar_subquery()
    await db.execute(
        delete(FlowTask).where(FlowTask.instance_id.in_(instances)).execution_options(synchronize_session=False)
    )
    for model, column in (
        (FlowInstance, FlowInstance.deployment_id),
        (FlowDefinition, FlowDefinition.deployment_id),
        (FlowDeployment, FlowDeployment.id),
    ):
        await db.execute(delete(model).where(column.in_(deployment_ids)).execution_options(synchronize_session=False))


async def _get(db: AsyncSession, model, id_: int):
    row = await db.get(model, id_)
    if row is None:
        raise NotFoundError()
    return row


# A deployment's XML never changes: each worker reads it once and hands the engine the same bytes, whose parse
# the engine keeps (engine._spec), so a step reads no XML and parses nothing.
_DEPLOYED: OrderedDict[int, bytes] = OrderedDict()
DEPLOYED_KEPT = 256


async def deployment_xml(db: AsyncSession, deployment_id: int) -> bytes:
    """The executable XML of a deployment named by a row the caller read in its own tenant (a definition or an
    instance): the in-process copy is keyed by the deployment id alone."""
    xml = _DEPLOYED.get(deployment_id)
    if xml is not None:
        _DEPLOYED.move_to_end(deployment_id)
        return xml
    xml = await db.scalar(select(FlowDeployment.xml).where(FlowDeployment.id == deployment_id))
    if xml is None:
        raise NotFoundError()
    _DEPLOYED[deployment_id] = xml
    if len(_DEPLOYED) > DEPLOYED_KEPT:
        _DEPLOYED.popitem(last=False)
    return xml


# --- running --------------------------------------------------------------------------------------------------


async def approver(db: AsyncSession, applicant: Identity, deployment_id: int) -> int | None:
    """The applicant's manager (`managerUser`): the leader of his department, else of the nearest ancestor that
    has one, but never the applicant himself: a leader's own request goes to the next leader up, and above the
    top one to the process administrator (who deployed the process). None when that is the applicant too."""
    dept_id = applicant.dept_id
    while dept_id:
        dept = await db.get(Dept, dept_id)
        if dept is None:
            break
        if dept.leader_id and dept.leader_id != applicant.user_id:
            return dept.leader_id
        dept_id = dept.parent_id
    deployer = await db.scalar(select(FlowDeployment.deploy_user).where(FlowDeployment.id == deployment_id))
    return deployer if deployer != applicant.user_id else None


async def start(
    db: AsyncSession,
    user: Identity,
    definition_id: int,
    *,
    business_table: str | None,
    business_id: str | None,
    variables: dict,
    event: tuple[str, str] | None = None,
) -> FlowInstance:
    """Start an instance; `event` (kind, name) when a message or signal starts it (a definition with a message or
    signal start starts only so)."""
    definition = await _get(db, FlowDefinition, definition_id)
    if definition.suspension_state == SUSPENDED:
        raise BusinessError(DEFINITION_SUSPENDED)
    if definition.trigger and event is None:
        kind, _, name = definition.trigger.partition(":")
        raise BusinessError(f"该流程由{'消息' if kind == 'message' else '信号'} {name} 发起, 不能手动发起")
    starter = task_user(user.user_id)
    values = {**variables, "taskUser": starter, "createUser": starter, "applyUser": starter}
    manager = await approver(db, user, definition.deployment_id)
    if manager:
        values["managerUser"] = task_user(manager)
    xml = await deployment_xml(db, definition.deployment_id)
    try:
        workflow = engine.start(xml, definition.process_key, values, event)
    except engine.EngineError as exc:
        raise BusinessError(str(exc)) from None
    instance = FlowInstance(
        definition_id=definition.id,
        deployment_id=definition.deployment_id,
        process_key=definition.process_key,
        name=definition.name,
        category=definition.category,
        business_table=business_table,
        business_id=business_id,
        start_user=starter,
        start_user_name=user.real_name or user.account,
        start_time=now(),
        status=RUNNING,
        state=workflow.state(),
    )
    db.add(instance)
    await db.flush()
    await _record(db, instance, workflow, [])
    return instance


async def _open_tasks(db: AsyncSession, instance_id: int) -> list[FlowTask]:
    stmt = select(FlowTask).where(FlowTask.instance_id == instance_id, FlowTask.status == OPEN)
    return list((await db.execute(stmt)).scalars())


async def _record(
    db: AsyncSession, instance: FlowInstance, workflow: engine.Workflow, open_rows: list[FlowTask]
) -> None:
    """Perform the built-in actions the step reached, project the engine's READY user tasks into task rows
    (`open_rows`: the instance's open ones before the step) and store the state (the same transaction)."""
    await perform_actions(db, instance, workflow)
    try:
        ready = {task.id: task for task in workflow.human_tasks()}
    except engine.EngineError as exc:  # an assignment naming a variable the instance lacks: refused, not a 500
        raise BusinessError(str(exc)) from None
    named = await task_users(db, {name for task in ready.values() for name in (task.assignee, *task.candidate_users)
                                  if name and not user_id_of(name)})
    administrator = None
    for row in open_rows:
        if row.engine_id in ready:
            ready.pop(row.engine_id)
        else:  # no longer waiting (a parallel branch closed, a boundary timer fired)
            row.status, row.end_time = CANCELLED, now()
    for task in ready.values():
        assignee = named.get(task.assignee or "", task.assignee)
        candidates = [named.get(user, user) for user in task.candidate_users]
        if not (assignee or candidates or task.candidate_groups):
            # nobody named (or an expression that named nobody): the process administrator, who deployed it
            if administrator is None:
                administrator = await db.scalar(
                    select(FlowDeployment.deploy_user).where(FlowDeployment.id == instance.deployment_id))
            assignee = task_user(administrator) if administrator else None
        db.add(
            FlowTask(
                instance_id=instance.id,
                engine_id=task.id,
                task_key=task.key,
                name=task.name,
                assignee=assignee,
                candidate_users=_wrap(candidates),
                candidate_groups=_wrap(task.candidate_groups),
                form_key=task.form_key,
                create_time=now(),
            )
        )
    instance.state = workflow.state()
    instance.next_timer = workflow.next_timer()
    instance.waiting = _wrap(workflow.waiting_for())
    if workflow.completed:
        instance.status, instance.end_time = COMPLETED, now()
    await db.flush()


# --- built-in actions of service and send tasks ------------------------------------------------------------------

OUTBOUND_KIND = "flow"  # the outbound rule's kind of connection for a process's HTTP calls
HTTP_TIMEOUT = 10
MAX_RESPONSE = 64 * 1024  # bytes of an HTTP answer a process keeps as a variable
MAX_ACTIONS = 100  # actions one step may run: a loop of service tasks stops here


async def perform_actions(db: AsyncSession, instance: FlowInstance, workflow: engine.Workflow) -> None:
    """Run each READY built-in action (a service or send task) and move the engine on, until it waits for people,
    time or a message. A failed action fails the step whole (the caller's transaction), unless an HTTP call says
    `ignoreException`."""
    for _ in range(MAX_ACTIONS):
        actions = workflow.actions()
        if not actions:
            return
        for action in actions:
            try:
                variables = await ACTION_RUNNERS[action.kind](db, instance, action)
                workflow.finish(action.id, variables)
            except engine.EngineError as exc:
                raise BusinessError(str(exc)) from None
    raise BusinessError(f"流程执行失败: 服务任务超过 {MAX_ACTIONS} 次 (循环?)")


async def _http(db: AsyncSession, instance: FlowInstance, action: engine.Action) -> dict:
    url, method = action.text("url"), action.text("method", "GET").upper()
    headers = _headers(action.text("headers"))
    body = action.text("body")
    result = action.params.get("result") or f"{action.key}Response"
    try:
        policy = settings_of(db).outbound_policy
        await outbound.check(policy, url, tenant=instance.tenant_id, kind=OUTBOUND_KIND)
        timeout = httpx.Timeout(HTTP_TIMEOUT, connect=outbound.CONNECT_TIMEOUT)
        async with outbound.http_client(policy.scoped(instance.tenant_id, OUTBOUND_KIND), timeout=timeout,
                                        follow_redirects=False) as http:
            answer = await http.request(method, url, headers=headers, content=body.encode() if body else None)
        if answer.status_code >= 400:
            raise BusinessError(f"HTTP {answer.status_code}")
    except (BusinessError, httpx.HTTPError, OSError) as exc:
        cause = exc.msg if isinstance(exc, BusinessError) else f"连接失败 ({type(exc).__name__})"
        if action.text("ignoreException").lower() == "true":
            return {result: None, f"{action.key}Error": cause}
        raise BusinessError(f"HTTP 调用失败: {action.name}: {cause}") from None
    content = answer.content[:MAX_RESPONSE]
    try:
        value: Any = orjson.loads(content)
    except orjson.JSONDecodeError:
        value = content.decode(errors="replace")
    return {result: value, f"{action.key}StatusCode": answer.status_code}


def _headers(text: str) -> dict[str, str]:
    """Flowable's `Name: value` lines, or a JSON object."""
    if text.strip().startswith("{"):
        try:
            return {str(k): str(v) for k, v in orjson.loads(text).items()}
        except (orjson.JSONDecodeError, AttributeError):
            raise BusinessError(f"HTTP 请求头无效: {text[:100]}") from None
    return {name.strip(): value.strip() for name, _, value in (line.partition(":") for line in text.splitlines())
            if name.strip()}


async def _recipients(db: AsyncSession, names: list[str]) -> list[User]:
    """Users named by task user, id or account, and every user of a role named by its alias."""
    users = await task_users(db, names)
    ids = {user_id_of(user) for user in users.values()}
    roles = list((await db.execute(select(Role.id).where(Role.role_alias.in_(set(names) - set(users))))).scalars())
    clauses = [User.id.in_(ids)] + [("," + User.role_id + ",").like(f"%,{role},%") for role in roles]
    return list((await db.execute(select(User).where(or_(*clauses), User.is_deleted == 0))).scalars())


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


async def _mail(db: AsyncSession, instance: FlowInstance, action: engine.Action) -> dict:
    names = _names(action.text("to"))
    addresses = [name for name in names if "@" in name]
    addresses += [u.email for u in await _recipients(db, [n for n in names if "@" not in n]) if u.email]
    if not addresses:
        raise BusinessError(f"{action.name}: 收件人没有邮箱地址")
    mail.queue(db, instance.tenant_id, tuple(addresses), action.text("subject", instance.name), action.text("text"))
    return {}


async def _notify(db: AsyncSession, instance: FlowInstance, action: engine.Action) -> dict:
    users = await _recipients(db, _names(action.text("to")))
    if not users:
        raise BusinessError(f"{action.name}: 通知没有接收人")
    content = {"name": action.text("subject", instance.name), "text": action.text("text")}
    await desk.notify(db, tenant_id=instance.tenant_id, user_ids=[u.id for u in users], content=content)
    return {}


async def _set(_db: AsyncSession, _instance: FlowInstance, action: engine.Action) -> dict:
    return {name: action.value(name) for name in action.params}


async def _alarm(db: AsyncSession, instance: FlowInstance, action: engine.Action) -> dict:
    """Raise the alarm event named (id or name) through the alarm area, with the value and text given; the trail
    says which process raised it when no text is given."""
    value = action.value("value") if action.params.get("value") else None
    try:
        number = None if value in (None, "") else float(value)
    except (TypeError, ValueError):
        raise BusinessError(f"{action.name}: 告警值不是数字: {value}") from None
    try:
        record = await alarms.raise_event(db, action.text("event"), number,
                                          action.text("text") or f"流程 {instance.name}")
    except BusinessError as exc:
        raise BusinessError(f"{action.name}: {exc.msg}") from None
    return {f"{action.key}AlarmId": record.id}


async def _form(db: AsyncSession, instance: FlowInstance, action: engine.Action) -> dict:
    """A record of the form named (id or name; its newest published version) through the form area: each field
    takes the action's parameter of its prop, else the process variable of that name (what a user task's form
    submitted), and the record is checked as a person's."""
    try:
        detail = await forms.published(db, action.text("form"))
        props = [column["prop"] for column in forms.fields_of(forms.parse_content(detail.content))]
        values = {prop: action.value(prop) if prop in action.params else action.data[prop]
                  for prop in props if prop in action.params or prop in action.data}
        record = await forms.add_record(db, settings_of(db), detail, values, instance.start_user_name or instance.name)
    except BusinessError as exc:
        raise BusinessError(f"{action.name}: {exc.msg}") from None
    return {f"{action.key}RecordId": record.id}


ACTION_RUNNERS = {"http": _http, "mail": _mail, "notify": _notify, "set": _set, "alarm": _alarm, "form": _form}


async def claim(db: AsyncSession, user: Identity, task_id: int) -> None:
    """Take an unassigned task the user is a candidate for; a second claim is refused."""
    me = task_user(user.user_id)
    task = await _get(db, FlowTask, task_id)
    if task.status != OPEN:
        raise BusinessError(TASK_DONE)
    if task.assignee == me:
        return
    if task.assignee is not None:
        raise BusinessError(ALREADY_CLAIMED)
    if not _is_candidate(task, me, user.role_names):
        raise BusinessError("您不是该任务的候选人")
    _running(await _get(db, FlowInstance, task.instance_id))
    done = await db.execute(
        update(FlowTask)
        .where(FlowTask.id == task_id, FlowTask.assignee.is_(None), FlowTask.status == OPEN)
        .values(assignee=me, claim_time=now())
        .execution_options(synchronize_session=False)
    )
    if done.rowcount == 0:  # type: ignore[attr-defined]
        raise BusinessError(ALREADY_CLAIMED)


def _is_candidate(task: FlowTask, me: str, roles: Iterable[str]) -> bool:
    if task.candidate_users and f",{me}," in task.candidate_users:
        return True
    return bool(task.candidate_groups) and any(f",{role}," in (task.candidate_groups or "") for role in roles)


def _running(instance: FlowInstance) -> None:
    if instance.status == INSTANCE_SUSPENDED:
        raise BusinessError(SUSPENDED_MSG)
    if instance.status != RUNNING:
        raise BusinessError("流程已结束")


async def _step(db: AsyncSession, task_id: int) -> tuple[FlowInstance | None, list[FlowTask]]:
    """The instance of task `task_id` (with its engine state) and the instance's open tasks, in one query: a
    step needs them all."""
    instance_id = select(FlowTask.instance_id).where(FlowTask.id == task_id).scalar_subquery()
    rows = (
        await db.execute(
            select(FlowInstance, FlowTask)
            .outerjoin(FlowTask, (FlowTask.instance_id == FlowInstance.id) & (FlowTask.status == OPEN))
            .where(FlowInstance.id == instance_id)
        )
    ).all()
    return (rows[0][0] if rows else None), [task for _instance, task in rows if task is not None]


def passed(flag: str | None, comment: str) -> bool:
    """blade-flow: `pass` is true when the flag says ok or the comment is the default 同意."""
    return flag == "ok" or comment == DEFAULT_COMMENT


async def complete(
    db: AsyncSession, user: Identity, task_id: int, *, comment: str | None, flag: str | None, variables: dict
) -> FlowTask:
    me = task_user(user.user_id)
    instance, open_rows = await _step(db, task_id)
    task = next((row for row in open_rows if row.id == task_id), None)
    if instance is None or task is None or task.assignee != me:
        raise BusinessError(NOT_YOURS)
    _running(instance)
    comment = (comment or "").strip() or DEFAULT_COMMENT
    ok = passed(flag, comment)
    xml = await deployment_xml(db, instance.deployment_id)
    try:
        workflow = engine.restore(xml, instance.process_key, instance.state)
        workflow.complete(task.engine_id, {**variables, "pass": ok})
    except engine.EngineError as exc:
        raise BusinessError(str(exc)) from None
    task.status, task.end_time, task.completed_by = DONE, now(), me
    task.comment, task.passed = comment, int(ok)
    try:
        await _record(db, instance, workflow, [row for row in open_rows if row is not task])
    except StaleDataError:
        raise BusinessError("任务已被他人办理, 请刷新后重试") from None
    return task


def reason_of(raw: str | None, default: str) -> str:
    reason = (raw or "").strip() or default
    if len(reason) > MAX_REASON:
        raise BusinessError(f"删除原因过长: 最多 {MAX_REASON} 个字符")
    return reason


async def delete_instance(db: AsyncSession, instance_id: int, reason: str | None) -> None:
    instance = await _get(db, FlowInstance, instance_id)
    if instance.status in (COMPLETED, DELETED):
        raise BusinessError("流程已结束")
    instance.status, instance.end_time = DELETED, now()
    instance.delete_reason = reason_of(reason, "删除流程实例")
    await db.execute(
        update(FlowTask)
        .where(FlowTask.instance_id == instance.id, FlowTask.status == OPEN)
        .values(status=CANCELLED, end_time=now())
        .execution_options(synchronize_session=False)
    )


async def delete_task(db: AsyncSession, task_id: int, reason: str | None) -> None:
    """An open task cannot leave its process stuck behind it: deleting it deletes its process instance (as 流程跟踪
    does) with the reason, which the task keeps as its comment. Flowable refuses to delete a process's task;
    docs/decisions.md has why PlantDesk ends the process instead."""
    task = await _get(db, FlowTask, task_id)
    if task.status != OPEN:
        raise BusinessError(TASK_DONE)
    reason = reason_of(reason, "删除任务")
    await delete_instance(db, task.instance_id, reason)
    task.status, task.end_time, task.comment = CANCELLED, now(), reason


async def fire_due_timers(db: AsyncSession, at: datetime | None = None) -> int:
    """The scheduler's job, in the session's tenant: run every due timer of running instances, and start each
    definition whose timer start is due. One that fails is logged and tried again at the next run; the others go
    on. Answers how many instances moved or started.

    Two runs at once (a worker's and one asked for by hand) must not both move an instance: the due rows are read
    under the write lock (SQLite; read before it, the later run's write failed on its stale snapshot) or locked
    (PostgreSQL, where the later run waits and then finds them no longer due)."""
    moment = at or datetime.now()  # not rounded to the second: a timer due within this second runs now
    await write_lock.take(db)
    due = (
        (
            await db.execute(
                select(FlowInstance)
                .where(
                    FlowInstance.status == RUNNING,
                    FlowInstance.next_timer.is_not(None),
                    FlowInstance.next_timer <= moment,
                )
                .limit(100)
                .with_for_update()
            )
        )
        .scalars()
        .all()
    )
    moved = 0
    for instance in due:
        async def step(instance: FlowInstance = instance) -> None:
            xml = await deployment_xml(db, instance.deployment_id)
            workflow = engine.restore(xml, instance.process_key, instance.state)
            workflow.fire_timers()
            await _record(db, instance, workflow, await _open_tasks(db, instance.id))

        moved += await _apart(db, step, instance.name)
    return moved + await start_scheduled(db, moment)


async def _apart(db: AsyncSession, step, name: str) -> int:
    """One scheduled step in a savepoint: a failure undoes that step only and is written to the system log."""
    try:
        async with db.begin_nested():
            await step()
        return 1
    except (BusinessError, engine.EngineError) as exc:
        message = exc.msg if isinstance(exc, BusinessError) else str(exc)
        system_log.record("warn", "flow", "timer", f"流程定时执行失败: {name}: {message}",
                          tenant_id=tenancy.bound_tenant(db))
        return 0


async def start_scheduled(db: AsyncSession, moment: datetime) -> int:
    """Start each active definition whose timer start is due, as its process administrator (the deployer). The
    next due time is set with a compare-and-set on the old one, so a start runs once even when two schedulers
    overlap (core.jobs runs the job once across workers; this guards a late duplicate)."""
    due = (await db.execute(select(FlowDefinition).where(
        FlowDefinition.next_start.is_not(None), FlowDefinition.next_start <= moment,
        FlowDefinition.suspension_state == ACTIVE).limit(20))).scalars().all()
    started = 0
    for definition in due:
        following = engine.next_run(definition.schedule or "", definition.deploy_time, moment)
        taken = await db.execute(
            update(FlowDefinition)
            .where(FlowDefinition.id == definition.id, FlowDefinition.next_start == definition.next_start)
            .values(next_start=following)
            .execution_options(synchronize_session=False))
        if taken.rowcount != 1:  # type: ignore[attr-defined]
            continue
        deployer = await _administrator(db, definition.deployment_id)
        if deployer is None:
            continue

        async def step(definition: FlowDefinition = definition, deployer: Identity = deployer) -> None:
            await start(db, deployer, definition.id, business_table=None, business_id=None, variables={})

        started += await _apart(db, step, definition.name)
    return started


async def _administrator(db: AsyncSession, deployment_id: int) -> Identity | None:
    """The process administrator (who deployed it) as the identity a scheduled or delivered start runs as."""
    user = await db.scalar(select(User).join(FlowDeployment, FlowDeployment.deploy_user == User.id)
                           .where(FlowDeployment.id == deployment_id))
    if user is None:
        return None
    return Identity(user_id=user.id, tenant_id=user.tenant_id, account=user.account, client_id="flow",
                    session_id=0, real_name=user.real_name or "")


MAX_DELIVERED = 200  # instances one message or signal reaches


async def deliver(db: AsyncSession, user: Identity, kind: str, name: str, *, correlation: dict, variables: dict,
                  business_key: str | None) -> dict:
    """A message or signal from outside: into every running instance of the tenant that waits for it and whose
    variables match `correlation` (and whose business key is `business_key`, when given), and it starts every
    active definition with that message or signal start (by the caller). Answers the instance ids reached."""
    if kind not in ("message", "signal"):
        raise BusinessError("事件类型只能是 message 或 signal")
    if not name.strip():
        raise BusinessError("请填写消息或信号名称")
    stmt = select(FlowInstance).where(FlowInstance.status == RUNNING,
                                      FlowInstance.waiting.like(f"%,{kind}:{name},%"))
    if business_key:
        table, _, key = business_key.rpartition(":")
        stmt = stmt.where(FlowInstance.business_id == key)
        if table:
            stmt = stmt.where(FlowInstance.business_table == table)
    delivered = []
    for instance in (await db.execute(stmt.order_by(FlowInstance.id).limit(MAX_DELIVERED))).scalars():
        xml = await deployment_xml(db, instance.deployment_id)
        workflow = engine.restore(xml, instance.process_key, instance.state)
        known = workflow.variables()
        if any(key not in known or known[key] != value for key, value in correlation.items()):
            continue
        open_rows = await _open_tasks(db, instance.id)
        try:
            if not workflow.deliver(kind, name, variables):
                continue
        except engine.EngineError as exc:
            raise BusinessError(str(exc)) from None
        await _record(db, instance, workflow, open_rows)
        delivered.append(instance.id)
    started = []
    for definition in (await db.execute(latest_definitions().where(
            FlowDefinition.trigger == f"{kind}:{name}", FlowDefinition.suspension_state == ACTIVE))).scalars():
        instance = await start(db, user, definition.id, business_table=None, business_id=business_key,
                               variables=variables, event=(kind, name))
        started.append(instance.id)
    return {"delivered": delivered, "started": started}


# --- reading --------------------------------------------------------------------------------------------------


def claimable(user: Identity):
    me = task_user(user.user_id)
    candidates = [FlowTask.candidate_users.like(f"%,{me},%")]
    candidates += [FlowTask.candidate_groups.like(f"%,{role},%") for role in user.role_names if "%" not in role]
    return (FlowTask.status == OPEN) & FlowTask.assignee.is_(None) & or_(*candidates)


async def names(db: AsyncSession, task_users: Iterable[str | None]) -> dict[str, str]:
    ids = {uid for uid in map(user_id_of, task_users) if uid}
    if not ids:
        return {}
    rows = await db.execute(select(User.id, User.real_name, User.account).where(User.id.in_(ids)))
    return {task_user(id_): real_name or account for id_, real_name, account in rows}


def _unwrap(values: str | None) -> list[str]:
    return [v for v in (values or "").split(",") if v]


async def candidate_names(db: AsyncSession, tasks: Iterable[FlowTask]) -> dict[int, list[str]]:
    """Who may claim each open, unclaimed task, by name: its candidate users, then its candidate roles (group
    = role alias; a group without a role keeps its alias)."""
    waiting = [t for t in tasks if t.status == OPEN and t.assignee is None]
    people = await names(db, [user for t in waiting for user in _unwrap(t.candidate_users)])
    groups = {group for t in waiting for group in _unwrap(t.candidate_groups)}
    roles: dict[str, str] = {}
    if groups:
        rows = await db.execute(select(Role.role_alias, Role.role_name).where(Role.role_alias.in_(groups)))
        roles = {alias: name for alias, name in rows}
    return {
        t.id: [people.get(u, u) for u in _unwrap(t.candidate_users)]
        + [roles.get(g, g) for g in _unwrap(t.candidate_groups)]
        for t in waiting
    }


# What a list row shows of its process instance: no engine state.
LISTED = (
    FlowInstance.id,
    FlowInstance.definition_id,
    FlowInstance.process_key,
    FlowInstance.name,
    FlowInstance.category,
    FlowInstance.business_table,
    FlowInstance.business_id,
    FlowInstance.start_user,
    FlowInstance.start_user_name,
    FlowInstance.start_time,
    FlowInstance.end_time,
    FlowInstance.status,
)


async def processes_of(db: AsyncSession, instance_ids: Iterable[int]) -> dict[int, Row]:
    """The listed fields of each instance with its definition's version and start form (`version`, `form_id`),
    in one query of plain rows."""
    ids = set(instance_ids)
    if not ids:
        return {}
    stmt = (
        select(*LISTED, FlowDefinition.version, FlowDefinition.form_id)
        .outerjoin(FlowDefinition, FlowDefinition.id == FlowInstance.definition_id)
        .where(FlowInstance.id.in_(ids))
    )
    return {row.id: row for row in await db.execute(stmt)}


async def latest_tasks(db: AsyncSession, instance_ids: Iterable[int]) -> dict[int, FlowTask]:
    ids = set(instance_ids)
    latest: dict[int, FlowTask] = {}
    if ids:
        for task in (
            await db.execute(
                select(FlowTask).where(FlowTask.instance_id.in_(ids)).order_by(FlowTask.create_time, FlowTask.id)
            )
        ).scalars():
            latest[task.instance_id] = task
    return latest


async def diagram(db: AsyncSession, instance: FlowInstance) -> tuple[str, list[str], list[str]]:
    xml = await deployment_xml(db, instance.deployment_id)
    if instance.status == DELETED:
        return xml.decode(), [], []
    workflow = engine.restore(xml, instance.process_key, instance.state)
    completed, active = workflow.element_ids()
    return xml.decode(), completed, active


# --- the views' lists and rows ----------------------------------------------------------------------------------

def _dated(stmt: Select, column, begin: str | None, end: str | None) -> Select:
    if begin:
        stmt = stmt.where(column >= query.parse_date(begin, "beginDate"))
    if end:  # a day alone ends with that day
        last = query.parse_date(end, "endDate")
        stmt = stmt.where(column < last + timedelta(days=1) if len(end.strip()) == 10 else column <= last)
    return stmt


async def model_page(db: AsyncSession, paging: PageParams, *, model_key: str, name: str) -> dict:
    stmt = (
        select(FlowModel)
        .options(defer(FlowModel.xml))
        .where(FlowModel.is_deleted == 0)
        .order_by(FlowModel.update_time.desc(), FlowModel.id.desc())
    )
    for column, value in ((FlowModel.model_key, model_key), (FlowModel.name, name)):
        clause = query.keyword(value, column)
        if clause is not None:
            stmt = stmt.where(clause)
    return await paginate(db, stmt, paging)


async def flow_model(db: AsyncSession, model_id: int) -> FlowModel:
    model = await db.get(FlowModel, model_id)
    if model is None or model.is_deleted:
        raise NotFoundError()
    return model


def model_detail(model: FlowModel) -> dict:
    return {**FlowModelRead.model_validate(model).model_dump(), "model_editor_xml": model.xml}


async def save_model(db: AsyncSession, body: FlowModelWrite) -> FlowModel:
    """Save a draft (bpmn-js XML as saved); a new model with no XML starts from an empty executable process."""
    clash = select(FlowModel.id).where(FlowModel.model_key == body.model_key, FlowModel.is_deleted == 0)
    if body.id:
        clash = clash.where(FlowModel.id != body.id)
    if await db.scalar(clash):
        raise BusinessError(f"模型标识已存在: {body.model_key}")
    model = await flow_model(db, body.id) if body.id else FlowModel()
    if body.id:
        model.version += 1
    model.model_key, model.name, model.description = body.model_key, body.name, body.description
    model.category, model.form_id = body.category, body.form_id
    model.xml = body.model_editor_xml or model.xml or blank_model(body.model_key, body.name)
    model.update_time = now()
    db.add(model)
    await db.flush()
    return model


def blank_model(key: str, name: str) -> str:
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


async def remove_models(db: AsyncSession, ids: list[int]) -> None:
    await mark_deleted(db, FlowModel, FlowModel.id.in_(ids))


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


async def definition_page(
    db: AsyncSession,
    paging: PageParams,
    category: str,
    active_only: bool,
    begin: str | None = None,
    end: str | None = None,
) -> dict:
    stmt = _dated(latest_definitions(category or None), FlowDefinition.deploy_time, begin, end)
    if active_only:
        stmt = stmt.where(FlowDefinition.suspension_state == ACTIVE)
    page = await paginate(db, stmt, paging)
    page["records"] = [_definition(row) for row in page["records"]]
    return page


async def definition_xml(db: AsyncSession, definition_id: int) -> bytes:
    definition = await _get(db, FlowDefinition, definition_id)
    return await deployment_xml(db, definition.deployment_id)


async def follow_page(db: AsyncSession, paging: PageParams, instance_id: int | None, process_key: str) -> dict:
    """Running (and suspended) instances, newest first."""
    stmt = (
        select(FlowInstance)
        .options(load_only(FlowInstance.id))
        .where(FlowInstance.status.in_((RUNNING, INSTANCE_SUSPENDED)))
    )
    if instance_id:
        stmt = stmt.where(FlowInstance.id == instance_id)
    if process_key:
        stmt = stmt.where(FlowInstance.process_key == process_key)
    page = await paginate(db, stmt.order_by(FlowInstance.start_time.desc(), FlowInstance.id.desc()), paging)
    page["records"] = await _instance_rows(db, [i.id for i in page["records"]])
    return page


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


async def work_page(db: AsyncSession, user: Identity, paging: PageParams, status: str, begin: str | None,
                    end: str | None) -> dict:
    """A task list of my work, newest first: `claim` (待签: unassigned open tasks the user is a candidate for),
    `todo` (待办: open tasks assigned to the user) or `done` (办结: tasks the user completed)."""
    me = task_user(user.user_id)
    column: Any  # the time the list is dated and ordered by
    if status == "claim":
        stmt, column = select(FlowTask).where(claimable(user)), FlowTask.create_time
    elif status == "todo":
        stmt, column = select(FlowTask).where(FlowTask.status == "open", FlowTask.assignee == me), FlowTask.create_time
    else:
        stmt, column = select(FlowTask).where(FlowTask.status == DONE, FlowTask.completed_by == me), FlowTask.end_time
    stmt = _dated(stmt, column, begin, end).order_by(column.desc(), FlowTask.id.desc())
    page = await paginate(db, stmt.options(TASK_LISTED), paging)
    page["records"] = await _task_rows(db, page["records"], status)
    return page


async def sent_page(db: AsyncSession, user: Identity, paging: PageParams, begin: str | None, end: str | None) -> dict:
    """已发: instances the user started, running or finished, with their latest task."""
    stmt = (
        select(FlowInstance)
        .options(load_only(FlowInstance.id))
        .where(FlowInstance.start_user == task_user(user.user_id), FlowInstance.status != DELETED)
    )
    stmt = _dated(stmt, FlowInstance.start_time, begin, end)
    page = await paginate(db, stmt.order_by(FlowInstance.start_time.desc(), FlowInstance.id.desc()), paging)
    page["records"] = await _instance_rows(db, [i.id for i in page["records"]], with_latest_task=True, status="send")
    return page


async def instance_of(db: AsyncSession, instance_id: int) -> FlowInstance:
    """An instance of the caller's tenant (the session is bound to it)."""
    return await _get(db, FlowInstance, instance_id)


async def task_form(db: AsyncSession, task_id: int) -> dict | None:
    """The form a task of the caller's tenant names (formKey: a form design's id or name) in its newest published
    version, for the handling dialog; None when it names none."""
    task = await _get(db, FlowTask, task_id)
    if not task.form_key:
        return None
    detail = await forms.published(db, task.form_key)
    return {"design_id": detail.design_id, "detail_id": detail.id, "name": detail.name, "version": detail.version,
            "content": detail.content}


async def history(db: AsyncSession, instance: FlowInstance) -> list[dict]:
    """The instance's steps: its start, each task (who, when, how long, the comment), and its end."""
    tasks = list(
        (
            await db.execute(
                select(FlowTask).where(FlowTask.instance_id == instance.id).order_by(FlowTask.create_time, FlowTask.id)
            )
        ).scalars()
    )
    people = await names(db, [instance.start_user, *(t.completed_by or t.assignee for t in tasks)])
    candidates = await candidate_names(db, tasks)
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
    return rows


async def _task_rows(db: AsyncSession, tasks: list[FlowTask], status: str) -> list[dict]:
    processes = await processes_of(db, (t.instance_id for t in tasks))
    people = await names(db, [*(t.assignee for t in tasks), *(p.start_user for p in processes.values())])
    rows = []
    for task in tasks:
        process = processes.get(task.instance_id)
        if process is None:
            continue
        rows.append(
            {
                **process_fields(process, people),
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


def process_fields(process: Row, people: dict[str, str]) -> dict:
    """A row's process part, from `processes_of`."""
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
    processes = await processes_of(db, instance_ids)
    people = await names(db, (p.start_user for p in processes.values()))
    latest = await latest_tasks(db, instance_ids) if with_latest_task else {}
    rows = []
    for instance_id in instance_ids:
        process = processes.get(instance_id)
        if process is None:
            continue
        row = {**process_fields(process, people), "status": status, "end_time": process.end_time}
        task = latest.get(instance_id)
        if task is not None:
            row.update(task_id=task.id, task_name=task.name, task_definition_key=task.task_key)
        rows.append(row)
    return rows


# --- the leave process ------------------------------------------------------------------------------------------

async def start_leave(db: AsyncSession, user: Identity, body: LeaveWrite) -> FlowLeave:
    """Save the leave row, start the leave process with business key `wf_leave:<id>`, write the instance back."""
    if body.end_time < body.start_time:
        raise BusinessError("结束时间不能早于开始时间")
    definition_id = await _leave_definition(db, body.process_definition_id)
    row = FlowLeave(process_definition_id=definition_id, leave_type=body.leave_type, start_time=body.start_time,
                    end_time=body.end_time, days=body.days, reason=body.reason, task_user=task_user(user.user_id),
                    apply_time=now())
    db.add(row)
    await db.flush()
    instance = await start(db, user, definition_id, business_table=LEAVE_TABLE, business_id=str(row.id),
                           variables={"days": body.days, "leaveType": body.leave_type})
    row.process_instance_id = instance.id
    await db.flush()
    return row


async def leave(db: AsyncSession, leave_id: int) -> FlowLeave:
    row = await db.get(FlowLeave, leave_id)
    if row is None or row.is_deleted:
        raise NotFoundError()
    return row


async def leaves(db: AsyncSession, user: Identity, paging: PageParams) -> dict:
    """The caller's own applications, newest first."""
    stmt = select(FlowLeave).where(FlowLeave.task_user == task_user(user.user_id), FlowLeave.is_deleted == 0)
    return await paginate(db, stmt.order_by(FlowLeave.apply_time.desc(), FlowLeave.id.desc()), paging)


async def _leave_definition(db: AsyncSession, definition_id: int | None) -> int:
    """The chosen definition, else the newest version of the leave process."""
    if definition_id:
        return definition_id
    newest = await db.scalar(select(FlowDefinition.id).where(FlowDefinition.process_key == LEAVE_KEY)
                             .order_by(FlowDefinition.version.desc()).limit(1))
    if newest is None:
        raise BusinessError("请假流程未部署")
    return newest
