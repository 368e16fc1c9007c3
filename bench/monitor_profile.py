"""Server CPU of one realtime read of 1,000 points, in process (SQLite), with a cProfile of where it goes.

    uv run python bench/monitor_profile.py

The app is called through httpx's ASGI transport; only the time inside the app counts as the server's (the
client's URL building for 1,000 ids is left out). CPU time, not wall time, so a loaded machine skews it less."""

import asyncio
import cProfile
import pstats
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
from asgi_lifespan import LifespanManager

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import monitor as bench  # noqa: E402

from plantdesk.app import create_app  # noqa: E402
from plantdesk.config import Settings  # noqa: E402
from plantdesk.core import tenancy  # noqa: E402
from plantdesk.db.models import Base  # noqa: E402
from plantdesk.db.session import create_engine, session_factory  # noqa: E402
from plantdesk.modules.device.monitor.store import Sample, store  # noqa: E402
from plantdesk.seed.seeder import seed_database  # noqa: E402
from tests.helpers import login, platform_session  # noqa: E402

REALTIME = "/api/device-management/datapoints-monitor/realtime"


async def main() -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="plantdesk-profile-"))
    settings = Settings(data_dir=data_dir, database_url="", redis_url="", jwt_secret=uuid.uuid4().hex,
                        web_dist=data_dir / "no-web")
    url = settings.resolved_database_url
    engine = create_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)
    async with platform_session(session_factory(engine)) as db:
        await seed_database(db)
        await db.commit()
    await engine.dispose()
    devices, _target = await bench.prepare(url, 0)
    ids = [p for _code, points in devices[:20] for p in points]
    engine = create_engine(url)
    async with session_factory(engine)() as db:
        tenancy.bind(db, tenancy.Scope(bench.TENANT))
        await store.write_batch(db, [Sample(p, int(time.time() * 1000), 1.5) for p in ids])
        await db.commit()
    await engine.dispose()

    app = create_app(settings)
    spent = [0.0]

    async def timed(scope, receive, send):
        started = time.process_time()
        await app(scope, receive, send)
        spent[0] += time.process_time() - started

    async with LifespanManager(app), httpx.AsyncClient(transport=httpx.ASGITransport(app=timed),
                                                       base_url="http://bench") as http:
        api = await login(http, "admin", "admin", bench.TENANT)
        params = {"pointIds": ",".join(map(str, ids))}
        for _ in range(10):
            assert len((await http.get(REALTIME, params=params, headers=api.headers)).json()["data"]) == 1000
        runs, spent[0] = 100, 0.0
        for _ in range(runs):
            await http.get(REALTIME, params=params, headers=api.headers)
        print(f"realtime, 1,000 points: server CPU {spent[0] / runs * 1000:.1f} ms per request")
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(50):
            await http.get(REALTIME, params=params, headers=api.headers)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats("plantdesk|fastapi/routing|serializ|validat", 30)


if __name__ == "__main__":
    asyncio.run(main())
