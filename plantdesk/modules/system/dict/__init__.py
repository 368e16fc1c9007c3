"""System (global) and business (per tenant) dictionaries: one family of endpoints over two tables."""
