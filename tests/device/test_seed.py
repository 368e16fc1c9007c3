"""The demo plant seeded in tenant 356782: structure only, realistic, once."""

from sqlalchemy import select, update

from plantdesk.db.session import create_engine
from plantdesk.demo.data import alarm, plant, warning
from plantdesk.demo.seed import relabel, seed_plant
from plantdesk.modules.alarm.models import AlarmRule
from plantdesk.modules.device.models import DataPoint, DataPointAlarm, Device, EquipmentModel, ModelPoint
from plantdesk.modules.warning.models import WarningIndicator
from plantdesk.seed.seeder import run_on
from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import session
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

    async def test_a_plant_seeded_with_english_names_gets_the_names_in_both_languages(self, app):
        """demo.seed.relabel: where a row still holds the earlier, English name, it gets the name in both languages
        (the device, its points, their alarm message, its alarm rules, the warning indicators); a name the tenant
        edited stays, and a second run writes nothing."""
        names = dict((code, name) for code, name, *_ in plant.DEVICES)
        reactor = select(Device.id).where(Device.code == "R101").scalar_subquery()
        temperature = select(DataPoint.id).where(DataPoint.device_id == reactor, DataPoint.code == "TEMP")
        model_temperature = select(ModelPoint.id).join(EquipmentModel, EquipmentModel.id == ModelPoint.link_id).where(
            EquipmentModel.code == "CSTR-5M3", ModelPoint.code == "TEMP")
        rule = select(AlarmRule.id).where(AlarmRule.device_id == reactor, AlarmRule.kind == "THRESHOLD")
        offline = select(AlarmRule.id).where(AlarmRule.device_id == reactor, AlarmRule.kind == "OFFLINE")
        indicator = select(WarningIndicator.id).where(WarningIndicator.name.in_(  # other tests add their own
            (warning.INDICATORS[0][0], plant.english(warning.INDICATORS[0][0]))))
        rows = [  # (model, column, row, earlier name, name now)
            (Device, "name", select(Device.id).where(Device.code == "R101"), "Reactor R-101", names["R101"]),
            (DataPoint, "name", temperature, "Reactor temperature", "反应温度 Reactor temperature"),
            (ModelPoint, "name", model_temperature, "Reactor temperature", "反应温度 Reactor temperature"),
            (DataPointAlarm, "message", select(DataPointAlarm.id).where(DataPointAlarm.point_id.in_(temperature)),
             "Reactor temperature out of range", "反应温度越限 Reactor temperature out of range"),
            (AlarmRule, "name", rule, "Reactor R-101 high temperature", alarm.RULES[0][0]),
            (AlarmRule, "name", offline, "Reactor R-101 offline", "反应釜离线 Reactor R-101 offline"),
            (WarningIndicator, "name", indicator, "Alarms per day, whole plant", warning.INDICATORS[0][0]),
            (Device, "name", select(Device.id).where(Device.code == "K101"), "K-101 (ours)", "K-101 (ours)"),
        ]

        async def read() -> list[str]:
            async with session(app, DEMO_TENANT) as db:
                return [await db.scalar(select(getattr(model, column)).where(model.id.in_(row)))
                        for model, column, row, *_ in rows]

        try:
            async with session(app, DEMO_TENANT) as db:
                for model, column, row, earlier, _now in rows:
                    assert len(list((await db.execute(row)).scalars())) == 1, (model, column)
                    await db.execute(update(model).where(model.id.in_(row)).values({column: earlier}))
            assert await read() == [earlier for *_, earlier, _now in rows]
            async with session(app, DEMO_TENANT) as db:
                assert await relabel(db) is True
            assert await read() == [now for *_, now in rows]
            async with session(app, DEMO_TENANT) as db:
                assert await relabel(db) is False  # nothing left to rename
            assert await read() == [now for *_, now in rows]
        finally:
            async with session(app, DEMO_TENANT) as db:
                await db.execute(update(Device).where(Device.code == "K101").values(name=names["K101"]))
                await relabel(db)  # the seed's names, whatever a failed assertion left
