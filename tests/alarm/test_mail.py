"""Alarm e-mail through the outbox: delivered to a real SMTP server the test starts (aiosmtpd), and retried with
a growing delay while the server is down."""

import socket
from datetime import datetime, timedelta

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

from plantdesk.modules.alarm import mail
from plantdesk.modules.alarm.models import AlarmMail
from tests.alarm.helpers import ALARM, Plant, now_ms
from tests.helpers import platform_session


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
                async with platform_session(app.state.runtime.sessions) as db:
                    await mail.deliver(db, now=datetime.now() + timedelta(seconds=mail.RETRY_SECONDS + 1))
                    await db.commit()
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
