"""Wire shapes of /api/blade-monitor."""

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema


class JobRunRead(Schema):
    id: Id
    job: str
    trigger: str  # schedule, manual
    status: str  # running, succeeded, failed
    host: str
    started_at: DateTime
    finished_at: DateTime | None = None
    duration_ms: int | None = None
    error: str | None = ""


class JobRead(Schema):
    name: str
    cron: str
    scope: str  # platform, each-tenant, tenant
    paused: bool
    runs: list[JobRunRead] = Field(default_factory=list)  # the newest first (at most RUNS_SHOWN)
    failures: int = 0  # of the runs kept


class ServerState(Schema):
    """Sections as plain objects: each is what its part reports (the screen lays out whatever fields it knows)."""

    host: dict
    process: dict
    memory: dict
    disks: list[dict]
    database: dict
    cache: dict
    jobs: dict
    collectors: dict
    live: dict
