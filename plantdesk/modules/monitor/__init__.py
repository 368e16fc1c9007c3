"""The monitoring screens operators look for under 系统监控 (issue 31): online users (the auth area's sessions,
read and kicked through its own endpoints), scheduled jobs (each schedule, its last runs, run now, pause and
resume) and the server's state (host, database pool, Redis, job queue, collectors). Platform administrators only.
"""

from plantdesk.core.areas import Area


def _seeds():
    from plantdesk.modules.monitor import seeds

    return seeds


AREA = Area("monitor", depends=("log", "device"), routers=("router",), menus=lambda: _seeds().MENUS)
