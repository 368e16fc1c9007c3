"""The simulator's writes to the demo's MES database (demo.mes prepares it): through the driver alone, asyncmy for
MariaDB and aiosqlite for the SQLite file, so the simulator's process loads no SQLAlchemy (~20 MB)."""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import unquote, urlsplit

log = logging.getLogger("plantdesk.simulator")
EVERY_SECONDS = 10
KEEP = timedelta(days=3)
# line, station, product, cycle time (s), equipment
LINES = [("L1", "CNC machining", "Gear housing GH-20", 42.0, "Machining centre MC-3"),
         ("L2", "Die casting", "Pump cover PC-11", 38.0, "Die-casting cell DC-2"),
         ("L3", "Assembly", "Motor flange MF-08", 45.0, "Press-fit station PF-1")]
REASONS = ["Tool change", "Material shortage", "Mould cleaning", "Sensor fault", "Quality hold"]


class Connection:
    """One driver connection with `?` placeholders; times as SQLAlchemy stores them on SQLite (its reflected
    DATETIME columns read them back)."""

    def __init__(self, raw: Any, mysql: bool):
        self.raw, self.mysql = raw, mysql

    @classmethod
    async def open(cls, url: str) -> Connection:
        parts = urlsplit(url)
        if parts.scheme.startswith("sqlite"):
            import aiosqlite

            return cls(await aiosqlite.connect(url.split(":///", 1)[1]), mysql=False)
        import asyncmy

        raw = await asyncmy.connect(host=parts.hostname, port=parts.port or 3306, user=unquote(parts.username or ""),
                                    password=unquote(parts.password or ""), database=parts.path.lstrip("/"),
                                    connect_timeout=5)
        return cls(raw, mysql=True)

    def _args(self, args: tuple) -> tuple:
        if self.mysql:
            return args
        return tuple(a.isoformat(" ", "microseconds") if isinstance(a, datetime) else a for a in args)

    async def rows(self, sql: str, *args: Any) -> list[tuple]:
        if self.mysql:
            async with self.raw.cursor() as cursor:
                await cursor.execute(sql.replace("?", "%s"), args)
                return list(await cursor.fetchall())
        async with self.raw.execute(sql, self._args(args)) as cursor:
            return list(await cursor.fetchall())

    async def run(self, sql: str, *args: Any) -> None:
        await self.rows(sql, *args)

    async def commit(self) -> None:
        await self.raw.commit()

    async def close(self) -> None:
        if self.mysql:
            self.raw.close()
        else:
            await self.raw.close()


@dataclass
class Writer:
    """Writes the plant's MES rows; `step` is called every second and writes every EVERY_SECONDS."""

    url: str
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    burst_left: int = 0
    next_burst: int = 6  # steps: the first burst a minute after start
    steps: int = 0

    async def step(self, tick: int) -> None:
        if tick % EVERY_SECONDS:
            return
        try:
            conn = await Connection.open(self.url)
            try:
                await self._write(conn, datetime.fromtimestamp(tick))
                await conn.commit()
            finally:
                await conn.close()
        except Exception as exc:  # noqa: BLE001  (the MES going away must not stop the simulator)
            log.warning("simulator: MES rows not written: %r", exc)

    async def _write(self, conn: Connection, now: datetime) -> None:
        self.steps += 1
        if self.burst_left == 0 and self.steps >= self.next_burst:
            self.burst_left, self.next_burst = 18, self.steps + self.rng.randint(60, 120)  # 3 min, every 10-20 min
        bursting = self.burst_left > 0
        self.burst_left = max(0, self.burst_left - 1)
        orders = dict(await conn.rows("SELECT line, order_no FROM work_order WHERE status = 'Running'"))
        for line, station, product, cycle, equipment in LINES:
            scrap = self.rng.randint(2, 4) if line == "L2" and bursting else int(self.rng.random() < 0.2)
            good = self.rng.randint(8, 12)
            order_no = orders.get(line) or await _new_order(conn, line, product, now)
            await conn.run("INSERT INTO production_report (line, station, product, order_no, good_qty, scrap_qty, "
                           "cycle_time_s, reported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", line, station, product,
                           order_no, good, scrap, round(cycle + self.rng.gauss(0, 1.2), 2), now)
            await conn.run("UPDATE work_order SET good_qty = good_qty + ?, scrap_qty = scrap_qty + ?, updated_at = ? "
                           "WHERE order_no = ?", good, scrap, now, order_no)
            await conn.run("UPDATE work_order SET status = 'Completed' WHERE order_no = ? AND good_qty >= planned_qty",
                           order_no)
            if self.rng.random() < 1 / 180:
                await conn.run("INSERT INTO equipment_downtime (line, equipment, reason, minutes, started_at) "
                               "VALUES (?, ?, ?, ?, ?)", line, equipment, self.rng.choice(REASONS),
                               self.rng.randint(3, 25), now)
        if self.steps % 360 == 1:  # hourly
            await conn.run("DELETE FROM production_report WHERE reported_at < ?", now - KEEP)


async def _new_order(conn: Connection, line: str, product: str, now: datetime) -> str:
    [(count,)] = await conn.rows("SELECT count(*) FROM work_order")
    order_no = f"WO-{now:%y%m%d}-{line}-{(count or 0) + 1:04d}"
    await conn.run("INSERT INTO work_order (order_no, line, product, planned_qty, good_qty, scrap_qty, status, "
                   "updated_at) VALUES (?, ?, ?, 1200, 0, 0, 'Running', ?)", order_no, line, product, now)
    return order_no
