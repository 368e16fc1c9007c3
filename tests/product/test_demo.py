"""The demo tenant's production: products, a craft flow, shifts, the feed pumps measured for OEE with running
batches on their drum counters, and the simulator's counters those read."""

from datetime import date, datetime, timedelta
from itertools import pairwise

from plantdesk.demo.data.product import HISTORY_DAYS, history
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
    """The pumps' last six days and today are seeded as values and computed by the job's own arithmetic: every
    screen's OEE trend shows a week on a fresh start, near the live plant's (the duty pump mostly running)."""
    today = date.today()
    analysis = await demo_admin.data("GET", "/api/blade-system/oee-ana/analyse",
                                     startTime=f"{today - timedelta(days=HISTORY_DAYS)}", endTime=f"{today}")
    days = analysis["trend"]
    assert len(days) == HISTORY_DAYS + 1
    assert all(0.3 < d["oee"] < 0.6 and 0.9 < d["quality"] < 1 for d in days[:-1]), days
    assert analysis["pareto"][0]["cause"]
    batches = (await demo_admin.data("GET", "/api/product/batchProduct/list", batchNo="PR200-"))["records"]
    assert all(0.05 < float(b["progress"]) < 0.6 for b in batches), batches  # a few hours' drums each


def test_the_history_runs_one_pump_at_a_time_the_duty_one_mostly():
    points = {"P101A": (1, 2, 3), "P101B": (4, 5, 6)}
    start = datetime(2026, 11, 20)
    rows = history(start, start + timedelta(days=1), points, "demo")
    runs = {point: [(ts, value) for p, ts, value in rows if p == point] for point in (1, 4)}
    assert [ts for ts, _ in runs[1]] == [ts for ts, _ in runs[4]]
    assert all(a + b == 1 for (_, a), (_, b) in zip(runs[1], runs[4], strict=True))
    share = sum(b[0] - a[0] for a, b in pairwise(runs[1]) if a[1]) / 86_400_000
    assert 0.75 < share < 0.95  # the duty pump's share of the day, as in the simulator
    totals = [value for p, _, value in rows if p == 2]
    assert totals == sorted(totals) and 0.4 * 86_400 * share * 0.9 < totals[-1] < 0.5 * 86_400
