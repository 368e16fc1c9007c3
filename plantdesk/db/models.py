"""`Base.metadata` complete: the core's own tables, then every area's (core.areas); Alembic, tests and seeding
import `Base` from here."""

from plantdesk.core import areas
from plantdesk.core.audit_models import ApiLog, ErrorLog, UsualLog
from plantdesk.core.job_runs import JobPause, JobRun
from plantdesk.core.leases import Lease
from plantdesk.core.search import SearchGram
from plantdesk.core.security.models import Client, UserSession
from plantdesk.db.base import Base

areas.import_models()

__all__ = ["ApiLog", "Base", "Client", "ErrorLog", "JobPause", "JobRun", "Lease", "SearchGram", "UserSession",
           "UsualLog"]
