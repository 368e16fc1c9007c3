"""Topology (拓扑管理): protocols (what a link between two devices speaks), folders and topologies: a drawing of
the plant's devices and links saved as JSON, whose nodes are bound to devices and data points and show their live
state and values."""

from plantdesk.core.areas import Area


def _seeds():
    from plantdesk.modules.topology import seeds

    return seeds


AREA = Area("topology", depends=("system", "device"), routers=("router",), models=("models",),
            menus=lambda: _seeds().MENUS, dicts=lambda: _seeds().DICTS)
