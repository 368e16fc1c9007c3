"""The API schema the console's client is generated from (web/src/api/generated/openapi.json).

`uv run python -m plantdesk.openapi` rewrites that file; `web/scripts/gen-api.sh` runs it and the generator.
tests/test_openapi_contract.py fails while the checked-in copy differs from what the app serves.
"""

import json
from pathlib import Path

from plantdesk.app import create_app

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "web/src/api/generated/openapi.json"


def openapi_text() -> str:
    """The document `/api/openapi.json` serves, in the checked-in file's layout."""
    return json.dumps(create_app().openapi(), ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    SCHEMA_FILE.write_text(openapi_text(), encoding="utf-8")
