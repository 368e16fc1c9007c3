"""Production: products, their craft flows (tectprocess: the ordered steps of making a product), batch products
whose progress is read from a bound counter point, and OEE (industrial.md §7): per device, line, shift and day,
from a run-state point and good/total counter points over the shift calendar, stored by a periodic job and
analysed by loss cause (the six big losses), trend and Pareto."""

from plantdesk.core.areas import Area


def _jobs():
    from plantdesk.core import jobs
    from plantdesk.modules.product import oee, service

    return [jobs.Job(oee.COMPUTE_JOB, service.compute_due, jobs.EACH_TENANT, oee.COMPUTE_CRON)]


def _tools():
    from plantdesk.modules.product import assistant

    return [assistant.TOOL]


def _seeds():
    from plantdesk.modules.product import seeds

    return seeds


AREA = Area("product", depends=("device",), routers=("router",), models=("models",), jobs=_jobs, tools=_tools,
            menus=lambda: _seeds().MENUS)
