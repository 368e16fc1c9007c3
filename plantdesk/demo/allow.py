"""What the demo tenant alone may reach on loopback while the demo runs (Settings.demo): its collectors the
demo's MQTT broker, Modbus and OPC UA servers (demo.data.collect), its MES source the MariaDB of demo.mes, its
periodic inspection the server's own readiness (demo.data.flow); each
for that kind of connection only (core.outbound's grants), so no other tenant, and no AI provider, form hook or
storage of the demo tenant itself, may name these ports."""

import os
from urllib.parse import urlsplit

from plantdesk.demo import TENANT


def grants() -> list[str]:
    from plantdesk.demo.data import collect, flow
    from plantdesk.demo.mes import MES_URL

    mqtt, mes = urlsplit(collect.MQTT_BROKER), urlsplit(MES_URL)
    return [f"{TENANT}/mqtt={mqtt.hostname}:{mqtt.port or 1883}",
            f"{TENANT}/modbus=127.0.0.1:{collect.MODBUS_PORT}",
            f"{TENANT}/opcua=127.0.0.1:{collect.OPCUA_PORT}",
            f"{TENANT}/mysql={mes.hostname}:{mes.port or 3306}",
            f"{TENANT}/flow=127.0.0.1:{flow.DEMO_ENDPOINT_PORT}"]


def apply() -> None:
    """Add the demo's grants to this process's settings and to those of the processes it starts (uvicorn's)."""
    given = os.environ.get("PLANTDESK_OUTBOUND_GRANTS", "")
    os.environ["PLANTDESK_OUTBOUND_GRANTS"] = ",".join(filter(None, [given, *grants()]))
