"""No password hash anywhere: every GET route under /api, called as the platform administrator.

A body must never contain an argon2 hash, and no key named `password` may hold a non-empty value (users'
`password` is always ""). Excel exports are unzipped and searched too.
"""

import io
import zipfile

import pytest

from tests.security.routetable import list_path_for, ops

HASH_MARK = "$argon2"
# Logging out would end the session the remaining calls use; it returns no user data anyway. An API document
# describes the `password` field of the shapes (its schema, never a value).
SKIP_PATHS = ("/oauth/logout", "/openapi.json")
GET_ROUTES = [op for op in ops("GET") if not op.has_path_params and not op.path.endswith(SKIP_PATHS)]


def password_values(value, where: str = "$") -> list[str]:
    """JSON paths of every non-empty `password` key."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key.lower() == "password" and item not in ("", None):
                found.append(f"{where}.{key}")
            found.extend(password_values(item, f"{where}.{key}"))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(password_values(item, f"{where}[{index}]"))
    return found


def text_of(response) -> str:
    content = response.content
    if content[:2] == b"PK":  # xlsx and other zip containers: search every member
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return "".join(archive.read(name).decode("utf-8", "replace") for name in archive.namelist())
    return response.text


async def _seeded_id(admin, detail_path: str) -> str | None:
    list_path = list_path_for(detail_path)
    if list_path is None:
        return None
    response = await admin.get(list_path, current=1, size=1)
    data = response.json().get("data") if response.status_code == 200 else None
    records = data.get("records") if isinstance(data, dict) else data
    return records[0].get("id") if isinstance(records, list) and records else None


@pytest.fixture(scope="module")
async def fresh_admin(client):
    """Its own session, so that a route ending the session cannot disturb the shared admin fixture."""
    from tests.helpers import login

    return await login(client, "admin", "admin", "000000")


class TestNoPasswordHash:
    def test_the_walk_covers_the_api(self):
        assert len(GET_ROUTES) >= 1

    @pytest.mark.parametrize("op", GET_ROUTES, ids=lambda op: op.id)
    async def test_get_route_leaks_no_password(self, op, fresh_admin):
        params = {"current": 1, "size": 50}
        if "id" in op.query:
            seeded = await _seeded_id(fresh_admin, op.path)
            if seeded is None and op.query["id"]:
                pytest.skip(f"no seeded row found through {list_path_for(op.path)} for {op.path}?id=")
            if seeded is not None:
                params["id"] = seeded
        response = await fresh_admin.get(op.path, **params)
        assert response.status_code < 500, response.text
        body = text_of(response)
        assert HASH_MARK not in body, f"{op.id} returns a password hash"
        if response.headers.get("content-type", "").startswith("application/json"):
            assert password_values(response.json()) == [], f"{op.id} returns a password value"
