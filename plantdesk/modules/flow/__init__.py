"""The workflow area: BPMN models, deployments and definitions, process instances and task lists on
SpiffWorkflow (engine.py), and the leave process."""


def setup() -> None:
    from plantdesk.core import jobs
    from plantdesk.modules.ai import tools
    from plantdesk.modules.flow import assistant, timers

    jobs.declare(timers.JOB, timers.fire, scope=jobs.EACH_TENANT, cron=timers.CRON)
    tools.register(assistant.TOOL)
