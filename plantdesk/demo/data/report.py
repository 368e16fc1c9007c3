"""The demo tenant's reports (issue 26): a daily production report over the plant's first measured points and a
weekly alarm report, each with one report already generated (yesterday's, last week's). Self-contained: one entry,
`seed(db, tenant_id)`, once per tenant (a tenant that ever had a report template is left alone)."""

import logging
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy

log = logging.getLogger("plantdesk.demo")

# name, kind, period, content (zh / en)
TEMPLATES = [
    ("生产日报 Daily production report", "production", "day",
     "每日 OEE、关键点位统计与流程办结情况 / Daily OEE, key point statistics and workflow counts"),
    ("告警周报 Weekly alarm report", "alarm", "week",
     "每周告警趋势、设备排行与明细 / Weekly alarm trend, device ranking and details"),
]
POINTS = 8  # the daily report's points: the plant's first numeric points


async def seed(db: AsyncSession, tenant_id: str) -> bool:
    from plantdesk.config import Settings
    from plantdesk.core.runtime import SETTINGS_KEY
    from plantdesk.modules.device.models import DataPoint
    from plantdesk.modules.report import service
    from plantdesk.modules.report.models import ReportFile
    from plantdesk.modules.report.render import FontMissing

    with tenancy.tenant_scope(db, tenant_id):
        had = await db.scalar(select(ReportFile.id).limit(1).execution_options(**{tenancy.INCLUDE_DELETED: True}))
        if had:
            return False
        numeric = DataPoint.data_type.in_(("float", "int", "double"))
        order = (DataPoint.device_id, DataPoint.sort, DataPoint.id)
        points = (await db.execute(select(DataPoint.id).where(numeric).order_by(*order).limit(POINTS))).scalars()
        point_ids = ",".join(str(p) for p in points)
        templates = []
        for name, kind, period, content in TEMPLATES:
            report = ReportFile(name=name, kind=kind, period=period, content=content, is_enable=1,
                                point_ids=point_ids if kind == "production" else None)
            db.add(report)
            templates.append(report)
        await db.flush()
        settings = db.info.get(SETTINGS_KEY) or Settings()
        for report in templates:
            start, end = service.last_complete(report.period, datetime.now())
            try:
                await service.generate(db, settings, report, start, end, trigger="demo")
            except FontMissing:  # the templates stay; their reports come with the schedule once the font is there
                log.warning("demo reports not generated: no Chinese font for the PDF")
                break
    return True
