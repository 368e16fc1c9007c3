"""Code generation (spec §7 gen-code, system `saber`): a code config becomes the files of a complete area in the
shape of this project, rendered from the templates kept beside this module (`templates/*.tpl`, string.Template:
`$name` placeholders, `$$` a dollar sign; the repeated parts, one line per column, are built here).

What an area holds (docs/architecture.md "Adding an area"): its declaration, the SQLAlchemy model (on the tenant
mechanism when the config is tenant-scoped), an Alembic migration chained onto the head this server runs, the
schemas, a service with its save rule, the router on the core's resource router, the menus and buttons (zh/en)
the seed sync adds, a test suite (the four verbs, search, tenant and role isolation), and the React view on
CrudPage with its column model, API calls and zh/en labels.
"""

import hashlib
import io
import json
import re
import zipfile
from datetime import datetime
from pathlib import Path
from string import Template

from pydantic.alias_generators import to_camel, to_pascal

from plantdesk.modules.tool.schemas import CodeColumn, CodeRead

SYSTEM = "saber"  # spec §9: the code generation system value; it generates PlantDesk's own stack
NAME = re.compile(r"^[a-z][a-z0-9_]{0,62}$")  # a column name generated code may use as is
TEMPLATES = Path(__file__).parent / "templates"
# The columns the mixins give every generated table (IdMixin, TenantMixin, AuditMixin): never in a column model.
RESERVED = frozenset({"id", "tenant_id", "create_user", "create_dept", "create_time", "update_user", "update_time",
                      "status", "is_deleted"})

_SA = {"str": "String({length})", "text": "Text", "int": "Integer", "bigint": "BigInteger", "float": "Float",
       "bool": "Integer", "date": "Date", "datetime": "DateTime"}
_MIGRATION = {"str": "sa.String(length={length})", "text": "sa.Text()", "int": "sa.Integer()",
              "bigint": "sa.BigInteger()", "float": "sa.Float()", "bool": "sa.Integer()", "date": "sa.Date()",
              "datetime": "sa.DateTime()"}
_PY = {"str": "str", "text": "str", "int": "int", "bigint": "int", "float": "float", "bool": "int", "date": "date",
       "datetime": "datetime"}
_READ = {**_PY, "datetime": "DateTime"}
_TS = {"str": "string", "text": "string", "int": "number", "bigint": "number", "float": "number", "bool": "number",
       "date": "string", "datetime": "string"}
_SAMPLE = {"int": "7", "bigint": "7", "float": "1.5", "bool": "1", "date": '"2026-01-02"',
           "datetime": '"2026-01-02 08:00:00"'}


def _render(name: str, **values: object) -> str:
    text = Template((TEMPLATES / name).read_text(encoding="utf-8")).substitute(values)
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def kind_of(sql_type: object) -> tuple[str, int]:
    """The column model's kind (and a text's length) of a catalogue type."""
    from sqlalchemy.sql import sqltypes

    if isinstance(sql_type, sqltypes.Boolean):
        return "bool", 0
    if isinstance(sql_type, sqltypes.BigInteger):
        return "bigint", 0
    if isinstance(sql_type, sqltypes.Integer):
        return "int", 0
    if isinstance(sql_type, (sqltypes.Numeric, sqltypes.Float)):
        return "float", 0
    if isinstance(sql_type, sqltypes.DateTime):
        return "datetime", 0
    if isinstance(sql_type, sqltypes.Date):
        return "date", 0
    if isinstance(sql_type, sqltypes.String):
        length = getattr(sql_type, "length", None)
        if isinstance(sql_type, sqltypes.Text) or not length or length > 4000:
            return "text", 0
        return "str", int(length)
    return "text", 0


def suggest(name: str, sql_type: object, nullable: bool, comment: str | None) -> CodeColumn:
    """A column model entry for a catalogue column: listed, edited, searched when it is a short text."""
    kind, length = kind_of(sql_type)
    component = {"text": "textarea", "int": "number", "bigint": "number", "float": "number", "bool": "switch",
                 "datetime": "datetime"}.get(kind, "input")
    label = (comment or name).strip()[:64] or name
    return CodeColumn.model_validate({
        "name": name.lower(), "label": label, "label_en": name.replace("_", " ").capitalize()[:64], "kind": kind,
        "length": length or 255, "nullable": nullable, "list": kind != "text",
        "search": kind == "str" and length <= 128, "edit": True, "required": not nullable, "component": component})


def _sa_type(c: CodeColumn) -> str:
    return _SA[c.kind].format(length=c.length)


def _names(config: CodeRead) -> dict[str, str]:
    screen = config.menu_path.rstrip("/").rsplit("/", 1)[1]
    return {"Model": to_pascal(config.target_table), "screen": screen,
            "screen_camel": to_camel(screen.replace("-", "_")), "i18n_const": config.module_name}


def _required(c: CodeColumn) -> bool:
    """Not null: a required column, one the source holds not null, and a switch (0 or 1, never blank)."""
    return c.required or not c.nullable or c.kind == "bool"


def _q(text: str) -> str:
    """A Python string literal of `text` (double quotes, the house style)."""
    return json.dumps(text, ensure_ascii=False)


def _model_columns(config: CodeRead) -> tuple[str, str]:
    lines, types, typing = [], set(), set()
    for c in config.columns:
        optional = "" if _required(c) else " | None"
        sa_type = _sa_type(c)
        types.add(sa_type.split("(")[0])
        if c.kind in ("date", "datetime"):
            typing.add(c.kind)
        default = ", default=0, server_default=\"0\"" if c.kind == "bool" else ""
        lines.append(f"    {c.name}: Mapped[{_PY[c.kind]}{optional}] = mapped_column({sa_type}{default})")
    imports = []
    if typing:
        imports.append(f"from datetime import {', '.join(sorted(typing))}\n")
    imports.append(f"from sqlalchemy import {', '.join(sorted(types))}")
    imports.append("from sqlalchemy.orm import Mapped, mapped_column")
    return "\n".join(lines), "\n".join(imports)


def _write_field(c: CodeColumn) -> str:
    required = _required(c)
    if c.kind in ("str", "text"):
        limit = c.length if c.kind == "str" else 65535
        return (f"    {c.name}: str = Field(min_length=1, max_length={limit})" if required
                else f"    {c.name}: str | None = Field(None, max_length={limit})")
    if c.kind == "bool":
        return f"    {c.name}: int = Field(0, ge=0, le=1)"
    if c.kind in ("int", "bigint"):
        bound = "2**31" if c.kind == "int" else "2**63"
        return (f"    {c.name}: int = Field(ge=-{bound}, lt={bound})" if required
                else f"    {c.name}: int | None = Field(None, ge=-{bound}, lt={bound})")
    if c.kind == "float":
        return (f"    {c.name}: float = Field(allow_inf_nan=False)" if required
                else f"    {c.name}: float | None = Field(None, allow_inf_nan=False)")
    annotation = "DateTime" if c.kind == "datetime" else "date"
    return f"    {c.name}: {annotation}" if required else f"    {c.name}: {annotation} | None = None"


def _schemas(config: CodeRead) -> dict[str, str]:
    read = []
    if not config.tenant_scoped:
        read += ["    id: Id", "    create_time: DateTime | None = None", "    update_time: DateTime | None = None",
                 "    status: int = 1"]
    for c in config.columns:
        read.append(f"    {c.name}: {_READ[c.kind]}" + ("" if _required(c) else " | None = None")
                    if c.kind != "bool" else f"    {c.name}: int = 0")
    base = "TenantRowRead" if config.tenant_scoped else "Schema"
    envelope = sorted({"DateTime", "Id", "Schema", *([base] if config.tenant_scoped else [])})
    imports = []
    if any(c.kind == "date" for c in config.columns):
        imports.append("from datetime import date\n")
    imports.append("from pydantic import Field\n")
    imports.append(f"from plantdesk.core.envelope import {', '.join(envelope)}")
    return {"read_base": base, "read_fields": "\n".join(read),
            "write_fields": "\n".join(_write_field(c) for c in config.columns), "schema_imports": "\n".join(imports)}


def _before_save(config: CodeRead) -> str:
    texts = [c for c in config.columns if c.kind in ("str", "text")]
    if not texts:
        return "    return None"
    lines = [f"    for name in ({', '.join(_q(c.name) for c in texts)}{',' if len(texts) == 1 else ''}):",
             "        value = getattr(row, name)",
             "        if isinstance(value, str):",
             "            setattr(row, name, value.strip())"]
    required = [c for c in texts if _required(c)]
    if required:
        pairs = ", ".join(f"({_q(c.name)}, {_q(c.label)})" for c in required)
        lines += [f"    for name, label in ({pairs}{',' if len(required) == 1 else ''}):",
                  "        if not getattr(row, name):",
                  "            raise BadRequest(f\"请输入{label}\")"]
    lines.append("    return None")
    return "\n".join(lines)


def _router_filters(config: CodeRead, model: str) -> dict[str, str]:
    like, exact, ranges = [], [], []
    for c in config.columns:
        if not c.search:
            continue
        entry = f'"{to_camel(c.name)}": {model}.{c.name}'
        if c.kind == "datetime":
            ranges.append(entry)
        elif c.kind in ("str", "text") and c.search_op == "like":
            like.append(entry)
        else:
            exact.append(entry)
    def mapping(entries: list[str]) -> str:
        return "".join(f"\n        {entry}," for entry in entries) + ("\n    " if entries else "")

    return {"filters": mapping(like), "exact": mapping(exact), "ranges": mapping(ranges)}


def _menus(config: CodeRead) -> str:
    def screen(parent: str) -> str:
        return (f'menu("{config.menu_code}", {_q(config.code_name)}, {_q(config.code_name_en)}, '
                f'"{config.menu_path}", "TableOutlined", 1, buttons=CRUD{parent})')

    if config.menu_parent:
        return "    " + screen(f", parent={_q(config.menu_parent)}") + ","
    top = f"/{config.module_name}"
    zh = config.catalogue_name or config.code_name
    en = config.catalogue_name_en or config.code_name_en
    return (f'    menu("{config.module_name}", {_q(zh)}, {_q(en)}, "{top}", "AppstoreOutlined", 30, [\n'
            f"        {screen('')},\n    ]),")


def _migration(config: CodeRead) -> dict[str, str]:
    lines = []
    for c in config.columns:
        default = ", server_default='0'" if c.kind == "bool" else ""
        lines.append(f"    sa.Column('{c.name}', {_MIGRATION[c.kind].format(length=c.length)}{default}, "
                     f"nullable={not _required(c)}),")
    lines.append("    sa.Column('id', sa.BigInteger(), nullable=False),")
    if config.tenant_scoped:
        lines.append("    sa.Column('tenant_id', sa.String(length=12), nullable=False),")
    lines += ["    sa.Column('create_user', sa.BigInteger(), nullable=True),",
              "    sa.Column('create_dept', sa.BigInteger(), nullable=True),",
              "    sa.Column('create_time', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), "
              "nullable=True),",
              "    sa.Column('update_user', sa.BigInteger(), nullable=True),",
              "    sa.Column('update_time', sa.DateTime(), nullable=True),",
              "    sa.Column('status', sa.Integer(), server_default='1', nullable=False),",
              "    sa.Column('is_deleted', sa.Integer(), server_default='0', nullable=False),"]
    table = config.target_table
    index = drop = ""
    if config.tenant_scoped:
        index = (f"    with op.batch_alter_table('{table}', schema=None) as batch_op:\n"
                 f"        batch_op.create_index(batch_op.f('ix_{table}_tenant_id'), ['tenant_id'], unique=False)")
        drop = (f"    with op.batch_alter_table('{table}', schema=None) as batch_op:\n"
                f"        batch_op.drop_index(batch_op.f('ix_{table}_tenant_id'))")
    return {"migration_columns": "\n".join(lines), "migration_index": index, "migration_drop_index": drop}


def _sample(c: CodeColumn) -> str:
    if c.kind in _SAMPLE:
        return _SAMPLE[c.kind]
    room = min(c.length, 64) if c.kind == "str" else 64
    if room < 10:
        return f"unique[:{room}]"
    return f'f"{c.name[: room - 9]}-{{unique}}"'


def _tests(config: CodeRead) -> dict[str, str]:
    fields = [c for c in config.columns if c.edit or _required(c)]
    body = "".join(f'\n        "{to_camel(c.name)}": {_sample(c)},' for c in fields) + "\n    "
    texts = [c for c in fields if c.kind == "str" and c.length >= 12]
    probe = next((c for c in texts if c.search and c.search_op == "like"), texts[0] if texts else None)
    values = {"test_body": body, "search_param": "", "change": "", "change_assert": ""}
    asserts = [f'    assert detail["{to_camel(c.name)}"] == body(unique)["{to_camel(c.name)}"]'
               for c in fields if c.kind in ("str", "text", "int", "bigint", "bool", "datetime", "date")][:4]
    values["detail_asserts"] = "\n".join(asserts) or '    assert detail["id"] == row["id"]'
    if probe is not None:
        prop = to_camel(probe.name)
        if probe.search:
            values["search_param"] = f", {prop}=unique" if probe.search_op == "like" else \
                f', {prop}=body(unique)["{prop}"]'
        values["change"] = f', "{prop}": f"x{{unique}}"'
        values["change_assert"] = f' and changed["{prop}"] == f"x{{unique}}"'
    required = [c for c in config.columns if _required(c) and c.kind != "bool"]
    values["required_assert"] = ('answer.status_code == 400 and not answer.json()["success"]' if required
                                 else 'answer.json()["success"]')
    if config.tenant_scoped:
        values["isolation_doc"] = "tenant isolation,"
        values["isolation_test"] = '''

async def test_tenants_see_only_their_own_rows(admin, unique):
    mine = await admin.data("POST", f"{PATH}/submit", json=body(unique))
    theirs = await admin.data("POST", f"{PATH}/submit", json=body(unique), tenantId=DEMO)
    assert theirs["tenantId"] == DEMO and mine["tenantId"] == PLATFORM
    own = [r["id"] for r in (await admin.data("GET", f"{PATH}/list", size=1000))["records"]]
    demo = [r["id"] for r in (await admin.data("GET", f"{PATH}/list", size=1000, tenantId=DEMO))["records"]]
    assert mine["id"] in own and theirs["id"] not in own
    assert theirs["id"] in demo and mine["id"] not in demo
    elsewhere = (await admin.get(f"{PATH}/detail", id=theirs["id"])).json()
    assert not elsewhere["success"] and elsewhere["msg"] == "数据不存在", elsewhere
    await admin.post(f"{PATH}/remove", ids=theirs["id"])  # acts in the platform tenant: removes nothing
    assert (await admin.data("GET", f"{PATH}/detail", id=theirs["id"], tenantId=DEMO))["id"] == theirs["id"]
'''
    else:
        values["isolation_doc"] = "(platform-wide rows, not tenant-scoped)"
        values["isolation_test"] = ""
    return values


def _ts(config: CodeRead) -> dict[str, str]:
    module, screen = config.module_name, _names(config)["screen"]
    fields, columns, zh, en = [], [], [], []
    if config.tenant_scoped:
        fields.append("  tenantId?: string;")
    for c in config.columns:
        prop = to_camel(c.name)
        fields.append(f"  {prop}{'' if _required(c) else '?'}: {_TS[c.kind]}{'' if _required(c) else ' | null'};")
        parts = [f"prop: '{prop}'", f"label: '{module}.{screen}.{prop}'"]
        component = c.component
        if component != "input":
            parts.append(f"type: '{component}'")
        if c.search:
            parts.append("search: true")
            if c.kind == "datetime":
                parts.append("searchRange: true")
            elif c.search_op == "equal" and c.kind in ("str", "text"):
                parts.append("searchOp: 'equal'")
        if _required(c) and c.kind != "bool":
            parts.append("required: true")
        if c.kind == "str":
            parts.append(f"rules: [{{ max: {c.length} }}]")
        if c.dict_code:
            parts.append(f"dictCode: '{c.dict_code}'")
        if c.kind == "bool":
            parts.append("value: 0")
        if not c.list:
            parts.append("hide: true")
        if not c.edit:
            parts.append("display: false")
        if c.kind == "text":
            parts.append("span: 24")
        columns.append("    {\n" + "".join(f"      {part},\n" for part in parts) + "    },")
        zh.append(f"      {prop}: {_ts_string(c.label)},")
        en.append(f"      {prop}: {_ts_string(c.label_en)},")
    model, api = _names(config)["Model"], f"{_names(config)['screen_camel']}Api"
    names = sorted([(model, f"type {model}"), (api, api)], key=lambda pair: pair[0].lower())
    return {"ts_fields": "\n".join(fields), "ts_columns": "\n".join(columns), "i18n_zh": "\n".join(zh),
            "i18n_en": "\n".join(en), "view_names": ", ".join(name for _, name in names)}


def _ts_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def revision_of(config: CodeRead) -> str:
    """A stable revision id: the same config generates the same migration (preview and download agree)."""
    return hashlib.sha1(f"{config.module_name}:{config.target_table}".encode()).hexdigest()[:12]


def head() -> str:
    """The Alembic head this server runs: the generated migration is chained onto it."""
    from alembic.script import ScriptDirectory

    import plantdesk.db

    heads = ScriptDirectory(str(Path(plantdesk.db.__file__).parent / "migrations")).get_heads()
    return sorted(heads)[0]


def generate(config: CodeRead, *, down_revision: str | None = None,
             created: datetime | None = None) -> list[tuple[str, str]]:
    """(path, text) of every generated file, paths relative to the repository's root."""
    names = _names(config)
    module, table, model = config.module_name, config.target_table, names["Model"]
    # the config's own time, not now: preview and download of the same config are the same files
    created = created or config.update_time or config.create_time or datetime.now()
    revision = revision_of(config)
    common = {"module": module, "table": table, "Model": model, "menu_code": config.menu_code,
              "menu_path": config.menu_path, "code_name": config.code_name, "code_name_en": config.code_name_en,
              "source_table": config.table_name, **names}
    model_columns, model_imports = _model_columns(config)
    mixins = ["AuditMixin", "Base", "IdMixin", *(["TenantMixin"] if config.tenant_scoped else [])]
    bases = ["IdMixin", *(["TenantMixin"] if config.tenant_scoped else []), "AuditMixin", "Base"]
    py = f"plantdesk/modules/{module}"
    web = "web/src"
    stamp = created.strftime("%Y%m%d")
    return [
        (f"{py}/__init__.py", _render("area_init.py.tpl", **common)),
        (f"{py}/models.py", _render("models.py.tpl", **common, model_columns=model_columns, model_imports=model_imports,
                                    mixins=", ".join(mixins), mixin_bases=", ".join(bases),
                                    tenant_note=", one tenant's rows" if config.tenant_scoped else ", platform-wide")),
        (f"{py}/schemas.py", _render("schemas.py.tpl", **common, **_schemas(config))),
        (f"{py}/service.py", _render("service.py.tpl", **common, before_save=_before_save(config))),
        (f"{py}/router.py", _render("router.py.tpl", **common, **_router_filters(config, model),
                                    tenant_router_note=", in the caller's tenant" if config.tenant_scoped else "")),
        (f"{py}/seeds.py", _render("seeds.py.tpl", **common, menus=_menus(config))),
        (f"plantdesk/db/migrations/versions/{stamp}_{revision}_{module}.py",
         _render("migration.py.tpl", **common, revision=revision, down_revision=down_revision or head(),
                 created=created.strftime("%Y-%m-%d %H:%M:%S"), **_migration(config))),
        (f"tests/{module}/__init__.py", ""),
        (f"tests/{module}/test_{names['screen'].replace('-', '_')}.py",
         _render("test_router.py.tpl", **common, **_tests(config))),
        (f"{web}/api/{module}.ts", _render("api.ts.tpl", **common, **_ts(config))),
        (f"{web}/views/{module}/routes.ts", _render("routes.ts.tpl", **common)),
        (f"{web}/views/{module}/{names['screen']}/index.tsx", _render("view.tsx.tpl", **common, **_ts(config))),
        (f"{web}/i18n/areas/{module}.ts", _render("i18n.ts.tpl", **common, **_ts(config))),
        (f"{py}/GENERATED.md", _readme(config, names)),
    ]


def _readme(config: CodeRead, names: dict[str, str]) -> str:
    return f"""# {config.code_name_en} ({config.code_name}): a generated area

Generated by PlantDesk's code generation (system `{SYSTEM}`) from table `{config.table_name}`. Unzip at the root of
the repository, then:

1. Register the labels: in `web/src/i18n/areas/index.ts` add
   `import {{ {names['i18n_const']} }} from './{config.module_name}';` and `{names['i18n_const']}` to `AREAS`.
2. `uv run python -m plantdesk migrate` creates table `{config.target_table}` and adds the menu
   `{config.menu_path}` (granted to the platform administrator; grant it to other roles in 角色管理).
3. `bash web/scripts/gen-api.sh` if you want the typed client (the view calls its four routes directly).
4. `uv run pytest tests/{config.module_name}` and `make test`.

What is left to write by hand: rules beyond "required" and "trimmed" (service.py), unique keys and indexes
beyond the tenant's, links to other tables (a select of another area's rows), dictionaries the columns name
(`dictCode`) if they do not exist yet, demo data, an e2e spec, and the help text of the screen.
"""


def archive(files: list[tuple[str, str]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, text in files:
            info = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, text)
    return buffer.getvalue()
