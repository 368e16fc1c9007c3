"""Issue 16.5: the API row of a security-relevant action is in the database before its answer arrives, so a
crash right after the answer cannot lose it; other rows wait for the batch (docs/decisions.md "Faults").

The app's writer flushes once an hour here, so only a row written before the answer can be found at once."""

import random

import httpx
from sqlalchemy import func, select

from plantdesk.app import create_app
from plantdesk.core.audit_models import ApiLog
from tests.helpers import login, platform_session, served


async def _rows(application, marker: str) -> int:
    async with platform_session(application.state.runtime.sessions) as session:
        stmt = select(func.count()).select_from(ApiLog).where(ApiLog.params.contains(marker))
        return (await session.execute(stmt)).scalar_one()


async def test_security_relevant_rows_are_written_before_the_answer(app, settings):
    application = create_app(settings.model_copy(update={"audit_flush_seconds": 3600}))
    async with served(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            admin = await login(http, "admin", "admin", "000000")
            removal, notice = (str(random.randrange(10**17, 10**18)) for _ in range(2))
            assert (await admin.post("/api/blade-system/param/remove", ids=removal)).status_code == 200
            assert await _rows(application, removal) == 1
            assert (await admin.post("/api/system/systemNotice/updateStatus", ids=notice)).status_code == 200
            assert await _rows(application, notice) == 0  # an ordinary write's row waits for the batch


async def test_a_nul_byte_in_a_request_loses_no_row_of_its_batch(app, settings):
    """PostgreSQL text cannot hold NUL: unless it is replaced, one such request drops every row of its batch."""
    application = create_app(settings.model_copy(update={"audit_flush_seconds": 3600}))
    async with served(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            admin = await login(http, "admin", "admin", "000000")
            plain, nul = (str(random.randrange(10**17, 10**18)) for _ in range(2))
            await admin.post("/api/system/systemNotice/updateStatus", ids=plain)
            # A refused path parameter still leaves its row, with the decoded path: the NUL reaches request_uri.
            assert (await admin.post("/api/blade-log/usual/export/x%00", ids=nul)).status_code == 400
            await application.state.runtime.audit.flush()
            assert await _rows(application, plain) == 1
            assert await _rows(application, nul) == 1
