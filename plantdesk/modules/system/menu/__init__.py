"""Menus, top menus, grant trees, data and API scopes."""
