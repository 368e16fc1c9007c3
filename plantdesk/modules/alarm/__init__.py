"""Alarms: levels, groups, time cycles, events (rules on data points), the engine that raises, escalates and
clears them as values arrive, results with confirmation, the audit trail, bell and e-mail notifications through
templates, and the jobs that failed for good; `tracking`: metrics on third-party databases (MES, OA, QMS, SCADA)
raising alarms through the same lifecycle."""


def setup() -> None:
    from plantdesk.core import jobs, live, services
    from plantdesk.modules.ai import tools
    from plantdesk.modules.alarm import assistant, engine, mail, tracking
    from plantdesk.modules.device.monitor import listeners

    listeners.on_written(engine.on_values)
    live.register(engine.LIVE_TOPIC, live.holding(*engine.LIVE_CODES))
    jobs.declare(engine.SWEEP_JOB, engine.sweep, scope=jobs.PLATFORM, cron=engine.SWEEP_CRON)
    services.declare("alarm.partitions", engine.partitions)
    jobs.declare(mail.MAIL_JOB, mail.deliver, scope=jobs.PLATFORM, cron=mail.MAIL_CRON)
    tools.register(assistant.TOOL)
    tracking.setup()
