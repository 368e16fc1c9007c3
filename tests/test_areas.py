"""Each area is declared once (core.areas) and everything it declares is wired; areas import each other only in
the direction their declarations give, without cycles."""

import ast
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import plantdesk.modules
from plantdesk.core import areas, assistant, generations, jobs, listeners, services

MODULES = Path(plantdesk.modules.__file__).parent
# The core's registries: an area reaches them through its declaration only, so none can be forgotten.
REGISTRATIONS = {"watch", "declare", "on_written", "register", "register_loader", "register_loaders",
                 "register_tenants", "use_corpus"}


def _packages() -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(plantdesk.modules.__path__))


class TestDeclaration:
    def test_every_package_declares_its_area(self):
        assert [area.name for area in sorted(areas.declared(), key=lambda a: a.name)] == _packages()

    def test_an_area_comes_after_what_it_depends_on(self):
        seen: set[str] = set()
        for area in areas.declared():
            assert set(area.depends) <= seen, area.name
            seen.add(area.name)

    def test_a_cycle_is_refused_with_its_path(self):
        found = {"a": areas.Area("a", depends=("b",)), "b": areas.Area("b", depends=("a",))}
        with pytest.raises(RuntimeError, match="cycle: a -> b -> a"):
            list(areas._ordered(found))

    def test_every_router_module_is_mounted(self, app):
        mounted = {route.endpoint for route in app.routes if hasattr(route, "endpoint")}
        for path in MODULES.rglob("router.py"):
            module = importlib.import_module(".".join(path.relative_to(MODULES.parent.parent).with_suffix("").parts))
            unmounted = [r.path for r in module.router.routes if r.endpoint not in mounted]
            assert unmounted == [], f"{path.relative_to(MODULES)}: declare it in its area's routers"

    def test_every_models_module_joins_the_metadata(self):
        code = ("import sys, plantdesk.db.models\n"
                "print(sorted(m for m in sys.modules if m.startswith('plantdesk.modules.') and m.endswith('.models')))")
        loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
        for path in MODULES.rglob("models.py"):
            name = ".".join(path.relative_to(MODULES.parent.parent).with_suffix("").parts)
            assert f"'{name}'" in loaded, f"{name}: declare it in its area's models"


class TestWired:
    """What the areas declare is in the core's registries once the app has started."""

    def test_jobs_services_tools_and_listeners(self, app):
        for area in areas.declared():
            assert {job.name for job in area.jobs()} <= jobs.declared().keys(), area.name
            assert {name for name, _ in area.services()} <= services._declared.keys(), area.name
            assert {tool.name for tool in area.tools()} <= assistant.TOOLS.keys(), area.name
            assert all(listener in listeners._listeners for listener in area.listeners()), area.name

    def test_every_watcher_follows_its_tables(self, app):
        for area in areas.declared():
            for generation, tables in area.watchers():
                for table in tables:
                    assert generation in generations._followers.get(table, set()), f"{area.name}: {generation}"

    def test_the_knowledge_search_statistics_follow_their_writes(self, app):
        """The first case this test caught: knowledge's watcher was never registered, so the search's entry count
        and term frequencies stayed stale for up to an hour after a write."""
        from plantdesk.modules.knowledge import service
        from plantdesk.modules.knowledge.models import KnowledgeInfo, KnowledgeTerm

        assert service.STATISTICS in generations._followers[KnowledgeInfo] & generations._followers[KnowledgeTerm]

    def test_no_area_registers_outside_its_declaration(self):
        offenders = []
        for path in MODULES.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and node.func.attr in REGISTRATIONS and isinstance(node.func.value, ast.Name) \
                        and node.func.value.id in {"generations", "jobs", "services", "listeners", "assistant",
                                                   "tools", "permissions", "datascope", "scopes"}:
                    offenders.append(f"{path.relative_to(MODULES)}:{node.lineno} {node.func.value.id}.{node.func.attr}")
        # The system area's declaration registers its loaders, the data-scope ones through system/menu/scope.py.
        assert [o for o in offenders if not o.startswith(("system/__init__.py", "system/menu/scope.py"))] == []
