"""Users: accounts, their grants and their import and export."""

from plantdesk.core.areas import Area


def _watchers():
    from plantdesk.core.search import SearchGram
    from plantdesk.modules.system.models import Dept, Dict, Post, Role, User
    from plantdesk.modules.user import service

    return [(service.USERS, (User, SearchGram)),  # the list's filters read the gram index
            (service.NAMES, (Role, Dept, Post, Dict))]


def _seeds():
    from plantdesk.modules.user import seeds

    return seeds


AREA = Area("user", depends=("system",), routers=("router",), watchers=_watchers, menus=lambda: _seeds().MENUS,
            dicts=lambda: _seeds().DICTS)
