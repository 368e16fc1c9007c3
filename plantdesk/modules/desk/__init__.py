"""The desk: notices, and the header bell's notifications."""

from plantdesk.core.areas import Area


def _watchers():
    from plantdesk.modules.desk import service
    from plantdesk.modules.desk.models import SystemNotice

    return [(service.BELL, (SystemNotice,))]


def _seeds():
    from plantdesk.modules.desk import seeds

    return seeds


AREA = Area("desk", depends=("system",), routers=("router",), models=("models",), watchers=_watchers,
            menus=lambda: _seeds().MENUS, dicts=lambda: _seeds().DICTS)
