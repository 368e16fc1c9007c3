"""Integers beyond 64 bits answer 400, never 500 (issue 15 item 5), on every route.

Each route is called once per integer-looking parameter it may read: the query parameters it declares, the
names handlers read from the query or a form (found in the source, so new ones are walked as they appear),
and a list's filters with their comparison suffixes. A parameter a route ignores answers 200; none answers 500.
"""

import inspect
import re
from pathlib import Path

import pytest

import plantdesk
from plantdesk.core.crud import RESOURCES
from plantdesk.core.query import int_bits
from tests.security.routetable import OPS

TOO_BIG = (str(2**63), str(-(2**63) - 1))
_READ = re.compile(r'(?:form_or_query\(request, |_ids\(request, |(?:query_params|params|query)\.get\()"(\w+)"')
# Filters on integer columns, with the comparisons that bind the value as an integer.
FILTERS = [f"{name}{suffix}" for _, resource in RESOURCES for name, column in resource.filters.items()
           if int_bits(column) for suffix in ("", "_equal", "_gt", "_le")] + ["status", "status_gt"]
INTEGER_NAME = re.compile(r"(?:(?<!tenant)(?<=[a-z])Ids?|^ids?|^category|^status|Number|_gt|_le|_equal)$")
HANDLER_NAMES = sorted({name for path in Path(plantdesk.__file__).parent.rglob("*.py")
                        for name in _READ.findall(path.read_text()) if INTEGER_NAME.search(name)} | set(FILTERS))


def _reads_the_request(op) -> bool:
    return any(param.annotation.__name__ == "Request" for param in inspect.signature(op.route.endpoint).parameters
               .values() if isinstance(param.annotation, type)) or "Resource" in op.route.endpoint.__qualname__


def _names(op) -> list[str]:
    names = set(op.query) - {"current", "size", "ascs", "descs"}
    if _reads_the_request(op) or op.route.endpoint.__qualname__.startswith("crud_router."):
        names |= set(HANDLER_NAMES)
    return sorted(names)


ROUTES = [pytest.param(op, id=op.id) for op in OPS if not op.path.endswith("/oauth/token") and _names(op)]


def test_the_handlers_names_are_found():
    assert {"ids", "userIds", "roleIds", "deptId", "category", "menuId_gt"} <= set(HANDLER_NAMES)
    assert "tenantId" not in HANDLER_NAMES and "code" not in HANDLER_NAMES


# A log export writes up to 10,000 of the suite's own logged requests per call, and this test calls it once per
# integer name (~200 times): a window in the future keeps each call to the parsing it is here for (411 s → seconds).
EMPTY_LOG_WINDOW = {"logStartTime": "2999-01-01"}


@pytest.mark.parametrize("op", ROUTES)
async def test_no_integer_overflows(admin, op):
    path = op.path.replace("{x}", "walk").replace("{key:path}", "000000/x.png")
    narrow = EMPTY_LOG_WINDOW if path.startswith("/api/blade-log/") and "/export/" in path else {}
    failed = []
    for name in _names(op):
        for value in TOO_BIG:
            response = await admin.http.request(op.method, path, params={name: value, **narrow},
                                                headers=admin.headers)
            if response.status_code >= 500:
                failed.append((name, value))
    assert not failed
