"""core.ownership: workers share named partitions fairly through leases, hear each change of their share, and
a killed worker's share moves to the others within the lease's life (two real processes, kill -9)."""

import asyncio
import json
import os
import signal
import sys
import time

import pytest

from plantdesk.core.leases import Leases
from plantdesk.core.ownership import Change, Share

COUNT = 8


class Heard:
    def __init__(self) -> None:
        self.changes: list[Change[int]] = []

    async def __call__(self, change: Change[int]) -> None:
        self.changes.append(change)


async def test_each_change_of_the_share_is_heard(sessions, unique):
    kind = f"test-share:{unique}"
    heard_a, heard_b = Heard(), Heard()
    a = Share(Leases(sessions, f"a-{unique}"), kind, heard_a)
    b = Share(Leases(sessions, f"b-{unique}"), kind, heard_b)
    await a.claim(range(COUNT))
    assert heard_a.changes == [Change(frozenset(range(COUNT)), frozenset())]  # alone: all of them
    assert not await b.claim(range(COUNT)) and heard_b.changes == []  # all held: nothing yet
    lost = (await a.claim(range(COUNT))).lost  # b counted: a gives up what is beyond half
    assert len(lost) == COUNT // 2 and heard_a.changes[-1] == Change(frozenset(), lost)
    assert (await b.claim(range(COUNT))).gained == lost
    assert a.owned.isdisjoint(b.owned) and a.owned | b.owned == set(range(COUNT))
    gone = min(b.owned)
    await b.claim([n for n in range(COUNT) if n != gone])  # no longer a partition: handed back
    assert heard_b.changes[-1] == Change(frozenset(), frozenset({gone})) and gone not in b.owned
    await a.release()
    assert heard_a.changes[-1].lost == lost ^ set(range(COUNT)) and not a.owned
    before = set(b.owned)
    assert (await b.claim(range(COUNT))).gained == set(range(COUNT)) - before  # alone again: all of them
    assert b.owned == set(range(COUNT))
    await b.release()


async def test_a_worker_cut_off_past_its_lease_drops_its_share(sessions, unique, monkeypatch):
    clock = [time.time()]
    leases = Leases(sessions, f"cut-{unique}", ttl=30, clock=lambda: clock[0])
    heard = Heard()
    share = Share(leases, f"test-share:{unique}", heard)
    await share.claim(range(COUNT))

    async def unreachable(*_args):
        raise ConnectionError("database down")

    monkeypatch.setattr(leases, "acquire", unreachable)
    monkeypatch.setattr(leases, "renew", unreachable)
    clock[0] += 11  # a renewal is due; it fails, but the leases hold for 19 s more: the work goes on
    with pytest.raises(ConnectionError):
        await share.claim(range(COUNT))
    assert share.owned == set(range(COUNT)) and len(heard.changes) == 1
    clock[0] += 20  # lapsed: another worker may own them now
    with pytest.raises(ConnectionError):
        await share.claim(range(COUNT))
    assert share.owned == set() and heard.changes[-1] == Change(frozenset(), frozenset(range(COUNT)))


async def test_a_lease_still_held_is_taken_back_first(sessions, unique):
    """Leases a worker still holds without owning them (dropped while the database was away) are its first
    choice, so the work stays where it was."""
    kind = f"test-share:{unique}"
    leases = Leases(sessions, f"a-{unique}")
    a, b = Share(leases, kind), Share(Leases(sessions, f"b-{unique}"), kind)
    await b.claim([])  # a member, owning nothing yet: a's share is half
    assert await leases.acquire(f"{kind}:{COUNT - 1}") is not None
    assert COUNT - 1 in (await a.claim(range(COUNT))).gained and len(a.owned) == COUNT // 2
    await a.release()
    await b.release()


class Worker:
    """A `tests/core/share_worker.py` process, and what it last said it owns."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process, self.owned = process, set()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, url: str, kind: str, holder: str, ttl: float) -> "Worker":
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.core.share_worker", url, kind, holder, str(ttl), str(COUNT),
            stdout=asyncio.subprocess.PIPE, cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        async for line in self.process.stdout:
            self.owned = set(json.loads(line))

    async def kill(self) -> None:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
            await self.process.wait()
        self.reader.cancel()


async def until(condition, *, deadline: float, what: str) -> None:
    stop = time.monotonic() + deadline
    while not condition():
        if time.monotonic() > stop:
            raise AssertionError(f"not within {deadline} s: {what}")
        await asyncio.sleep(0.05)


async def test_a_killed_workers_share_moves_to_the_other_process(app, unique):
    """Two worker processes on the test database share the partitions half and half; kill -9 one (no release,
    no goodbye) and the other owns them all within the lease's life plus a round."""
    ttl = 3.0
    url = app.state.runtime.settings.resolved_database_url
    kind = f"test-share:{unique}"
    workers = [await Worker.start(url, kind, f"{name}-{unique}", ttl) for name in ("a", "b")]
    a, b = workers
    try:
        await until(lambda: len(a.owned) == len(b.owned) == COUNT // 2 and a.owned | b.owned == set(range(COUNT)),
                    deadline=60, what="a fair share each")
        await a.kill()
        killed = time.monotonic()
        await until(lambda: b.owned == set(range(COUNT)), deadline=ttl * 5, what="the killed worker's share moved")
        moved = time.monotonic() - killed
        # Not before the lease lapses (renewed up to a round before the kill), then the other's next round takes it:
        # ttl + ttl / 6 at most, and a loaded machine's slack.
        assert ttl / 2 <= moved <= ttl + ttl / 6 + 3.0, moved
    finally:
        for worker in workers:
            await worker.kill()
