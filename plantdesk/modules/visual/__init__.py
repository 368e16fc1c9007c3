"""Visualisation: site maps with annotation dots bound to data points (spec §3 map dot), the large screens'
summaries (cockpit, part, wisdomView, batch and flow monitors: one answer per screen) and the large-screen API
hooks with their error log (every call through the outbound guard; a failing hook is logged, never raised)."""

from plantdesk.core.areas import Area


def _seeds():
    from plantdesk.modules.visual import seeds

    return seeds


AREA = Area("visual", depends=("device", "alarm", "product"), routers=("router",), models=("models",),
            menus=lambda: _seeds().MENUS)
