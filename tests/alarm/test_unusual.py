"""Unusual jobs (jobunusua): an e-mail whose retries ran out and a sweep that failed are written down, listed in
their tenant, and sent round again once."""

from datetime import datetime, timedelta

import pytest
from aiosmtpd.controller import Controller

from plantdesk.modules.alarm import engine, mail
from tests.alarm.helpers import ALARM, Plant, now_ms
from tests.alarm.test_mail import Inbox, free_port, outbox
from tests.device.monitor_helpers import session
from tests.security.test_isolation import second_tenant_admin  # noqa: F401  (a session fixture)

UNUSUAL = f"{ALARM}/jobunusua"


@pytest.fixture
async def plant(app, demo_admin, recipient, unique, monkeypatch) -> Plant:
    port = free_port()
    monkeypatch.setattr(app.state.settings, "outbound_allow", f"127.0.0.1:{port}")
    plant = await Plant(app, demo_admin, recipient, unique).setup()
    plant.port = port  # type: ignore[attr-defined]
    await plant.api.data("POST", f"{ALARM}/notifyparamemail/submit", json={"smtpHost": "127.0.0.1",
                                                                           "smtpPort": port})
    await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "email": 1})
    yield plant
    await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "email": 0})


async def exhaust(app, plant: Plant) -> dict:
    """Raise an alarm whose e-mail fails MAX_ATTEMPTS times (nothing listens); answers its unusual row."""
    await plant.rule(threshold=50)
    await plant.send((now_ms() - 1000, 60))
    later = datetime.now()
    for _ in range(mail.MAX_ATTEMPTS):
        async with session(app) as db:
            await mail.deliver(db, now=later)
        later += timedelta(seconds=mail.RETRY_SECONDS * 2 ** mail.MAX_ATTEMPTS)
    [row] = await outbox(app, plant.unique)
    assert row.attempts == mail.MAX_ATTEMPTS and row.sent_time is None
    page = await plant.api.data("GET", f"{UNUSUAL}/page", job=mail.MAIL_JOB, retried=0, size=100)
    [unusual] = [r for r in page["records"] if plant.unique in r["summary"]]
    return unusual


async def test_an_exhausted_mail_is_written_down_and_retried_once(app, plant):
    unusual = await exhaust(app, plant)
    assert unusual["attempts"] == mail.MAX_ATTEMPTS and unusual["error"] and unusual["refId"]
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=plant.port)  # type: ignore[attr-defined]
    smtp.start()
    try:
        response = await plant.api.post(f"{UNUSUAL}/retry", ids=unusual["id"])
        assert response.json()["msg"] == "重试已提交" and response.json()["data"] == 1
        await app.state.runtime.jobs.run(mail.MAIL_JOB)
    finally:
        smtp.stop()
    assert len([m for m in inbox.messages if plant.unique in m.content.decode()]) == 1
    [row] = await outbox(app, plant.unique)
    assert row.sent_time is not None
    page = await plant.api.data("GET", f"{UNUSUAL}/page", retried=1, size=100)
    assert unusual["id"] in [r["id"] for r in page["records"]]
    again = await plant.api.post(f"{UNUSUAL}/retry", ids=unusual["id"])
    assert again.json()["msg"] == "该任务已重试"


async def test_a_failed_sweep_is_the_platforms(app, admin, demo_admin, monkeypatch):
    async def broken(_db, _now=None):
        raise RuntimeError("sweep bug")

    monkeypatch.setattr(engine.default, "sweep", broken)
    with pytest.raises(RuntimeError):
        async with session(app) as db:
            await engine.sweep(db)
    page = await admin.data("GET", f"{UNUSUAL}/page", job=engine.SWEEP_JOB, retried=0, size=100)
    [row, *_] = page["records"]
    assert "sweep bug" in row["error"]
    assert row["id"] not in [r["id"] for r in (await demo_admin.data("GET", f"{UNUSUAL}/page", size=100))["records"]]
    monkeypatch.undo()
    assert (await admin.post(f"{UNUSUAL}/retry", ids=row["id"])).json()["data"] == 1  # a sweep is queued
    page = await admin.data("GET", f"{UNUSUAL}/page", job=engine.SWEEP_JOB, retried=1, size=100)
    assert [r["retryTime"] is not None for r in page["records"] if r["id"] == row["id"]] == [True]


async def test_another_tenant_neither_sees_nor_retries_them(app, plant, second_tenant_admin):  # noqa: F811
    unusual = await exhaust(app, plant)
    other = second_tenant_admin
    assert unusual["id"] not in [r["id"] for r in (await other.data("GET", f"{UNUSUAL}/page", size=100))["records"]]
    response = await other.post(f"{UNUSUAL}/retry", ids=unusual["id"])
    assert response.json()["msg"] == "任务不存在"
    page = await plant.api.data("GET", f"{UNUSUAL}/page", retried=0, size=100)
    assert unusual["id"] in [r["id"] for r in page["records"]]
