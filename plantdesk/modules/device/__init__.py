"""Equipment: device models, devices, data points, collect groups, and their monitor data."""
