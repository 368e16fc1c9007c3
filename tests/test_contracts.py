"""The string contracts between routes, seed and console: permission codes a route needs, menu paths and the
views each area's route table (web/src/views/<area>/routes.ts) serves them with, and the button codes a view
checks, all exist on the other side."""

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from plantdesk.app import create_app
from plantdesk.config import Settings
from plantdesk.core import areas, deps
from plantdesk.modules.system.param.seeds import ALLOWED_PARAM_KEYS, NON_NEGATIVE_INT_KEYS

ROOT = Path(__file__).resolve().parent.parent
VIEWS = ROOT / "web" / "src" / "views"

# Seeded screens whose area is not built yet: their path renders the 404 page until the view exists (menus.md).
# An entry goes when its view lands; the test fails while a built view is still listed here.
NOT_BUILT: set[str] = set()


def _walk(nodes: list[dict]):
    for node in nodes:
        yield node
        yield from _walk(node["children"])


MENU_NODES = list(_walk(areas.menus()))
SEEDED_CODES = {node["code"] for node in MENU_NODES} | {
    f"{node['code']}_{button['alias']}" for node in MENU_NODES for button in node["buttons"]}
CODE_BY_PATH = {node["path"]: node["code"] for node in MENU_NODES if node["path"]}
# `'/menu/path': () => import('./folder/index')` in an area's route table, or the same import in a loader of the
# area's (`screen(() => import('./screen/Cockpit'))`)
ROUTE = re.compile(r"""'([^']+)':\s*(?:\w+\()?\(\)\s*=>\s*import\('(\.[^']+)'\)""")


def _routes() -> dict[str, Path]:
    """Each console path with the view file its area's route table loads for it."""
    return {path: (table.parent / target).resolve().with_suffix(".tsx")
            for table in VIEWS.glob("*/routes.ts") for path, target in ROUTE.findall(table.read_text())}


def _needed(dependant: Dependant):
    """The codes of every `need(...)` among a route's dependencies, however deep."""
    for dependency in dependant.dependencies:
        call = dependency.call
        if getattr(call, "__qualname__", "") == f"{deps.need.__name__}.<locals>.check":
            yield from inspect.getclosurevars(call).nonlocals["codes"]
        yield from _needed(dependency)


def _authorized():
    """The codes of every `authorize(request, user, codes, ...)` a handler calls: the strings its `codes` argument
    holds and the module constants it names."""
    package = ROOT / "plantdesk"
    for path in package.rglob("*.py"):
        if path == package / "core" / "deps.py":  # where it is defined, and `need` passes its own codes on
            continue
        source = path.read_text()
        if "authorize(" not in source:  # importing every module would run the command line's
            continue
        module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "authorize":
                codes = node.args[2] if len(node.args) > 2 else next(k.value for k in node.keywords if k.arg == "codes")
                yield from ((code, f"{path.relative_to(ROOT)}:{node.lineno}") for code in _strings(codes, module))


def _strings(expr: ast.expr, module) -> list[str]:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if isinstance(expr, ast.Name):
        return list(getattr(module, expr.id))
    if isinstance(expr, ast.Tuple | ast.List):
        return [code for element in expr.elts for code in _strings(element, module)]
    if isinstance(expr, ast.Starred):
        return _strings(expr.value, module)
    if isinstance(expr, ast.IfExp):
        return _strings(expr.body, module) + _strings(expr.orelse, module)
    pytest.fail(f"{module.__name__}:{expr.lineno}: teach _strings to read {ast.dump(expr)}")


class TestRoutes:
    def test_every_code_a_route_needs_is_seeded(self, tmp_path):
        app = create_app(Settings(data_dir=tmp_path, jwt_secret="contracts"))
        needed = {(code, route.path) for route in app.routes if isinstance(route, APIRoute)
                  for code in _needed(route.dependant)}
        assert len(needed) > 100  # the walk found the routes' checks
        assert sorted((code, path) for code, path in needed if code not in SEEDED_CODES) == []

    def test_every_code_a_handler_or_an_assistant_tool_asks_for_is_seeded(self):
        """What `need` does not show: a handler's own `authorize(...)` and the assistant tools' `codes`."""
        asked = set(_authorized())
        assert len(asked) >= 4  # the walk found the handlers' checks
        asked |= {(code, f"assistant tool {tool.name}") for area in areas.declared() for tool in area.tools()
                  for code in tool.codes}
        assert sorted((code, where) for code, where in asked if code not in SEEDED_CODES) == []


class TestViews:
    def test_every_seeded_screen_has_its_view_folder_or_is_not_built_yet(self):
        screens = {node["path"] for node in MENU_NODES
                   if node["path"] and not node["children"] and not node["path"].startswith(("http:", "https:"))}
        routes = _routes()
        assert len(routes) > 50  # the pattern still reads the route tables
        have_view = {path for path in screens if path in routes and routes[path].is_file()}
        assert sorted(screens - have_view - NOT_BUILT) == [], "a seeded screen without a view in a routes.ts"
        assert sorted(NOT_BUILT & have_view) == [], "built now: take it off NOT_BUILT"
        assert sorted(NOT_BUILT - screens) == [], "not a seeded screen (any more)"

    def test_every_code_a_view_checks_is_seeded(self):
        checked = {(code, str(file.relative_to(VIEWS))) for file, codes in _view_codes().items() for code in codes}
        assert len(checked) > 100  # the patterns still find the checks
        assert sorted((code, file) for code, file in checked if code not in SEEDED_CODES) == []

    def test_the_param_screen_offers_every_key_the_backend_accepts(self):
        source = (VIEWS / "system" / "param" / "index.tsx").read_text()

        def keys(constant: str) -> set[str]:
            body = re.search(rf"export const {constant} = (?:new Set\(\[|\[)(.*?)\]", source, re.S)
            assert body, constant
            return set(re.findall(r"'([^']+)'", body.group(1)))

        assert keys("PARAM_KEYS") == set(ALLOWED_PARAM_KEYS)
        # The token times are held to it by their own rule on the backend (docs/decisions.md "Parameters").
        assert set(NON_NEGATIVE_INT_KEYS) <= keys("NON_NEGATIVE_KEYS")


# A code a view checks: `code: 'x_y'` (toolbar and row actions), `add|edit|view|delete: 'x_y'` (CrudPage
# permissions), `can('x_y')` (useAccess), `<Access code="x_y">` / `<ExportButton code="x_y">`.
LITERAL = re.compile(r"""\b(?:code|add|edit|view|delete):\s*'([^']+)'|\bcan\('([^']+)'\)"""
                     r"""|<(?:Access|ExportButton)\b[^>]*?\bcode="([^"]+)\"""")
# A screen shared by several menus builds its codes from the menu code it serves: `${code}_add`.
TEMPLATE = re.compile(r"`\$\{\w+\}_(\w+)`")
IMPORT = re.compile(r"""from '(\.[^']+)'""")


def _source_files():
    return [f for f in VIEWS.rglob("*.ts*") if not re.search(r"\.test\.tsx?$", f.name)]


def _view_codes() -> dict[Path, set[str]]:
    """Codes each view file checks; a templated code is expanded with the menu code of every view a route table
    loads that is, or directly imports, the file."""
    served: dict[Path, set[str]] = {}
    for path, index in _routes().items():
        menu = CODE_BY_PATH.get(path)
        if menu is None:  # a console-owned route (wel, info, the live monitor), not a menu
            continue
        served.setdefault(index, set()).add(menu)
        for target in IMPORT.findall(index.read_text()):
            resolved = (index.parent / target).resolve()
            for file in (resolved.with_suffix(".tsx"), resolved.with_suffix(".ts")):
                served.setdefault(file, set()).add(menu)
    found: dict[Path, set[str]] = {}
    for file in _source_files():
        text = file.read_text()
        codes = {next(group for group in match if group) for match in LITERAL.findall(text)}
        aliases = TEMPLATE.findall(text)
        if aliases and not served.get(file):
            pytest.fail(f"{file.relative_to(VIEWS)} builds codes from a menu code but serves no menu's view")
        codes |= {f"{menu}_{alias}" for alias in aliases for menu in served.get(file, ())}
        found[file] = codes
    return found
