"""The demo tenant's production: products, a craft flow, shifts, the feed pumps measured for OEE with running
batches on their drum counters, and the simulator's counters those read."""

from datetime import date, datetime, time, timedelta

from plantdesk.demo.data.product import HISTORY_DAYS, HISTORY_STEP, history
from plantdesk.demo.simulator import Plant


async def test_the_demo_tenant_has_its_production(demo_admin):
    products = (await demo_admin.data("GET", "/api/product/product/list", size=50))["records"]
    assert {"PR-200", "AD-15"} <= {p["productCode"] for p in products}
    flows = (await demo_admin.data("GET", "/api/product/tectprocess/list", processCode="TP-200"))["records"]
    assert [s["name"] for s in flows[0]["protList"]][:2] == ["投料 Feed", "反应 Reaction"]
    shifts = (await demo_admin.data("GET", "/api/blade-system/oee/shift/list"))["records"]
    assert len(shifts) >= 3
    devices = (await demo_admin.data("GET", "/api/blade-system/oee/device/list"))["records"]
    assert len(devices) >= 2 and all(d["goodPointId"] for d in devices)
    batches = (await demo_admin.data("GET", "/api/product/batchProduct/list", batchNo="PR200-"))["records"]
    assert len(batches) == 2 and all(b["countPointId"] and b["batchStatus"] for b in batches)


def test_the_simulated_pumps_count_drums_while_running():
    plant = Plant()
    first = plant.step(1_000_000.0)
    later = [plant.step(1_000_000.0 + n) for n in range(1, 61)][-1]
    duty = "P101A" if plant.duty_running else "P101B"
    assert later[duty]["COUNT_TOTAL"] > first[duty]["COUNT_TOTAL"]
    assert later[duty]["COUNT_GOOD"] <= later[duty]["COUNT_TOTAL"]


async def test_the_demo_tenant_has_a_week_of_oee(demo_admin):
    """The pumps' last six days are seeded as values and computed by the job's own arithmetic: every screen's OEE
    trend shows a week on a fresh start, near the live plant's (one pump on duty, the other standby)."""
    today = date.today()
    analysis = await demo_admin.data("GET", "/api/blade-system/oee-ana/analyse",
                                     startTime=f"{today - timedelta(days=HISTORY_DAYS)}", endTime=f"{today}")
    past = [t for t in analysis["trend"] if t["day"] < f"{today}"]
    assert len(past) == HISTORY_DAYS
    assert all(0.3 < t["oee"] < 0.5 and 0.85 < t["quality"] < 1 for t in past), past
    assert analysis["pareto"][0]["cause"]  # the duty pumps' stops and the standby pumps' idle time


def test_the_history_keeps_yesterdays_second_pump_stopped():
    points = {"P101A": (1, 2, 3), "P101B": (4, 5, 6)}
    first = date(2026, 11, 20)
    rows = history(first, points, "demo")
    yesterday = int(datetime.combine(first + timedelta(days=HISTORY_DAYS - 1), time()).timestamp()) * 1000
    second = [value for point, ts, value in rows if point == 4 and ts >= yesterday]
    first_pump = [value for point, ts, value in rows if point == 1 and ts >= yesterday]
    assert second and not any(second) and sum(first_pump) > 0.9 * len(first_pump)
    assert len(rows) == HISTORY_DAYS * 86_400 // HISTORY_STEP * 6
