"""Departments: a tenant's organisation tree."""
