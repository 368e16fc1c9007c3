"""The start's planner statistics on SQLite: sampled, so a large history does not hold the write lock for long."""

from sqlalchemy import text

from plantdesk.db.session import ANALYSIS_LIMIT, create_engine, refresh_statistics

ROWS = 20 * ANALYSIS_LIMIT


async def test_statistics_are_sampled_from_each_index(tmp_path):
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'stats.db'}")
    async with engine.begin() as connection:
        await connection.exec_driver_sql("CREATE TABLE history (point_id INTEGER, ts INTEGER, value REAL)")
        await connection.exec_driver_sql("CREATE INDEX history_point_ts ON history (point_id, ts)")
        await connection.exec_driver_sql(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < :last) "
            "INSERT INTO history SELECT i % 10, i, 0.5 FROM n", {"last": ROWS - 1})
    await refresh_statistics(engine)
    async with engine.connect() as connection:
        stat = await connection.scalar(text("SELECT stat FROM sqlite_stat1 WHERE idx = 'history_point_ts'"))
    await engine.dispose()
    # A full ANALYZE counts the rows exactly; a sampled one estimates them from the pages it read.
    assert stat is not None and int(stat.split()[0]) != ROWS
