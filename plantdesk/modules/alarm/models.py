"""Alarm tables (design/industrial.md §1–§3, §5).

Configuration: `alarm_level` (tenant-editable levels, 1 most urgent), `alarm_group` (who receives and may confirm,
and on which transitions), `alarm_time_cycle` (active days and hours), `alarm_rule` (the spec's "event": a rule on
one data point), `alarm_setting` (the tenant's global settings).

Run time: `alarm_rule_state` (the rule's progress, written through on every change so a restart keeps a DURATION
or REPEATING rule's progress), `alarm_record` (one per raise → clear cycle, the spec's result; at most one open per
rule and point, by a partial unique index), `alarm_trail` (append-only, one row per transition: the audit trail).
"""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Float, Index, Integer, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin


class AlarmLevel(IdMixin, TenantMixin, AuditMixin, Base):
    __tablename__ = "alarm_level"

    level: Mapped[int] = mapped_column(Integer)  # 1 most urgent … 5
    name: Mapped[str] = mapped_column(String(64))
    color: Mapped[str | None] = mapped_column(String(16))
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class AlarmGroup(IdMixin, TenantMixin, AuditMixin, Base):
    """Recipients (`user_ids`, comma-separated) hear the transitions named in `notify_on` (raise, clear, affirm)
    of the group's rules; they are also the users who may confirm them."""

    __tablename__ = "alarm_group"

    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    name: Mapped[str] = mapped_column(String(128))
    user_ids: Mapped[str | None] = mapped_column(Text)
    notify_on: Mapped[str] = mapped_column(String(64), default="raise,clear", server_default="raise,clear")
    email: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Escalation: an open alarm not confirmed `escalate_seconds` after it was raised (0: never) goes one level
    # more urgent and is notified to the recipients and `escalate_user_ids`; again each delay, at most
    # `escalate_steps` times.
    escalate_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    escalate_user_ids: Mapped[str | None] = mapped_column(Text)
    escalate_steps: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    sort: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    remark: Mapped[str | None] = mapped_column(String(500))


class AlarmTimeCycle(IdMixin, TenantMixin, AuditMixin, Base):
    """When rules using it may raise: ISO weekdays (1 Monday … 7) and a daily window `HH:MM`–`HH:MM` (an end
    before the start runs over midnight)."""

    __tablename__ = "alarm_time_cycle"

    name: Mapped[str] = mapped_column(String(128))
    days: Mapped[str] = mapped_column(String(32), default="1,2,3,4,5,6,7", server_default="1,2,3,4,5,6,7")
    start_time: Mapped[str] = mapped_column(String(5), default="00:00", server_default="00:00")
    end_time: Mapped[str] = mapped_column(String(5), default="24:00", server_default="24:00")
    remark: Mapped[str | None] = mapped_column(String(500))


class RuleCondition:
    """What raises and clears an alarm, shared by the rules on data points (`alarm_rule`) and the metrics on
    third-party tables (`alarm_metric`, alarm.tracking): `kind` THRESHOLD (value `operator` threshold), RANGE
    (outside low … high), RATE (change per minute above threshold), NO_DATA (no value for `no_data_seconds`) or
    OFFLINE (the rule's device offline: the built-in device-offline alarm; its point_id is 0);
    `mode` SIMPLE (first bad value), DURATION (bad for `duration_seconds`) or REPEATING (`repeat_count` bad
    values in a row). It clears once the value is back by `hysteresis` inside the limit, held for
    `clear_seconds`."""

    name: Mapped[str] = mapped_column(String(128))
    level_id: Mapped[int | None] = mapped_column(BigInteger)
    group_id: Mapped[int | None] = mapped_column(BigInteger)
    time_cycle_id: Mapped[int | None] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(16), default="THRESHOLD", server_default="THRESHOLD")
    operator: Mapped[str] = mapped_column(String(4), default="gt", server_default="gt")  # gt, ge, lt, le
    threshold: Mapped[float | None] = mapped_column(Float)
    low: Mapped[float | None] = mapped_column(Float)
    high: Mapped[float | None] = mapped_column(Float)
    mode: Mapped[str] = mapped_column(String(16), default="SIMPLE", server_default="SIMPLE")
    duration_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    repeat_count: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    no_data_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    hysteresis: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    clear_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    enabled: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    remark: Mapped[str | None] = mapped_column(String(500))


class AlarmRule(IdMixin, TenantMixin, RuleCondition, AuditMixin, Base):
    """An alarm event: a condition (RuleCondition) on one data point, or (kind OFFLINE, point_id 0) on a device."""

    __tablename__ = "alarm_rule"

    device_id: Mapped[int] = mapped_column(BigInteger)
    point_id: Mapped[int] = mapped_column(BigInteger, index=True)


class AlarmSetting(IdMixin, TenantMixin, Base):
    """A tenant's global alarm settings (one row; none means the defaults), with the e-mail parameters
    (notifyparamemail) that groups with e-mail on deliver through."""

    __tablename__ = "alarm_setting"

    enabled: Mapped[int] = mapped_column(Integer, default=1, server_default="1")  # 0: no rule raises
    notify: Mapped[int] = mapped_column(Integer, default=1, server_default="1")  # 0: no bell notifications
    keep_days: Mapped[int] = mapped_column(Integer, default=180, server_default="180")  # results and trail kept
    smtp_host: Mapped[str | None] = mapped_column(String(255))
    smtp_port: Mapped[int] = mapped_column(Integer, default=25, server_default="25")
    smtp_user: Mapped[str | None] = mapped_column(String(255))
    smtp_password: Mapped[str | None] = mapped_column(String(255))  # never sent back to a client
    smtp_from: Mapped[str | None] = mapped_column(String(255))
    smtp_tls: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # 1: STARTTLS


class AlarmMail(IdMixin, TenantMixin, Base):
    """The e-mail outbox: one message per recipient and transition, sent by the `alarm.mail` job and retried
    with a growing delay until MAX_ATTEMPTS."""

    __tablename__ = "alarm_mail"
    __table_args__ = (Index("ix_alarm_mail_due", "sent_time", "next_try"),)

    to_addr: Mapped[str] = mapped_column(String(255))
    subject: Mapped[str] = mapped_column(String(255))
    body: Mapped[str] = mapped_column(Text)
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    next_try: Mapped[datetime] = mapped_column(DateTime)
    sent_time: Mapped[datetime | None] = mapped_column(DateTime)
    last_error: Mapped[str | None] = mapped_column(String(500))
    create_time: Mapped[datetime] = mapped_column(DateTime)
    # Files sent with it, read from object storage at sending: JSON [{"name", "type", "key", "oss"}] (a generated
    # report's Excel and PDF); the row holds references, not the bytes.
    attachments: Mapped[str | None] = mapped_column(Text)


class AlarmTemplate(IdMixin, TenantMixin, AuditMixin, Base):
    """A notification template (notifytemplate): what `channel` (bell, email) says for `action` (raise, clear,
    affirm, escalate), with `{field}` placeholders of the model fields (notifymodelfield). `title` is the
    e-mail's subject; the bell shows `content` as the row's text. One per (channel, action); none: the
    built-in text."""

    __tablename__ = "alarm_notify_template"

    name: Mapped[str] = mapped_column(String(128))
    channel: Mapped[str] = mapped_column(String(16))
    action: Mapped[str] = mapped_column(String(16))
    title: Mapped[str | None] = mapped_column(String(255))
    content: Mapped[str] = mapped_column(Text)
    enabled: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    remark: Mapped[str | None] = mapped_column(String(500))


class AlarmJobUnusual(IdMixin, TenantMixin, Base):
    """A job that failed for good (jobunusua): an e-mail whose retries ran out (`ref_id`: the outbox row), or a
    sweep that raised (the platform tenant's). `retried` once an operator sent it round again."""

    __tablename__ = "alarm_job_unusual"
    __table_args__ = (Index("ix_alarm_job_unusual_tenant_time", "tenant_id", "create_time"),)

    job: Mapped[str] = mapped_column(String(32))
    ref_id: Mapped[int | None] = mapped_column(BigInteger)
    summary: Mapped[str] = mapped_column(String(255))
    error: Mapped[str | None] = mapped_column(String(500))
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    retried: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    create_time: Mapped[datetime] = mapped_column(DateTime)
    retry_time: Mapped[datetime | None] = mapped_column(DateTime)


class AlarmPending(IdMixin, Base):
    """Values waiting for the worker that owns their device's partition (scaled out, design/industrial.md §5):
    a process that wrote values of a partition it does not own hands them over here; the owner drains them in
    order and deletes them in the same transaction as their transitions."""

    __tablename__ = "alarm_pending"
    __table_args__ = (Index("ix_alarm_pending_partition", "partition", "id"),)

    partition: Mapped[int] = mapped_column(Integer)
    point_id: Mapped[int] = mapped_column(BigInteger)
    ts: Mapped[int] = mapped_column(BigInteger)
    value: Mapped[float | None] = mapped_column(Float)


class AlarmRuleState(TenantMixin, Base):
    """A rule's progress: bad values in a row, since when the value has been bad (DURATION) or good again (clear
    delay), and the last value seen (RATE, NO_DATA)."""

    __tablename__ = "alarm_rule_state"

    rule_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    bad_since: Mapped[int | None] = mapped_column(BigInteger)  # epoch ms
    good_since: Mapped[int | None] = mapped_column(BigInteger)
    last_ts: Mapped[int | None] = mapped_column(BigInteger)
    last_value: Mapped[float | None] = mapped_column(Float)


class AlarmRecord(IdMixin, TenantMixin, Base):
    """One raise → clear cycle of a rule (the spec's result): `batch` numbers the rule's cycles. A metric's
    record (alarm.tracking) names the metric as its rule and its source as both device and point."""

    __tablename__ = "alarm_record"
    __table_args__ = (
        Index("uq_alarm_record_open", "rule_id", "point_id", unique=True,
              sqlite_where=text("cleared = 0"), postgresql_where=text("cleared = 0")),
        Index("ix_alarm_record_tenant_time", "tenant_id", "first_time"),
    )

    rule_id: Mapped[int] = mapped_column(BigInteger, index=True)
    point_id: Mapped[int] = mapped_column(BigInteger)
    device_id: Mapped[int] = mapped_column(BigInteger)
    batch: Mapped[int] = mapped_column(Integer)
    level_id: Mapped[int | None] = mapped_column(BigInteger)
    first_time: Mapped[datetime] = mapped_column(DateTime)
    last_time: Mapped[datetime] = mapped_column(DateTime)
    first_value: Mapped[float | None] = mapped_column(Float)
    peak_value: Mapped[float | None] = mapped_column(Float)
    last_value: Mapped[float | None] = mapped_column(Float)
    frequency: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    cleared: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    clear_time: Mapped[datetime | None] = mapped_column(DateTime)
    clear_by: Mapped[str | None] = mapped_column(String(16))  # system / user
    acknowledged: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    ack_time: Mapped[datetime | None] = mapped_column(DateTime)
    ack_user_id: Mapped[int | None] = mapped_column(BigInteger)
    ack_person: Mapped[str | None] = mapped_column(String(64))
    ack_reason: Mapped[str | None] = mapped_column(String(500))
    escalations: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # steps taken


class AlarmTrail(IdMixin, TenantMixin, Base):
    """One transition of a record: raised, retriggered, escalated, acknowledged or cleared."""

    __tablename__ = "alarm_trail"
    __table_args__ = (Index("ix_alarm_trail_tenant_time", "tenant_id", "create_time"),)

    record_id: Mapped[int] = mapped_column(BigInteger, index=True)
    rule_id: Mapped[int] = mapped_column(BigInteger)
    batch: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(16))
    value: Mapped[float | None] = mapped_column(Float)
    person: Mapped[str | None] = mapped_column(String(64))
    remark: Mapped[str | None] = mapped_column(String(500))
    create_time: Mapped[datetime] = mapped_column(DateTime)


class AlarmUserSetting(IdMixin, TenantMixin, Base):
    """How one user's console heralds a new alarm of the most urgent levels (`levels`: level 1 … `levels`): a
    sound, a flashing bell. No row: neither (the default)."""

    __tablename__ = "alarm_user_setting"
    __table_args__ = (Index("uq_alarm_user_setting_user", "tenant_id", "user_id", unique=True),)

    user_id: Mapped[int] = mapped_column(BigInteger)
    sound: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    flash: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    levels: Mapped[int] = mapped_column(Integer, default=2, server_default="2")
