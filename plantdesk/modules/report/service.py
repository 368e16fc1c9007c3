"""Reports: the period a template covers, the data of each kind, generation into stored Excel and PDF files, the
schedule that generates and mails each enabled template once per period, and the generated files."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.config import Settings
from plantdesk.core.context import Identity
from plantdesk.core.errors import BusinessError, NotFoundError
from plantdesk.core.storage import new_key
from plantdesk.core.tenancy import bound_tenant
from plantdesk.modules.alarm import mail
from plantdesk.modules.alarm.models import AlarmLevel, AlarmRecord
from plantdesk.modules.device.models import DataPoint, Device
from plantdesk.modules.device.monitor import service as monitor
from plantdesk.modules.flow.models import COMPLETED, FlowInstance
from plantdesk.modules.product import service as production
from plantdesk.modules.product.models import OeeResult
from plantdesk.modules.report.models import ReportFile, ReportOutput
from plantdesk.modules.report.render import Chart, Document, Section, pdf, xlsx
from plantdesk.modules.resource.service import storage_for

log = logging.getLogger("plantdesk.report")

KINDS = {"production": "生产报表", "alarm": "告警报表", "points": "点位数据报表", "workflow": "流程报表"}
PERIODS = {"shift": "班次", "day": "日", "week": "周", "month": "月"}
SHIFT_HOURS = 8  # a plant without a shift calendar: shift reports cover 00-08, 08-16, 16-24
SHIFT_LOOKBACK_DAYS = 8  # the newest ended shift is looked for this far back (a calendar may skip weekdays)
SCHEDULE_JOB = "report.schedule"
SCHEDULE_CRON = "*/10 * * * *"
MAX_POINTS = 200
MAX_ALARM_ROWS = 2_000
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
NO_SHIFT_ENDED = "班次日历中还没有已结束的班次"


# --- periods ---------------------------------------------------------------------------------------------------

def period_of(period: str, at: datetime) -> tuple[datetime, datetime]:
    """The period of kind `period` that contains `at`: [start, end)."""
    if period == "shift":
        start = at.replace(hour=at.hour - at.hour % SHIFT_HOURS, minute=0, second=0, microsecond=0)
        return start, start + timedelta(hours=SHIFT_HOURS)
    day = at.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "day":
        return day, day + timedelta(days=1)
    if period == "week":
        start = day - timedelta(days=day.weekday())
        return start, start + timedelta(days=7)
    if period == "month":
        start = day.replace(day=1)
        end = (start + timedelta(days=32)).replace(day=1)
        return start, end
    raise BusinessError(f"不支持的报表周期: {period}")


def last_complete(period: str, now: datetime) -> tuple[datetime, datetime]:
    """The newest period of kind `period` that has ended by `now`."""
    start, _ = period_of(period, now)
    return period_of(period, start - timedelta(seconds=1))


Period = tuple[datetime, datetime, str | None]  # start, end, and the shift's name for a shift of the calendar


async def period_for(db: AsyncSession, period: str, at: datetime) -> Period:
    """The period of kind `period` that contains `at`. A shift is the plant's (the product area's shift
    calendar): the one running at `at`, else the newest one started before it; without a calendar, the
    eight-hour third of the day."""
    if period != "shift":
        return (*period_of(period, at), None)
    started = [w for w in await _shifts(db, at) if w[0] <= at]
    if not started:
        return (*period_of(period, at), None)
    return next((w for w in reversed(started) if at < w[1]), started[-1])


async def last_period(db: AsyncSession, period: str, now: datetime) -> Period | None:
    """The newest period of kind `period` that has ended by `now`: a shift is the plant's newest ended shift
    (none while its calendar has no shift ended yet)."""
    if period != "shift":
        return (*last_complete(period, now), None)
    windows = await _shifts(db, now)
    if not windows:
        return (*last_complete(period, now), None)
    ended = [w for w in windows if w[1] <= now]
    return max(ended, key=lambda w: w[1]) if ended else None


async def _shifts(db: AsyncSession, at: datetime) -> list[tuple[datetime, datetime, str]]:
    return await production.shift_windows(db, at.date() - timedelta(days=SHIFT_LOOKBACK_DAYS), at.date())


def buckets_of(period: str, start: datetime, end: datetime) -> list[tuple[datetime, datetime]]:
    """The chart's steps: hours of a shift or day, days of a week or month."""
    step = timedelta(hours=1) if period in ("shift", "day") else timedelta(days=1)
    out, t = [], start
    while t < end:
        out.append((t, min(t + step, end)))
        t += step
    return out


def _label(period: str, t: datetime) -> str:
    return f"{t:%H:%M}" if period in ("shift", "day") else f"{t:%m-%d}"


# --- templates -------------------------------------------------------------------------------------------------

def point_ids(report: ReportFile) -> list[int]:
    return [int(p) for p in (report.point_ids or "").split(",") if p.strip().isdigit()][:MAX_POINTS]


async def before_save(db: AsyncSession, user: Identity, obj: ReportFile, body, created: bool) -> None:
    """A new template needs a name; kind and period are the known ones; points must be the tenant's."""
    if created and not (obj.name or "").strip():
        raise BusinessError("报表名称不能为空")
    obj.kind = obj.kind or "production"
    obj.period = obj.period or "day"
    if obj.kind not in KINDS:
        raise BusinessError(f"不支持的报表类型: {obj.kind}")
    if obj.period not in PERIODS:
        raise BusinessError(f"不支持的报表周期: {obj.period}")
    ids = point_ids(obj)
    if ids:
        found = set((await db.execute(select(DataPoint.id).where(DataPoint.id.in_(ids)))).scalars())
        missing = [i for i in ids if i not in found]
        if missing:
            raise BusinessError(f"点位不存在: {missing[0]}")
        obj.point_ids = ",".join(str(i) for i in ids)


async def before_remove(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    """A template's generated files stay (they are listed and removed on their own screen)."""


# --- data ------------------------------------------------------------------------------------------------------

async def build(db: AsyncSession, report: ReportFile, start: datetime, end: datetime) -> Document:
    title = f"{report.name}"
    subtitle = (f"{KINDS.get(report.kind, report.kind)} · {PERIODS.get(report.period, report.period)}报 · "
                f"{start:%Y-%m-%d %H:%M} — {end:%Y-%m-%d %H:%M} · 生成于 {datetime.now():%Y-%m-%d %H:%M}")
    doc = Document(title, subtitle)
    if report.content:
        doc.subtitle += f"\n{report.content}"
    if report.kind == "production":
        doc.sections += [await oee_section(db, report.period, start, end),
                         await points_section(db, report, start, end),
                         await workflow_section(db, start, end)]
    elif report.kind == "alarm":
        doc.sections += await alarm_sections(db, report.period, start, end)
    elif report.kind == "points":
        doc.sections.append(await points_section(db, report, start, end))
    else:
        doc.sections.append(await workflow_section(db, start, end))
    return doc


async def points_section(db: AsyncSession, report: ReportFile, start: datetime, end: datetime) -> Section:
    """Per point: min, average, max and count over the period; the chart: each point's average per step (the
    first six points)."""
    refs = await monitor.points(db, point_ids=point_ids(report)) if point_ids(report) else []
    section = Section("点位统计", ["设备", "点位编码", "点位名称", "单位", "最小值", "平均值", "最大值", "样本数"], [])
    if not refs:
        section.note = "未选择点位"
        return section
    devices = dict((await db.execute(select(Device.id, Device.name)
                                     .where(Device.id.in_({r.device_id for r in refs})))).all())
    steps = buckets_of(report.period, start, end)
    s_ms, e_ms = int(start.timestamp() * 1000), int(end.timestamp() * 1000)
    width = int((steps[0][1] - steps[0][0]).total_seconds() * 1000)
    result = await monitor.store.aggregate(db, [r.id for r in refs], s_ms, e_ms, buckets=len(steps),
                                           interval=width)
    by_id = {s.point_id: s for s in result.series}
    labels = [_label(report.period, t) for t, _ in steps]
    series: list[tuple[str, list[float | None]]] = []
    for ref in refs:
        found = by_id.get(ref.id)
        buckets = found.buckets if found else []
        count = sum(b.count for b in buckets)
        low = min((b.min for b in buckets if b.min is not None), default=None)
        high = max((b.max for b in buckets if b.max is not None), default=None)
        total = sum((b.avg or 0) * b.count for b in buckets if b.avg is not None)
        section.rows.append([devices.get(ref.device_id, ""), ref.code, ref.name, ref.unit or "", low,
                             total / count if count else None, high, count])
        if len(series) < 6:
            per_step: list[float | None] = [None] * len(steps)
            for b in buckets:
                i = (b.ts - s_ms) // width
                if 0 <= i < len(steps):
                    per_step[i] = b.avg
            series.append((ref.name, per_step))
    section.chart = Chart("line", labels, series)
    return section


async def oee_section(db: AsyncSession, period: str, start: datetime, end: datetime) -> Section:
    rows = (await db.execute(select(OeeResult.day, OeeResult.device_id, OeeResult.line, OeeResult.availability,
                                    OeeResult.performance, OeeResult.quality, OeeResult.oee,
                                    OeeResult.total_count, OeeResult.good_count)
                             .where(OeeResult.period_start < end, OeeResult.period_end > start)
                             .order_by(OeeResult.day, OeeResult.device_id))).all()
    devices = dict((await db.execute(select(Device.id, Device.name)
                                     .where(Device.id.in_({r.device_id for r in rows})))).all()) if rows else {}
    section = Section("OEE", ["日期", "设备", "产线", "可用率%", "性能%", "良率%", "OEE%", "产量", "良品"], [])
    per_day: dict[str, list[float]] = {}
    for day, device_id, line, a, p, q, oee, total, good in rows:
        section.rows.append([f"{day:%Y-%m-%d}", devices.get(device_id, str(device_id)), line or "", _pct(a), _pct(p),
                             _pct(q), _pct(oee), total, good])
        if oee is not None:
            per_day.setdefault(f"{day:%m-%d}", []).append(oee * 100)
    labels = sorted(per_day)
    section.chart = Chart("bar", labels, [("OEE%", [sum(per_day[d]) / len(per_day[d]) for d in labels])])
    return section


async def workflow_section(db: AsyncSession, start: datetime, end: datetime) -> Section:
    started = dict((await db.execute(select(FlowInstance.name, func.count()).where(
        FlowInstance.start_time >= start, FlowInstance.start_time < end).group_by(FlowInstance.name))).all())
    finished = dict((await db.execute(select(FlowInstance.name, func.count()).where(
        FlowInstance.status == COMPLETED, FlowInstance.end_time >= start, FlowInstance.end_time < end)
        .group_by(FlowInstance.name))).all())
    names = sorted(set(started) | set(finished))
    section = Section("流程统计", ["流程", "发起数", "办结数"],
                      [[n, started.get(n, 0), finished.get(n, 0)] for n in names])
    section.chart = Chart("bar", names, [("发起", [float(started.get(n, 0)) for n in names]),
                                         ("办结", [float(finished.get(n, 0)) for n in names])])
    return section


async def alarm_sections(db: AsyncSession, period: str, start: datetime, end: datetime) -> list[Section]:
    records = (await db.execute(select(AlarmRecord).where(AlarmRecord.first_time >= start,
                                                          AlarmRecord.first_time < end)
                                .order_by(AlarmRecord.first_time).limit(MAX_ALARM_ROWS))).scalars().all()
    levels = dict((await db.execute(select(AlarmLevel.id, AlarmLevel.name))).all())
    ids = {r.device_id for r in records}
    devices = dict((await db.execute(select(Device.id, Device.name).where(Device.id.in_(ids)))).all()) \
        if ids else {}
    points = dict((await db.execute(select(DataPoint.id, DataPoint.name)
                                    .where(DataPoint.id.in_({r.point_id for r in records})))).all()) if records else {}
    steps = buckets_of("week" if period in ("week", "month") else "day", start, end)
    counts = [0.0] * len(steps)
    for r in records:
        for i, (a, b) in enumerate(steps):
            if a <= r.first_time < b:
                counts[i] += 1
                break
    summary = Section("告警趋势", ["时段", "告警数"], [[_label(period if period in ("week", "month") else "day", a),
                                                     int(c)] for (a, _), c in zip(steps, counts, strict=True)])
    summary.chart = Chart("bar", [str(row[0]) for row in summary.rows], [("告警数", list[float | None](counts))])
    by_device: dict[str, int] = {}
    for r in records:
        name = devices.get(r.device_id, str(r.device_id))
        by_device[name] = by_device.get(name, 0) + 1
    top = sorted(by_device.items(), key=lambda kv: -kv[1])[:20]
    per_device = Section("设备告警排行", ["设备", "告警数"], [[k, v] for k, v in top])
    detail = Section("告警明细", ["首次时间", "设备", "点位", "级别", "峰值", "次数", "已确认", "已恢复", "恢复时间"],
                     [[f"{r.first_time:%Y-%m-%d %H:%M:%S}", devices.get(r.device_id, ""), points.get(r.point_id, ""),
                       levels.get(r.level_id or 0, ""), r.peak_value, r.frequency, "是" if r.acknowledged else "否",
                       "是" if r.cleared else "否", f"{r.clear_time:%Y-%m-%d %H:%M:%S}" if r.clear_time else ""]
                      for r in records])
    return [summary, per_device, detail]


def _pct(value: float | None) -> float | None:
    return None if value is None else round(value * 100, 1)


# --- generation ------------------------------------------------------------------------------------------------

async def render(db: AsyncSession, report: ReportFile, start: datetime, end: datetime) -> tuple[bytes, bytes]:
    """The Excel and PDF bytes; the rendering runs in a thread (the PDF's font subsetting takes a while)."""
    doc = await build(db, report, start, end)
    return await asyncio.gather(asyncio.to_thread(xlsx, doc), asyncio.to_thread(pdf, doc))


async def generate(db: AsyncSession, settings: Settings, report: ReportFile, start: datetime, end: datetime, *,
                   trigger: str = "manual", user_id: int | None = None, shift: str | None = None) -> ReportOutput:
    """Render the period [start, end) of `report` into Excel and PDF, store both and record the output (a shift
    report's name carries its shift's name, else its start hour)."""
    excel_bytes, pdf_bytes = await render(db, report, start, end)
    tenant = bound_tenant(db) or report.tenant_id
    storage = await storage_for(db, settings)
    xlsx_key, pdf_key = new_key(tenant, "xlsx"), new_key(tenant, "pdf")
    await storage.put(xlsx_key, excel_bytes, XLSX_TYPE)
    await storage.put(pdf_key, pdf_bytes, "application/pdf")
    label = f"{start:%Y-%m-%d}" if report.period != "shift" else \
        f"{start:%Y-%m-%d} {shift}" if shift else f"{start:%Y-%m-%d %H}时"
    output = ReportOutput(report_id=report.id, name=f"{report.name} {label}", kind=report.kind, period=report.period,
                          period_start=start, period_end=end, trigger=trigger, xlsx_key=xlsx_key, pdf_key=pdf_key,
                          oss_code=storage.code, xlsx_size=len(excel_bytes), pdf_size=len(pdf_bytes),
                          create_user=user_id, create_time=datetime.now().replace(microsecond=0))
    db.add(output)
    await db.flush()
    return output


async def generate_now(db: AsyncSession, settings: Settings, user: Identity, report_id: int,
                       at: datetime | None) -> ReportOutput:
    """A template's report for the period containing `at`, or the last complete one."""
    report = await _template(db, report_id)
    found = await period_for(db, report.period, at) if at else await last_period(db, report.period, datetime.now())
    if found is None:
        raise BusinessError(NO_SHIFT_ENDED)
    start, end, shift = found
    return await generate(db, settings, report, start, end, trigger="manual", user_id=user.user_id, shift=shift)


async def _template(db: AsyncSession, report_id: int) -> ReportFile:
    report = (await db.execute(select(ReportFile).where(ReportFile.id == report_id))).scalar_one_or_none()
    if report is None:
        raise NotFoundError("报表模板不存在")
    return report


async def run_schedules(db: AsyncSession, now: datetime | None = None) -> int:
    """The schedule job, in one tenant: each enabled template's last complete period, when not generated yet,
    generated and mailed to its recipients (idempotent: a period is generated once)."""
    from plantdesk.core.runtime import settings_of

    settings = settings_of(db)
    now = now or datetime.now()
    done = 0
    for report in (await db.execute(select(ReportFile).where(ReportFile.is_enable == 1))).scalars().all():
        found = await last_period(db, report.period, now)
        if found is None:
            continue
        start, end, shift = found
        exists = (await db.execute(select(ReportOutput.id).where(ReportOutput.report_id == report.id,
                                                                 ReportOutput.period_start == start).limit(1))).first()
        if exists:
            continue
        output = await generate(db, settings, report, start, end, trigger="schedule", shift=shift)
        addresses = tuple(a.strip() for a in (report.recipients or "").split(",") if "@" in a)
        if addresses:
            mail.queue(db, output.tenant_id, addresses, f"[PlantDesk] {output.name}",
                       f"报表「{output.name}」已生成 ({start:%Y-%m-%d %H:%M} — {end:%Y-%m-%d %H:%M}),"
                       f"Excel 与 PDF 文件见附件,也可在 报表管理 › 报表列表 下载。", attachments=attachments(output))
        await db.commit()  # each report on its own: SQLite's writers do not wait for the next one's rendering
        done += 1
    return done


# --- generated files -------------------------------------------------------------------------------------------

def attachments(output: ReportOutput) -> list[dict]:
    """The output's Excel and PDF files as the e-mail outbox's attachments (references to the stored files)."""
    return [{"name": f"{output.name}.{ext}", "type": mime, "key": key, "oss": output.oss_code}
            for ext, mime, key in (("xlsx", XLSX_TYPE, output.xlsx_key), ("pdf", "application/pdf", output.pdf_key))
            if key]


async def output_reads(db: AsyncSession, rows: list[ReportOutput]) -> list[dict]:
    return [{"id": r.id, "tenant_id": r.tenant_id, "report_id": r.report_id, "name": r.name, "kind": r.kind,
             "period": r.period, "period_start": r.period_start, "period_end": r.period_end, "trigger": r.trigger,
             "xlsx_size": r.xlsx_size, "pdf_size": r.pdf_size, "create_time": r.create_time} for r in rows]


async def output_file(db: AsyncSession, settings: Settings, output_id: int, kind: str) -> tuple[bytes, str, str]:
    """The bytes, file name and type of a generated report's Excel (`xlsx`) or PDF (`pdf`) file."""
    output = (await db.execute(select(ReportOutput).where(ReportOutput.id == output_id))).scalar_one_or_none()
    if output is None:
        raise NotFoundError("报表不存在")
    key = output.pdf_key if kind == "pdf" else output.xlsx_key
    if not key:
        raise NotFoundError("报表文件不存在")
    storage = await storage_for(db, settings, oss_code=output.oss_code)
    data = await storage.get(key)
    return data, f"{output.name}.{kind}", "application/pdf" if kind == "pdf" else XLSX_TYPE


async def remove_outputs(db: AsyncSession, settings: Settings, ids: list[int]) -> int:
    rows = (await db.execute(select(ReportOutput).where(ReportOutput.id.in_(ids)))).scalars().all()
    for row in rows:
        try:
            storage = await storage_for(db, settings, oss_code=row.oss_code)
            for key in (row.xlsx_key, row.pdf_key):
                if key:
                    await storage.delete(key)
        except Exception:  # the row goes even when its file is already gone
            log.warning("report %s: its files could not be removed", row.id, exc_info=True)
    await db.execute(delete(ReportOutput).where(ReportOutput.id.in_([r.id for r in rows]))
                     .execution_options(synchronize_session=False))
    return len(rows)
