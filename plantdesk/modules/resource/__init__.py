"""Resources: attachments, object storage (local or S3-compatible) and SMS configurations."""

from plantdesk.core.areas import Area


def _seeds():
    from plantdesk.modules.resource import seeds

    return seeds


AREA = Area("resource", routers=("router",), models=("models",), menus=lambda: _seeds().MENUS,
            dicts=lambda: _seeds().DICTS)
