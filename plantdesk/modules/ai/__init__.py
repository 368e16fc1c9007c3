"""The assistant: POST /api/ai/chat in the OpenAI chat shape, answering from the tenant's knowledge base and the
live plant through typed tools (offline by default, or through a tenant's OpenAI-compatible provider)."""

from plantdesk.core.areas import Area


def _seeds():
    from plantdesk.modules.ai import seeds

    return seeds


AREA = Area("ai", routers=("router",), models=("models",), menus=lambda: _seeds().MENUS)
