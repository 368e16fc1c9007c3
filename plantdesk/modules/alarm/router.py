"""/api/alarm: levels, groups, time cycles, global settings (status), e-mail parameters, notification templates and
their model fields, events (rules on data points), results with confirmation and export, the audit trail, the
overview counts and the unusual jobs.

Every route acts in the caller's tenant (or, for the platform administrator, the one named by `tenantId`).
The event detail (`event/alarmRecord`) and the confirmation (`result/alarmAffirm`) are open to a group's
authorised users, who reach them from the bell without the alarm menus.
"""

from typing import Annotated

from fastapi import APIRouter, Body, Query, Request
from sqlalchemy import select

from plantdesk.core import excel, query
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise, mark_deleted, request_ids
from plantdesk.core.deps import TOKEN_IN_LINK, CurrentUser, IdQuery, Rt, TenantDb, authorize, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BadRequest, Forbidden, NotFoundError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, Paging, paginate
from plantdesk.core.routing import include
from plantdesk.modules.alarm import engine, service, templates, unusual
from plantdesk.modules.alarm.models import (
    AlarmGroup,
    AlarmJobUnusual,
    AlarmLevel,
    AlarmRecord,
    AlarmRule,
    AlarmTemplate,
    AlarmTimeCycle,
)
from plantdesk.modules.alarm.schemas import (
    AffirmForm,
    AlarmDetail,
    AuthUser,
    EventRead,
    EventWrite,
    GroupRead,
    GroupWrite,
    LevelRead,
    LevelWrite,
    MailParamsRead,
    MailParamsWrite,
    ModelFieldRead,
    OpenAlarm,
    Overview,
    RenderedText,
    ResultRead,
    SettingRead,
    SettingWrite,
    TemplatePreview,
    TemplateRead,
    TemplateWrite,
    TenantInitRead,
    TimeCycleRead,
    TimeCycleWrite,
    TrailRead,
    UnusualRead,
)
from plantdesk.modules.alarm.tracking import router as tracking
from plantdesk.modules.system.models import User
from plantdesk.modules.system.trees import forest

PREFIX = "/alarm"
READ_CODES = ("setting", "setting_edit", "alarm_overview", "alarm_overview_view", "config", "config_view",
              "database", "database_view", "audit", "audit_view")
Read = need(*READ_CODES)
SettingEdit = need("setting_edit")
EventView = need("config", "config_view", "alarm_overview", "alarm_overview_view", "database", "database_view")
EventAdd, EventEdit, EventDelete = need("config_add"), need("config_edit"), need("config_delete")
ResultView = need("alarm_overview", "alarm_overview_view", "database", "database_view")
ResultExport = need("alarm_overview_export", "database_export")
TrailView = need("audit", "audit_view")
CONFIRM_CODES = ("alarm_overview_confirm",)
OptionalBatch = Annotated[int | None, Query(ge=1, lt=2**31)]


# --- levels ---------------------------------------------------------------------------------------------------

levels = APIRouter(prefix=f"{PREFIX}/level", tags=["alarm-level"])


@levels.get("/page", response_model=R[Page[LevelRead]])
async def level_page(db: TenantDb, paging: Paging, user: Identity = Read):
    return ok(await paginate(db, select(AlarmLevel).order_by(AlarmLevel.level, AlarmLevel.id), paging))


@levels.get("/list", response_model=R[Page[LevelRead]])
async def level_list(db: TenantDb, paging: Paging, user: Identity = Read):
    """The spec reads it as page 1, size 100."""
    return ok(await paginate(db, select(AlarmLevel).order_by(AlarmLevel.level, AlarmLevel.id), paging))


@levels.post("/saveAndUpdate", response_model=R[LevelRead])
async def level_save(db: TenantDb, body: Annotated[LevelWrite, Body()], user: Identity = SettingEdit):
    row = AlarmLevel() if body.id is None else await get_or_raise(db, AlarmLevel, body.id)
    service.assign(row, body)
    if not (row.name or "").strip() or row.level is None:
        raise BadRequest("请输入级别和名称")
    if body.id is None:
        db.add(row)
    await db.flush()
    engine.invalidate()
    return ok(row)


@levels.post("/remove", response_model=R[bool])
async def level_remove(request: Request, db: TenantDb, user: Identity = SettingEdit):
    ids = await request_ids(request)
    if await service.in_use(db, "level_id", ids):
        raise BadRequest("该级别正被告警事件使用")
    await mark_deleted(db, AlarmLevel, AlarmLevel.id.in_(ids))
    engine.invalidate()
    return ok(True)


# --- groups ---------------------------------------------------------------------------------------------------

groups = APIRouter(prefix=f"{PREFIX}/group", tags=["alarm-group"])


async def _group_reads(db, rows) -> list[dict]:
    ids = {i for g in rows for i in engine.split_ids(g.user_ids)}
    names = dict((await db.execute(select(User.id, User.real_name).where(User.id.in_(ids)))).all()) if ids else {}
    return [{"id": g.id, "parent_id": g.parent_id, "name": g.name, "user_ids": g.user_ids, "notify_on": g.notify_on,
             "email": g.email, "escalate_seconds": g.escalate_seconds or 0, "escalate_user_ids": g.escalate_user_ids,
             "escalate_steps": g.escalate_steps or 1, "sort": g.sort, "remark": g.remark,
             "user_names": ",".join(names.get(i) or str(i) for i in engine.split_ids(g.user_ids))} for g in rows]


async def _groups(db) -> list[AlarmGroup]:
    return list((await db.execute(select(AlarmGroup).order_by(AlarmGroup.sort, AlarmGroup.id))).scalars())


@groups.get("/page", response_model=R[Page[GroupRead]])
async def group_page(db: TenantDb, paging: Paging, name: Annotated[str, Query(max_length=100)] = "",
                     user: Identity = Read):
    stmt = select(AlarmGroup).order_by(AlarmGroup.sort, AlarmGroup.id)
    clause = query.keyword(name, AlarmGroup.name)
    page = await paginate(db, stmt if clause is None else stmt.where(clause), paging)
    page["records"] = await _group_reads(db, page["records"])
    return ok(page)


@groups.get("/list", response_model=R[list[GroupRead]])
async def group_list(db: TenantDb, user: Identity = Read):
    return ok(await _group_reads(db, await _groups(db)))


@groups.get("/tree", response_model=R[list[GroupRead]])
async def group_tree(db: TenantDb, user: Identity = Read):
    return ok(forest(await _group_reads(db, await _groups(db))))


@groups.get("/detail", response_model=R[GroupRead])
async def group_detail(db: TenantDb, id: IdQuery, user: Identity = Read):
    return ok((await _group_reads(db, [await get_or_raise(db, AlarmGroup, id)]))[0])


@groups.post("/saveAndUpdate", response_model=R[GroupRead])
async def group_save(db: TenantDb, body: Annotated[GroupWrite, Body()], user: Identity = SettingEdit):
    row = AlarmGroup() if body.id is None else await get_or_raise(db, AlarmGroup, body.id)
    service.assign(row, body)
    if not (row.name or "").strip():
        raise BadRequest("请输入分组名称")
    wanted = engine.split_ids(row.user_ids) + engine.split_ids(row.escalate_user_ids)
    if wanted:
        known = set((await db.execute(select(User.id).where(User.id.in_(wanted)))).scalars())
        if known != set(wanted):
            raise BadRequest("用户不存在")
    row.parent_id = row.parent_id or 0
    row.notify_on = row.notify_on if row.notify_on is not None else "raise,clear"
    if body.id is None:
        db.add(row)
    await db.flush()
    engine.invalidate()
    return ok((await _group_reads(db, [row]))[0])


@groups.post("/removeByIds", response_model=R[bool])
async def group_remove(request: Request, db: TenantDb, user: Identity = SettingEdit):
    ids = await request_ids(request)
    if await service.in_use(db, "group_id", ids):
        raise BadRequest("该分组正被告警事件使用")
    await mark_deleted(db, AlarmGroup, AlarmGroup.id.in_(ids))
    engine.invalidate()
    return ok(True)


@groups.get("/authUser", response_model=R[list[AuthUser]])
async def group_auth_user(db: TenantDb, user: Identity = Read):
    """The tenant's active users, to authorise in a group."""
    rows = (await db.execute(select(User).where(User.status == 1).order_by(User.account).limit(1000))).scalars()
    return ok(list(rows))


# --- time cycles and global settings ------------------------------------------------------------------------

cycles = APIRouter(prefix=f"{PREFIX}/timecycle", tags=["alarm-timecycle"])


@cycles.get("/list", response_model=R[list[TimeCycleRead]])
async def cycle_list(db: TenantDb, user: Identity = Read):
    return ok(list((await db.execute(select(AlarmTimeCycle).order_by(AlarmTimeCycle.id))).scalars()))


@cycles.post("/update", response_model=R[TimeCycleRead])
async def cycle_update(db: TenantDb, body: Annotated[TimeCycleWrite, Body()], user: Identity = SettingEdit):
    """Insert (no id) or update a time cycle."""
    row = AlarmTimeCycle() if body.id is None else await get_or_raise(db, AlarmTimeCycle, body.id)
    service.assign(row, body)
    if not (row.name or "").strip():
        raise BadRequest("请输入时间周期名称")
    if body.id is None:
        db.add(row)
    await db.flush()
    await db.refresh(row)
    engine.invalidate()
    return ok(row)


status = APIRouter(prefix=f"{PREFIX}/status", tags=["alarm-status"])


@status.get("/selectAll", response_model=R[SettingRead])
async def setting_read(db: TenantDb, user: Identity = Read):
    """The tenant's global alarm settings."""
    return ok(await service.setting(db))


@status.post("/update", response_model=R[SettingRead])
async def setting_update(db: TenantDb, body: Annotated[SettingWrite, Body()], user: Identity = SettingEdit):
    return ok(await service.save_setting(db, body))


# --- a tenant's alarm area: ready or not, and its defaults ---------------------------------------------------

tenant_init = APIRouter(prefix=f"{PREFIX}/tenantInit", tags=["alarm-tenantInit"])


@tenant_init.get("/apikey/check", response_model=R[TenantInitRead])
async def tenant_init_check(db: TenantDb, user: Identity = Read):
    """Whether the caller's tenant can rate and time alarms (levels and a time cycle exist). PlantDesk's alarms
    run in the platform itself, so there is no separate service key to check: readiness is what is left."""
    return ok(await service.tenant_init(db))


@tenant_init.post("/submit", response_model=R[TenantInitRead])
async def tenant_init_submit(db: TenantDb, user: Identity = SettingEdit):
    """The default levels (超紧急 … 提醒) and a 全天 time cycle for a tenant that has none; idempotent."""
    return ok(await service.initialize_tenant(db))


mail_params = APIRouter(prefix=f"{PREFIX}/notifyparamemail", tags=["alarm-notifyparamemail"])


@mail_params.get("/detail", response_model=R[MailParamsRead])
async def mail_params_detail(db: TenantDb, user: Identity = SettingEdit):
    """The tenant's SMTP parameters (without the password)."""
    return ok(service.mail_params(await service.setting(db)))


@mail_params.post("/submit", response_model=R[MailParamsRead])
async def mail_params_submit(db: TenantDb, rt: Rt, body: Annotated[MailParamsWrite, Body()],
                             user: Identity = SettingEdit):
    """Save the SMTP parameters groups with e-mail deliver through; an empty password keeps the stored one."""
    return ok(service.mail_params(await service.save_mail_params(db, rt.settings.outbound_policy, body)))


# --- notification templates and their model fields --------------------------------------------------------

notify_templates = APIRouter(prefix=f"{PREFIX}/notifytemplate", tags=["alarm-notifytemplate"])


@notify_templates.get("/list", response_model=R[list[TemplateRead]])
async def template_list(db: TenantDb, user: Identity = Read):
    """The tenant's templates, by channel then action."""
    return ok(list((await db.execute(select(AlarmTemplate).order_by(
        AlarmTemplate.channel, AlarmTemplate.action, AlarmTemplate.id))).scalars()))


@notify_templates.get("/detail", response_model=R[TemplateRead])
async def template_detail(db: TenantDb, id: IdQuery, user: Identity = Read):
    return ok(await get_or_raise(db, AlarmTemplate, id))


@notify_templates.post("/submit", response_model=R[TemplateRead])
async def template_submit(db: TenantDb, body: Annotated[TemplateWrite, Body()], user: Identity = SettingEdit):
    """Insert (no id) or update a template; one per (channel, action), and every placeholder a model field."""
    return ok(await service.save_template(db, body))


@notify_templates.post("/remove", response_model=R[bool])
async def template_remove(request: Request, db: TenantDb, user: Identity = SettingEdit):
    """Remove templates (`ids`): their channel and action go back to the built-in text."""
    await mark_deleted(db, AlarmTemplate, AlarmTemplate.id.in_(await request_ids(request)))
    engine.invalidate()
    return ok(True)


@notify_templates.post("/preview", response_model=R[RenderedText])
async def template_preview(body: Annotated[TemplatePreview, Body()], user: Identity = Read):
    """A title and content rendered with the model fields' examples."""
    examples = {f.key: f.example for f in templates.MODEL_FIELDS}
    return ok({"title": templates.render(body.title or "", examples),
               "content": templates.render(body.content or "", examples)})


model_fields = APIRouter(prefix=f"{PREFIX}/notifymodelfield", tags=["alarm-notifymodelfield"])


@model_fields.get("/list", response_model=R[list[ModelFieldRead]])
async def model_field_list(user: Identity = Read):
    """The fields a template may name as `{key}`."""
    return ok(list(templates.MODEL_FIELDS))


# --- unusual jobs ---------------------------------------------------------------------------------------------

unusual_jobs = APIRouter(prefix=f"{PREFIX}/jobunusua", tags=["alarm-jobunusua"])
UNUSUAL = Listing(AlarmJobUnusual, exact={"job": AlarmJobUnusual.job, "retried": AlarmJobUnusual.retried},
                  ranges={"createTime": AlarmJobUnusual.create_time},
                  order=(AlarmJobUnusual.create_time.desc(), AlarmJobUnusual.id.desc()))


@unusual_jobs.get("/page", response_model=R[Page[UnusualRead]])
async def unusual_page(request: Request, db: TenantDb, paging: Paging, user: Identity = Read):
    """Failed e-mails and sweeps, newest first. Filters: job (alarm.mail, alarm.sweep), retried (0, 1),
    createTime_datege / createTime_datele."""
    return ok(await UNUSUAL.page(db, UNUSUAL.select(request.query_params), paging))


@unusual_jobs.post("/retry", response_model=R[int])
async def unusual_retry(request: Request, db: TenantDb, rt: Rt, user: Identity = SettingEdit):
    """Send the chosen jobs (`ids`) round again; answers how many."""
    ids = await request_ids(request)
    rows = (await db.execute(select(AlarmJobUnusual).where(AlarmJobUnusual.id.in_(ids)))).scalars().all()
    if len(rows) != len(set(ids)):
        raise NotFoundError("任务不存在")
    assert rt.jobs is not None
    for row in rows:
        await unusual.retry(db, rt.jobs, row)
    return ok(len(rows), "重试已提交")


# --- events ---------------------------------------------------------------------------------------------------

events = APIRouter(prefix=f"{PREFIX}/event", tags=["alarm-event"])


@events.get("/page", response_model=R[Page[EventRead]])
async def event_page(request: Request, db: TenantDb, paging: Paging, user: Identity = EventView):
    """Filters: name (contains), deviceId, pointId, levelId, groupId, kind."""
    page = await service.EVENTS.page(db, service.EVENTS.select(request.query_params), paging)
    page["records"] = await service.event_reads(db, page["records"])
    return ok(page)


@events.post("/add", response_model=R[EventRead])
async def event_add(db: TenantDb, body: Annotated[EventWrite, Body()], user: Identity = EventAdd):
    body.id = None
    return ok((await service.event_reads(db, [await service.save_event(db, body)]))[0])


@events.post("/rework", response_model=R[EventRead])
async def event_rework(db: TenantDb, body: Annotated[EventWrite, Body()], user: Identity = EventEdit):
    if body.id is None:
        raise BadRequest("缺少必要的请求参数: id")
    return ok((await service.event_reads(db, [await service.save_event(db, body)]))[0])


@events.post("/delete", response_model=R[bool])
async def event_delete(request: Request, db: TenantDb, user: Identity = EventDelete):
    await service.remove_events(db, await request_ids(request))
    return ok(True)


@events.get("/selectById", response_model=R[EventRead])
async def event_by_id(db: TenantDb, id: IdQuery, user: Identity = EventView):
    return ok((await service.event_reads(db, [await get_or_raise(db, AlarmRule, id)]))[0])


@events.get("/selectAllById", response_model=R[list[ResultRead]])
async def event_results(db: TenantDb, id: IdQuery, user: Identity = EventView):
    """Every result of one event, newest batch first (at most 1,000)."""
    records = (await db.execute(select(AlarmRecord).where(AlarmRecord.rule_id == id)
                                .order_by(AlarmRecord.batch.desc()).limit(1000))).scalars().all()
    return ok(await service.result_reads(db, records))


@events.get("/alarmRecord", response_model=R[AlarmDetail])
async def event_alarm_record(db: TenantDb, user: CurrentUser, event_id: Annotated[int, Query(alias="eventId", ge=1,
                                                                                           lt=2**63)],
                             batch: OptionalBatch = None):
    """The event result and alarm record of (eventId, batch): what the bell's detail dialog shows."""
    return ok(await service.alarm_record(db, event_id, batch))


# --- results --------------------------------------------------------------------------------------------------

results = APIRouter(prefix=f"{PREFIX}/result", tags=["alarm-result"])


@results.get("/page", response_model=R[Page[ResultRead]])
async def result_page(request: Request, db: TenantDb, paging: Paging, user: Identity = ResultView):
    """Filters: eventId, batch, deviceId, levelId, removeStatus (1 已解除, 0 未解除), affirmStatus (1 已确认,
    0 未确认), firstTime_datege / firstTime_datele. Newest first."""
    page = await service.RESULTS.page(db, service.results_statement(request.query_params), paging)
    page["records"] = await service.result_reads(db, page["records"])
    return ok(page)


@results.post("/alarmAffirm", response_model=R[int])
async def result_affirm(request: Request, db: TenantDb, rt: Rt, user: CurrentUser,
                        body: Annotated[AffirmForm, Body()]):
    """Confirm the results in `dataList` with the confirmation form; answers how many were confirmed."""
    await _may_confirm(request, db, rt, user, body.data_list)
    count = await service.affirm(db, rt.cache, user, user_name=body.user_name, password=body.password,
                                 reason=body.affirm_reason, ids=body.data_list)
    return ok(count, service.CONFIRMED)


async def _may_confirm(request: Request, db, rt, user: Identity, ids: list[int]) -> None:
    """The confirm button's code, or else being an authorised user of every chosen result's group."""
    try:
        await authorize(request, user, CONFIRM_CODES, db=db, cache=rt.cache)
        return
    except Forbidden:
        pass
    rule_ids = set((await db.execute(select(AlarmRecord.rule_id).where(AlarmRecord.id.in_(ids)))).scalars())
    rules, _ = await service.rules_of(db, rule_ids)  # data-point events and third-party metrics
    group_ids = {rule.group_id for rule in rules.values() if rule.group_id}
    users = dict((await db.execute(select(AlarmGroup.id, AlarmGroup.user_ids)
                                   .where(AlarmGroup.id.in_(group_ids)))).all()) if group_ids else {}
    if not rule_ids or any(i not in rules or user.user_id not in engine.split_ids(users.get(rules[i].group_id))
                           for i in rule_ids):
        raise Forbidden("无权限访问")


@results.get("/exportReport", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def result_export(db: TenantDb, id: IdQuery, batch: OptionalBatch = None, user: Identity = ResultExport):
    """The results of event `id` (or its one `batch`) as `<event name>结果.xlsx`."""
    name, rows = await service.export_rows(db, id, batch)
    return excel.download(excel.workbook_bytes(service.EXPORT_COLS, rows, sheet="results"), name)


@results.get("/open", response_model=R[list[OpenAlarm]])
async def result_open(db: TenantDb, device_id: Annotated[int | None, Query(alias="deviceId", ge=1, lt=2**63)] = None,
                      user: Identity = ResultView):
    """Alarms not cleared yet, most urgent first (optionally of one device)."""
    return ok(await service.open_alarms(db, device_id))


@results.get("/overview", response_model=R[Overview])
async def result_overview(db: TenantDb, user: Identity = ResultView):
    """Counts by level and status, and the ten newest results."""
    return ok(await service.overview(db))


# --- audit trail ----------------------------------------------------------------------------------------------

trail = APIRouter(prefix=f"{PREFIX}/trail", tags=["alarm-trail"])


@trail.get("/page", response_model=R[Page[TrailRead]])
async def trail_page(request: Request, db: TenantDb, paging: Paging, user: Identity = TrailView):
    """Every transition, newest first. Filters: eventId, batch, recordId, action, person,
    createTime_datege / createTime_datele."""
    page = await service.TRAIL.page(db, service.TRAIL.select(request.query_params), paging)
    page["records"] = await service.trail_reads(db, page["records"])
    return ok(page)


router = APIRouter()
include(router, levels, groups, cycles, status, tenant_init, mail_params, notify_templates, model_fields, events,
        results, trail, unusual_jobs, tracking.router)
