"""The knowledge base: catalogue, info (sanitised rich text), attachments, threaded comments, change log,
full-text search (Chinese and English) and the alarm events' knowledge links."""

from plantdesk.core.areas import Area


def _watchers():
    from plantdesk.modules.knowledge import service
    from plantdesk.modules.knowledge.models import KnowledgeInfo, KnowledgeTerm

    return [(service.STATISTICS, (KnowledgeInfo, KnowledgeTerm))]  # the search's entry count and frequencies


def _corpus():
    from plantdesk.modules.knowledge import assistant

    return assistant.retrieve


def _seeds():
    from plantdesk.modules.knowledge import seeds

    return seeds


AREA = Area("knowledge", depends=("system", "resource"), routers=("router",), models=("models",),
            watchers=_watchers, corpus=_corpus, menus=lambda: _seeds().MENUS)
