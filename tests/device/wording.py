"""The equipment area's wordings for tests that see a message in both languages: the server's table
(plantdesk/modules/device/wording.py) and the console's copy of it, the `device.serverText` i18n area, which
web/src/views/device/serverText.ts matches (docs/decisions.md "The user's language")."""

import re
from pathlib import Path

from plantdesk.modules.device.wording import WORDING

SERVER_TEXT = Path(__file__).resolve().parents[2] / "web/src/i18n/areas/device.serverText.ts"


def console_wordings() -> dict[str, tuple[str, str]]:
    """The area's zh and en values by key, read from its source (one `key: 'text',` a line)."""
    tables: dict[str, dict[str, str]] = {}
    table: dict[str, str] = {}
    for line in SERVER_TEXT.read_text().splitlines():
        if opened := re.fullmatch(r"\s*(zh|en): \{", line):
            table = tables.setdefault(opened.group(1), {})
        elif entry := re.fullmatch(r"""\s*(\w+): (['"])(.*)\2,""", line):
            table[entry.group(1)] = entry.group(3)
    return {key: (zh, tables["en"].get(key, "")) for key, zh in tables["zh"].items()}


def in_english(message: str) -> str:
    """What a user of the English console reads for the server's `message`: each known wording replaced by its
    English, the names, codes and numbers kept; bilingual column labels by their English half."""
    return WORDING.english(message)
