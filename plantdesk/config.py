"""Settings: `PLANTDESK_*` environment variables, with secrets generated into the data dir on first run."""

import secrets
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from plantdesk.core import outbound

# Signing keys a deployment must never run with: refused in production mode.
KNOWN_DEFAULT_SECRETS = frozenset({
    "", "secret", "changeme", "plantdesk",
    "bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject",
})


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PLANTDESK_", extra="ignore")

    data_dir: Path = Path("data")
    database_url: str = ""
    redis_url: str = ""
    jwt_secret: str = ""
    production: bool = False
    captcha_mode: bool = False
    switch_mode: bool = False
    web_dist: Path = Path(__file__).resolve().parent.parent / "web" / "dist"
    max_body_bytes: int = 10 * 1024 * 1024
    upload_max_bytes: int = 10 * 1024 * 1024
    ip_fail_limit: int = 30
    ip_fail_window: int = 600
    audit_flush_seconds: float = 1.0
    service_id: str = "plantdesk"
    log_sql: bool = False
    # text: one readable line per record; json: one JSON object per line with the request id (core.logs)
    log_format: Literal["text", "json"] = "text"
    db_pool_size: int = 32
    outbound_allow: str = ""  # internal endpoints tenants may name: host, host:port or CIDR (core.outbound)
    outbound_grants: str = ""  # tenant/kind=host:port: one internal endpoint for one tenant's one kind of connection
    # The demo plant's servers run on this machine (serve --simulate sets it; give it to `worker` processes too):
    # the demo tenant's collectors and MES source may reach them (plantdesk.demo.allow).
    demo: bool = False
    metrics_allow: str = ""  # besides loopback, who may read /metrics: addresses or CIDRs, comma-separated
    forwarded_allow_ips: str = ""  # proxies whose X-Forwarded-* headers are believed (uvicorn's list syntax)
    # embedded: jobs run inside `serve` (one process); queue: PostgreSQL-backed, run by `worker` processes.
    jobs: Literal["embedded", "queue"] = "embedded"
    job_schedules: dict[str, str] = {}  # job name -> cron, overriding the declared schedule
    # How often a worker says it is alive; three missed and its running jobs are retried or failed (core.jobs).
    jobs_heartbeat_seconds: float = Field(default=10.0, gt=0)

    @field_validator("outbound_grants")
    @classmethod
    def _grants_parse(cls, value: str) -> str:
        outbound.Policy.parse("", value)  # a malformed grant stops the start, not a later connection
        return value

    @cached_property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'plantdesk.db').resolve()}"

    @cached_property
    def signing_key(self) -> str:
        if self.jwt_secret:
            if self.production and self.jwt_secret in KNOWN_DEFAULT_SECRETS:
                raise RuntimeError("PLANTDESK_JWT_SECRET is a known default; set a random secret")
            return self.jwt_secret
        return self._generated_secret("jwt.secret")

    @property
    def outbound_policy(self) -> "outbound.Policy":
        """The platform's rule; a connection checks against it with its tenant and kind (core.outbound)."""
        return outbound.Policy.parse(self.outbound_allow, self.outbound_grants)

    @property
    def upload_dir(self) -> Path:
        return self.data_dir / "uploads"

    def _generated_secret(self, name: str) -> str:
        path = self.data_dir / name
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(secrets.token_urlsafe(48))
            path.chmod(0o600)
        return path.read_text().strip()
