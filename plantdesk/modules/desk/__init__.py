"""The desk: notices, and the header bell's notifications."""

from plantdesk.core.areas import Area


def _watchers():
    from plantdesk.modules.desk import service
    from plantdesk.modules.desk.models import SystemNotice

    return [(service.BELL, (SystemNotice,))]


def _seeds():
    from plantdesk.modules.desk import seeds

    return seeds


def _topics():
    from plantdesk.core import live
    from plantdesk.modules.desk import service

    return [live.Topic(service.BELL_TOPIC, live.anyone(), per_user=True)]


AREA = Area("desk", depends=("system",), routers=("router",), models=("models",), watchers=_watchers,
            topics=_topics, menus=lambda: _seeds().MENUS, dicts=lambda: _seeds().DICTS)
