"""The knowledge base: catalogue, info (sanitised rich text), attachments, threaded comments, change log,
full-text search (Chinese and English) and the alarm events' knowledge links."""


def setup() -> None:
    from plantdesk.core import generations
    from plantdesk.modules.knowledge import service
    from plantdesk.modules.knowledge.models import KnowledgeInfo, KnowledgeTerm

    generations.watch(service.STATISTICS, KnowledgeInfo, KnowledgeTerm)  # the search's entry count and frequencies
