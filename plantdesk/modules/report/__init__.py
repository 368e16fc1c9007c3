"""Reports: templates (spec §7 "Others": list, remove, submit with isEnable) that render tables and charts of
monitor-data aggregates, alarm results, OEE and workflow counts over a shift, day, week or month into Excel and
PDF files; generated on demand or by the `report.schedule` job after each period and mailed through the alarm
area's outbox; the generated files listed with download."""

from plantdesk.core.areas import Area


def _jobs():
    from plantdesk.core import jobs
    from plantdesk.modules.report import service

    return [jobs.Job(service.SCHEDULE_JOB, service.run_schedules, jobs.EACH_TENANT, service.SCHEDULE_CRON,
                     idempotent=True)]


def _seeds():
    from plantdesk.modules.report import seeds

    return seeds


AREA = Area("report", depends=("system", "resource", "device", "alarm", "product", "flow"), routers=("router",),
            models=("models",), jobs=_jobs, menus=lambda: _seeds().MENUS)
