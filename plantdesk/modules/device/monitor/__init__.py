"""Monitor data of the device area: the store (store.py), reads and device status (service.py), HTTP ingest with
per-device tokens (ingest.py), retention and partitions (retention.py, partitions.py); the demo plant's simulator is
plantdesk.demo.simulator."""
