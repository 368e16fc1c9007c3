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


def _imported_areas(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = [node.module] if isinstance(node, ast.ImportFrom) and node.module else \
            [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        found |= {name.split(".")[2] for name in names if name.startswith("plantdesk.modules.")}
    return found


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
            assert {name for name, *_ in area.services()} <= services._declared.keys(), area.name
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


def _node(code: str, sort: int = 1, *, parent: str = "", buttons: tuple[str, ...] = ()) -> dict:
    return {**({"parent": parent} if parent else {}), "code": code, "name": code, "name_en": code,
            "path": f"/{code}", "source": "", "sort": sort, "is_open": 1, "children": [],
            "buttons": [{"alias": alias, "name": alias, "name_en": alias, "action": 1} for alias in buttons]}


class TestSeeded:
    """The menus, dictionaries and parameters the areas declare make one tree and one list each (the seeder's and
    the seed sync's, tests/seed/test_sync.py)."""

    def test_every_menu_and_button_code_is_unique_across_areas(self):
        def codes(nodes):
            for node in nodes:
                yield node["code"]
                yield from (f"{node['code']}_{button['alias']}" for button in node["buttons"])
                yield from codes(node["children"])

        declared = [(code, area.name) for area in areas.declared() for code in codes(area.menus())]
        owners: dict[str, set[str]] = {}
        for code, area in declared:
            owners.setdefault(code, set()).add(area)
        assert len(declared) == len(owners), {code: names for code, names in owners.items()
                                               if sum(c == code for c, _ in declared) > 1}
        assert len(list(codes(areas.menus()))) == len(declared)  # the tree holds every declared node, once

    def test_a_screen_hangs_under_another_areas_catalogue_in_sort_order(self, monkeypatch):
        monkeypatch.setattr(areas, "declared", lambda: (
            areas.Area("a", menus=lambda: [_node("cat", 2, buttons=("add",)), _node("first", parent="other")]),
            areas.Area("b", menus=lambda: [_node("other", 1), _node("second", 2, parent="cat"),
                                           _node("third", 3, parent="other")])))

        tree = areas.menus()

        assert [(n["code"], [c["code"] for c in n["children"]]) for n in tree] == [
            ("other", ["first", "third"]), ("cat", ["second"])]
        assert "parent" not in tree[0]["children"][0]

    def test_a_code_two_areas_declare_is_refused(self, monkeypatch):
        monkeypatch.setattr(areas, "declared", lambda: (
            areas.Area("a", menus=lambda: [_node("cat", buttons=("add",))]),
            areas.Area("b", menus=lambda: [_node("cat_add", parent="cat")])))
        with pytest.raises(RuntimeError, match="'cat_add' is declared by area a and by area b"):
            areas.menus()

    def test_a_parent_no_area_declares_is_refused(self, monkeypatch):
        monkeypatch.setattr(areas, "declared", lambda: (areas.Area("a", menus=lambda: [_node("x", parent="gone")]),))
        with pytest.raises(RuntimeError, match="under 'gone', which no area declares"):
            areas.menus()

    def test_a_dictionary_two_areas_declare_is_refused(self, monkeypatch):
        group = {"code": "shift", "sort": 1, "name": "班次", "name_en": "Shift", "items": []}
        monkeypatch.setattr(areas, "declared", lambda: (areas.Area("a", biz_dicts=lambda: [group]),
                                                         areas.Area("b", biz_dicts=lambda: [group])))
        with pytest.raises(RuntimeError, match="'shift' is declared twice"):
            areas.biz_dicts()

    def test_a_parameter_two_areas_declare_is_refused(self, monkeypatch):
        param = ("log.retentionDays", "日志保留天数", "180", "")
        monkeypatch.setattr(areas, "declared", lambda: (areas.Area("a", params=lambda: [param]),
                                                         areas.Area("b", params=lambda: [param])))
        with pytest.raises(RuntimeError, match="'log.retentionDays' is declared twice"):
            areas.params()


class TestDirection:
    def test_areas_import_only_what_they_declare(self):
        declared = {area.name: set(area.depends) for area in areas.declared()}
        offenders = []
        for path in MODULES.rglob("*.py"):
            parts = path.relative_to(MODULES).parts
            if len(parts) == 1:
                continue
            own = parts[0]
            for other in _imported_areas(path) - {own} - declared[own]:
                offenders.append(f"{path.relative_to(MODULES)} -> {other}")
        assert offenders == []

    def test_areas_import_neither_the_seed_nor_the_demo(self):
        offenders = []
        for path in MODULES.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                module = node.module if isinstance(node, ast.ImportFrom) else None
                if module and module.split(".")[:2] in (["plantdesk", "seed"], ["plantdesk", "demo"]):
                    offenders.append(f"{path.relative_to(MODULES)} -> {module}")
        assert offenders == []
