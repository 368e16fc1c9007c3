"""The points' latest values, held in the process and written back to `monitor_latest` (issue 30).

Reading each point's store-on-change state `FOR UPDATE` and upserting its latest row in every batch were most of
PostgreSQL's work per point (each an MVCC tuple write with its WAL), so each process now holds, per database, the
state of every point it has written: the newest value and the last *stored* one, which store on change decides
against.

- A batch moves the states when it decides, with no await between reading and moving them, so two batches of one
  process decide one after the other as the row lock made them; its session remembers what it moved. The commit
  hands those states to the write-back; a rollback puts each one back to its last committed state (or forgets it,
  to be read again) unless a later batch has moved it since.
- The write-back (`write_back`, a service in every process) upserts what was committed once a second, in one
  statement, the newest ts winning (`WHERE excluded.ts > l.ts`), and once more when the process stops.
- A state read from the database (a point this process has not written yet) is the point's `monitor_latest` row
  merged with its newest raw row past it: rows committed after the last write-back of a process killed with -9
  are in `monitor_data`, so no decision misses one. At start the write-back repairs the table the same way for
  every point, so readers elsewhere see the killed process's last second too.
- Readers (`store.latest`) take the table and lay this process's committed values not yet written back over it.

Platform scope, like the rollup job: `monitor_latest` and `monitor_data` carry no tenant (a point id is a global
snowflake) and the write-back and the repair read and write them on the engine's own connections, for every
tenant's points; no tenant's request reaches them but through `store`, which resolves its points first.

Several workers: an order-independent merge, not an owner per point (docs/decisions.md "Latest values in the
process"). Each worker decides against its own state; the table takes the newest value whichever worker wrote it.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Iterable, Mapping
from typing import Any, Final, NamedTuple

from sqlalchemy import Engine, event
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession

from plantdesk.core.tenancy import ScopedSession
from plantdesk.db.session import is_outage

log = logging.getLogger("plantdesk.monitor")
WRITE_BACK_SECONDS = 1.0
REPAIR_CHUNK = 1_000
_MOVED = "plantdesk.monitor.moved"  # session.info: (the process's LatestValues, {point id: state moved})


# A point's state: (ts, value, text, quality) of its newest value, then (ts, value, text) of its last stored one. A
# plain tuple: the write path makes one per value, where a NamedTuple's constructor cost a tenth of the worker.
State = tuple[int, float | None, str | None, int, int, float | None, str | None]
TS: Final = 0
QUALITY: Final = 3
STORED_TS: Final = 4
STORED_VALUE: Final = 5
STORED_TEXT: Final = 6


class LatestValues:
    """One database's latest values in this process."""

    def __init__(self) -> None:
        self.states: dict[int, State] = {}  # what the next batch decides against (its own writes included)
        self.committed: dict[int, State] = {}  # committed, not written back yet
        self.writing: dict[int, State] = {}  # committed, being written back

    def unwritten(self, point_id: int) -> State | None:
        return self.pending().get(point_id)

    def pending(self) -> Pending:
        """The committed values not written back yet, as they are now. A reader takes them before it reads the
        table: a write-back that commits meanwhile replaces these dicts (it never empties one in place), so a
        value the table's read missed is still in what the reader took."""
        return Pending(self.committed, self.writing)

    async def load(self, driver: Any, pg: bool, point_ids: list[int]) -> None:
        """The states of points this process has not written yet, from the database."""
        for point_id, (state, _lost) in (await _read(driver, pg, point_ids)).items():
            self.states.setdefault(point_id, state)  # a batch may have moved it while this one read

    def move(self, db: AsyncSession, moved: Mapping[int, State]) -> None:
        self.states.update(moved)
        info = db.sync_session.info
        if _MOVED in info:
            info[_MOVED][1].update(moved)
        else:
            info[_MOVED] = (self, dict(moved))

    def _committed(self, moved: Mapping[int, State]) -> None:
        for point_id, state in moved.items():
            known = self.committed.get(point_id)
            if known is None or state[TS] > known[TS]:
                self.committed[point_id] = state

    def _rolled_back(self, moved: Mapping[int, State]) -> None:
        for point_id, state in moved.items():
            if self.states.get(point_id) is state:  # no later batch has moved it since
                before = self.unwritten(point_id)
                if before is None:
                    del self.states[point_id]
                else:
                    self.states[point_id] = before

    async def write_back(self, engine: AsyncEngine) -> None:
        if not self.committed:
            return
        self.writing, self.committed = self.committed, {}
        try:
            async with engine.begin() as conn:
                driver, pg = await driver_of(conn)
                await _upsert(driver, pg, self.writing)
        except BaseException:
            for point_id, state in self.writing.items():
                known = self.committed.get(point_id)
                if known is None or state[TS] > known[TS]:
                    self.committed[point_id] = state
            raise
        finally:
            self.writing = {}


class Pending(NamedTuple):
    committed: dict[int, State]
    writing: dict[int, State]

    def get(self, point_id: int) -> State | None:
        return self.committed.get(point_id) or self.writing.get(point_id)


_processes: weakref.WeakKeyDictionary[Engine, LatestValues] = weakref.WeakKeyDictionary()


def of(engine: Engine | AsyncEngine) -> LatestValues:
    engine = engine.sync_engine if isinstance(engine, AsyncEngine) else engine
    values = _processes.get(engine)
    if values is None:
        values = _processes[engine] = LatestValues()
    return values


@event.listens_for(ScopedSession, "after_commit")
def _session_committed(session) -> None:
    moved = session.info.pop(_MOVED, None)
    if moved is not None:
        moved[0]._committed(moved[1])


@event.listens_for(ScopedSession, "after_transaction_end")
def _session_ended(session, transaction) -> None:
    if transaction.parent is None:  # the outermost transaction ended without its commit (that popped it)
        moved = session.info.pop(_MOVED, None)
        if moved is not None:
            moved[0]._rolled_back(moved[1])


async def write_back(runtime: Any) -> None:
    """The service: repair the table from the raw rows, then write back once a second, and once more at stop."""
    values = of(runtime.engine)
    await repair(runtime.engine)
    try:
        while True:
            await asyncio.sleep(WRITE_BACK_SECONDS)
            try:
                await values.write_back(runtime.engine)
            except Exception as exc:  # kept for the next round
                if is_outage(exc):
                    log.warning("latest values not written back (database unavailable): %s", exc)
                else:
                    log.exception("latest values not written back")
    finally:
        await values.write_back(runtime.engine)


async def repair(engine: AsyncEngine) -> int:
    """Bring `monitor_latest` up to the newest raw row of every point (a process killed before its write-back);
    answers how many points it moved."""
    moved = 0
    async with engine.begin() as conn:
        driver, pg = await driver_of(conn)
        ids = [r[0] for r in (await conn.exec_driver_sql("SELECT id FROM data_point ORDER BY id")).all()]
        for i in range(0, len(ids), REPAIR_CHUNK):
            moved += await catch_up(driver, pg, ids[i:i + REPAIR_CHUNK])
    if moved:
        log.warning("monitor_latest repaired from the raw rows for %d points", moved)
    return moved


async def catch_up(driver: Any, pg: bool, point_ids: list[int]) -> int:
    """Bring the `monitor_latest` rows of `point_ids` up to their newest raw row past them (in the driver
    connection's transaction); answers how many points had one."""
    behind = {p: state for p, (state, lost) in (await _read(driver, pg, point_ids)).items() if lost}
    if behind:
        await _upsert(driver, pg, behind)
    return len(behind)


async def driver_of(conn: AsyncConnection) -> tuple[Any, bool]:
    """The driver connection under `conn`, with its transaction begun, and whether it is PostgreSQL's."""
    await conn.exec_driver_sql("SELECT 1")  # asyncpg's adapter opens its transaction on the first statement
    raw = await conn.get_raw_connection()
    return raw.driver_connection, conn.dialect.name == "postgresql"


_LATEST = "l.ts, l.value, l.text_value, l.quality, l.stored_ts, l.stored_value, l.stored_text"
_READ_PG = (
    f"SELECT p.id, {_LATEST}, d.ts, d.value, d.text_value, d.quality FROM data_point p "
    "LEFT JOIN monitor_latest l ON l.point_id = p.id LEFT JOIN LATERAL (SELECT m.ts, m.value, m.text_value, "
    "m.quality FROM monitor_data m WHERE m.point_id = p.id AND m.ts > coalesce(l.stored_ts, -1) "
    "ORDER BY m.ts DESC LIMIT 1) d ON true WHERE p.id = ANY($1::bigint[])")
_READ_SQLITE = (
    f"SELECT p.id, {_LATEST}, (SELECT max(m.ts) FROM monitor_data m WHERE m.point_id = p.id "
    "AND m.ts > coalesce(l.stored_ts, -1)) FROM data_point p LEFT JOIN monitor_latest l ON l.point_id = p.id "
    "WHERE p.id IN ({marks})")
_RAW_ROW = "SELECT value, text_value, quality FROM monitor_data WHERE point_id = ? AND ts = ?"


async def _read(driver: Any, pg: bool, point_ids: list[int]) -> dict[int, tuple[State, bool]]:
    """Each point's state: its `monitor_latest` row, moved up to its newest raw row past the stored one, if any,
    and whether that row is newer than the table's latest value (a write-back lost; a late row only moves the
    stored one, which the table keeps as it is); points with neither are left out."""
    rows: list[tuple] = []
    if pg:
        rows = [tuple(r) for r in await driver.fetch(_READ_PG, point_ids)]
    else:
        for i in range(0, len(point_ids), 500):
            chunk = point_ids[i:i + 500]
            async with driver.execute(_READ_SQLITE.format(marks=",".join("?" * len(chunk))), chunk) as cursor:
                for r in await cursor.fetchall():
                    if r[8] is None:
                        rows.append((*r, None, None, None))
                    else:  # past the latest row: a process killed before writing it back (rare)
                        async with driver.execute(_RAW_ROW, (r[0], r[8])) as raw:
                            rows.append((*r, *(await raw.fetchone())))
    found: dict[int, tuple[State, bool]] = {}
    for point_id, *latest, raw_ts, raw_value, raw_text, raw_quality in rows:
        state: State | None = tuple(latest) if latest[TS] is not None else None
        lost = raw_ts is not None and (state is None or raw_ts > state[TS])
        if lost:
            state = (raw_ts, raw_value, raw_text, raw_quality, raw_ts, raw_value, raw_text)
        elif raw_ts is not None and state is not None:  # a late row between the stored one and the newest
            state = (*state[:STORED_TS], raw_ts, raw_value, raw_text)
        if state is not None:
            found[point_id] = (state, lost)
    return found


async def _upsert(driver: Any, pg: bool, states: Mapping[int, State]) -> None:
    rows = _rows(states.items())
    update = ("ts = excluded.ts, value = excluded.value, text_value = excluded.text_value, "
              "quality = excluded.quality, stored_ts = excluded.stored_ts, stored_value = excluded.stored_value, "
              "stored_text = excluded.stored_text")
    if pg:
        await driver.execute(
            "INSERT INTO monitor_latest AS l (point_id, ts, value, text_value, quality, stored_ts, stored_value, "
            "stored_text) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::float8[], $4::text[], $5::int2[], "
            "$6::bigint[], $7::float8[], $8::text[]) "
            f"ON CONFLICT (point_id) DO UPDATE SET {update} WHERE excluded.ts > l.ts", *zip(*rows, strict=True))
    else:
        await driver.executemany(
            "INSERT INTO monitor_latest (point_id, ts, value, text_value, quality, stored_ts, stored_value, "
            "stored_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            f"ON CONFLICT (point_id) DO UPDATE SET {update} WHERE excluded.ts > monitor_latest.ts", rows)


def _rows(states: Iterable[tuple[int, State]]) -> list[tuple]:
    return [(point_id, *state) for point_id, state in sorted(states)]  # in key order: no deadlock between two
