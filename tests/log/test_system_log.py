"""The system log: rows recorded by core.system_log (the server's start, a job failure, an outbound refusal, a
logged warning), listed on /api/blade-log/system with the level, source, text and time filters, exported to Excel,
kept by the log retention, and each tenant's rows only its own."""

import asyncio
import io
import logging
from datetime import datetime, timedelta

from openpyxl import load_workbook
from sqlalchemy import update

from plantdesk.core import system_log, tenancy
from plantdesk.core.audit_models import SystemLog
from plantdesk.core.outbound import OutboundRefused

LIST = "/api/blade-log/system/list"


async def rows(api, **params) -> list[dict]:
    for _ in range(100):  # the writer flushes every 0.05 s in the tests
        page = await api.data("GET", LIST, current=1, size=50, **params)
        if page["records"]:
            return page["records"]
        await asyncio.sleep(0.05)
    return []


async def test_start_is_recorded(admin):
    found = await rows(admin, source="server", event="start")
    assert found and found[0]["level"] == "info" and "已启动" in found[0]["message"]


async def test_tenant_rows_filters_and_isolation(admin, demo_admin, unique):
    system_log.record("error", "collector", "dropped", f"数据源 S-{unique} 连接断开", tenant_id=demo_admin.tenant_id)
    system_log.record("info", "collector", "connected", f"数据源 S-{unique} 已连接", tenant_id=demo_admin.tenant_id)
    found = await rows(demo_admin, text=unique, level="error")
    assert [r["event"] for r in found] == ["dropped"] and found[0]["tenantId"] == demo_admin.tenant_id
    both = await rows(demo_admin, text=unique, source="collector")
    assert sorted(r["event"] for r in both) == ["connected", "dropped"]
    later = (datetime.now() + timedelta(minutes=5)).strftime("%Y-%m-%d %H:%M:%S")
    page = await demo_admin.data("GET", LIST, current=1, size=10, text=unique, logStartTime=later)
    assert page["total"] == 0
    page = await admin.data("GET", LIST, current=1, size=10, text=unique)  # the platform's own tenant only
    assert page["total"] == 0

    answer = await demo_admin.get(f"/api/blade-log/system/export/系统日志-{unique}", text=unique)
    assert answer.status_code == 200
    sheet = load_workbook(io.BytesIO(answer.content)).active
    assert sheet["C1"].value == "级别" and {sheet.cell(r, 5).value for r in (2, 3)} == {"dropped", "connected"}


async def test_refusal_and_logged_warning_are_recorded(admin, unique):
    OutboundRefused(f"10.0.0.1-{unique}")
    logging.getLogger("plantdesk.collect").warning("collector %s stalled", unique)
    refused = await rows(admin, source="outbound", text=unique)
    assert refused[0]["level"] == "warn" and refused[0]["event"] == "refused"
    logged = await rows(admin, source="collect", text=unique)
    assert logged[0]["level"] == "warn" and logged[0]["message"] == f"collector {unique} stalled"


async def test_job_failure_is_recorded(app, demo_admin, unique):
    from plantdesk.core import jobs

    async def broken(db):
        raise RuntimeError(f"broken {unique}")

    runtime = app.state.runtime
    name = f"test.broken.{unique}"
    runtime.jobs.jobs[name] = jobs.Job(name, broken, jobs.in_tenant(demo_admin.tenant_id))
    try:
        await runtime.jobs.run(name)
    except RuntimeError:
        pass
    finally:
        del runtime.jobs.jobs[name]
    found = await rows(demo_admin, source="jobs", text=unique)
    assert found[0]["level"] == "error" and name in found[0]["message"] and "RuntimeError" in found[0]["detail"]


async def test_retention_removes_old_rows(app, demo_admin, unique):
    from plantdesk.modules.log.retention import purge_old_logs

    system_log.record("warn", "alarm", "lag", f"old {unique}", tenant_id=demo_admin.tenant_id)
    assert await rows(demo_admin, text=unique)
    runtime = app.state.runtime
    async with runtime.unit_of_work_in(tenancy.Scope(demo_admin.tenant_id)) as db:
        await db.execute(update(SystemLog).where(SystemLog.message == f"old {unique}")
                         .values(create_time=datetime.now() - timedelta(days=400)))
        await purge_old_logs(db)
    page = await demo_admin.data("GET", LIST, current=1, size=10, text=unique)
    assert page["total"] == 0
