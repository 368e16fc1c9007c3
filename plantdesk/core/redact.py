"""What a log row may keep of a request: every password, token, secret and key parameter is replaced.

The API and error logs are readable by tenant administrators, and an md5 password hex is as good as the
password at the token endpoint, so credentials are dropped by parameter name before anything is queued.
"""

import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

REDACTED = "******"
# Matched against the name lowercased with separators dropped: oldPassword, new_password1, blade-auth,
# refresh_token, secretKey, accessKey, Captcha-Key, apiKey, clientSecret, authorization...
_SENSITIVE = re.compile(r"pass(word|wd)?|pwd|token|secret|auth|credential|captcha|key$")


def sensitive(name: str) -> bool:
    return bool(_SENSITIVE.search(re.sub(r"[^a-z0-9]", "", name.lower())))


def pairs(items: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(name, REDACTED if sensitive(name) else value) for name, value in items]


def query(items: Iterable[tuple[str, str]]) -> str:
    """A query string (or form) with its sensitive values replaced, encoded as it would be sent."""
    return urlencode(pairs(items))


def url(text: str) -> str:
    """A URL whose query string is redacted (what a client reports as the page it was on)."""
    parts = urlsplit(text)
    if not parts.query:
        return text
    return urlunsplit(parts._replace(query=query(parse_qsl(parts.query, keep_blank_values=True))))


def json(value: Any) -> Any:
    """A JSON value with the values of sensitive keys replaced, at any depth."""
    if isinstance(value, dict):
        return {k: REDACTED if isinstance(k, str) and sensitive(k) else json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json(item) for item in value]
    return value
