"""The forms area: catalogue, form designs and their published versions, hooks (remote dictionaries), and the
log of every submission with its values."""

from plantdesk.core.areas import Area


def _seeds():
    from plantdesk.modules.form import seeds

    return seeds


AREA = Area("form", depends=("system", "resource"), routers=("router",), models=("models",),
            menus=lambda: _seeds().MENUS)
