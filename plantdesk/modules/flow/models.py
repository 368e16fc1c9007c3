"""Workflow tables (industrial.md §8.5): editable models, immutable deployments and their process definitions,
process instances with the engine's JSON state, the human-task projection (assignee, candidates, claim,
completion with its comment), and the leave process's business rows.

Every table is tenant-scoped. A process instance carries a row version: two steps on one instance never both
commit (the second fails on the stale version and is rolled back whole).
"""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Float, Index, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, deferred, mapped_column

from plantdesk.db.base import AuditMixin, Base, IdMixin, TenantMixin

ACTIVE, SUSPENDED = 1, 2
RUNNING, INSTANCE_SUSPENDED, COMPLETED, DELETED = "running", "suspended", "completed", "deleted"
OPEN, DONE, CANCELLED = "open", "done", "cancelled"


class FlowModel(IdMixin, TenantMixin, AuditMixin, Base):
    """An editable BPMN model (Flowable ACT_DE_MODEL): the modeler's XML as saved."""

    __tablename__ = "wf_model"
    __table_args__ = (Index("ix_wf_model_tenant_key", "tenant_id", "model_key"),)

    model_key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    description: Mapped[str | None] = mapped_column(String(500))
    category: Mapped[str | None] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    xml: Mapped[str | None] = mapped_column(Text)  # lists leave it out (defer)
    # The form-catalogue seam (docs/decisions.md): a form design id shown as the start form.
    form_id: Mapped[int | None] = mapped_column(BigInteger)


class FlowDeployment(IdMixin, TenantMixin, Base):
    """One deployment of a model or an uploaded file: its XML never changes."""

    __tablename__ = "wf_deployment"

    name: Mapped[str] = mapped_column(String(128))
    category: Mapped[str | None] = mapped_column(String(64))
    resource_name: Mapped[str] = mapped_column(String(255))
    deploy_time: Mapped[datetime] = mapped_column(DateTime)
    deploy_user: Mapped[int | None] = mapped_column(BigInteger)
    xml: Mapped[bytes] = deferred(mapped_column(LargeBinary))  # executable (prepared) XML


class FlowDefinition(IdMixin, TenantMixin, Base):
    """A process definition: a process key at one version, from one deployment."""

    __tablename__ = "wf_definition"
    __table_args__ = (Index("ix_wf_definition_tenant_key", "tenant_id", "process_key", "version"),)

    deployment_id: Mapped[int] = mapped_column(BigInteger, index=True)
    process_key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    version: Mapped[int] = mapped_column(Integer)
    category: Mapped[str | None] = mapped_column(String(64))
    suspension_state: Mapped[int] = mapped_column(Integer, default=ACTIVE, server_default="1")
    resource_name: Mapped[str] = mapped_column(String(255))
    form_id: Mapped[int | None] = mapped_column(BigInteger)
    deploy_time: Mapped[datetime] = mapped_column(DateTime)
    # How the process starts besides by hand: a timer start's schedule (as written) with its next due time, or
    # the message or signal of its message/signal start ("message:<name>").
    schedule: Mapped[str | None] = mapped_column(String(255))
    next_start: Mapped[datetime | None] = mapped_column(DateTime, index=True)
    trigger: Mapped[str | None] = mapped_column(String(255))


class FlowInstance(IdMixin, TenantMixin, Base):
    """A process instance: its business key, starter, status and the engine state as of its last step."""

    __tablename__ = "wf_instance"
    __table_args__ = (
        Index("ix_wf_instance_tenant_starter", "tenant_id", "start_user", "start_time"),
        Index("ix_wf_instance_tenant_status", "tenant_id", "status"),
        Index("ix_wf_instance_timer", "next_timer"),
    )

    definition_id: Mapped[int] = mapped_column(BigInteger, index=True)
    deployment_id: Mapped[int] = mapped_column(BigInteger, index=True)
    process_key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    category: Mapped[str | None] = mapped_column(String(64))
    business_table: Mapped[str | None] = mapped_column(String(64))
    business_id: Mapped[str | None] = mapped_column(String(64))
    start_user: Mapped[str] = mapped_column(String(64))  # task user: taskUser_<id>
    start_user_name: Mapped[str | None] = mapped_column(String(64))
    start_time: Mapped[datetime] = mapped_column(DateTime)
    end_time: Mapped[datetime | None] = mapped_column(DateTime)
    status: Mapped[str] = mapped_column(String(16), default=RUNNING)
    delete_reason: Mapped[str | None] = mapped_column(String(500))
    next_timer: Mapped[datetime | None] = mapped_column(DateTime)
    waiting: Mapped[str | None] = mapped_column(String(1000))  # ",message:paid,signal:stop,": what it waits for
    state: Mapped[str] = mapped_column(Text)  # lists leave it out (defer)
    row_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    __mapper_args__ = {"version_id_col": row_version}


class FlowTask(IdMixin, TenantMixin, Base):
    """A human task as the engine made it READY, its assignment, claim and completion (the history)."""

    __tablename__ = "wf_task"
    __table_args__ = (
        Index("ix_wf_task_tenant_open", "tenant_id", "status", "assignee", "create_time"),
        Index("ix_wf_task_tenant_done", "tenant_id", "completed_by", "end_time"),
    )

    instance_id: Mapped[int] = mapped_column(BigInteger, index=True)
    engine_id: Mapped[str] = mapped_column(String(36))  # the engine's task UUID
    task_key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    assignee: Mapped[str | None] = mapped_column(String(64))
    candidate_users: Mapped[str | None] = mapped_column(String(1000))  # ",taskUser_1,taskUser_2,"
    candidate_groups: Mapped[str | None] = mapped_column(String(1000))  # ",hr,admin,"
    form_key: Mapped[str | None] = mapped_column(String(255))
    create_time: Mapped[datetime] = mapped_column(DateTime)
    claim_time: Mapped[datetime | None] = mapped_column(DateTime)
    end_time: Mapped[datetime | None] = mapped_column(DateTime)
    completed_by: Mapped[str | None] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default=OPEN)
    passed: Mapped[int | None] = mapped_column(Integer)  # the `pass` variable given on completion (1/0)
    comment: Mapped[str | None] = mapped_column(String(1000))


class FlowLeave(IdMixin, TenantMixin, AuditMixin, Base):
    """The leave process's business row (请假流程); business key `wf_leave:<id>`."""

    __tablename__ = "wf_leave"

    process_definition_id: Mapped[int | None] = mapped_column(BigInteger)
    process_instance_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    leave_type: Mapped[str] = mapped_column(String(32))
    start_time: Mapped[datetime] = mapped_column(DateTime)
    end_time: Mapped[datetime] = mapped_column(DateTime)
    days: Mapped[float] = mapped_column(Float)
    reason: Mapped[str] = mapped_column(String(500))
    task_user: Mapped[str | None] = mapped_column(String(64))
    apply_time: Mapped[datetime | None] = mapped_column(DateTime)
