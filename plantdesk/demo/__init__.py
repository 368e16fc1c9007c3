"""The demo: tenant 356782's seed data and seeding (data/, seed.py), the plant simulator (simulator.py), the
protocol servers its collected sources read (servers.py), the MES database of the alarm tracking demo (mes.py)
and what the demo tenant alone may reach on loopback (allow.py).

The demo depends on the areas; no area or the core imports it (tests/test_layers.py). This module imports
nothing: the simulator process loads only what it uses."""

TENANT = "356782"
