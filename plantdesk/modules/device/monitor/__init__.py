"""Monitor data of the device area: the store (store.py), reads and device status (service.py), HTTP ingest with
per-device tokens (ingest.py), retention and partitions (retention.py, partitions.py), and the demo plant's
simulator (simulator.py)."""


def setup() -> None:
    from plantdesk.modules.device.monitor import push, retention

    retention.setup()
    push.setup()
