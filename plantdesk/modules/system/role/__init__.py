"""Roles, their grants and function permissions."""
