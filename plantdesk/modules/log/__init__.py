"""API, error and usual logs: reading and export, and their retention job."""


def setup() -> None:
    from plantdesk.core import jobs
    from plantdesk.modules.log import retention

    jobs.declare(retention.JOB, retention.purge_old_logs, scope=jobs.EACH_TENANT, cron=retention.CRON)
