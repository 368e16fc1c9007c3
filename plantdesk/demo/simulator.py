"""The demo plant's simulator (`python -m plantdesk simulate`): plausible values every second for the demo
tenant's seeded devices, written over HTTP through the telemetry endpoint with one device token per device, the
way a gateway would.

The process model is small and deterministic in shape: daily cycles (ambient temperature peaks mid-afternoon),
noise, the feed pump P-101A stopping now and then with P-101B taking over, tanks draining and refilling, the
compressor loading and unloading, and now and then an excursion (reactor temperature, pump vibration,
compressor discharge temperature) past its alarm limit for a minute or two, for alarm rules to catch.

It runs beside `serve` (`make run` starts it unless PLANTDESK_DEMO=0) and ends when its parent does. The devices
of the demo's collected sources (demo.data.collect) are served over Modbus TCP, OPC UA and MQTT instead
(demo.servers), for the collectors inside `serve` to read.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import random
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import httpx

from plantdesk.demo import TENANT, servers
from plantdesk.demo.mes_writer import Writer

if TYPE_CHECKING:
    from plantdesk.config import Settings

TOKEN_NAME = "simulator"
log = logging.getLogger("plantdesk.simulator")


def _daily(now: float, peak_hour: float = 15.0) -> float:
    """-1 … 1 over the day, highest at `peak_hour` local time."""
    t = datetime.fromtimestamp(now)
    hours = t.hour + t.minute / 60 + t.second / 3600
    return math.cos(2 * math.pi * (hours - peak_hour) / 24)


DUTY_SPELL = (600, 1800)  # seconds the duty feed pump runs before it trips or is stopped
STANDBY_SPELL = (90, 240)  # seconds the standby pump runs meanwhile


def drums(rng: random.Random, seconds: float) -> tuple[float, float]:
    """Drums a running feed pump counts in `seconds` (total, good): about 0.45 a second, 2 % rejected, now and then
    half."""
    made = rng.uniform(0.4, 0.5) * seconds
    return made, made * (0.98 if rng.random() > 0.05 else 0.5)


@dataclass
class Excursion:
    device: str
    point: str
    until: float
    extra: float


@dataclass
class Plant:
    rng: random.Random = field(default_factory=random.Random)
    duty_running: bool = True
    duty_changes_at: float = 0.0
    tank_levels: dict[str, float] = field(default_factory=lambda: {"TK201": 72.0, "TK202": 55.0, "TK203": 38.0})
    compressor_load: float = 70.0
    run_hours: float = 18_342.0
    # The pumps' drum counters (total, good), for OEE: about 0.45 drums a second while running, 2 % rejected.
    counts: dict[str, list[float]] = field(default_factory=lambda: {"P101A": [0.0, 0.0], "P101B": [0.0, 0.0]})
    excursion: Excursion | None = None
    next_excursion: float = 0.0

    def noise(self, scale: float) -> float:
        return self.rng.gauss(0, scale)

    def step(self, now: float) -> dict[str, dict[str, float | bool]]:
        """One second of the plant: device code → point code → value."""
        rng = self.rng
        if not self.duty_changes_at:
            self.duty_changes_at = now + rng.uniform(300, 900)
            self.next_excursion = now + rng.uniform(120, 600)
        if now >= self.duty_changes_at:  # the duty pump trips or is stopped for a while, then restarts
            self.duty_running = not self.duty_running
            self.duty_changes_at = now + rng.uniform(*(DUTY_SPELL if self.duty_running else STANDBY_SPELL))
        if self.excursion and now >= self.excursion.until:
            self.excursion = None
        if self.excursion is None and now >= self.next_excursion:
            device, name, extra = rng.choice([("R101", "TEMP", 22.0), ("P101A", "VIBRATION", 6.0),
                                               ("K101", "DISCH_TEMP", 25.0)])
            self.excursion = Excursion(device, name, now + rng.uniform(60, 150), extra)
            self.next_excursion = now + rng.uniform(900, 2400)
        ambient = 18 + 7 * _daily(now)
        feed = 12.0 + 0.8 * math.sin(now / 900) + self.noise(0.08)
        values: dict[str, dict[str, float | bool]] = {
            "R101": self._reactor(now, feed),
            "P101A": self._pump(self.duty_running, feed, ambient),
            "P101B": self._pump(not self.duty_running, feed, ambient),
            "E101": self._exchanger(feed, ambient),
            "K101": self._compressor(now, ambient),
        }
        for code in self.tank_levels:
            values[code] = self._tank(code, feed, ambient)
        for code, running in (("P101A", self.duty_running), ("P101B", not self.duty_running)):
            values[code].update(self._count(code, running))
        if self.excursion is not None and self.excursion.point in values.get(self.excursion.device, {}):
            ramp = min(1.0, (self.excursion.until - now) / 20)  # eases off over its last 20 s
            points = values[self.excursion.device]
            points[self.excursion.point] = float(points[self.excursion.point]) + self.excursion.extra * max(ramp, 0.3)
        return values

    def _reactor(self, now: float, feed: float) -> dict[str, float | bool]:
        temp = 82 + 3 * math.sin(now / 1800) + self.noise(0.15)
        return {"TEMP": temp, "PRES": 3.2 + 0.04 * (temp - 82) + self.noise(0.01),
                "LEVEL": 62 + 4 * math.sin(now / 2400) + self.noise(0.2), "PH": 7.1 + self.noise(0.02),
                "FEED_FLOW": feed, "AGIT_SPEED": 120 + self.noise(0.8), "AGIT_CURRENT": 18.5 + self.noise(0.15),
                "JACKET_IN_TEMP": 135 + self.noise(0.3), "JACKET_OUT_TEMP": 112 + 0.5 * (temp - 82) + self.noise(0.3),
                "RUN": True}

    def _pump(self, running: bool, feed: float, ambient: float) -> dict[str, float | bool]:
        suction = 0.6 + self.noise(0.005)
        if not running:
            return {"RUN": False, "SPEED": 0.0, "CURRENT": 0.0, "FLOW": 0.0, "VIBRATION": 0.3 + self.noise(0.02),
                    "BEARING_TEMP": ambient + 4 + self.noise(0.1), "DISCH_PRES": suction, "SUCT_PRES": suction}
        return {"RUN": True, "SPEED": 2955 + self.noise(3), "CURRENT": 31 + 0.6 * (feed - 12) + self.noise(0.2),
                "FLOW": feed + self.noise(0.1), "VIBRATION": 2.4 + self.noise(0.08),
                "BEARING_TEMP": ambient + 38 + self.noise(0.2), "DISCH_PRES": 5.1 + self.noise(0.02),
                "SUCT_PRES": suction}

    def _count(self, code: str, running: bool) -> dict[str, float | bool]:
        counted = self.counts[code]
        if running:
            made, good = drums(self.rng, 1)
            counted[0] += made
            counted[1] += good
        return {"COUNT_TOTAL": math.floor(counted[0]), "COUNT_GOOD": math.floor(counted[1])}

    def _exchanger(self, feed: float, ambient: float) -> dict[str, float | bool]:
        cold_in = ambient + 2 + self.noise(0.1)
        return {"HOT_IN_TEMP": 165 + self.noise(0.4), "HOT_OUT_TEMP": 128 + self.noise(0.4),
                "COLD_IN_TEMP": cold_in, "COLD_OUT_TEMP": 78 + 0.2 * (cold_in - 20) + self.noise(0.15),
                "STEAM_FLOW": 0.9 + 0.05 * (feed - 12) + self.noise(0.01), "FEED_FLOW": feed,
                "DP": 32 + 2.5 * (feed - 12) + self.noise(0.3)}

    def _compressor(self, now: float, ambient: float) -> dict[str, float | bool]:
        target = 55 + 25 * (1 + _daily(now, 11)) / 2 + 10 * math.sin(now / 300)
        self.compressor_load += (target - self.compressor_load) * 0.05 + self.noise(0.6)
        self.compressor_load = min(100.0, max(0.0, self.compressor_load))
        self.run_hours += 1 / 3600
        load = self.compressor_load
        return {"RUN": True, "LOAD": load, "MOTOR_CURRENT": 40 + 0.6 * load + self.noise(0.4),
                "DISCH_PRES": 7.6 + 0.006 * (70 - load) + self.noise(0.01),
                "DISCH_TEMP": ambient + 55 + 0.12 * load + self.noise(0.3), "OIL_PRES": 2.8 + self.noise(0.02),
                "RUN_HOURS": math.floor(self.run_hours)}

    def _tank(self, code: str, feed: float, ambient: float) -> dict[str, float | bool]:
        level = self.tank_levels[code]
        if code == "TK203":  # product tank: fills from the line, emptied by a truck at 90 %
            level += feed / 3600 * 0.9
            level = 25.0 if level > 90 else level
        else:  # the feed tanks share the draw; each is refilled at 20 %
            level -= feed / 3600 * 0.5
            level = 85.0 if level < 20 else level
        self.tank_levels[code] = level
        return {"LEVEL": level + self.noise(0.05), "VOLUME": level + self.noise(0.05),
                "TEMP": ambient + 1.5 + self.noise(0.05)}


async def device_tokens(settings: Settings) -> dict[str, tuple[str, set[str]]]:
    """Device code → (a fresh device token, its point codes), for the demo tenant's devices; the simulator's
    earlier tokens are revoked so they do not pile up."""
    from sqlalchemy import select, update

    from plantdesk.core import tenancy
    from plantdesk.modules.device.models import DataPoint, Device
    from plantdesk.modules.device.monitor import ingest
    from plantdesk.modules.device.monitor.models import DeviceToken
    from plantdesk.seed.seeder import run_with_session

    async def work(db) -> dict[str, tuple[str, set[str]]]:
        with tenancy.tenant_scope(db, TENANT):
            devices = dict((await db.execute(select(Device.id, Device.code))).all())
            if not devices:
                return {}
            await db.execute(update(DeviceToken).where(DeviceToken.name == TOKEN_NAME,
                                                       DeviceToken.revoke_time.is_(None))
                             .values(revoke_time=datetime.now().replace(microsecond=0))
                             .execution_options(synchronize_session=False))
            points: dict[int, set[str]] = {d: set() for d in devices}
            for device_id, code in (await db.execute(select(DataPoint.device_id, DataPoint.code)
                                                     .where(DataPoint.device_id.in_(list(devices))))).all():
                points[device_id].add(code)
            tokens = {}
            for device_id, code in devices.items():
                _row, token = await ingest.create_token(db, device_id, TOKEN_NAME, None)
                tokens[code] = (token, points[device_id])
            return tokens

    return await run_with_session(settings, work)


async def prepare(settings: Settings) -> dict:
    """What the simulator needs from the database, as plain data: fresh device tokens, the protocol servers'
    feeds, the MES database the alarm tracking demo reads. Made where the models are loaded anyway (`serve`), so
    the simulator's own process loads none of them."""
    from plantdesk.demo import mes

    tokens = await device_tokens(settings)
    return {"tokens": {code: [token, sorted(known)] for code, (token, known) in tokens.items()},
            "feeds": (await servers.load(settings)).plain(), "mes": await mes.prepare(settings),
            "shelf": str(servers.shelf_path(settings.data_dir))}


async def run(url: str, plan: dict, *, seconds: float | None = None, parent_pid: int | None = None) -> None:
    url = url.rstrip("/")
    tokens = {code: (token, set(known)) for code, (token, known) in plan["tokens"].items()}
    if not tokens:
        log.warning("simulator: the demo tenant %s has no devices; nothing to simulate", TENANT)
        return
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        await wait_for_server(url)
        # The devices of the demo's collected sources get their values over Modbus, OPC UA and MQTT instead.
        demo = servers.Demo(servers.Feeds.of(plan["feeds"]), Path(plan["shelf"]))
        await demo.start()
        writer = Writer(plan["mes"]) if plan["mes"] else None
        posted = {code: known for code, known in tokens.items() if code not in demo.feeds.devices}
        log.info("simulator: writing %d devices of tenant %s to %s every second", len(posted), TENANT, url)
        plant = Plant()
        started = time.monotonic()
        tick = math.ceil(time.time())
        try:
            while seconds is None or time.monotonic() - started < seconds:
                if parent_pid is not None and os.getppid() != parent_pid:
                    return  # the server went away without stopping us
                await asyncio.sleep(max(0.0, tick - time.time()))
                values = plant.step(tick)
                ts = tick * 1000
                await demo.feed(values, ts)
                if writer is not None:
                    await writer.step(tick)
                await asyncio.gather(*(_post(http, token, code, ts, values.get(code, {}), known)
                                       for code, (token, known) in posted.items()))
                tick += 1
                tick = max(tick, math.ceil(time.time()))  # after a stall, skip the missed seconds
        finally:
            await demo.stop()


async def _post(http: httpx.AsyncClient, token: str, code: str, ts: int, values: dict, known: set[str]) -> None:
    body = {"deviceCode": code, "ts": ts, "values": {k: v for k, v in values.items() if k in known}}
    if not body["values"]:
        return
    try:
        response = await http.post("/api/device-management/telemetry", json=body,
                                   headers={"X-Device-Token": token})
        answer = response.json().get("data") or {}
        if response.status_code != 200 or answer.get("rejected"):
            log.warning("simulator: %s answered %s %s", code, response.status_code, response.text[:300])
    except (httpx.HTTPError, ValueError) as exc:
        log.warning("simulator: %s not written: %r", code, exc)


async def wait_for_server(url: str, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        while True:
            try:
                if (await http.get("/api/blade-system/param/sys/config")).status_code < 500:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"no server answered at {url} within {timeout:.0f} s")
            await asyncio.sleep(0.5)


def main() -> None:
    """`python -m plantdesk.demo.simulator URL PARENT_PID`, with `prepare`'s plan on stdin (not in the arguments:
    the MES URL holds a password): `serve --simulate`'s child."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # The demo servers' libraries: the OPC UA server warns of its own NoSecurity endpoint ("password may get
    # transferred in plaintext") and logs a taken port as a traceback, which the simulator says in one line.
    logging.getLogger("asyncua").setLevel(logging.CRITICAL)
    logging.getLogger("pymodbus").setLevel(logging.CRITICAL)
    plan = json.load(sys.stdin)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C on `make run` reaches the whole process group
        asyncio.run(run(sys.argv[1], plan, parent_pid=int(sys.argv[2])))


if __name__ == "__main__":
    main()
