"""Log retention: a daily job that deletes each tenant's API, error and usual logs older than the
`log.retentionDays` parameter (the system log's rows too) (0 keeps them for ever)."""

import logging
from datetime import datetime, timedelta

from sqlalchemy import CursorResult, delete
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.audit_models import ApiLog, ErrorLog, SystemLog, UsualLog
from plantdesk.core.tenancy import bound_tenant
from plantdesk.modules.system.param import service as params

JOB = "log.retention"
CRON = "17 3 * * *"  # daily, off-peak
log = logging.getLogger("plantdesk.log.retention")


async def purge_old_logs(db: AsyncSession) -> int:
    """Runs in one tenant's scope, so the deletes below reach that tenant's rows only."""
    days = await params.get_int(db, "log.retentionDays")
    if days == 0:
        return 0
    cutoff = datetime.now() - timedelta(days=days)
    deleted = 0
    for model in (ApiLog, ErrorLog, UsualLog, SystemLog):
        result = await db.execute(delete(model).where(model.create_time < cutoff)
                                  .execution_options(synchronize_session=False))
        assert isinstance(result, CursorResult)  # a DELETE answers a cursor result
        deleted += result.rowcount or 0
    log.info("log retention in tenant %s: %d row(s) older than %d day(s) deleted", bound_tenant(db), deleted, days)
    return deleted
