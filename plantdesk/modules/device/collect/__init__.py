"""Industrial ingest (issue 10, design/industrial.md §3): MQTT, OPC UA and Modbus TCP collectors reading the
data-point sources and collect groups of the equipment area and writing through the monitor's write path; a
supervisor that owns each source by a lease; the connection test, status and OPC UA browse APIs (the demo
plant's protocol servers are plantdesk.demo.servers)."""
