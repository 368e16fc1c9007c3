"""The monitor data store (design/industrial.md §4): one interface, `write_batch`, `latest`, `range`,
`aggregate`, on SQLite and PostgreSQL.

Writes go through the request's own session, so a batch's rows and the rollups it merges commit together, and
run on the driver connection (asyncpg binary COPY, aiosqlite `executemany`): at tens of thousands of values per
second the ORM's per-row work would cost more than the database's.

Store on change: a value is written to `monitor_data` when it moved by more than the point's deadband from the
last *stored* value, when its text or quality changed, or when the last stored row is `heartbeat_ms` old; the
point's latest value takes every newer value whatever the deadband. Both are held in the process and written back
to `monitor_latest` once a second (`latest`: what the batch moved is remembered by its session, handed to the
write-back by its commit and put back by its rollback). A value older than the point's latest (late
data, a gateway's backfill) is stored as it is (no deadband) unless that (point, ts) is there already, and
leaves the latest alone.

Rollups count the rows stored, so they always agree with `monitor_data`, but no batch maintains them per value
(each upsert an MVCC update of a rollup row: most of PostgreSQL's work per point, issue 30): the job
`monitor.rollups` builds every bucket closed since `monitor_rollup_mark` from the raw rows, and a row stored
below a mark (late data, a backfill) is merged into its bucket by its own batch. Writers hold a shared lock
(PostgreSQL: an advisory lock; SQLite: its one writer) from reading the marks to their commit and the job holds
it exclusively, so every row is counted exactly once: by the job when it was committed before the job ran, by
its writer when the mark had passed it. A read of a span past a mark aggregates the raw rows (or the minute
rollups) there, so what a reader sees is exact whether or not the job has run.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Literal, NamedTuple

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import bindparam, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from plantdesk.core import listeners
from plantdesk.modules.device.monitor import latest as latest_values
from plantdesk.modules.device.monitor import partitions
from plantdesk.modules.device.monitor.latest import QUALITY, STORED_TEXT, STORED_TS, STORED_VALUE, TS, State

MINUTE, HOUR, DAY = 60_000, 3_600_000, 86_400_000
HEARTBEAT_MS = 60_000
Source = Literal["auto", "raw", "1m", "1h"]
ROLLUP_TABLES = {"1m": ("monitor_rollup_1m", MINUTE), "1h": ("monitor_rollup_1h", HOUR)}
ROLLUP_JOB, ROLLUP_CRON = "monitor.rollups", "* * * * * 5"  # each minute, 5 s after its buckets closed
ROLLUP_LOCK = 0x6D6F6E69746F72  # PostgreSQL advisory lock: the job exclusive, each batch writing rows shared
# Spans up to RAW_SPAN read raw rows; up to MINUTE_SPAN the 1-minute rollups; longer ones the hourly rollups.
RAW_SPAN, MINUTE_SPAN = 6 * HOUR, 7 * DAY
MAX_BUCKETS = 5_000
RAW_COLUMNS = ("point_id", "ts", "value", "text_value", "quality")


class Sample(NamedTuple):
    point_id: int
    ts: int  # epoch ms
    value: float | None  # numbers and booleans
    text: str | None = None  # string points
    quality: int = 0  # 0 good


class Latest(NamedTuple):
    point_id: int
    ts: int
    value: float | None
    text: str | None
    quality: int


@dataclass(slots=True)
class WriteResult:
    received: int = 0
    stored: int = 0  # rows written to monitor_data (the rest were within the deadband, or duplicates)


@dataclass(slots=True)
class Bucket:
    ts: int
    min: float | None
    max: float | None
    avg: float | None
    last: float | None
    count: int


@dataclass(slots=True)
class Series:
    point_id: int
    buckets: list[Bucket] = field(default_factory=list)


@dataclass(slots=True)
class Aggregate:
    source: str
    interval: int  # bucket width, ms
    start: int
    end: int
    series: list[Series]


_MARKS = "SELECT grain, upto FROM monitor_rollup_mark"
# A database made without the migration (create_all) has no marks until the job's first run: until then each batch
# merges all its rows itself, so the first marks are the current buckets' starts, not 0 (which made the first run
# aggregate the whole history in one write transaction, holding SQLite's lock past the 30 s busy timeout).
_MARKS_MISSING = text("INSERT INTO monitor_rollup_mark (grain, upto) VALUES ('1m', :m), ('1h', :h) "
                      "ON CONFLICT (grain) DO NOTHING")
# Closed buckets in [lo, hi) of the points there are, their rows found by the (point_id, ts) key per point, not
# by a scan of whole days (PostgreSQL plans `IN (subquery)` as a scan of the day's partition, `= ANY(ARRAY(…))` as
# the key's index): min/max/sum/count and the time of the last value, then the value at that time. `WHERE true`:
# SQLite reads an INSERT … SELECT … ON CONFLICT as a join's ON without it.
_REPLACE = ("ON CONFLICT (point_id, bucket) DO UPDATE SET min = excluded.min, max = excluded.max, "
            "sum = excluded.sum, count = excluded.count, last = excluded.last, last_ts = excluded.last_ts")


def _roll_up_sql(points: str) -> dict[str, Any]:
    return {
        "1m": text(
            "INSERT INTO monitor_rollup_1m (point_id, bucket, min, max, sum, count, last, last_ts) "
            "SELECT g.point_id, g.b, g.lo, g.hi, g.total, g.n, (SELECT d.value FROM monitor_data d "
            "WHERE d.point_id = g.point_id AND d.ts = g.last_ts), g.last_ts FROM ("
            f"SELECT point_id, ts - ts % {MINUTE} AS b, min(value) AS lo, max(value) AS hi, sum(value) AS total, "
            f"count(value) AS n, max(ts) AS last_ts FROM monitor_data WHERE point_id {points} "
            f"AND ts >= :lo AND ts < :hi AND value IS NOT NULL GROUP BY point_id, ts - ts % {MINUTE}) g WHERE true "
            + _REPLACE),
        "1h": text(
            "INSERT INTO monitor_rollup_1h (point_id, bucket, min, max, sum, count, last, last_ts) "
            "SELECT g.point_id, g.b, g.lo, g.hi, g.total, g.n, (SELECT m.last FROM monitor_rollup_1m m "
            f"WHERE m.point_id = g.point_id AND m.bucket = g.last_ts - g.last_ts % {MINUTE}), g.last_ts FROM ("
            f"SELECT point_id, bucket - bucket % {HOUR} AS b, min(min) AS lo, max(max) AS hi, sum(sum) AS total, "
            f"sum(count) AS n, max(last_ts) AS last_ts FROM monitor_rollup_1m WHERE point_id {points} "
            f"AND bucket >= :lo AND bucket < :hi GROUP BY point_id, bucket - bucket % {HOUR}) g WHERE true "
            + _REPLACE),
    }


_ROLL_UP = {"postgresql": _roll_up_sql("= ANY(ARRAY(SELECT id FROM data_point))"),
            "sqlite": _roll_up_sql("IN (SELECT id FROM data_point)")}

# Built once: a text() with a thousand named marks, parsed on every call, cost more than the query (realtime).
_LATEST_COLS = "SELECT point_id, ts, value, text_value, quality FROM monitor_latest"
_LATEST_ANY = text(f"{_LATEST_COLS} WHERE point_id = ANY(:ids)")
_LATEST_IN = text(f"{_LATEST_COLS} WHERE point_id IN :ids").bindparams(bindparam("ids", expanding=True))


def dialect(db: AsyncSession) -> str:
    bind = db.bind
    assert bind is not None
    return bind.dialect.name


async def _driver(db: AsyncSession) -> tuple[AsyncConnection, Any]:
    """The session's connection, with its transaction begun, and the driver connection under it."""
    conn = await db.connection()
    driver, _pg = await latest_values.driver_of(conn)
    return conn, driver


class MonitorStore:
    def __init__(self, *, heartbeat_ms: int = HEARTBEAT_MS) -> None:
        self.heartbeat_ms = heartbeat_ms

    # --- writes ---------------------------------------------------------------------------------------------

    async def write_batch(self, db: AsyncSession, samples: Iterable[Sample | tuple],
                          deadbands: Mapping[int, float] | None = None,
                          latest_only: Set[int] = frozenset()) -> WriteResult:
        """Write one batch in the session's transaction; `deadbands` maps point id → deadband (absent: 0, so
        any change is stored); points in `latest_only` keep no history (the data point's store flag off)."""
        batch = list(samples)
        keys = itemgetter(0, 1)
        if len(set(map(keys, batch))) < len(batch):  # the same (point, ts) twice in one batch: the last one wins
            batch = list({keys(s): s for s in batch}.values())
        batch.sort(key=keys)
        result = WriteResult(received=len(batch))
        if not batch:
            return result
        deadbands = deadbands or {}
        pg = dialect(db) == "postgresql"
        conn, driver = await _driver(db)
        if pg:  # first: creating a day's partition waits for every transaction that has read the table
            await partitions.ensure_for(conn, (s[1] for s in batch))
        held = latest_values.of(conn.sync_engine)
        missing = [pid for pid in {s[0] for s in batch} if pid not in held.states]
        if missing:
            await held.load(driver, pg, sorted(missing))
        previous = held.states

        rows: list[tuple] = []  # in order: newer than the point's latest
        late: list[tuple] = []
        fresh: list[tuple] = []  # newer than the point's latest: what the listeners hear
        heartbeat = self.heartbeat_ms
        moved: dict[int, State] = {}
        pid: Any = None
        now: State | None = None
        deadband, history = 0.0, True
        for s in batch:
            if s[0] != pid:
                pid = s[0]
                now = previous.get(pid)
                deadband, history = deadbands.get(pid, 0.0), pid not in latest_only
            ts, value = s[1], s[2]
            txt, quality = (s[3], s[4]) if len(s) > 4 else ((s[3] if len(s) > 3 else None), 0)
            if now is not None and ts <= now[TS]:
                if history:
                    late.append((pid, ts, value, txt, quality))
                continue
            row = (pid, ts, value, txt, quality)
            if not history:
                now = (ts, value, txt, quality, ts, None, None)
            elif now is None or ts - now[STORED_TS] >= heartbeat or quality != now[QUALITY] \
                    or txt != now[STORED_TEXT] or _moved(value, now[STORED_VALUE], deadband):
                rows.append(row)
                now = (ts, value, txt, quality, ts, value, txt)
            else:
                now = (ts, value, txt, quality, now[STORED_TS], now[STORED_VALUE], now[STORED_TEXT])
            fresh.append(row)
            moved[pid] = now
        held.move(db, moved)  # before any await: the next batch of this process decides against these

        stored = list(rows)
        if rows:
            await self._insert(driver, pg, rows)
        if late:
            stored += await self._insert_late(driver, pg, late)
        if stored:
            await self._rollup(driver, pg, stored)
        result.stored = len(stored)
        listeners.written(db, fresh)
        return result

    async def backfill(self, db: AsyncSession, samples: Iterable[Sample | tuple]) -> int:
        """Write a past (a seeded history) in the session's transaction: each value stored as it is unless that
        (point, ts) is there, its rollups with it, and no listener hears it (it is history, not news). A point's
        latest value moves only where the past reaches beyond it (a history seeded up to now), as a restart's
        repair would move it. Answers how many rows were stored."""
        rows = sorted({(s[0], s[1]): (s[0], s[1], s[2], s[3] if len(s) > 3 else None, s[4] if len(s) > 4 else 0)
                       for s in samples}.values(), key=itemgetter(0, 1))
        if not rows:
            return 0
        pg = dialect(db) == "postgresql"
        conn, driver = await _driver(db)
        if pg:
            await partitions.ensure_for(conn, (r[1] for r in rows))
        stored = await self._insert_late(driver, pg, rows)
        if stored:
            await self._rollup(driver, pg, stored)
            await latest_values.catch_up(driver, pg, sorted({r[0] for r in stored}))
        return len(stored)

    async def _insert(self, driver, pg: bool, rows: list[tuple]) -> None:
        """Rows newer than their point's latest value: none of them can be there yet, so PostgreSQL takes them by
        COPY (binary, no conflict check; the unnest arrays cost a quarter of the worker). Should one be there all
        the same (a latest row lost), the savepoint rolls the COPY back and the conflict-checked insert runs."""
        if pg:
            try:
                async with driver.transaction():
                    await driver.copy_records_to_table("monitor_data", records=rows, columns=RAW_COLUMNS)
                return
            except asyncpg.UniqueViolationError:
                pass
            pids, tss, values, texts, qualities = zip(*rows, strict=True)
            await driver.execute(
                "INSERT INTO monitor_data (point_id, ts, value, text_value, quality) "
                "SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::float8[], $4::text[], $5::int2[]) "
                "ON CONFLICT DO NOTHING", pids, tss, values, texts, qualities)
        else:
            await driver.executemany("INSERT OR IGNORE INTO monitor_data (point_id, ts, value, text_value, quality) "
                                     "VALUES (?, ?, ?, ?, ?)", rows)

    async def _insert_late(self, driver, pg: bool, rows: list[tuple]) -> list[tuple]:
        """Late rows that were not there yet (only those count in the rollups)."""
        if pg:
            pids, tss, values, texts, qualities = zip(*rows, strict=True)
            records = await driver.fetch(
                "INSERT INTO monitor_data (point_id, ts, value, text_value, quality) "
                "SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::float8[], $4::text[], $5::int2[]) "
                "ON CONFLICT DO NOTHING RETURNING point_id, ts, value, text_value, quality",
                pids, tss, values, texts, qualities)
            return [tuple(r) for r in records]
        inserted = []
        for row in rows:
            async with driver.execute("INSERT OR IGNORE INTO monitor_data (point_id, ts, value, text_value, quality) "
                                      "VALUES (?, ?, ?, ?, ?)", row) as cursor:
                if cursor.rowcount:
                    inserted.append(row)
        return inserted

    async def _rollup(self, driver, pg: bool, rows: list[tuple]) -> None:
        """Merge the rows below a rollup table's mark into their buckets (the job rolls up the rest)."""
        if pg:
            # Its own statement: a statement's snapshot is taken before a lock it waits for is granted.
            await driver.execute("SELECT pg_advisory_xact_lock_shared($1)", ROLLUP_LOCK)
            marks = dict(tuple(r) for r in await driver.fetch(_MARKS))
        else:
            async with driver.execute(_MARKS) as cursor:
                marks = dict(await cursor.fetchall())
        oldest = min(r[1] for r in rows)
        for grain, (table, width) in ROLLUP_TABLES.items():
            upto = marks.get(grain, math.inf)
            if oldest >= upto:  # the common batch: all of it past the mark, for the job
                continue
            acc: dict[tuple[int, int], list] = {}
            for pid, ts, value, *_ in rows:
                if value is None or ts >= upto:
                    continue
                key = (pid, ts - ts % width)
                a = acc.get(key)
                if a is None:
                    acc[key] = [pid, key[1], value, value, value, 1, value, ts]
                else:
                    if value < a[2]:
                        a[2] = value
                    if value > a[3]:
                        a[3] = value
                    a[4] += value
                    a[5] += 1
                    if ts >= a[7]:
                        a[6], a[7] = value, ts
            if not acc:
                continue
            if pg:
                cols = list(zip(*acc.values(), strict=True))
                await driver.execute(
                    f"INSERT INTO {table} AS r (point_id, bucket, min, max, sum, count, last, last_ts) "
                    "SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::float8[], $4::float8[], $5::float8[], "
                    "$6::int4[], $7::float8[], $8::bigint[]) ON CONFLICT (point_id, bucket) DO UPDATE SET "
                    "min = LEAST(r.min, excluded.min), max = GREATEST(r.max, excluded.max), "
                    "sum = r.sum + excluded.sum, count = r.count + excluded.count, "
                    "last = CASE WHEN excluded.last_ts >= r.last_ts THEN excluded.last ELSE r.last END, "
                    "last_ts = GREATEST(r.last_ts, excluded.last_ts)", *cols)
            else:
                await driver.executemany(
                    f"INSERT INTO {table} (point_id, bucket, min, max, sum, count, last, last_ts) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (point_id, bucket) DO UPDATE SET "
                    f"min = min({table}.min, excluded.min), max = max({table}.max, excluded.max), "
                    f"sum = {table}.sum + excluded.sum, count = {table}.count + excluded.count, "
                    f"last = CASE WHEN excluded.last_ts >= {table}.last_ts THEN excluded.last ELSE {table}.last END, "
                    f"last_ts = max({table}.last_ts, excluded.last_ts)", [tuple(a) for a in acc.values()])

    async def roll_up(self, db: AsyncSession) -> dict[str, int]:
        """The job `monitor.rollups` (platform scope: the tables carry no tenant): build the buckets closed since
        each rollup table's mark (the minute ones from the raw rows, the hourly ones from the minute ones),
        replacing what is there, and move the marks; answers the marks."""
        conn = await db.connection()
        if dialect(db) == "postgresql":
            await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": ROLLUP_LOCK})
        now = now_ms()
        # A write first: on SQLite it takes the write lock, so no batch commits in between.
        await conn.execute(_MARKS_MISSING, {"m": now - now % MINUTE, "h": now - now % HOUR})
        marks: dict[str, int] = dict((await conn.execute(text(_MARKS))).all())
        for grain, sql in _ROLL_UP[dialect(db)].items():
            upto = now - now % ROLLUP_TABLES[grain][1]
            if upto > marks[grain]:
                await conn.execute(sql, {"lo": marks[grain], "hi": upto})
                await conn.execute(text("UPDATE monitor_rollup_mark SET upto = :upto WHERE grain = :grain"),
                                   {"upto": upto, "grain": grain})
                marks[grain] = upto
        return marks

    # --- reads ----------------------------------------------------------------------------------------------

    async def latest(self, db: AsyncSession, point_ids: Sequence[int]) -> dict[int, Latest]:
        """The table's rows, with this process's committed values not written back yet laid over them."""
        if not point_ids:
            return {}
        conn = await db.connection()
        held = latest_values.of(conn.sync_engine).pending()  # before the table's read (a write-back may commit then)
        found: dict[int, Latest] = {}
        if dialect(db) == "postgresql":
            found = {r[0]: Latest(*r) for r in await conn.execute(_LATEST_ANY, {"ids": list(point_ids)})}
        else:
            for chunk in _chunks(list(point_ids), 900):
                found.update((r[0], Latest(*r)) for r in await conn.execute(_LATEST_IN, {"ids": chunk}))
        if held.committed or held.writing:
            for pid in point_ids:
                state = held.get(pid)
                if state is not None and (pid not in found or state[TS] > found[pid].ts):
                    found[pid] = Latest(pid, *state[:STORED_TS])
        return found

    async def range(self, db: AsyncSession, point_id: int, start: int, end: int, *, offset: int = 0,
                    limit: int | None = None, descending: bool = False, count: bool = False
                    ) -> tuple[list[Sample], int | None]:
        """Raw rows of one point with `start <= ts < end`; with `count`, also how many there are in all."""
        conn = await db.connection()
        where = "point_id = :pid AND ts >= :start AND ts < :end"
        params: dict[str, Any] = {"pid": point_id, "start": start, "end": end}
        total = None
        if count:
            total = (await conn.execute(text(f"SELECT count(*) FROM monitor_data WHERE {where}"), params)).scalar_one()
        sql = f"SELECT point_id, ts, value, text_value, quality FROM monitor_data WHERE {where} " \
              f"ORDER BY ts {'DESC' if descending else 'ASC'}"
        if limit is not None:
            sql += " LIMIT :limit OFFSET :offset"
            params |= {"limit": limit, "offset": offset}
        rows = [Sample(*r) for r in await conn.execute(text(sql), params)]
        return rows, total

    async def aggregate(self, db: AsyncSession, point_ids: Sequence[int], start: int, end: int, *,
                        buckets: int = 500, interval: int | None = None, source: Source = "auto") -> Aggregate:
        """min/max/avg/last/count per bucket of `start <= ts < end`. The bucket width is `interval` (ms) or the
        span over `buckets`; the source is chosen by span (raw up to 6 h, 1-minute rollups up to 7 days, hourly
        beyond) unless named. On a rollup the width is rounded up to whole rollup buckets and the start down to
        a rollup boundary, so every bucket is exact. Empty buckets are left out."""
        if end <= start:
            return Aggregate("raw", 0, start, end, [Series(p) for p in point_ids])
        span = end - start
        if source == "auto":
            source = "raw" if span <= RAW_SPAN else "1m" if span <= MINUTE_SPAN else "1h"
        width = interval or math.ceil(span / max(1, min(buckets, MAX_BUCKETS)))
        width = max(width, math.ceil(span / MAX_BUCKETS), 1)
        if source != "raw":
            grain = ROLLUP_TABLES[source][1]
            width = max(grain, math.ceil(width / grain) * grain)
            start -= start % grain
        conn = await db.connection()
        params: dict[str, Any] = {"start": start, "w": width}
        ids = list(point_ids)
        if dialect(db) == "postgresql":
            in_points, params["ids"] = "point_id = ANY(:ids)", ids
        else:
            in_points = "point_id IN (" + ",".join(f":p{i}" for i in range(len(ids))) + ")"
            params |= {f"p{i}": v for i, v in enumerate(ids)}
        # The span in pieces: the rollups up to their marks, the minute rollups or the raw rows past them, so a
        # bucket not rolled up yet is read from what it is made of. Marks are bucket boundaries and the width a
        # whole number of rollup buckets, so every piece falls in whole buckets of the answer.
        pieces: list[tuple[str, int, int]] = []
        lo = start
        if source != "raw":
            marks: dict[str, int] = dict((await conn.execute(text(_MARKS))).all())
            for table in ("1h", "1m") if source == "1h" else ("1m",):
                hi = end if table not in marks else min(end, max(lo, marks[table]))  # no mark: batches merged all
                if hi > lo:
                    pieces.append((table, lo, hi))
                    lo = hi
        if lo < end:
            pieces.append(("raw", lo, end))
        # min, max, sum, count and the time of the last value per (point, bucket), merged over the pieces
        merged: dict[tuple[int, int], list] = {}
        for piece, lo, hi in pieces:
            if piece == "raw":
                sql = (f"SELECT point_id, (ts - :start) / :w AS b, min(value), max(value), sum(value), count(value), "
                       f"max(CASE WHEN value IS NOT NULL THEN ts END) FROM monitor_data "
                       f"WHERE {in_points} AND ts >= :lo AND ts < :hi GROUP BY point_id, b")
                last_sql = "SELECT point_id, ts, value FROM monitor_data WHERE point_id = :pid AND ts IN ({keys})"
            else:
                table, grain = ROLLUP_TABLES[piece]
                sql = (f"SELECT point_id, (bucket - :start) / :w AS b, min(min), max(max), sum(sum), sum(count), "
                       f"max(last_ts) FROM {table} WHERE {in_points} AND bucket >= :lo AND bucket < :hi "
                       f"GROUP BY point_id, b")
                last_sql = (f"SELECT point_id, last_ts, last FROM {table} WHERE point_id = :pid "
                            f"AND bucket IN ({{keys}})")
            rows = (await conn.execute(text(sql), params | {"lo": lo, "hi": hi})).all()
            # `last` per bucket: the row at the bucket's newest ts (raw), or the rollup row holding it. One IN
            # list per point: a row-value IN of (point, ts) pairs makes SQLite scan the whole table.
            newest: dict[int, list[int]] = {}
            for r in rows:
                if r[6] is not None:
                    newest.setdefault(r[0], []).append(r[6] if piece == "raw" else r[6] - r[6] % grain)
            last: dict[tuple[int, int], float] = {}
            for pid, keys in newest.items():
                for chunk in _chunks(keys, 500):
                    values: dict[str, Any] = {"pid": pid} | {f"k{i}": k for i, k in enumerate(chunk)}
                    query = last_sql.format(keys=",".join(f":k{i}" for i in range(len(chunk))))
                    for point, ts, value in await conn.execute(text(query), values):
                        last[(point, ts)] = value
            for pid, b, low, high, total, n, last_ts in rows:
                _merge(merged, (pid, int(b)), low, high, total, int(n or 0), last_ts, last.get((pid, last_ts)))
        series = {p: Series(p) for p in point_ids}
        for (pid, b), (low, high, total, n, _, value) in sorted(merged.items()):
            series[pid].buckets.append(Bucket(ts=start + b * width, min=low, max=high,
                                              avg=(total / n) if n else None, last=value, count=n))
        return Aggregate(source, width, start, end, list(series.values()))


def _moved(value: float | None, stored: float | None, deadband: float) -> bool:
    if value is None or stored is None:
        return value is not stored
    return abs(value - stored) > deadband


def _merge(merged: dict[tuple[int, int], list], key: tuple[int, int], low: float | None, high: float | None,
           total: float | None, n: int, last_ts: int | None, last: float | None) -> None:
    found = merged.get(key)
    if found is None:
        merged[key] = [low, high, total, n, last_ts, last]
        return
    if low is not None:
        found[0] = low if found[0] is None else min(found[0], low)
        found[1] = high if found[1] is None else max(found[1], high)
        found[2] = total if found[2] is None else found[2] + total
    found[3] += n
    if last_ts is not None and (found[4] is None or last_ts > found[4]):
        found[4], found[5] = last_ts, last


def _chunks(items: list, size: int):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def now_ms() -> int:
    return int(time.time() * 1000)


store = MonitorStore()

