"""ROUND TRIP (marked `roundtrip`; about 40 s of CPU, 4 minutes of wall time on a loaded 2-core machine: it runs
pytest, mypy, `migrate`, tsc and Biome on a copy of the tree). A platform administrator generates an area from a
fixture table (the platform database's `product`: its columns read from the catalogue), the zip is unpacked into a
copy of the tree with the one step GENERATED.md asks for by hand (registering the labels), and there: the generated
tests, the area, layer and contract tests and the new resource's tenant isolation pass; mypy passes on the
generated package; `migrate` on a new database makes the table and adds the screen to the menus; tsc and Biome pass
on the generated view, API calls and labels.

Skip it with `-m "not roundtrip"`; it skips itself, saying why, when the console's node_modules are absent."""

import io
import os
import shutil
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.roundtrip

ROOT = Path(__file__).resolve().parents[2]
SOURCE = "/api/blade-develop/datasource"
CODE = "/api/blade-develop/code"
COPIED = ("plantdesk", "tests", "docs", "scripts", "pyproject.toml", "alembic.ini", ".mypy_cache")
WEB_COPIED = ("src", "tsconfig.json", "biome.json", "package.json")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", "dist")


def _copy_tree(target: Path) -> None:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=IGNORED, symlinks=True)
        elif source.exists():
            shutil.copy2(source, target / name)
    (target / "web").mkdir()
    for name in WEB_COPIED:
        source = ROOT / "web" / name
        (shutil.copytree(source, target / "web" / name, ignore=IGNORED) if source.is_dir()
         else shutil.copy2(source, target / "web" / name))
    (target / "web" / "node_modules").symlink_to(ROOT / "web" / "node_modules")


def _register_labels(web: Path, module: str, const: str) -> None:
    """The step GENERATED.md leaves to the user: one import and one list entry in areas/index.ts."""
    index = web / "src" / "i18n" / "areas" / "index.ts"
    text = index.read_text()
    text = text.replace("import type { Area } from '../area';\n",
                        f"import type {{ Area }} from '../area';\nimport {{ {const} }} from './{module}';\n", 1)
    text = text.replace("\n];\n", f"\n  {const},\n];\n", 1)
    index.write_text(text)


def _run(args: list[str], cwd: Path, env: dict) -> subprocess.Popen:
    return subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


async def test_a_generated_area_drops_into_the_tree(admin, unique, tmp_path):
    node_bin = ROOT / "web" / "node_modules" / ".bin"
    if not (node_bin / "tsc").exists():
        pytest.skip("web/node_modules is absent (npm ci in web/): the generated view cannot be type-checked")
    module, screen = f"rt{unique}", "item"
    source = await admin.data("POST", f"{SOURCE}/submit", json={"name": f"rt {unique}", "dbType": "platform"})
    columns = await admin.data("GET", f"{CODE}/columns", datasourceId=source["id"], tableName="product")
    config = await admin.data("POST", f"{CODE}/submit", json={
        "datasourceId": source["id"], "tableName": "product", "targetTable": f"rt_{unique}", "moduleName": module,
        "codeName": "往返测试", "codeNameEn": "Round trip", "menuCode": f"rt_{unique}",
        "menuPath": f"/{module}/{screen}", "catalogueName": "往返", "catalogueNameEn": "Round trip",
        "tenantScoped": 1, "columns": columns})
    answer = await admin.post(f"{CODE}/gen-code", ids=config["id"], system="saber")
    assert answer.status_code == 200, answer.text

    tree = tmp_path / "tree"
    tree.mkdir()
    _copy_tree(tree)
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        generated = archive.namelist()
        archive.extractall(tree)
    _register_labels(tree / "web", module, module)
    web_files = [str(Path(name).relative_to("web")) for name in generated if name.startswith("web/")]
    (tree / "web" / "tsconfig.codegen.json").write_text(
        '{"extends": "./tsconfig.json", "include": ["src/i18n/areas/index.ts", '
        + ", ".join(f'"{name}"' for name in web_files) + "]}")

    env = {**os.environ, "PLANTDESK_TEST_DATABASE_URL": "", "PLANTDESK_DATA_DIR": str(tmp_path / "data"),
           "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PLANTDESK_DATABASE_URL", None)
    python = sys.executable
    checks = {
        "pytest": _run([python, "-m", "pytest", "-p", "no:cacheprovider", "-x", f"tests/{module}",
                        "tests/test_areas.py", "tests/test_layers.py", "tests/test_contracts.py",
                        "tests/security/test_isolation.py", "-k", f"{module} or {unique} or not isolation"],
                       tree, env),
        "mypy": _run([python, "-m", "mypy", f"plantdesk/modules/{module}"], tree, env),
        "tsc": _run([str(node_bin / "tsc"), "-p", "tsconfig.codegen.json"], tree / "web", env),
        "biome": _run([str(node_bin / "biome"), "check", *web_files], tree / "web", env),
    }
    outputs = {name: process.communicate(timeout=600)[0] for name, process in checks.items()}
    failed = {name: outputs[name][-3000:] for name, process in checks.items() if process.returncode != 0}
    if failed:
        pytest.fail("\n\n".join(f"== {name}\n{text}" for name, text in failed.items()), pytrace=False)
    assert " passed" in outputs["pytest"] and "failed" not in outputs["pytest"], outputs["pytest"][-2000:]

    migrated = subprocess.run([python, "-m", "plantdesk", "migrate"], cwd=tree, env=env, capture_output=True,
                              text=True, timeout=300)
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    with sqlite3.connect(tmp_path / "data" / "plantdesk.db") as db:
        assert db.execute(f"select count(*) from rt_{unique}").fetchone() == (0,)
        assert db.execute("select name from blade_menu where path = ? and is_deleted = 0",
                          (f"/{module}/{screen}",)).fetchall() == [("往返测试",)]
