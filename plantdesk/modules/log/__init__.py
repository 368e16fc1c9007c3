"""API, error and usual logs: reading and export, and their retention job."""

from plantdesk.core.areas import Area


def _jobs():
    from plantdesk.core import jobs
    from plantdesk.modules.log import retention

    return [jobs.Job(retention.JOB, retention.purge_old_logs, jobs.EACH_TENANT, retention.CRON)]


def _seeds():
    from plantdesk.modules.log import seeds

    return seeds


AREA = Area("log", depends=("system",), routers=("router",), jobs=_jobs, menus=lambda: _seeds().MENUS)
