"""Developer tools (spec §1, §7; menus.md area `tool`): data sources (the platform's own database and external
PostgreSQL and MySQL/MariaDB databases, read-only, their secrets sealed, their hosts through core.outbound) and
code generation (a code config: a table of a data source and how its columns list, search and edit; `gen-code`
answers a zip holding a complete area in the shape of this project). The large-screen data sources
(`/visual/datasource`, code `largedb`) are the same data sources, each tenant's own."""

from plantdesk.core.areas import Area


def _seeds():
    from plantdesk.modules.tool import seeds

    return seeds


AREA = Area("tool", depends=("system",), routers=("router",), models=("models",), menus=lambda: _seeds().MENUS)
