"""Seed data: the demo tenant's (356782) collected sources, so every collector kind shows live data on a fresh
machine. `serve --simulate` starts the servers they name (demo.servers): an OPC UA server and a
Modbus TCP server on loopback, and MQTT publishing on the machine's Mosquitto. The compressor K-101 is read
over Modbus, the pre-heater E-101 over OPC UA, the tank farm arrives over MQTT; the reactor and the pumps are
posted over HTTP by the simulator, to the HTTP source that counts them.

Called once, from the plant's seed (demo.seed.seed_plant), inside the demo tenant's scope."""

import os

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

MQTT_BROKER = "mqtt://127.0.0.1:1883"
# Another program on one of these ports: set them before the first start (the seeded sources keep what they got).
MODBUS_PORT = int(os.environ.get("PLANTDESK_DEMO_MODBUS_PORT", "15020"))
OPCUA_PORT = int(os.environ.get("PLANTDESK_DEMO_OPCUA_PORT", "14840"))
OPCUA_ENDPOINT = f"opc.tcp://127.0.0.1:{OPCUA_PORT}/plantdesk"

SOURCES: list[dict] = [
    {"type": "mqtt", "code": "DEMO-MQTT", "name": "Tank farm gateway (MQTT)",
     "config": '{"url": "' + MQTT_BROKER + '", "timeoutMs": 5000}',
     "remark": "plantdesk/356782/{deviceCode}/telemetry on the local Mosquitto"},
    {"type": "modbus", "code": "DEMO-MODBUS", "name": "Compressor PLC (Modbus TCP, demo)",
     "config": '{"host": "127.0.0.1", "port": ' + str(MODBUS_PORT) + ', "unitId": 1, "timeoutMs": 5000}',
     "remark": "pymodbus server started by serve --simulate"},
    {"type": "opcua", "code": "DEMO-OPCUA", "name": "Pre-heater DCS (OPC UA, demo)",
     "config": '{"endpoint": "' + OPCUA_ENDPOINT + '", "securityPolicy": "None", "timeoutMs": 5000}',
     "remark": "asyncua server started by serve --simulate"},
    {"type": "http", "code": "DEMO-HTTP", "name": "Line 1 edge gateway (HTTP)", "config": '{"timeoutMs": 5000}',
     "remark": "POST /api/device-management/telemetry with a device token, every second (the simulator)"},
]

# device code → (source code, collect group code or None to keep the model's, {point code: address}); points
# not named keep their address.
DEVICES: dict[str, tuple[str, str | None, dict[str, str]]] = {
    "K101": ("DEMO-MODBUS", "FAST", {
        "RUN": "00001", "MOTOR_CURRENT": "40201:float32", "LOAD": "40203:float32", "DISCH_PRES": "40205:float32",
        "DISCH_TEMP": "40207:float32", "OIL_PRES": "40209:float32", "RUN_HOURS": "40211:uint32"}),
    "E101": ("DEMO-OPCUA", "FAST", {}),
    "TK201": ("DEMO-MQTT", "FAST", {}),
    "TK202": ("DEMO-MQTT", "FAST", {}),
    "TK203": ("DEMO-MQTT", "FAST", {}),
    "R101": ("DEMO-HTTP", None, {}),
    "P101A": ("DEMO-HTTP", None, {}),
    "P101B": ("DEMO-HTTP", None, {}),
}


async def seed(db: AsyncSession) -> None:
    from plantdesk.modules.device.models import CollectGroup, DataPoint, DataPointSource, Device

    sources = {}
    for row in SOURCES:
        source = DataPointSource(**row)
        db.add(source)
        sources[row["code"]] = source
    await db.flush()
    groups = dict((await db.execute(select(CollectGroup.code, CollectGroup.id))).all())
    devices = dict((await db.execute(select(Device.code, Device.id).where(Device.code.in_(list(DEVICES))))).all())
    for code, (source_code, group, addresses) in DEVICES.items():
        if code not in devices:
            continue
        values = {"source_id": sources[source_code].id} | ({"collect_group_id": groups[group]} if group else {})
        await db.execute(update(DataPoint).where(DataPoint.device_id == devices[code]).values(**values)
                         .execution_options(synchronize_session=False))
        for point, address in addresses.items():
            await db.execute(update(DataPoint).where(DataPoint.device_id == devices[code], DataPoint.code == point)
                             .values(address=address).execution_options(synchronize_session=False))
