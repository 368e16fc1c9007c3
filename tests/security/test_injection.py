"""SQL injection through list filters and sort keys, on every list route of the route table.

Filter values are bound parameters: a classic `' OR 1=1 --` is just text that matches nothing. Sort keys
are whitelisted: anything else is a clean 400, never SQL and never a 500.
"""

import pytest

from tests.security.routetable import CRUD, Op, ops

INJECTION = "' OR 1=1 --"
BAD_SORT = "password;drop table x"
PAGING = {"current", "size", "ascs", "descs", "tenantId", "blade-auth"}

# (route, filter name) pairs: the crud resources' declared filters plus every declared optional query
# parameter of the other list routes.
FILTERS: list[tuple[str, str]] = sorted(
    {(c.paths["list"], name) for c in CRUD if "list" in c.paths for name in c.resource.filters}
    | {(op.path, name) for op in ops("GET", suffix=("/list", "/page")) for name, required in op.query.items()
       if name not in PAGING and not required}
)
SORTABLE: list[Op] = [op for op in ops("GET") if "descs" in op.query and not op.has_path_params]
# The crud factory always sorts, through the whitelist; other routes that take paging may not sort at all.
CRUD_LISTS = {c.paths["list"] for c in CRUD if "list" in c.paths}


def assert_clean(response) -> dict:
    assert response.status_code < 500, response.text
    body = response.json()
    assert set(body) >= {"code", "success", "msg"}
    lowered = body["msg"].lower()
    assert not any(word in lowered for word in ("select ", "sqlalchemy", "traceback", "syntax", "sqlite", "asyncpg"))
    return body


def matched(data) -> int:
    """Rows in a page (`total`) or a plain list/tree (its length); 0 for other shapes."""
    if isinstance(data, dict) and "records" in data:
        return data["total"]
    return len(data) if isinstance(data, list) else 0


class TestFilterInjection:
    def test_there_are_filters_to_try(self):
        assert FILTERS or not ops("GET", suffix=("/list", "/page"))

    @pytest.mark.parametrize(("path", "name"), FILTERS, ids=lambda v: v)
    async def test_quote_injection_is_plain_text(self, admin, path, name):
        response = await admin.get(path, current=1, size=10, **{name: INJECTION})
        body = assert_clean(response)
        if body["code"] == 200:
            # Matched as text, the value finds nothing; had it become SQL, every row would come back.
            assert matched(body["data"]) == 0, f"{path}?{name}= matched rows: {response.text[:300]}"
        else:
            assert response.status_code == 400 or body["code"] in (400, 403), response.text

    @pytest.mark.parametrize(("path", "name"), FILTERS, ids=lambda v: v)
    async def test_like_wildcards_are_literal(self, admin, path, name):
        response = await admin.get(path, current=1, size=10, **{name: "%_%"})
        body = assert_clean(response)
        if body["code"] == 200:
            assert matched(body["data"]) == 0, f"{path}?{name}=%_% matched rows: {response.text[:300]}"


    @pytest.mark.parametrize(("path", "name"), FILTERS, ids=lambda v: v)
    async def test_nul_byte_is_refused_or_matches_nothing(self, admin, path, name):
        # PostgreSQL text cannot hold NUL and SQLite cuts a LIKE pattern at it: a clean 400, never a 500.
        body = assert_clean(await admin.get(path, current=1, size=10, **{name: "a\x00b"}))
        assert body["code"] in (200, 400, 403)
        if body["code"] == 200:
            assert matched(body["data"]) == 0


class TestSortInjection:
    def test_there_are_sortable_lists(self):
        assert SORTABLE or not ops("GET", suffix=("/list", "/page"))

    @pytest.mark.parametrize("op", SORTABLE, ids=lambda op: op.id)
    @pytest.mark.parametrize("param", ["descs", "ascs"])
    async def test_unknown_sort_key_is_a_clean_400(self, admin, op, param):
        required = {name: "1" for name, needed in op.query.items() if needed and name not in PAGING}
        response = await admin.get(op.path, current=1, size=10, **{**required, param: BAD_SORT})
        body = assert_clean(response)
        if response.status_code == 200 and op.path not in CRUD_LISTS:
            # This route takes paging but does not sort: the key is ignored, never compiled (reported).
            assert body["code"] == 200
            return
        assert response.status_code == 400 and body["code"] == 400, response.text
        assert body["msg"] == f"不支持的排序字段: {BAD_SORT}"
