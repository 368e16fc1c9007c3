"""Dependencies point one way: core never imports a module; a module never imports another's router; a router
holds no queries (its area's service does)."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "plantdesk"


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names

# What a router may not do itself: build SQL or run it. Its area's service holds every query.
SQL_BUILDERS = {"select", "insert", "update", "delete", "func", "text", "union", "exists", "and_", "or_"}
SESSION_CALLS = {"execute", "scalar", "scalars", "stream", "get", "add", "add_all", "delete", "merge", "flush",
                 "refresh"}
SESSIONS = {"db", "session"}


def _queries(path: Path) -> set[tuple[str, str]]:
    """(scope, what) for each query a router file builds or runs: `import` for a SQL builder imported from
    sqlalchemy, else the top-level function that calls one or that calls the session."""
    found = set()
    tree = ast.parse(path.read_text())
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sqlalchemy"):
            found |= {("import", alias.name) for alias in node.names if alias.name in SQL_BUILDERS}
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
            func = call.func
            if isinstance(func, ast.Name) and func.id in SQL_BUILDERS:
                found.add((node.name, f"{func.id}()"))
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
                    and func.value.id in SESSIONS and func.attr in SESSION_CALLS:
                found.add((node.name, f"{func.value.id}.{func.attr}()"))
    return found


# Areas that are dialects of the wire contract (core.dialects): they register other areas' endpoints.
DIALECT_AREAS = {"springblade"}


class TestLayers:
    def test_core_imports_no_module(self):
        offenders = {str(p.relative_to(PACKAGE)): sorted(i for i in _imports(p) if i.startswith("plantdesk.modules"))
                     for p in (PACKAGE / "core").rglob("*.py")}
        assert {k: v for k, v in offenders.items() if v} == {}

    def test_no_module_imports_another_modules_router(self):
        """Areas meet through services, not each other's HTTP layer; a dialect (core.dialects) is the exception:
        it maps other areas' endpoints onto another console's paths, registering them where the shapes match."""
        offenders = []
        for path in (PACKAGE / "modules").rglob("*.py"):
            own = path.relative_to(PACKAGE / "modules").parts[0]
            if own in DIALECT_AREAS:
                continue
            for name in _imports(path):
                parts = name.split(".")
                if len(parts) >= 4 and parts[:2] == ["plantdesk", "modules"] and parts[2] != own \
                        and parts[3].endswith("router"):
                    offenders.append(f"{path.relative_to(PACKAGE)} -> {name}")
        assert offenders == []

    def test_no_business_package_imports_the_demo(self):
        """The demo (plantdesk.demo) builds on the areas; an area or the core that imported it would ship the demo
        with every deployment and tie the product to its data."""
        offenders = [f"{path.relative_to(PACKAGE)} -> {name}"
                     for folder in ("core", "modules") for path in (PACKAGE / folder).rglob("*.py")
                     for name in _imports(path) if name == "plantdesk.demo" or name.startswith("plantdesk.demo.")]
        assert offenders == []

    def test_routers_hold_no_queries(self):
        modules = PACKAGE / "modules"
        found = {str(p.relative_to(modules)): {scope for scope, _ in _queries(p)} for p in modules.rglob("router.py")}
        assert {path: sorted(scopes) for path, scopes in found.items() if scopes} == {}, \
            "move the queries to the service"

    def test_the_query_check_sees_a_query(self, tmp_path):
        router = tmp_path / "router.py"
        router.write_text("from sqlalchemy import select\n\nasync def one(db):\n"
                          "    return (await db.execute(select(1))).scalar()\n\nasync def two(db):\n"
                          "    return await db.get(object, 1)\n")
        assert _queries(router) == {("import", "select"), ("one", "select()"), ("one", "db.execute()"),
                                    ("two", "db.get()")}
