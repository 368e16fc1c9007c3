"""The demo tenant's production: products, a craft flow, shifts, the feed pumps measured for OEE with running
batches on their drum counters, and the simulator's counters those read."""

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
