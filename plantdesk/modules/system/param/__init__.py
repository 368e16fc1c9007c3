"""System parameters: typed reads with defaults and the admin CRUD."""
