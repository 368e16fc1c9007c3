"""The monitor store on the test database (SQLite or PostgreSQL): store-on-change with deadband and heartbeat,
the latest values held in the process and written back, rollups against raw data, the aggregate's choice of
source, retention, and device status from freshness."""

import contextlib
import random

import pytest
from sqlalchemy import text

from plantdesk.core import tenancy
from plantdesk.db.session import create_engine, session_factory
from plantdesk.modules.device.monitor import latest, partitions, service
from plantdesk.modules.device.monitor.store import DAY, HOUR, MINUTE, Sample, store
from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import make_device, now_ms, session


async def raw(app, point_id: int) -> list[tuple[int, float | None]]:
    async with session(app) as db:
        rows = await db.execute(text("SELECT ts, value FROM monitor_data WHERE point_id = :p ORDER BY ts"),
                                {"p": point_id})
        return [tuple(r) for r in rows]


async def write(app, samples, deadbands=None, **kwargs):
    async with session(app, DEMO_TENANT) as db:
        return await store.write_batch(db, samples, deadbands, **kwargs)


class TestStoreOnChange:
    async def test_deadband_keeps_moves_beyond_it_only(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"SOC-{unique}", [{"code": "T", "deadband": 0.5}])
        pid, t0 = device["points"]["T"], now_ms()
        values = [10.0, 10.2, 10.6, 10.7, 11.2, 10.65]
        result = await write(app, [Sample(pid, t0 + i * 1000, v) for i, v in enumerate(values)], {pid: 0.5})
        assert (result.received, result.stored) == (6, 4)
        assert await raw(app, pid) == [(t0, 10.0), (t0 + 2000, 10.6), (t0 + 4000, 11.2), (t0 + 5000, 10.65)]
        async with session(app, DEMO_TENANT) as db:
            latest = (await store.latest(db, [pid]))[pid]
        assert (latest.ts, latest.value) == (t0 + 5000, 10.65)

    async def test_the_deadband_is_measured_from_the_last_stored_value_across_batches(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"SOC2-{unique}", [{"code": "T"}])
        pid, t0 = device["points"]["T"], now_ms()
        for i, v in enumerate([1.0, 1.3, 1.6, 1.9]):  # creeping by 0.3: each within 0.5 of the previous
            await write(app, [Sample(pid, t0 + i * 1000, v)], {pid: 0.5})
        assert await raw(app, pid) == [(t0, 1.0), (t0 + 2000, 1.6)]

    async def test_zero_deadband_stores_every_change_and_no_repeat(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"SOC3-{unique}", [{"code": "T"}])
        pid, t0 = device["points"]["T"], now_ms()
        await write(app, [Sample(pid, t0 + i * 1000, v) for i, v in enumerate([5.0, 5.0, 5.01, 5.01, 5.0])])
        assert await raw(app, pid) == [(t0, 5.0), (t0 + 2000, 5.01), (t0 + 4000, 5.0)]

    async def test_heartbeat_stores_an_unchanged_value_every_minute(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"HB-{unique}", [{"code": "T"}])
        pid, t0 = device["points"]["T"], now_ms() - 200_000
        await write(app, [Sample(pid, t0 + i * 1000, 7.0) for i in range(131)])
        assert [ts - t0 for ts, _ in await raw(app, pid)] == [0, 60_000, 120_000]

    async def test_text_and_quality_changes_are_stored(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"TQ-{unique}", [{"code": "S", "data_type": "string"},
                                                                        {"code": "T"}])
        s, t, t0 = device["points"]["S"], device["points"]["T"], now_ms()
        await write(app, [Sample(s, t0, None, "run"), Sample(s, t0 + 1000, None, "run"),
                          Sample(s, t0 + 2000, None, "stop"), Sample(t, t0, 1.0, None, 0),
                          Sample(t, t0 + 1000, 1.0, None, 3)])
        assert [ts - t0 for ts, _ in await raw(app, s)] == [0, 2000]
        assert [ts - t0 for ts, _ in await raw(app, t)] == [0, 1000]

    async def test_late_values_are_stored_once_and_leave_the_latest(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"LATE-{unique}", [{"code": "T", "deadband": 100}])
        pid, t0 = device["points"]["T"], now_ms()
        await write(app, [Sample(pid, t0, 1.0)], {pid: 100})
        result = await write(app, [Sample(pid, t0 - 5000, 2.0), Sample(pid, t0, 9.0)], {pid: 100})
        assert result.stored == 1  # the backfilled value; the duplicate (point, ts) is not written twice
        assert await raw(app, pid) == [(t0 - 5000, 2.0), (t0, 1.0)]
        async with session(app, DEMO_TENANT) as db:
            assert (await store.latest(db, [pid]))[pid].value == 1.0

    async def test_a_row_already_stored_past_a_lost_latest_is_not_written_twice(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"LOST-{unique}", [{"code": "T"}])
        pid, t0 = device["points"]["T"], now_ms()
        await write(app, [Sample(pid, t0, 1.0)])
        async with session(app) as db:
            await db.execute(text("DELETE FROM monitor_latest WHERE point_id = :p"), {"p": pid})
        result = await write(app, [Sample(pid, t0, 2.0), Sample(pid, t0 + 1000, 3.0)])
        assert result.received == 2
        assert await raw(app, pid) == [(t0, 1.0), (t0 + 1000, 3.0)]  # the batch's other row is kept
        async with session(app, DEMO_TENANT) as db:
            assert (await store.latest(db, [pid]))[pid].value == 3.0

    async def test_a_point_without_history_keeps_its_latest_only(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"NOH-{unique}", [{"code": "T", "store": 0}])
        pid, t0 = device["points"]["T"], now_ms()
        await write(app, [Sample(pid, t0, 1.0), Sample(pid, t0 + 1000, 2.0)], latest_only={pid})
        assert await raw(app, pid) == []
        async with session(app, DEMO_TENANT) as db:
            assert (await store.latest(db, [pid]))[pid].value == 2.0


@contextlib.asynccontextmanager
async def process(app):
    """Another process on the test database: its own engine, so no write-back service runs for it (as if it were
    killed before its next one, unless the test writes back itself)."""
    engine = create_engine(app.state.runtime.settings.resolved_database_url)
    try:
        yield engine, session_factory(engine)
    finally:
        await engine.dispose()


async def table_row(app, point_id: int) -> tuple | None:
    async with session(app) as db:
        row = (await db.execute(text("SELECT ts, value, stored_ts, stored_value FROM monitor_latest "
                                     "WHERE point_id = :p"), {"p": point_id})).first()
        return tuple(row) if row else None


async def write_in(sessions, samples, deadbands=None, *, commit=True):
    async with sessions() as db:
        tenancy.bind(db, tenancy.Scope(DEMO_TENANT))
        result = await store.write_batch(db, samples, deadbands)
        await (db.commit() if commit else db.rollback())
        return result


async def latest_in(sessions, point_id: int):
    async with sessions() as db:
        return (await store.latest(db, [point_id])).get(point_id)


class TestLatestValues:
    """Issue 30: the store-on-change state and latest values live in the process and reach `monitor_latest` by
    the write-back; readers of the process see them at once; a kill before the write-back loses nothing."""

    async def test_readers_see_a_committed_value_before_the_write_back_and_the_table_after(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"LV-{unique}", [{"code": "T", "deadband": 1}])
        pid, t0 = device["points"]["T"], now_ms()
        async with process(app) as (engine, sessions):
            await write_in(sessions, [Sample(pid, t0, 1.0), Sample(pid, t0 + 1000, 1.5)], {pid: 1})
            assert await table_row(app, pid) is None
            seen = await latest_in(sessions, pid)
            assert (seen.ts, seen.value) == (t0 + 1000, 1.5)
            await latest.of(engine).write_back(engine)
            assert await table_row(app, pid) == (t0 + 1000, 1.5, t0, 1.0)  # and the last stored value beside it

    async def test_a_write_back_committing_while_a_reader_reads_the_table_hides_nothing(self, app, unique):
        """A reader that read the table before the write-back's commit and looked at the process's values after it
        saw neither: the realtime answer had no value for a point posted a moment before (a failed CI run)."""
        device = await make_device(app, DEMO_TENANT, f"LV-{unique}", [{"code": "T"}])
        pid, t0 = device["points"]["T"], now_ms()
        async with process(app) as (engine, sessions):
            await write_in(sessions, [Sample(pid, t0, 4.0)])
            async with sessions() as db:
                conn = await db.connection()

                class WritingBack:  # the reader's connection: the write-back commits right after its table read
                    def __getattr__(self, name):
                        return getattr(conn, name)

                    async def execute(self, *args, **kwargs):
                        result = await conn.execute(*args, **kwargs)
                        await latest.of(engine).write_back(engine)
                        return result

                async def connection():
                    return WritingBack()

                db.connection = connection  # type: ignore[method-assign]
                seen = (await store.latest(db, [pid]))[pid]
            assert (seen.ts, seen.value) == (t0, 4.0)
            assert await table_row(app, pid) == (t0, 4.0, t0, 4.0)

    async def test_a_rolled_back_batch_leaves_no_value_and_no_state(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"LV-{unique}", [{"code": "T", "deadband": 1}])
        pid, t0 = device["points"]["T"], now_ms()
        async with process(app) as (_engine, sessions):
            await write_in(sessions, [Sample(pid, t0, 1.0)], {pid: 1})
            await write_in(sessions, [Sample(pid, t0 + 1000, 5.0)], {pid: 1}, commit=False)
            assert (await latest_in(sessions, pid)).value == 1.0
            # decided against the committed 1.0, not the rolled-back 5.0: within the deadband, not stored
            result = await write_in(sessions, [Sample(pid, t0 + 2000, 1.2)], {pid: 1})
            assert result.stored == 0
            assert (await latest_in(sessions, pid)).value == 1.2
        assert await raw(app, pid) == [(t0, 1.0)]

    async def test_a_process_killed_before_its_write_back_loses_nothing(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"LV-{unique}", [{"code": "T", "deadband": 1}])
        pid, t0 = device["points"]["T"], now_ms()
        async with process(app) as (engine, sessions):
            await write_in(sessions, [Sample(pid, t0, 1.0)], {pid: 1})
            await latest.of(engine).write_back(engine)
            await write_in(sessions, [Sample(pid, t0 + 1000, 3.0), Sample(pid, t0 + 2000, 3.5)], {pid: 1})
        assert await table_row(app, pid) == (t0, 1.0, t0, 1.0)  # the killed process's last second is not there
        async with process(app) as (engine, sessions):
            # the next process decides against the stored 3.0 it reads from the raw rows, not the table's 1.0
            result = await write_in(sessions, [Sample(pid, t0 + 3000, 3.6)], {pid: 1})
            assert result.stored == 0
        assert await raw(app, pid) == [(t0, 1.0), (t0 + 1000, 3.0)]
        async with process(app) as (engine, _sessions):
            assert await latest.repair(engine) >= 1  # what every process does at start
        assert await table_row(app, pid) == (t0 + 1000, 3.0, t0 + 1000, 3.0)

    async def test_a_backfilled_past_moves_the_table_only_beyond_its_latest(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"LV-{unique}", [{"code": "T"}, {"code": "U"}])
        fresh, known, t0 = device["points"]["T"], device["points"]["U"], now_ms()
        async with process(app) as (engine, sessions):
            await write_in(sessions, [Sample(known, t0, 1.0), Sample(known, t0 + 2000, 1.0)])  # the repeat not stored
            await latest.of(engine).write_back(engine)
        async with session(app, DEMO_TENANT) as db:
            # a seeded history: the fresh point's reaches up to now, the known point's ends before its latest
            assert await store.backfill(db, [(fresh, t0 - 2000, 4.0), (fresh, t0 - 1000, 5.0),
                                             (known, t0 + 1000, 7.0)]) == 3
            await db.commit()
        assert await table_row(app, fresh) == (t0 - 1000, 5.0, t0 - 1000, 5.0)
        assert await table_row(app, known) == (t0 + 2000, 1.0, t0, 1.0)
        async with process(app) as (engine, _sessions), engine.begin() as conn:
            # a start's repair has nothing to move (nor to warn of): the late row is not a lost value
            assert await latest.catch_up(*await latest.driver_of(conn), [fresh, known]) == 0


async def rollups(app, table: str, pid: int) -> list[tuple]:
    async with session(app) as db:
        rows = await db.execute(text(f"SELECT bucket, min, max, sum, count, last FROM {table} WHERE point_id = :p "
                                     "ORDER BY bucket"), {"p": pid})
        return [tuple(r) for r in rows]


def expected(rows: list[tuple[int, float]], width: int) -> list[tuple]:
    buckets: dict[int, list[tuple[int, float]]] = {}
    for ts, value in rows:
        buckets.setdefault(ts - ts % width, []).append((ts, value))
    return [(b, min(v for _, v in r), max(v for _, v in r), sum(v for _, v in r), len(r), max(r)[1])
            for b, r in sorted(buckets.items())]


def close(a: list[tuple], b: list[tuple]) -> bool:
    return len(a) == len(b) and all(x[:3] == y[:3] and abs(x[3] - y[3]) < 1e-6 and x[4:] == y[4:]
                                    for x, y in zip(a, b, strict=True))


class TestRollups:
    async def test_rollups_agree_with_the_raw_rows(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"RU-{unique}", [{"code": "T", "deadband": 0.3}])
        pid = device["points"]["T"]
        rng = random.Random(7)
        t0 = now_ms() - 4 * HOUR
        t0 -= t0 % HOUR  # the rows end before the current hour: every bucket of them is closed
        samples = [Sample(pid, t0 + i * 5000, round(20 + rng.uniform(-1, 1), 3)) for i in range(2000)]
        for i in range(0, len(samples), 137):  # batches of uneven size, in order
            await write(app, samples[i:i + 137], {pid: 0.3})
        await app.state.runtime.jobs.run("monitor.rollups")
        # late data below the marks, merged by its batch, and a repeat of stored rows: counted once
        await write(app, [Sample(pid, t0 + 2500, 99.0), Sample(pid, t0 + 7_502_500, -5.0), samples[0]], {pid: 0.3})
        await app.state.runtime.jobs.run("monitor.rollups")  # again: nothing is counted twice
        stored = await raw(app, pid)
        assert len(stored) < 2002  # the deadband dropped some
        assert close(await rollups(app, "monitor_rollup_1m", pid), expected(stored, MINUTE))
        assert close(await rollups(app, "monitor_rollup_1h", pid), expected(stored, HOUR))

    async def test_without_marks_batches_roll_up_their_rows_until_the_first_run(self, app, unique):
        """A database made without the migration (create_all) has no marks: until the job's first run each batch
        merges its rows itself, and that run starts the marks at the current buckets instead of aggregating the
        whole history in one transaction (it once held SQLite's lock past the busy timeout)."""
        device = await make_device(app, DEMO_TENANT, f"NM-{unique}", [{"code": "T"}])
        pid = device["points"]["T"]
        await app.state.runtime.jobs.run("monitor.rollups")
        async with session(app) as db:
            await db.execute(text("DELETE FROM monitor_rollup_mark"))
        t0 = now_ms() - 3 * HOUR
        t0 -= t0 % HOUR
        await write(app, [Sample(pid, t0 + i * 10_000, float(i % 17)) for i in range(600)])
        stored = await raw(app, pid)
        assert len(stored) == 600
        assert close(await rollups(app, "monitor_rollup_1m", pid), expected(stored, MINUTE))
        assert close(await rollups(app, "monitor_rollup_1h", pid), expected(stored, HOUR))
        await app.state.runtime.jobs.run("monitor.rollups")
        async with session(app) as db:
            marks = dict((await db.execute(text("SELECT grain, upto FROM monitor_rollup_mark"))).all())
        now = now_ms()
        assert 0 <= now - marks["1m"] < 2 * MINUTE and 0 <= now - marks["1h"] <= HOUR
        assert close(await rollups(app, "monitor_rollup_1h", pid), expected(stored, HOUR))

    async def test_aggregate_reads_equal_buckets_from_raw_and_rollups(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"AG-{unique}", [{"code": "T"}])
        pid = device["points"]["T"]
        t0 = now_ms() - 2 * HOUR
        t0 -= t0 % HOUR
        rng = random.Random(11)
        await write(app, [Sample(pid, t0 + i * 1000, rng.uniform(0, 100)) for i in range(7200)])
        await app.state.runtime.jobs.run("monitor.rollups")
        async with session(app, DEMO_TENANT) as db:
            by_raw = await store.aggregate(db, [pid], t0, t0 + 2 * HOUR, interval=10 * MINUTE, source="raw")
            by_1m = await store.aggregate(db, [pid], t0, t0 + 2 * HOUR, interval=10 * MINUTE, source="1m")
            by_1h = await store.aggregate(db, [pid], t0, t0 + 2 * HOUR, interval=HOUR, source="1h")
            by_raw_h = await store.aggregate(db, [pid], t0, t0 + 2 * HOUR, interval=HOUR, source="raw")
        assert len(by_raw.series[0].buckets) == 12
        for a, b in ((by_raw, by_1m), (by_raw_h, by_1h)):
            for x, y in zip(a.series[0].buckets, b.series[0].buckets, strict=True):
                assert (x.ts, x.min, x.max, x.last, x.count) == (y.ts, y.min, y.max, y.last, y.count)
                assert x.avg == pytest.approx(y.avg)
        assert by_raw.series[0].buckets[0].count == 600

    async def test_buckets_not_rolled_up_yet_are_read_from_what_they_are_made_of(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"OPEN-{unique}", [{"code": "T"}])
        pid, now = device["points"]["T"], now_ms()
        t0 = now - 90 * MINUTE
        rng = random.Random(13)
        samples = [Sample(pid, ts, rng.uniform(0, 100)) for ts in range(t0, now - 1000, 1000)]
        await write(app, samples[:-20])
        await app.state.runtime.jobs.run("monitor.rollups")
        await write(app, samples[-20:])  # the open minute: in no rollup yet
        start, end = t0 - t0 % HOUR, now_ms() + 1000
        async with session(app, DEMO_TENANT) as db:
            reads = [await store.aggregate(db, [pid], start, end, interval=width, source=source)
                     for width in (10 * MINUTE, HOUR) for source in ("raw", "1m" if width < HOUR else "1h")]
        for by_raw, by_rollups in (reads[:2], reads[2:]):
            assert sum(b.count for b in by_raw.series[0].buckets) == len(samples)
            for x, y in zip(by_raw.series[0].buckets, by_rollups.series[0].buckets, strict=True):
                assert (x.ts, x.min, x.max, x.last, x.count) == (y.ts, y.min, y.max, y.last, y.count)
                assert x.avg == pytest.approx(y.avg)

    async def test_the_source_follows_the_span(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"SRC-{unique}", [{"code": "T"}])
        pid, now = device["points"]["T"], now_ms()
        async with session(app, DEMO_TENANT) as db:
            short = await store.aggregate(db, [pid], now - 2 * HOUR, now)
            day = await store.aggregate(db, [pid], now - DAY, now)
            month = await store.aggregate(db, [pid], now - 30 * DAY, now)
        assert (short.source, day.source, month.source) == ("raw", "1m", "1h")
        assert short.interval == 2 * HOUR // 500  # 14.4 s buckets of raw rows
        assert day.interval == 3 * MINUTE  # 172.8 s rounded up to whole minutes
        assert month.interval == 2 * HOUR and month.start % HOUR == 0


class TestRetention:
    async def test_old_rows_go_and_recent_ones_stay(self, app, unique):
        device = await make_device(app, DEMO_TENANT, f"RET-{unique}", [{"code": "T"}])
        pid, now = device["points"]["T"], now_ms()
        old = now - 40 * DAY
        await write(app, [Sample(pid, old, 1.0), Sample(pid, old + 1000, 2.0), Sample(pid, now, 3.0)])
        pg = app.state.runtime.engine.dialect.name == "postgresql"
        if pg:
            async with session(app) as db:
                assert partitions.name_for(old - old % DAY) in await partitions.existing(await db.connection())
        jobs = app.state.runtime.jobs
        await jobs.run("monitor.partitions")
        await jobs.run("monitor.retention")
        assert await raw(app, pid) == [(now, 3.0)]
        if pg:  # the old day went as a whole partition, and the coming days' are there
            async with session(app) as db:
                names = await partitions.existing(await db.connection())
            assert partitions.name_for(old - old % DAY) not in names
            today = now - now % DAY
            assert {partitions.name_for(today + i * DAY) for i in range(4)} <= set(names)

    async def test_a_tenant_keeping_data_for_ever_keeps_it(self, app, demo_admin, unique):
        device = await make_device(app, DEMO_TENANT, f"KEEP-{unique}", [{"code": "T"}])
        pid, old = device["points"]["T"], now_ms() - 45 * DAY
        await write(app, [Sample(pid, old, 1.0)])
        await demo_admin.data("POST", "/api/device-management/datapoints-monitor/settings", {"retentionDays": 0})
        try:
            assert (await demo_admin.data("GET", "/api/device-management/datapoints-monitor/settings")
                    )["retentionDays"] == 0
            await app.state.runtime.jobs.run("monitor.partitions")
            await app.state.runtime.jobs.run("monitor.retention")
            assert await raw(app, pid) == [(old, 1.0)]
        finally:
            await demo_admin.data("POST", "/api/device-management/datapoints-monitor/settings",
                                  {"retentionDays": 30})


class TestDeviceStatus:
    async def test_online_offline_fault_from_freshness(self, app, unique):
        fresh = await make_device(app, DEMO_TENANT, f"ON-{unique}", [{"code": "T", "period_ms": 1000}])
        old = await make_device(app, DEMO_TENANT, f"OFF-{unique}", [{"code": "T", "period_ms": 1000}])
        bad = await make_device(app, DEMO_TENANT, f"FLT-{unique}", [{"code": "T"}])
        never = await make_device(app, DEMO_TENANT, f"NEV-{unique}", [{"code": "T"}])
        now = now_ms()
        await write(app, [Sample(fresh["points"]["T"], now, 1.0), Sample(old["points"]["T"], now - 5000, 1.0),
                          Sample(bad["points"]["T"], now, 1.0, None, 2)])
        async with session(app, DEMO_TENANT) as db:
            found = await service.device_status(db, [fresh["id"], old["id"], bad["id"], never["id"]])
        assert {k: v["status"] for k, v in found.items()} == {
            fresh["id"]: "online", old["id"]: "offline", bad["id"]: "fault", never["id"]: "offline"}
        assert found[old["id"]]["last_ts"] == now - 5000

    async def test_another_tenants_device_is_not_reported(self, app, unique):
        other = await make_device(app, "000000", f"OT-{unique}", [{"code": "T"}])
        await write(app, [Sample(other["points"]["T"], now_ms(), 1.0)])
        async with session(app, DEMO_TENANT) as db:
            found = await service.device_status(db, [other["id"]])
        assert found[other["id"]] == {"status": "offline", "last_ts": None}
