"""Alarm e-mail through the outbox: delivered to a real SMTP server the test starts (aiosmtpd), and retried with
a growing delay while the server is down."""

import asyncio
import socket
from datetime import datetime, timedelta

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import delete, select

from plantdesk.modules.alarm import mail
from plantdesk.modules.alarm.models import AlarmMail, AlarmSetting
from tests.alarm.helpers import ALARM, Plant, now_ms
from tests.device.monitor_helpers import session
from tests.helpers import platform_session, rebinding_dns


class Inbox:
    def __init__(self):
        self.messages: list = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802  (aiosmtpd's handler name)
        self.messages.append(envelope)
        return "250 OK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
async def plant(app, demo_admin, recipient, unique, monkeypatch) -> Plant:
    port = free_port()
    monkeypatch.setattr(app.state.settings, "outbound_allow", f"127.0.0.1:{port}")
    plant = await Plant(app, demo_admin, recipient, unique).setup()
    plant.port = port  # type: ignore[attr-defined]
    return plant


async def outbox(app, unique: str) -> list[AlarmMail]:
    async with platform_session(app.state.runtime.sessions) as db:
        rows = (await db.execute(select(AlarmMail).where(AlarmMail.subject.contains(unique)))).scalars().all()
        return list(rows)


class TestMail:
    async def test_a_raise_is_mailed_to_the_groups_users(self, app, plant, unique):
        port = plant.port  # type: ignore[attr-defined]
        inbox = Inbox()
        smtp = Controller(inbox, hostname="127.0.0.1", port=port)
        smtp.start()
        try:
            saved = await plant.api.data("POST", f"{ALARM}/notifyparamemail/submit", json={
                "smtpHost": "127.0.0.1", "smtpPort": port, "smtpFrom": "alarms@plant.example",
                "smtpPassword": "secret"})
            assert saved["passwordSet"] is True and "smtpPassword" not in saved
            await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={
                "id": plant.group_id, "email": 1})
            rule = await plant.rule(threshold=50)
            await plant.send((now_ms() - 1000, 60))
            await app.state.runtime.jobs.run(mail.MAIL_JOB)
            [message] = [m for m in inbox.messages if unique in m.content.decode()]
            assert message.rcpt_tos == ["wangqiang@example.com"]
            assert message.mail_from == "alarms@plant.example"
            assert rule["name"] in message.content.decode()
            [row] = await outbox(app, unique)
            assert row.sent_time is not None and row.attempts == 1
        finally:
            smtp.stop()
            await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "email": 0})

    async def test_a_failed_send_is_retried_later(self, app, plant, unique):
        port = plant.port  # type: ignore[attr-defined]
        await plant.api.data("POST", f"{ALARM}/notifyparamemail/submit", json={"smtpHost": "127.0.0.1",
                                                                               "smtpPort": port})
        await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "email": 1})
        try:
            await plant.rule(threshold=50)
            await plant.send((now_ms() - 1000, 60))
            await app.state.runtime.jobs.run(mail.MAIL_JOB)  # nothing listens on the port yet
            [row] = await outbox(app, unique)
            assert row.sent_time is None and row.attempts == 1 and row.last_error
            assert row.next_try >= datetime.now().replace(microsecond=0) + timedelta(seconds=mail.RETRY_SECONDS - 2)
            inbox = Inbox()
            smtp = Controller(inbox, hostname="127.0.0.1", port=port)
            smtp.start()
            try:
                async with session(app) as db:
                    await mail.deliver(db, now=datetime.now() + timedelta(seconds=mail.RETRY_SECONDS + 1))
            finally:
                smtp.stop()
            [row] = await outbox(app, unique)
            assert row.sent_time is not None and row.attempts == 2
            assert len([m for m in inbox.messages if unique in m.content.decode()]) == 1
        finally:
            await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "email": 0})

    async def test_an_internal_host_is_refused(self, plant):
        response = await plant.api.post(f"{ALARM}/notifyparamemail/submit", json={"smtpHost": "10.1.2.3",
                                                                                   "smtpPort": 25})
        assert response.json()["msg"].startswith("不允许连接本机、内网或保留地址")


class TestSideBySide:
    async def test_a_run_beside_another_skips_the_messages_it_holds(self, app, unique):
        """The schedule's run and one asked for, side by side: the second skips what the first holds instead of
        sending it again (a shift report was mailed twice on PostgreSQL)."""
        if app.state.runtime.engine.dialect.name != "postgresql":
            pytest.skip("SQLite has one writer: two runs never hold rows side by side")
        address = f"twice-{unique}@example.com"
        async with session(app) as db:
            mail.queue(db, f"9{int(unique, 16) % 10**5:05d}", (address,), "twice", "body")
        async with session(app) as first, session(app) as second:
            await mail.deliver(first)  # no SMTP parameters: a failed attempt, its row held until the end
            await asyncio.wait_for(mail.deliver(second), 10)  # waited on the held row before
            assert address not in [m.to_addr for m in second.identity_map.values() if isinstance(m, AlarmMail)]
            await first.rollback()
            await second.rollback()
        async with session(app) as db:
            await db.execute(delete(AlarmMail).where(AlarmMail.to_addr == address))


class TestConnectTime:
    """Issue 24 item 6: the SMTP host is checked on the address the connection uses, not only when saved."""

    async def mail_once(self, app, plant) -> AlarmMail:
        await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "email": 1})
        try:
            await plant.rule(threshold=50)
            await plant.send((now_ms() - 1000, 60))
            await app.state.runtime.jobs.run(mail.MAIL_JOB)
        finally:
            await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "email": 0})
        [row] = await outbox(app, plant.unique)
        return row

    async def test_a_name_that_does_not_resolve_is_refused_when_saved(self, plant):
        response = await plant.api.post(f"{ALARM}/notifyparamemail/submit", json={
            "smtpHost": "smtp.nowhere.invalid", "smtpPort": 25})
        assert response.json()["msg"] == "无法解析地址: smtp.nowhere.invalid"

    async def test_a_name_that_no_longer_resolves_is_refused_when_sending(self, app, plant):
        await plant.api.data("POST", f"{ALARM}/notifyparamemail/submit", json={"smtpHost": "127.0.0.1",
                                                                               "smtpPort": plant.port})
        async with session(app, plant.api.tenant_id) as db:  # saved before names were resolved when saved
            (await db.execute(select(AlarmSetting))).scalar_one().smtp_host = "smtp.nowhere.invalid"
        row = await self.mail_once(app, plant)
        assert row.sent_time is None and row.last_error == "无法解析地址: smtp.nowhere.invalid"

    async def test_a_name_rebound_to_a_refused_address_gets_no_connection(self, app, plant, monkeypatch):
        """Saved while `smtp.rebind.test` resolved to the allowed 127.0.0.1, rebound to 127.0.0.2 by the send."""
        monkeypatch.setattr(app.state.settings, "outbound_allow", "127.0.0.1")
        dns = rebinding_dns(monkeypatch, "smtp.rebind.test", ["127.0.0.1", "127.0.0.2"])
        inbox = Inbox()
        smtp = Controller(inbox, hostname="127.0.0.2", port=plant.port)
        smtp.start()
        try:
            await plant.api.data("POST", f"{ALARM}/notifyparamemail/submit", json={
                "smtpHost": "smtp.rebind.test", "smtpPort": plant.port})
            row = await self.mail_once(app, plant)
        finally:
            smtp.stop()
        assert row.sent_time is None and row.last_error.startswith("不允许连接本机、内网或保留地址: smtp.rebind.test")
        assert inbox.messages == [] and dns["lookups"] == 2
