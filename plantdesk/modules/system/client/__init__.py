"""Application clients (OAuth clients of the platform)."""
