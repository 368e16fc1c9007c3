"""No credential reaches a log row, and a token in the query string is honoured only by download links.

Every logged route (a write by a logged-in user) is called with credential-like query parameters holding a
marker; the API log is then read back: the parameters are recorded, their values are not.
"""

import uuid

from sqlalchemy import select

from plantdesk.core import redact
from plantdesk.core.audit_models import ApiLog, UsualLog
from plantdesk.db.base import PLATFORM_TENANT
from tests.helpers import login, platform_session
from tests.security.routetable import ops

LOGGED = [op for op in ops(protected=True) if op.method in ("POST", "PUT", "DELETE")]
CREDENTIALS = ("oldPassword", "newPassword", "newPassword1", "password", "blade-auth", "refresh_token",
               "accessKey", "secretKey", "clientSecret", "Captcha-Key")


async def logged(app, model, *where):
    await app.state.runtime.audit.flush()
    async with platform_session(app.state.runtime.sessions) as db:
        return (await db.execute(select(model).where(*where))).scalars().all()


class TestApiLog:
    async def test_every_logged_route_keeps_the_names_not_the_values(self, app, client):
        api = await login(client, "admin", "admin", PLATFORM_TENANT)
        marker = uuid.uuid4().hex
        for op in LOGGED:
            path = op.path.replace("{x}", "walk")
            await client.request(op.method, path, params={name: f"{marker}{name}" for name in CREDENTIALS},
                                 headers=api.headers)
        assert not await logged(app, ApiLog, ApiLog.params.contains(marker))
        rows = await logged(app, ApiLog, ApiLog.request_uri == "/api/blade-auth/update-password",
                            ApiLog.params.contains("oldPassword=%2A%2A%2A%2A%2A%2A"))
        assert rows and "newPassword1=%2A%2A%2A%2A%2A%2A" in rows[-1].params

    async def test_other_parameters_are_kept(self, app, admin):
        marker = uuid.uuid4().hex
        await admin.post("/api/blade-user/remove", ids=marker)
        assert await logged(app, ApiLog, ApiLog.params == f"ids={marker}")


class TestClientLogs:
    async def test_a_reported_page_loses_its_token(self, app, demo_user):
        marker = uuid.uuid4().hex
        entry = {"type": "error", "url": f"http://x/y?blade-auth={marker}&tab=2", "message": "boom",
                 "info": marker}
        await demo_user.data("POST", "/api/blade-auth/oauth/", [entry])
        rows = await logged(app, UsualLog, UsualLog.log_id == "console", UsualLog.log_data.contains(marker))
        assert len(rows) == 1 and rows[0].request_uri == "http://x/y?blade-auth=%2A%2A%2A%2A%2A%2A&tab=2"
        assert marker not in rows[0].request_uri and f"blade-auth={marker}" not in rows[0].log_data


class TestRedact:
    def test_json_at_any_depth(self):
        value = {"user": {"password": "p", "name": "n"}, "items": [{"secretKey": "s", "id": 1}]}
        assert redact.json(value) == {"user": {"password": redact.REDACTED, "name": "n"},
                                      "items": [{"secretKey": redact.REDACTED, "id": 1}]}


class TestQueryToken:
    async def test_an_api_route_ignores_it(self, client, demo_user):
        token = f"bearer {demo_user.tokens['access_token']}"
        response = await client.get("/api/blade-user/info", params={"blade-auth": token})
        assert response.status_code == 401

    async def test_a_download_link_takes_it(self, client, demo_admin):
        token = f"bearer {demo_admin.tokens['access_token']}"
        response = await client.get("/api/blade-user/export-template", params={"blade-auth": token})
        assert response.status_code == 200 and response.content[:2] == b"PK"
