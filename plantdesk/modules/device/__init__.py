"""The equipment area: device models, devices, data points, collect groups, imports and the operation log."""

from plantdesk.core.areas import Area


def _jobs():
    from plantdesk.core import jobs
    from plantdesk.modules.device import io
    from plantdesk.modules.device.monitor import retention
    from plantdesk.modules.device.monitor.store import ROLLUP_CRON, ROLLUP_JOB, store

    return [jobs.Job(io.JOB, io.run_import, jobs.CALLER, idempotent=True, abandoned=io.abandoned, left=io.left),
            jobs.Job(retention.RETENTION_JOB, retention.purge_tenant, jobs.EACH_TENANT, retention.RETENTION_CRON),
            jobs.Job(retention.PARTITIONS_JOB, retention.maintain_partitions, jobs.PLATFORM,
                     retention.PARTITIONS_CRON),
            jobs.Job(ROLLUP_JOB, store.roll_up, jobs.PLATFORM, ROLLUP_CRON)]


def _services():
    from plantdesk.modules.device.collect import supervisor
    from plantdesk.modules.device.monitor import latest

    return [("collect", supervisor.serve), ("monitor.latest", latest.write_back, "everywhere")]


def _listeners():
    from plantdesk.modules.device.monitor import push

    return [push.on_values]


def _topics():
    from plantdesk.core import live
    from plantdesk.modules.device import io
    from plantdesk.modules.device.collect import service as collect
    from plantdesk.modules.device.monitor import push

    return [live.Topic(push.TOPIC, live.holding(*push.CODES)),
            live.Topic(push.STATUS_TOPIC, live.holding(*push.CODES), watch=push.device_states,
                       every=push.STATUS_EVERY),
            live.Topic(io.LIVE_TOPIC, live.holding(*io.LIVE_CODES)),
            live.Topic(collect.TOPIC, live.holding(*collect.VIEW_CODES), watch=collect.watched, every=collect.EVERY)]


def _tools():
    from plantdesk.modules.device import assistant

    return assistant.tools()


def _seeds():
    from plantdesk.modules.device import seeds

    return seeds


AREA = Area("device", depends=("system", "log"), routers=("router", "monitor.router", "collect.router"),
            models=("models", "monitor.models"), jobs=_jobs, services=_services, listeners=_listeners,
            topics=_topics, tools=_tools,
            menus=lambda: _seeds().MENUS, dicts=lambda: _seeds().DICTS, biz_dicts=lambda: _seeds().BIZ_DICTS,
            data_scopes=lambda: _seeds().DATA_SCOPES)
