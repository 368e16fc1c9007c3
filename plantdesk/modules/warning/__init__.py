"""Early warning over the alarm results: warning indicators (a named measure of the alarms of a period, in a
scope, against a threshold), the published warning records (an indicator's value for one day, week or month),
the per-event alarm metrics and the analysis by period."""

from plantdesk.core.areas import Area


def _jobs():
    from plantdesk.core import jobs
    from plantdesk.modules.warning import service

    return [jobs.Job(service.PUBLISH_JOB, service.publish_due, jobs.EACH_TENANT, service.PUBLISH_CRON)]


def _seeds():
    from plantdesk.modules.warning import seeds

    return seeds


AREA = Area("warning", depends=("alarm", "device"), routers=("router",), models=("models",), jobs=_jobs,
            menus=lambda: _seeds().MENUS)
