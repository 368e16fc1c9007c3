"""Posts (job positions) of a tenant."""
