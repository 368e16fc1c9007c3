"""Early warning over the alarm results: warning indicators (a named measure of the alarms of a period, in a
scope, against a threshold), the published warning records (an indicator's value for one day, week or month),
the per-event alarm metrics and the analysis by period."""


def setup() -> None:
    from plantdesk.core import jobs
    from plantdesk.modules.warning import service

    jobs.declare(service.PUBLISH_JOB, service.publish_due, scope=jobs.EACH_TENANT, cron=service.PUBLISH_CRON)
