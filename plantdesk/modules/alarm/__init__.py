"""Alarms: levels, groups, time cycles, events (rules on data points), the engine that raises, escalates and
clears them as values arrive, results with confirmation, the audit trail, bell and e-mail notifications through
templates, and the jobs that failed for good; `tracking`: metrics on third-party databases (MES, OA, QMS, SCADA)
raising alarms through the same lifecycle."""

from plantdesk.core.areas import Area


def _jobs():
    from plantdesk.core import jobs
    from plantdesk.modules.alarm import engine, mail, tracking
    from plantdesk.modules.alarm.tracking import service as tracked

    return [jobs.Job(engine.SWEEP_JOB, engine.sweep, jobs.PLATFORM, engine.SWEEP_CRON),
            jobs.Job(mail.MAIL_JOB, mail.deliver, jobs.PLATFORM, mail.MAIL_CRON),
            jobs.Job(tracking.JOB, tracked.run_due, jobs.EACH_TENANT, tracking.CRON)]


def _services():
    from plantdesk.modules.alarm import engine

    return [("alarm.partitions", engine.partitions)]


def _listeners():
    from plantdesk.modules.alarm import engine

    return [engine.on_values]


def _topics():
    from plantdesk.core import live
    from plantdesk.modules.alarm import engine

    return [live.Topic(engine.LIVE_TOPIC, live.holding(*engine.LIVE_CODES))]


def _tools():
    from plantdesk.modules.alarm import assistant

    return assistant.TOOLS


def _seeds():
    from plantdesk.modules.alarm import seeds

    return seeds


AREA = Area("alarm", depends=("system", "desk", "device", "knowledge", "resource"), routers=("router",),
            models=("models", "tracking.models"), jobs=_jobs, services=_services, listeners=_listeners,
            topics=_topics, tools=_tools, menus=lambda: _seeds().MENUS, dicts=lambda: _seeds().DICTS,
            data_scopes=lambda: _seeds().DATA_SCOPES)
