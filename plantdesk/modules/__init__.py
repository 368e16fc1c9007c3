"""The areas of the product, one package each; each declares itself in its `__init__.py` (core.areas)."""
