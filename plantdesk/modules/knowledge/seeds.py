"""The knowledge area's menus: its catalogue and the knowledge base screen.

The node shape is core.menus'; core.areas assembles the tree from every area's menus.
"""

from plantdesk.core.menus import CRUD, menu

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    # Catalogue renamed from "knowledge": the screen below keeps the built-in code (see core.menus).
    menu("knowledgebase", "知识库", "Knowledge", "/knowledge", "ExperimentOutlined", 13, [
        # Catalogue, detail, comments, change log and preview live inside this screen.
        menu("knowledge", "知识库", "Knowledge base", "/index/knowledge", "CommentOutlined", 1,
             buttons=CRUD),
    ]),
]
# fmt: on
