"""Users: accounts, their grants and their import and export."""


def setup() -> None:
    from plantdesk.core import generations
    from plantdesk.core.search import SearchGram
    from plantdesk.modules.system.models import Dept, Dict, Post, Role
    from plantdesk.modules.user import service
    from plantdesk.modules.user.models import User

    generations.watch(service.USERS, User, SearchGram)  # the list's filters read the gram index
    generations.watch(service.NAMES, Role, Dept, Post, Dict)
