"""The request's language: English only when Accept-Language ranks it above Chinese; Chinese by default."""

import pytest
from starlette.requests import Request

from plantdesk.core.language import EN, ZH, Wording, language


def request(accept: str | None) -> Request:
    headers = [(b"accept-language", accept.encode())] if accept is not None else []
    return Request({"type": "http", "method": "GET", "path": "/", "headers": headers})


@pytest.mark.parametrize(("accept", "expected"), [
    (None, ZH), ("", ZH), ("en-US", EN), ("en", EN), ("zh-CN", ZH), ("en-US,en;q=0.9,zh-CN;q=0.8", EN),
    ("zh-CN,zh;q=0.9,en;q=0.8", ZH), ("zh;q=0.5, en;q=0.7", EN), ("fr-FR", ZH), ("fr-FR,en;q=0.5", EN),
    ("de, *;q=0.1", ZH), ("en;q=bad", ZH),
])
def test_the_language_a_request_prefers(accept, expected):
    assert language(request(accept)) == expected


def test_a_wording_keeps_the_names_and_numbers_and_leaves_unknown_text():
    wording = Wording({"missing": ("变量不存在: {{a}}", "no such variable: {{a}}"),
                       "count": ("最多 {{n}} 个", "at most {{n}}")})
    assert wording.english("变量不存在: 天数") == "no such variable: 天数"
    assert wording.english("最多 5 个") == "at most 5"
    assert wording.english("别的消息") == "别的消息"
    assert wording.text("最多 5 个", ZH) == "最多 5 个"
