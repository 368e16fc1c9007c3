"""The Alembic migrations build exactly the schema the models describe (no drift)."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from plantdesk.cli import _migrate
from plantdesk.config import Settings
from plantdesk.db.models import Base


class TestMigrations:
    def test_upgrade_head_matches_the_models(self, tmp_path):
        settings = Settings(data_dir=tmp_path, database_url="")
        _migrate(settings)
        engine = create_engine(f"sqlite:///{tmp_path / 'plantdesk.db'}")
        with engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        engine.dispose()
        assert diff == [], "models changed without a migration: run `uv run alembic revision --autogenerate`"
