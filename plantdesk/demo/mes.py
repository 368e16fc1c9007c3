"""The demo plant's MES database (`serve --simulate`): production reports, work orders and downtime of three
lines, written every 10 seconds by the simulator, on the machine's MariaDB when it answers to the dedicated
`plantdesk_mes` account, otherwise in a SQLite file of the demo tenant's folder (`tracking/356782/mes.db`), so
`make run` works on a machine without MariaDB.

On the first start the demo tenant (356782) gets the MES source (read through the read-only account on MariaDB),
its published tables and two metrics, once: a tenant that removed them does not get them back. Line 2's die
casting throws a burst of scrap now and then (the first a minute after start), which trips "Line 2 scrap in the
last 5 minutes" and clears a few minutes after the burst ends."""

from __future__ import annotations

import json
import logging
import os
import random
from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from sqlalchemy import (
    URL,
    Column,
    DateTime,
    Integer,
    MetaData,
    Numeric,
    String,
    Table,
    func,
    insert,
    select,
)
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from plantdesk.demo import TENANT
from plantdesk.demo.mes_writer import EVERY_SECONDS, LINES, REASONS, Writer

if TYPE_CHECKING:
    from plantdesk.config import Settings

log = logging.getLogger("plantdesk.simulator")
# The owner writes, the reader is what the source uses (docs/decisions.md "Alarm tracking": created once as root).
MES_URL = os.environ.get("PLANTDESK_DEMO_MES_URL", "mysql://plantdesk_mes:plantdesk_mes@127.0.0.1:3306/plantdesk_mes")
MES_READER = os.environ.get("PLANTDESK_DEMO_MES_READER", "plantdesk_reader:plantdesk-read-only")
SQLITE_FILE = "mes.db"
SOURCE_NAME = "MES production database"

metadata = MetaData()
production_report = Table(
    "production_report", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("line", String(16), nullable=False),
    Column("station", String(32), nullable=False),
    Column("product", String(64), nullable=False),
    Column("order_no", String(32), nullable=False),
    Column("good_qty", Integer, nullable=False),
    Column("scrap_qty", Integer, nullable=False),
    Column("cycle_time_s", Numeric(8, 2), nullable=False),
    Column("reported_at", DateTime, nullable=False, index=True))
work_order = Table(
    "work_order", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("order_no", String(32), nullable=False, unique=True),
    Column("line", String(16), nullable=False),
    Column("product", String(64), nullable=False),
    Column("planned_qty", Integer, nullable=False),
    Column("good_qty", Integer, nullable=False),
    Column("scrap_qty", Integer, nullable=False),
    Column("status", String(16), nullable=False),  # Released, Running, Completed
    Column("updated_at", DateTime, nullable=False))
equipment_downtime = Table(
    "equipment_downtime", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("line", String(16), nullable=False),
    Column("equipment", String(64), nullable=False),
    Column("reason", String(64), nullable=False),
    Column("minutes", Integer, nullable=False),
    Column("started_at", DateTime, nullable=False))

# name, table, aggregate, value column, time column, window s, filters, operator, threshold, level, group,
# hysteresis, remark
METRICS = [
    ("Line 2 scrap in the last 5 minutes", "production_report", "SUM", "scrap_qty", "reported_at", 300,
     [{"column": "line", "op": "eq", "value": "L2"}], "gt", 20.0, 3, "Operations shift", 2.0,
     "Die-casting scrap bursts: porosity after a mould temperature drop"),
    ("Line 3 average cycle time high", "production_report", "AVG", "cycle_time_s", "reported_at", 600,
     [{"column": "line", "op": "eq", "value": "L3"}], "gt", 50.0, 4, "Maintenance", 1.0,
     "Assembly slower than 50 s a part over 10 minutes"),
]
PUBLISHED = [("production_report", "reported_at"), ("work_order", "updated_at"), ("equipment_downtime", "started_at")]


def mariadb_url() -> URL:
    parts = urlsplit(MES_URL)
    return URL.create("mysql+asyncmy", username=parts.username, password=parts.password, host=parts.hostname,
                      port=parts.port or 3306, database=parts.path.lstrip("/") or "plantdesk_mes")


async def _history(engine: AsyncEngine, now: datetime) -> None:
    """Two hours of reports, on a database that has none yet."""
    async with engine.begin() as conn:
        if (await conn.execute(select(func.count()).select_from(production_report))).scalar():
            return
        rng = random.Random(11)
        rows = []
        for n in range(720, 0, -1):
            at = now - timedelta(seconds=n * EVERY_SECONDS)
            for line, station, product, cycle, _ in LINES:
                rows.append({"line": line, "station": station, "product": product,
                             "order_no": f"WO-{at:%y%m%d}-{line}-0000", "good_qty": rng.randint(8, 12),
                             "scrap_qty": int(rng.random() < 0.2), "cycle_time_s": round(cycle + rng.gauss(0, 1.2), 2),
                             "reported_at": at})
        await conn.execute(insert(production_report), rows)
        for line, _, _, _, equipment in LINES:
            await conn.execute(insert(equipment_downtime).values(
                line=line, equipment=equipment, reason=rng.choice(REASONS), minutes=rng.randint(5, 20),
                started_at=now - timedelta(minutes=rng.randint(20, 110))))


async def _open(settings: Settings, db_type: str | None) -> tuple[str, AsyncEngine] | None:
    """The MES database's engine: MariaDB when asked for (or when nothing was chosen yet) and it answers, else
    the SQLite file (only when nothing was chosen yet, or it was chosen before)."""
    if db_type in (None, "mysql"):
        engine = create_async_engine(mariadb_url(), connect_args={"connect_timeout": 2})
        try:
            async with engine.begin() as conn:
                await conn.run_sync(metadata.create_all)
            return "mysql", engine
        except Exception as exc:  # noqa: BLE001
            await engine.dispose()
            if db_type == "mysql":
                log.warning("simulator: the MES source's MariaDB does not answer (%r); no MES rows", exc)
                return None
            # An expected demo condition (no MariaDB on this machine, or not set up for the demo): said at INFO.
            log.info("simulator: no MariaDB for the MES demo (%s); using a SQLite file", type(exc).__name__)
    from plantdesk.modules.alarm.tracking import remote

    path = remote.sqlite_path(settings, TENANT, SQLITE_FILE)
    path.parent.mkdir(parents=True, exist_ok=True)
    shared = settings.data_dir / remote.SQLITE_DIR / SQLITE_FILE  # where installs before per-tenant folders made it
    if shared.is_file() and not path.exists():
        shared.replace(path)
    engine = create_async_engine(f"sqlite+aiosqlite:///{path}")
    async with engine.begin() as conn:
        await conn.run_sync(metadata.create_all)
    return "sqlite", engine


async def start(settings: Settings) -> Writer | None:
    """The writer of the MES database `prepare` gives, or None."""
    url = await prepare(settings)
    return Writer(url) if url else None


async def prepare(settings: Settings) -> str | None:
    """Prepare the MES database and, once, the demo tenant's source and metrics (in the server's process: the
    simulator's only writes); the database's URL, or None."""
    from plantdesk.core import tenancy
    from plantdesk.modules.alarm.tracking.models import AlarmSource
    from plantdesk.seed.seeder import run_with_session

    async def existing(db) -> str | None:
        with tenancy.tenant_scope(db, TENANT):
            return (await db.execute(select(AlarmSource.db_type).where(AlarmSource.name == SOURCE_NAME)
                                     .execution_options(**{tenancy.INCLUDE_DELETED: True}))).scalar()

    opened = None
    try:
        chosen = await run_with_session(settings, existing)
        opened = await _open(settings, chosen)
        if opened is None:
            return None
        db_type, engine = opened
        await _history(engine, datetime.now().replace(microsecond=0))
        if chosen is None:
            await run_with_session(settings, lambda db: _seed_tenant(db, settings, db_type))
    except Exception as exc:  # noqa: BLE001  (the demo's MES is optional)
        log.warning("simulator: the MES demo did not start: %r", exc)
        return None
    finally:
        if opened is not None:
            await opened[1].dispose()
    log.info("simulator: writing MES rows (%s) every %d s", db_type, EVERY_SECONDS)
    return engine.url.render_as_string(hide_password=False)


async def _seed_tenant(db, settings: Settings, db_type: str) -> None:
    from plantdesk.core import secrets, tenancy
    from plantdesk.modules.alarm.models import AlarmGroup, AlarmLevel
    from plantdesk.modules.alarm.tracking.models import AlarmMetric, AlarmSource, AlarmSourceTable, AlarmTimely
    from plantdesk.modules.alarm.tracking.service import PASSWORD
    from plantdesk.modules.system.models import Tenant

    with tenancy.tenant_scope(db, TENANT):
        if not await db.scalar(select(Tenant.id).where(Tenant.tenant_id == TENANT)):
            return
        if db_type == "mysql":
            parts = urlsplit(MES_URL)
            reader, _, secret = MES_READER.partition(":")
            source = AlarmSource(name=SOURCE_NAME, system="MES", db_type="mysql", host=parts.hostname,
                                 port=parts.port or 3306, database=mariadb_url().database, username=reader,
                                 password=secrets.seal(settings, PASSWORD, secret), sort=1,
                                 remark="Line 1-3 production reports, work orders and downtime (read-only account)")
        else:
            source = AlarmSource(name=SOURCE_NAME, system="MES", db_type="sqlite", database=SQLITE_FILE, sort=1,
                                 remark="Line 1-3 production reports, work orders and downtime (SQLite demo file)")
        db.add(source)
        await db.flush()
        now = datetime.now().replace(microsecond=0)
        for table_name, time_column in PUBLISHED:
            db.add(AlarmSourceTable(source_id=source.id, table_name=table_name, time_column=time_column,
                                    publish_time=now))
        levels = dict((await db.execute(select(AlarmLevel.level, AlarmLevel.id))).all())
        groups = dict((await db.execute(select(AlarmGroup.name, AlarmGroup.id))).all())
        for (name, table_name, aggregate, value_column, time_column, window, filters, operator, threshold, level,
             group, hysteresis, remark) in METRICS:
            db.add(AlarmMetric(name=name, source_id=source.id, table_name=table_name, aggregate=aggregate,
                               value_column=value_column, time_column=time_column, window_seconds=window,
                               filters=json.dumps(filters), kind="THRESHOLD", operator=operator, threshold=threshold,
                               low=None, high=None, mode="SIMPLE", duration_seconds=0, repeat_count=1,
                               no_data_seconds=0, hysteresis=hysteresis, clear_seconds=0, enabled=1,
                               level_id=levels.get(level), group_id=groups.get(group), remark=remark))
        # The tenant's one settings row (a detection that already ran, or a saved screen, may have added it).
        timely = (await db.execute(select(AlarmTimely))).scalar_one_or_none()
        if timely is None:
            db.add(AlarmTimely(enabled=1, interval_seconds=30, late_seconds=600))
        else:
            timely.enabled, timely.interval_seconds = 1, 30
        await db.flush()
