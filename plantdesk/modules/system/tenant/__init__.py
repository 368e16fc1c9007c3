"""Tenants, tenant packages and creating a tenant's organisation."""
