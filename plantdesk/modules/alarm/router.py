"""/api/alarm: levels, groups, time cycles, global settings (status), e-mail parameters, notification templates and
their model fields, events (rules on data points), results with confirmation and export, the audit trail, the
overview counts and trend, the unusual jobs, and each user's own setting (sound and flash for urgent alarms).

Every route acts in the caller's tenant (or, for the platform administrator, the one named by `tenantId`).
The event detail (`event/alarmRecord`) and the confirmation (`result/alarmAffirm`) are open to a group's
authorised users, who reach them from the bell without the alarm menus; `userSetting` to every user, for their own
row only. The verbs come from core.crud; the
rules behind them, and every query, from the service.
"""

from typing import Annotated

from fastapi import APIRouter, Body, Query, Request

from plantdesk.core import excel
from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, add_verbs, crud_router, request_ids
from plantdesk.core.deps import TOKEN_IN_LINK, CurrentUser, IdQuery, Rt, TenantDb, authorize, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BadRequest, Forbidden
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.alarm import service, templates
from plantdesk.modules.alarm.models import AlarmGroup, AlarmLevel, AlarmRule, AlarmTemplate
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
    Trend,
    UnusualRead,
    UserSettingRead,
    UserSettingWrite,
)
from plantdesk.modules.alarm.tracking import router as tracking
from plantdesk.modules.system.trees import forest

PREFIX = "/alarm"
READ_CODES = ("setting", "setting_edit", "alarm_overview", "alarm_overview_view", "config", "config_view",
              "database", "database_view", "audit", "audit_view")
# The alarm settings screen (menu `setting`) shows levels, groups, cycles and templates to every alarm screen
# and changes them with its one edit button.
SETTINGS = {"view": READ_CODES, "add": ("setting_edit",), "edit": ("setting_edit",), "delete": ("setting_edit",)}
Read = need(*READ_CODES)
SettingEdit = need("setting_edit")
ResultView = need("alarm_overview", "alarm_overview_view", "database", "database_view")
ResultExport = need("alarm_overview_export", "database_export")
TrailView = need("audit", "audit_view")
CONFIRM_CODES = ("alarm_overview_confirm",)
OptionalBatch = Annotated[int | None, Query(ge=1, lt=2**31)]


# --- levels ---------------------------------------------------------------------------------------------------

LEVEL = Resource(name="setting", model=AlarmLevel, read=LevelRead, write=LevelWrite, action_codes=SETTINGS,
                 order=(AlarmLevel.level, AlarmLevel.id), save=service.save_level, remove=service.remove_levels)
levels = crud_router(LEVEL, f"{PREFIX}/level", tags=["alarm-level"], ops=("page", "list", "saveAndUpdate", "remove"),
                     names={"page": "level_page", "list": "level_list", "saveAndUpdate": "level_save",
                            "remove": "level_remove"},
                     docs={"list": "The spec reads it as page 1, size 100."})


# --- groups ---------------------------------------------------------------------------------------------------

GROUP = Resource(name="setting", model=AlarmGroup, read=GroupRead, write=GroupWrite, action_codes=SETTINGS,
                 save=service.save_group, remove=service.remove_groups,
                 reads=lambda db, rows, _cache: service.group_reads(db, rows))
groups = APIRouter(prefix=f"{PREFIX}/group", tags=["alarm-group"])


@groups.get("/page", response_model=R[Page[GroupRead]])
async def group_page(db: TenantDb, paging: Paging, name: Annotated[str, Query(max_length=100)] = "",
                     user: Identity = Read):
    return ok(await service.group_page(db, name, paging))


@groups.get("/list", response_model=R[list[GroupRead]])
async def group_list(db: TenantDb, user: Identity = Read):
    return ok(await service.all_groups(db))


@groups.get("/tree", response_model=R[list[GroupRead]])
async def group_tree(db: TenantDb, user: Identity = Read):
    return ok(forest(await service.all_groups(db)))


add_verbs(groups, GROUP, ("detail", "saveAndUpdate", "removeByIds"),
          names={"detail": "group_detail", "saveAndUpdate": "group_save", "removeByIds": "group_remove"})


@groups.get("/authUser", response_model=R[list[AuthUser]])
async def group_auth_user(db: TenantDb, user: Identity = Read):
    """The tenant's active users, to authorise in a group."""
    return ok(await service.active_users(db))


# --- time cycles and global settings ------------------------------------------------------------------------

cycles = APIRouter(prefix=f"{PREFIX}/timecycle", tags=["alarm-timecycle"])


@cycles.get("/list", response_model=R[list[TimeCycleRead]])
async def cycle_list(db: TenantDb, user: Identity = Read):
    return ok(await service.time_cycles(db))


@cycles.post("/update", response_model=R[TimeCycleRead])
async def cycle_update(db: TenantDb, body: Annotated[TimeCycleWrite, Body()], user: Identity = SettingEdit):
    """Insert (no id) or update a time cycle."""
    return ok(await service.save_time_cycle(db, body))


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

TEMPLATE = Resource(name="setting", model=AlarmTemplate, read=TemplateRead, write=TemplateWrite,
                    action_codes=SETTINGS, save=service.save_template, remove=service.remove_templates)
notify_templates = APIRouter(prefix=f"{PREFIX}/notifytemplate", tags=["alarm-notifytemplate"])


@notify_templates.get("/list", response_model=R[list[TemplateRead]])
async def template_list(db: TenantDb, user: Identity = Read):
    """The tenant's templates, by channel then action."""
    return ok(await service.notify_templates(db))


add_verbs(notify_templates, TEMPLATE, ("detail", "submit", "remove"),
          names={"detail": "template_detail", "submit": "template_submit", "remove": "template_remove"},
          docs={"submit": "Insert (no id) or update a template; one per (channel, action), and every placeholder a "
                          "model field.",
                "remove": "Remove templates (`ids`): their channel and action go back to the built-in text."})


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


@unusual_jobs.get("/page", response_model=R[Page[UnusualRead]])
async def unusual_page(request: Request, db: TenantDb, paging: Paging, user: Identity = Read):
    """Failed e-mails and sweeps, newest first. Filters: job (alarm.mail, alarm.sweep), retried (0, 1),
    createTime_datege / createTime_datele."""
    return ok(await service.unusual_page(db, request.query_params, paging))


@unusual_jobs.post("/retry", response_model=R[int])
async def unusual_retry(request: Request, db: TenantDb, rt: Rt, user: Identity = SettingEdit):
    """Send the chosen jobs (`ids`) round again; answers how many."""
    return ok(await service.retry_unusual(db, rt.jobs, await request_ids(request)), "重试已提交")


# --- events ---------------------------------------------------------------------------------------------------

EVENT = Resource(
    name="config", model=AlarmRule, read=EventRead, write=EventWrite,
    view_codes=("alarm_overview", "alarm_overview_view", "database", "database_view"),
    filters={"name": AlarmRule.name},
    exact={"deviceId": AlarmRule.device_id, "pointId": AlarmRule.point_id, "levelId": AlarmRule.level_id,
           "groupId": AlarmRule.group_id, "kind": AlarmRule.kind},
    order=(AlarmRule.create_time.desc(), AlarmRule.id.desc()), remove=service.remove_events,
    reads=lambda db, rows, _cache: service.event_reads(db, rows))
events = crud_router(EVENT, f"{PREFIX}/event", tags=["alarm-event"], ops=("page",), names={"page": "event_page"},
                     docs={"page": "Filters: name (contains), deviceId, pointId, levelId, groupId, kind."})
EventView = need(*EVENT.codes("view"))


@events.post("/add", response_model=R[EventRead])
async def event_add(db: TenantDb, body: Annotated[EventWrite, Body()], user: Identity = need(*EVENT.codes("add"))):
    body.id = None
    return ok((await service.event_reads(db, [await service.save_event(db, body)]))[0])


@events.post("/rework", response_model=R[EventRead])
async def event_rework(db: TenantDb, body: Annotated[EventWrite, Body()],
                       user: Identity = need(*EVENT.codes("edit"))):
    if body.id is None:
        raise BadRequest("缺少必要的请求参数: id")
    return ok((await service.event_reads(db, [await service.save_event(db, body)]))[0])


add_verbs(events, EVENT, ("delete", "selectById"), names={"delete": "event_delete", "selectById": "event_by_id"})


@events.get("/selectAllById", response_model=R[list[ResultRead]])
async def event_results(db: TenantDb, id: IdQuery, user: Identity = EventView):
    """Every result of one event, newest batch first (at most 1,000)."""
    return ok(await service.event_results(db, id))


@events.get("/alarmRecord", response_model=R[AlarmDetail])
async def event_alarm_record(db: TenantDb, user: CurrentUser, event_id: Annotated[int, Query(alias="eventId", ge=1,
                                                                                           lt=2**63)],
                             batch: OptionalBatch = None):
    """The event result and alarm record of (eventId, batch): what the bell's detail dialog shows."""
    return ok(await service.alarm_record(db, event_id, batch))


# --- results --------------------------------------------------------------------------------------------------

results = APIRouter(prefix=f"{PREFIX}/result", tags=["alarm-result"])


@results.get("/page", response_model=R[Page[ResultRead]])
async def result_page(request: Request, db: TenantDb, rt: Rt, paging: Paging, user: Identity = ResultView):
    """Filters: eventId, batch, deviceId, levelId, removeStatus (1 已解除, 0 未解除), affirmStatus (1 已确认,
    0 未确认), firstTime_datege / firstTime_datele. Newest first; within the caller's data scope (`database`)."""
    return ok(await service.result_page(db, rt.cache, user, request.query_params, paging))


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
    if not await service.authorised_for_all(db, user, ids):
        raise Forbidden("无权限访问")


@results.get("/exportReport", response_model=None, responses=excel.XLSX_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def result_export(db: TenantDb, id: IdQuery, batch: OptionalBatch = None, user: Identity = ResultExport):
    """The results of event `id` (or its one `batch`) as `<event name>结果.xlsx`."""
    name, rows = await service.export_rows(db, id, batch)
    return excel.download(excel.workbook_bytes(service.EXPORT_COLS, rows, sheet="results"), name)


@results.get("/open", response_model=R[list[OpenAlarm]])
async def result_open(db: TenantDb, rt: Rt,
                      device_id: Annotated[int | None, Query(alias="deviceId", ge=1, lt=2**63)] = None,
                      user: Identity = ResultView):
    """Alarms not cleared yet, most urgent first (optionally of one device), within the caller's data scope."""
    scope = await service.RESULTS.scope_clause(db=db, user=user, cache=rt.cache)
    return ok(await service.open_alarms(db, device_id, scope=scope))


@results.get("/overview", response_model=R[Overview])
async def result_overview(request: Request, db: TenantDb, rt: Rt, user: Identity = ResultView):
    """Counts by level and status, and the ten newest results. Filters: levelId, groupId, deviceId, state
    (open, unaffirmed, active_unack, active_ack, cleared_unack, cleared_ack); within the caller's data scope."""
    return ok(await service.overview(db, await service.Filters.scoped(db, rt.cache, user, request.query_params)))


@results.get("/trend", response_model=R[Trend])
async def result_trend(request: Request, db: TenantDb, rt: Rt,
                       unit: Annotated[str, Query(pattern=r"^(hour|day)$")] = "hour", user: Identity = ResultView):
    """Alarms raised and cleared per hour (the last 24) or day (the last 30). Filters as the overview's."""
    return ok(await service.trend(db, unit, await service.Filters.scoped(db, rt.cache, user, request.query_params)))


# --- audit trail ----------------------------------------------------------------------------------------------

trail = APIRouter(prefix=f"{PREFIX}/trail", tags=["alarm-trail"])


@trail.get("/page", response_model=R[Page[TrailRead]])
async def trail_page(request: Request, db: TenantDb, paging: Paging, user: Identity = TrailView):
    """Every transition, newest first. Filters: eventId, batch, recordId, action, person,
    createTime_datege / createTime_datele."""
    return ok(await service.trail_page(db, request.query_params, paging))


# --- the caller's own alarm setting ----------------------------------------------------------------------------

user_setting = APIRouter(prefix=f"{PREFIX}/userSetting", tags=["alarm-userSetting"])


@user_setting.get("/detail", response_model=R[UserSettingRead])
async def user_setting_detail(db: TenantDb, user: CurrentUser):
    """Whether the caller's console sounds and flashes a new alarm of the most urgent levels (off by default)."""
    return ok(await service.user_setting(db, user))


@user_setting.post("/submit", response_model=R[UserSettingRead])
async def user_setting_submit(db: TenantDb, user: CurrentUser, body: Annotated[UserSettingWrite, Body()]):
    return ok(await service.save_user_setting(db, user, body))


router = APIRouter()
include(router, levels, groups, cycles, status, tenant_init, mail_params, notify_templates, model_fields, events,
        results, trail, unusual_jobs, user_setting, tracking.router)
