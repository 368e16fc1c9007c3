"""The workflow area: BPMN models, deployments and definitions, process instances and task lists on
SpiffWorkflow (engine.py), and the leave process."""

from plantdesk.core.areas import Area


def _jobs():
    from plantdesk.core import jobs
    from plantdesk.modules.flow import timers

    return [jobs.Job(timers.JOB, timers.fire, jobs.EACH_TENANT, timers.CRON)]


def _tools():
    from plantdesk.modules.flow import assistant

    return [assistant.TOOL]


def _seeds():
    from plantdesk.modules.flow import seeds

    return seeds


AREA = Area("flow", depends=("system", "desk", "alarm", "form"), routers=("router",), models=("models",), jobs=_jobs,
            tools=_tools, menus=lambda: _seeds().MENUS, dicts=lambda: _seeds().DICTS)
