"""Administrative regions (global reference data)."""
