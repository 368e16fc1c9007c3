"""The request's language, and an area's messages put into it.

The server words its messages in Chinese, the spec's language; that is what the system log, the stored rows and a
request without a language get. A request whose Accept-Language prefers English (the console sends zh-CN or
en-US, its own language) gets the messages an area knows in English: the area keeps one table of its wordings
(`Wording`: key → Chinese and English text, with placeholders for the names, codes and numbers a message
carries), and the message is translated where it leaves, at the route (docs/decisions.md "The user's language").
A text the table does not know stays as it is.
"""

import re
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

from plantdesk.core.errors import PlantDeskError

ZH, EN = "zh", "en"

_RANGE = re.compile(r"\s*([A-Za-z*-]+)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*")
# A bilingual column label (`设备编码 Device code`): its Chinese half.
_LABEL = re.compile(r"[\u4e00-\u9fff]+ (?=[A-Z])")


def language(request: Request) -> str:
    """EN when the request's Accept-Language ranks English above Chinese, else ZH (the default)."""
    best, best_q = ZH, 0.0
    for part in request.headers.get("accept-language", "").split(","):
        match = _RANGE.fullmatch(part)
        if not match:
            continue
        tag = match.group(1).lower()
        try:
            q = float(match.group(2) or 1)
        except ValueError:
            continue
        for lang in (ZH, EN):
            if (tag == lang or tag.startswith(f"{lang}-")) and q > best_q:
                best, best_q = lang, q
    return best


def _capture(name: str, last: bool) -> str:
    """A placeholder's pattern: n… a number, w… one word (up to a space or a bracket), l… a list (up to a
    semicolon), any other text up to the next fixed text (or the end). The console's copy of the table matches
    the same way (web/src/views/device/serverText.ts)."""
    if name.startswith("n"):
        return r"(\d+)"
    if name.startswith("w"):
        return r"([^\s(（]+)"
    if name.startswith("l"):
        return r"([^;]+)"
    return "(.*)" if last else "(.+?)"


class Wording:
    """An area's messages: key → (Chinese, English), each with `{{name}}` placeholders. `labels`: bilingual column
    labels in a message keep their English half in English."""

    def __init__(self, table: Mapping[str, tuple[str, str]], *, labels: bool = False):
        self.table, self.labels = dict(table), labels
        rules = []
        for key, (zh, en) in self.table.items():
            parts = re.split(r"\{\{(\w+)\}\}", zh)
            pattern = "".join(re.escape(part) if i % 2 == 0 else
                              _capture(part, i == len(parts) - 2 and parts[-1] == "")
                              for i, part in enumerate(parts))
            rules.append((re.compile(pattern), parts[1::2], en, key))
        # The longest first, so that a message is matched whole before its parts.
        self._rules = sorted(rules, key=lambda rule: -len(rule[0].pattern))

    def english(self, text: str) -> str:
        for pattern, names, en, _key in self._rules:
            def fill(match: re.Match, names: list[str] = names, en: str = en) -> str:
                out = en
                for name, value in zip(names, match.groups(), strict=True):
                    out = out.replace(f"{{{{{name}}}}}", value)
                return out
            text = pattern.sub(fill, text)
        return _LABEL.sub("", text) if self.labels else text

    def text(self, text: str, lang: str) -> str:
        """`text` (the server's Chinese) in `lang`."""
        return self.english(text) if lang == EN else text

    def for_request(self, text: str, request: Request) -> str:
        return self.text(text, language(request))


def translating(wording: Wording) -> type[APIRoute]:
    """A route class (`APIRouter(route_class=...)`) whose refusals (a PlantDeskError's message) leave in the
    request's language, translated by `wording`."""

    class Translating(APIRoute):
        def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
            handle = super().get_route_handler()

            async def translated(request: Request) -> Response:
                try:
                    return await handle(request)
                except PlantDeskError as exc:
                    exc.msg = wording.for_request(exc.msg, request)
                    raise

            return translated

    return Translating
