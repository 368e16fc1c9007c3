"""The demo plant seeded in tenant 356782: structure only, realistic, once."""

from plantdesk.db.session import create_engine
from plantdesk.demo.data import plant
from plantdesk.demo.seed import seed_plant
from plantdesk.seed.seeder import run_on
from tests.device.test_router import API

PLANT = [d[0] for d in plant.DEVICES]


class TestDemoPlant:
    async def test_devices_models_and_points(self, demo_admin):
        devices = {}
        for code in PLANT:
            found = await demo_admin.data("GET", f"{API}/device/list", code_equal=code)
            assert found["total"] == 1, code
            devices[code] = found["records"][0]
        assert devices["R101"]["modelName"] == "Stirred tank reactor 5 m³"
        assert devices["R101"]["deptName"] == "Synthesis Team" and devices["K101"]["deptName"] == "Maintenance"
        total = sum(d["pointCount"] for d in devices.values())
        assert 40 <= total <= 80
        points = await demo_admin.data("GET", f"{API}/datapoints/list", deviceId=devices["R101"]["id"], size=100)
        temp = next(p for p in points["records"] if p["code"] == "TEMP")
        assert (temp["unit"], temp["rangeMin"], temp["rangeMax"], temp["alarmSwitch"]) == ("°C", 0, 200, 1)
        assert temp["collectGroupId"] and temp["modelPointId"] and temp["componentId"]
        alarm = await demo_admin.data("GET", f"{API}/datapoints-alarm/detail", pointId=temp["id"])
        assert (alarm["high"], alarm["highHigh"]) == (95, 110)
        groups = await demo_admin.data("GET", f"{API}/datapoints-collects/list", size=100)
        assert {"FAST", "NORMAL", "SLOW"} <= {g["code"] for g in groups["records"]}
        department = await demo_admin.data("GET", f"{API}/device/department")
        assert department and department[0]["type"] == "dept"

    async def test_seeding_again_changes_nothing(self, settings):
        engine = create_engine(settings.resolved_database_url)
        try:
            assert await run_on(engine, seed_plant) is False
        finally:
            await engine.dispose()
