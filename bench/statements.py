"""The SQL statements one request runs, counted in process by an SQLAlchemy event hook (issue 30).

    PYTHONPATH=<tree> PLANTDESK_DATABASE_URL=<a database bench/miss.py prepared> \\
        uv run python bench/statements.py [path ...]

Serves the tree's app in process (its lifespan, the memory cache), logs in as admin, sends each path twice with a
parameter no list reads (two misses: the first also fills the per-tenant caches) and prints the statements of
the second.
"""

import asyncio
import os
import sys

import httpx
from sqlalchemy import event
from sqlalchemy.engine import Engine

sys.path.insert(0, os.getcwd())
from bench.run import CLIENT, login_path  # noqa: E402  (the checkout's own bench helpers)

FIRST_PAGE = "/api/blade-user/page?current=1&size=10"


async def main(paths: list[str]) -> None:
    from plantdesk.app import create_app

    statements: list[str] = []

    @event.listens_for(Engine, "before_cursor_execute")
    def count(conn, cursor, statement, parameters, context, executemany):  # noqa: ARG001 (the hook's signature)
        statements.append(" ".join(statement.split())[:160])

    app = create_app()
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            headers = {"Authorization": CLIENT, "Tenant-Id": "000000"}
            token = (await client.post(login_path(), headers=headers)).json()["access_token"]
            headers["Blade-Auth"] = f"bearer {token}"
            for path in paths:
                for attempt in range(2):
                    statements.clear()
                    response = await client.get(f"{path}&_=statements{attempt}", headers=headers)
                    response.raise_for_status()
                print(f"{path}: {len(statements)} statements")
                for statement in statements:
                    print("   ", statement)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:] or [FIRST_PAGE]))
