"""The console's wordings of the equipment area's server messages, for tests that see a message in both languages:
the zh values are the server's words, the en values what an English console shows instead
(web/src/views/device/serverText.ts; docs/decisions.md "The user's language")."""

import re
from pathlib import Path

SERVER_TEXT = Path(__file__).resolve().parents[2] / "web/src/i18n/areas/device.serverText.ts"


def _wordings() -> dict[str, dict[str, str]]:
    """The area's zh and en tables, read from its source (one `key: 'text',` a line)."""
    tables: dict[str, dict[str, str]] = {}
    table: dict[str, str] = {}
    for line in SERVER_TEXT.read_text().splitlines():
        if opened := re.fullmatch(r"\s*(zh|en): \{", line):
            table = tables.setdefault(opened.group(1), {})
        elif entry := re.fullmatch(r"""\s*(\w+): (['"])(.*)\2,""", line):
            table[entry.group(1)] = entry.group(3)
    return tables


def in_english(message: str) -> str:
    """What the console shows for the server's `message` in English, as serverText words it: each known wording
    (the longest first) replaced by its en value, the names, codes and numbers kept; bilingual column labels by
    their English half."""
    tables = _wordings()
    rules = []
    for key, template in tables["zh"].items():
        parts = re.split(r"\{\{(\w+)\}\}", template)
        names = parts[1::2]
        pattern = "".join(re.escape(part) if i % 2 == 0 else
                          r"(\d+)" if part.startswith("n") else r"([^\s(（]+)" if part.startswith("w") else
                          r"([^;]+)" if part.startswith("l") else
                          "(.*)" if i == len(parts) - 2 and parts[-1] == "" else "(.+?)"
                          for i, part in enumerate(parts))
        rules.append((pattern, key, names))
    out = message
    for pattern, key, names in sorted(rules, key=lambda rule: -len(rule[0])):
        def english(match: re.Match, key: str = key, names: list[str] = names) -> str:
            text = tables["en"][key]
            for name, value in zip(names, match.groups(), strict=True):
                text = text.replace(f"{{{{{name}}}}}", value)
            return text
        out = re.sub(pattern, english, out)
    return re.sub(r"[\u4e00-\u9fff]+ (?=[A-Z])", "", out)
