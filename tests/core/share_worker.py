"""A worker process for tests/core/test_ownership.py: claims its share of `count` partitions of `kind` every
sixth of the lease and prints what it owns (a JSON list, one line per change), until it is killed."""

import asyncio
import json
import sys

from plantdesk.core.leases import Leases
from plantdesk.core.ownership import Change, Share
from plantdesk.db.session import create_engine, session_factory


async def main(url: str, kind: str, holder: str, ttl: float, count: int) -> None:
    sessions = session_factory(create_engine(url, pool_size=2))

    async def changed(_: Change[int]) -> None:
        print(json.dumps(sorted(share.owned)), flush=True)

    share: Share[int] = Share(Leases(sessions, holder, ttl=ttl), kind, changed)
    while True:
        await share.claim(range(count))
        await asyncio.sleep(ttl / 6)


if __name__ == "__main__":
    url, kind, holder, ttl, count = sys.argv[1:]
    asyncio.run(main(url, kind, holder, float(ttl), int(count)))
