"""Dependencies point one way: core never imports a module; a module never imports another's router."""

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


class TestLayers:
    def test_core_imports_no_module(self):
        offenders = {str(p.relative_to(PACKAGE)): sorted(i for i in _imports(p) if i.startswith("plantdesk.modules"))
                     for p in (PACKAGE / "core").rglob("*.py")}
        assert {k: v for k, v in offenders.items() if v} == {}

    def test_no_module_imports_another_modules_router(self):
        offenders = []
        for path in (PACKAGE / "modules").rglob("*.py"):
            own = path.relative_to(PACKAGE / "modules").parts[0]
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
