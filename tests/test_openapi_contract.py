"""The console's generated API client (web/src/api/generated) follows the backend's schema.

A route or schema change that was not followed by `bash web/scripts/gen-api.sh` fails here; the web type check
then proves the console's code agrees with the regenerated client.
"""

import json
from hashlib import sha256

from plantdesk.openapi import SCHEMA_FILE, openapi_text

CLIENT_FILE = SCHEMA_FILE.with_name("client.ts")
REGENERATE = "the API changed: run `bash web/scripts/gen-api.sh` and commit web/src/api/generated"


def test_checked_in_schema_is_the_one_the_app_serves():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == openapi_text(), REGENERATE


def test_generated_client_is_of_the_checked_in_schema():
    digest = sha256(SCHEMA_FILE.read_bytes()).hexdigest()
    header = CLIENT_FILE.read_text(encoding="utf-8")[:300]
    assert f"openapi.json sha256 {digest}" in header, REGENERATE


def test_every_schema_of_the_api_names_its_fields():
    """A model whose schema is a bare object (a serializer annotated `-> dict`) generates `{[key]: unknown}`."""
    schemas = json.loads(openapi_text())["components"]["schemas"]
    bare = [name for name, schema in schemas.items() if schema.get("type") == "object" and "properties" not in schema]
    assert bare == []


def test_answers_state_the_fields_they_always_carry():
    """Defaulted fields are still sent: optional ones would make every generated read `?.`-guarded."""
    schemas = json.loads(openapi_text())["components"]["schemas"]
    assert schemas["R_Page_PostRead__"]["required"] == ["code", "success", "data", "msg"]
    assert "remark" in schemas["PostRead"]["required"]
    # Tree nodes leave out empty children rather than sending null.
    role = schemas["RoleRead"]
    assert "children" not in role["required"]
    assert role["properties"]["children"]["type"] == "array"


def test_schema_names_are_unique_so_none_carries_a_module_path():
    """Two models of one name get module-qualified names (PlantdeskModules…), which a move would rename."""
    schemas = json.loads(openapi_text())["components"]["schemas"]
    assert [name for name in schemas if name.startswith("plantdesk__") or name.startswith("Plantdesk")] == []
