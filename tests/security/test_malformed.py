"""Malformed input on every write and lookup route: a clean 400 or 413, never a 500."""

import pytest

from tests.security.routetable import ops

JSON_BODY_ROUTES = [op for op in ops("POST") if op.json_body and not op.has_path_params]
POST_ROUTES = [op for op in ops("POST") if not op.has_path_params]
DETAIL_ROUTES = [op for op in ops("GET", suffix=("/detail",)) if "id" in op.query]
REMOVE_ROUTES = [op for op in ops("POST", suffix=("/remove",))]
BROKEN_JSON = b'{"id": "1", "name": '


def assert_400(response) -> str:
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["code"] == 400 and body["success"] is False and body["msg"]
    return body["msg"]


class TestMalformedJson:
    @pytest.mark.parametrize("op", JSON_BODY_ROUTES, ids=lambda op: op.id)
    async def test_unreadable_json_is_400(self, admin, op):
        response = await admin.http.post(op.path, content=BROKEN_JSON,
                                         headers={**admin.headers, "Content-Type": "application/json"})
        assert assert_400(response) == "消息不能读取"

    @pytest.mark.parametrize("op", JSON_BODY_ROUTES, ids=lambda op: op.id)
    async def test_wrong_json_type_is_400(self, admin, op):
        response = await admin.http.post(op.path, content=b'"just a string"',
                                         headers={**admin.headers, "Content-Type": "application/json"})
        assert_400(response)


class TestOversizedBody:
    @pytest.mark.parametrize("op", POST_ROUTES, ids=lambda op: op.id)
    async def test_body_over_the_limit_is_413(self, admin, settings, op, oversized):
        response = await admin.http.post(op.path, content=oversized,
                                         headers={**admin.headers, "Content-Type": "application/json"})
        assert response.status_code == 413 and response.json()["code"] == 413


@pytest.fixture(scope="module")
def oversized(settings) -> bytes:
    return b" " * (settings.max_body_bytes + 1)


class TestNonNumericIds:
    @pytest.mark.parametrize("op", DETAIL_ROUTES, ids=lambda op: op.id)
    @pytest.mark.parametrize("value", ["abc", "1;drop table x", "1.5", "99999999999999999999999"])
    async def test_detail_id_is_400(self, admin, op, value):
        assert_400(await admin.get(op.path, id=value))

    @pytest.mark.parametrize("op", REMOVE_ROUTES, ids=lambda op: op.id)
    @pytest.mark.parametrize("value", ["abc", "1,abc", "1 or 1=1"])
    async def test_remove_ids_is_400(self, admin, op, value):
        assert_400(await admin.post(op.path, ids=value))
