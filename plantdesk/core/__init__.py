"""Cross-cutting mechanisms. Nothing here knows a business rule or imports a module."""
