"""The console's generated API client (web/src/api/generated) follows the backend's schema.

A route or schema change that was not followed by `bash web/scripts/gen-api.sh` fails here; the web type check
then proves the console's code agrees with the regenerated client.
"""

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
