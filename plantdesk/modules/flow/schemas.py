"""Wire shapes of /api/blade-flow (BladeX field names) and of the leave process."""

from typing import Any

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema


class FlowModelRead(Schema):
    id: Id
    model_key: str
    name: str
    description: str | None = None
    category: str | None = None
    version: int
    form_id: Id | None = None
    tenant_id: str
    create_time: DateTime | None = None
    update_time: DateTime | None = None


class FlowModelDetail(FlowModelRead):
    model_editor_xml: str | None = None


class FlowModelWrite(Schema):
    id: Id | None = None
    model_key: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z_][A-Za-z0-9_.\-]*$")
    name: str = Field(min_length=1, max_length=128)
    description: str | None = Field(default=None, max_length=500)
    category: str | None = Field(default=None, max_length=64)
    form_id: Id | None = None
    model_editor_xml: str | None = Field(default=None, max_length=2_000_000)


class FlowDefinitionRead(Schema):
    id: Id
    key: str
    name: str
    category: str | None = None
    version: int
    deployment_id: Id
    resource_name: str
    suspension_state: int
    deployment_time: DateTime
    tenant_id: str
    form_id: Id | None = None


class FlowUploadCheck(Schema):
    """/manager/check-upload: whether one file would deploy, and the process keys it holds."""

    name: str
    success: bool
    message: str | None = None
    processes: list[str] = Field(default_factory=list)


class FlowRow(Schema):
    """BladeX `BladeFlow`: one row of the task and instance lists."""

    task_id: Id | None = None
    task_name: str | None = None
    task_definition_key: str | None = None
    assignee: str | None = None
    assignee_name: str | None = None
    category: str | None = None
    create_time: DateTime | None = None
    end_time: DateTime | None = None
    claim_time: DateTime | None = None
    history_task_end_time: DateTime | None = None
    process_instance_id: Id
    process_definition_id: Id
    process_definition_key: str
    process_definition_name: str
    process_definition_version: int | None = None
    process_is_finished: str  # finished / unfinished
    business_table: str | None = None
    business_id: str | None = None
    start_user: str | None = None
    start_user_name: str | None = None
    start_time: DateTime | None = None
    status: str
    comment: str | None = None
    suspension_state: int | None = None
    form_key: str | None = None  # the task's form (formKey); the form-catalogue seam, docs/decisions.md
    form_id: Id | None = None  # the definition's start form design


class CompleteTask(Schema):
    task_id: Id
    process_instance_id: Id | None = None
    comment: str | None = Field(default=None, max_length=1000)
    flag: str | None = Field(default=None, max_length=16)
    variables: dict[str, Any] = Field(default_factory=dict)


class StartProcess(Schema):
    process_definition_id: Id
    business_table: str | None = Field(default=None, max_length=64, pattern=r"^[A-Za-z0-9_]*$")
    business_id: str | None = Field(default=None, max_length=64)
    variables: dict[str, Any] = Field(default_factory=dict)


class FlowStarted(Schema):
    process_instance_id: Id


class FlowEvent(Schema):
    """A message or signal from outside (POST /blade-flow/process/event)."""

    kind: str = Field(default="message", pattern=r"^(message|signal)$")
    name: str = Field(min_length=1, max_length=200)
    # variables an instance must hold with these values (the message's correlation keys)
    correlation: dict[str, Any] = Field(default_factory=dict)
    business_key: str | None = Field(default=None, max_length=130)
    variables: dict[str, Any] = Field(default_factory=dict)  # the payload: into the instance's variables


class FlowEventResult(Schema):
    delivered: list[Id]
    started: list[Id]


class FlowHistoryRow(Schema):
    history_activity_id: str
    history_activity_name: str
    assignee: str | None = None
    assignee_name: str | None = None
    # Of a pending step nobody has claimed yet: who may claim it (candidate users' names, then role names).
    candidate_names: list[str] = []
    create_time: DateTime | None = None
    end_time: DateTime | None = None
    history_activity_duration_time: str | None = None
    comment: str | None = None
    passed: int | None = None


class FlowDiagram(Schema):
    xml: str
    completed: list[str]
    active: list[str]


class FlowTaskForm(Schema):
    """The form a task names (formKey), as its newest published version: the avue option in `content`."""

    design_id: Id
    detail_id: Id
    name: str
    version: int
    content: str


class LeaveWrite(Schema):
    process_definition_id: Id | None = None
    leave_type: str = Field(min_length=1, max_length=32)
    start_time: DateTime
    end_time: DateTime
    days: float = Field(gt=0, le=365)
    reason: str = Field(min_length=1, max_length=500)


class LeaveRead(Schema):
    id: Id
    process_definition_id: Id | None = None
    process_instance_id: Id | None = None
    leave_type: str
    start_time: DateTime
    end_time: DateTime
    days: float
    reason: str
    task_user: str | None = None
    apply_time: DateTime | None = None
    create_user: Id | None = None
