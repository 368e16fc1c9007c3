"""Alarm e-mail (design/industrial.md §6): a transition a group hears by e-mail becomes one outbox row per
recipient with an address, in the transaction of the transition; the `alarm.mail` job sends what is due with
the tenant's SMTP parameters (notifyparamemail) and retries a failure with a growing delay, MAX_ATTEMPTS times;
the last failure is written down as an unusual job (alarm.unusual), from where it can be sent round again.

A message may carry attachments (a generated report's Excel and PDF): the row keeps references to the stored
files ({"name", "type", "key", "oss"}) and the job reads their bytes from the tenant's object storage at sending.

The SMTP host is checked against the outbound rule (core.outbound) when the parameters are saved and again on
the address each connection uses; STARTTLS verifies the server's certificate against the host name.
"""

import json
import smtplib
import ssl
from collections.abc import Sequence
from datetime import datetime, timedelta
from email.message import EmailMessage

import anyio
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import outbound
from plantdesk.core.errors import BusinessError
from plantdesk.core.runtime import settings_of
from plantdesk.core.tenancy import tenant_scope
from plantdesk.modules.alarm import unusual
from plantdesk.modules.alarm.models import AlarmMail, AlarmSetting
from plantdesk.modules.resource.service import storage_for

MAIL_JOB = "alarm.mail"
MAIL_CRON = "* * * * * */10"  # every 10 seconds (croniter: the sixth field is the seconds)
MAX_ATTEMPTS = 5
RETRY_SECONDS = 30  # then 60, 120, 240: doubled after each failure
BATCH = 100
TIMEOUT = 10


def queue(db: AsyncSession, tenant_id: str, addresses: tuple[str, ...], subject: str, body: str,
          attachments: list[dict] | None = None) -> None:
    """One outbox row per address; `attachments`: stored files sent with it, each {"name", "type" (MIME),
    "key" (the storage key), "oss" (the storage's code, None for local)}."""
    now = datetime.now().replace(microsecond=0)
    files = json.dumps(attachments, ensure_ascii=False) if attachments else None
    for address in dict.fromkeys(addresses):
        db.add(AlarmMail(tenant_id=tenant_id, to_addr=address, subject=subject[:255], body=body, attempts=0,
                         next_try=now, create_time=now, attachments=files))


async def deliver(db: AsyncSession, now: datetime | None = None) -> int:
    """The `alarm.mail` job (platform scope): send the due messages; answers how many went. The rows are locked
    until the run commits and a run beside it (the schedule's and one asked for, or another worker's) skips them:
    unlocked, both sent each message (PostgreSQL; SQLite's one writer ignores the clause)."""
    now = now or datetime.now().replace(microsecond=0)
    due = (await db.execute(select(AlarmMail).where(
        AlarmMail.sent_time.is_(None), AlarmMail.attempts < MAX_ATTEMPTS, AlarmMail.next_try <= now)
        .order_by(AlarmMail.next_try, AlarmMail.id).limit(BATCH).with_for_update(skip_locked=True))
           ).scalars().all()
    if not due:
        return 0
    settings = {s.tenant_id: s for s in (await db.execute(
        select(AlarmSetting).where(AlarmSetting.tenant_id.in_({m.tenant_id for m in due})))).scalars()}
    policy = settings_of(db).outbound_policy
    sent = 0
    for message in due:
        setting = settings.get(message.tenant_id)
        try:
            if setting is None or not setting.smtp_host:
                raise RuntimeError("no SMTP parameters")
            files = await _attachments(db, message)
            await anyio.to_thread.run_sync(_send, policy, setting, message, files)
        except (OSError, smtplib.SMTPException, RuntimeError, BusinessError) as exc:
            message.attempts += 1
            message.next_try = now + timedelta(seconds=RETRY_SECONDS * 2 ** (message.attempts - 1))
            message.last_error = str(exc)[:500]
            if message.attempts >= MAX_ATTEMPTS:
                unusual.record(db, tenant_id=message.tenant_id, job=MAIL_JOB, ref_id=message.id,
                               summary=f"{message.to_addr}: {message.subject}", error=message.last_error,
                               attempts=message.attempts)
            continue
        message.attempts += 1
        message.sent_time = now
        sent += 1
    await db.flush()
    return sent


async def _attachments(db: AsyncSession, message: AlarmMail) -> list[tuple[str, str, bytes]]:
    """The message's files as (name, MIME type, bytes), read from the storage of the message's tenant."""
    if not message.attachments:
        return []
    files = []
    with tenant_scope(db, message.tenant_id):
        for ref in json.loads(message.attachments):
            storage = await storage_for(db, settings_of(db), oss_code=ref.get("oss"))
            files.append((ref["name"], ref.get("type") or "application/octet-stream", await storage.get(ref["key"])))
    return files


def _send(policy: outbound.Policy, setting: AlarmSetting, message: AlarmMail,
          files: Sequence[tuple[str, str, bytes]] = ()) -> None:
    mail = EmailMessage()
    mail["From"] = setting.smtp_from or setting.smtp_user or "plantdesk@localhost"
    mail["To"] = message.to_addr
    mail["Subject"] = message.subject
    mail.set_content(message.body)
    for name, mime, data in files:
        main, _, sub = mime.partition("/")
        mail.add_attachment(data, maintype=main, subtype=sub or "octet-stream", filename=name)
    assert setting.smtp_host is not None  # deliver() checked
    scoped = policy.scoped(setting.tenant_id, "smtp")
    with outbound.smtp_client(scoped, setting.smtp_host, setting.smtp_port or 25, TIMEOUT) as smtp:
        if setting.smtp_tls:
            smtp.starttls(context=ssl.create_default_context())
        if setting.smtp_user:
            smtp.login(setting.smtp_user, setting.smtp_password or "")
        smtp.send_message(mail)
