"""The Alembic migrations build exactly the schema the models describe (no drift), and carry data forward."""

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, text

from plantdesk.cli import _migrate
from plantdesk.config import Settings
from plantdesk.core.search import grams
from plantdesk.db.models import Base

ROOT = Path(__file__).resolve().parents[2]


def _config(tmp_path: Path) -> Config:
    """Alembic on a SQLite file of its own, to upgrade step by step."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "plantdesk" / "db" / "migrations"))
    config.attributes["database_url"] = f"sqlite+aiosqlite:///{tmp_path / 'plantdesk.db'}"
    return config


class TestMigrations:
    def test_upgrade_head_matches_the_models(self, tmp_path):
        settings = Settings(data_dir=tmp_path, database_url="")
        _migrate(settings)
        engine = create_engine(f"sqlite:///{tmp_path / 'plantdesk.db'}")
        with engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        engine.dispose()
        assert diff == [], "models changed without a migration: run `uv run alembic revision --autogenerate`"

    def test_search_grams_are_filled_for_the_users_already_there(self, tmp_path):
        config = _config(tmp_path)
        command.upgrade(config, "276d28938435")  # the schema before the gram index
        engine = create_engine(f"sqlite:///{tmp_path / 'plantdesk.db'}")
        with engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO blade_user (id, tenant_id, user_type, account, password, real_name, is_deleted, "
                "need_reset, is_leader, status) VALUES (7, '356782', 1, 'Li.Na', '-', '李娜', 0, 0, 0, 1), "
                "(8, '356782', 1, 'gone', '-', '旧人', 1, 0, 0, 1)"))
        command.upgrade(config, "head")
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT tenant_id, field, gram, row_id FROM blade_search_gram")).all()
        engine.dispose()
        expected = {("356782", "user.account", gram, 7) for gram in grams("Li.Na")}
        expected |= {("356782", "user.realName", gram, 7) for gram in grams("李娜")}
        assert set(rows) == expected  # the logically removed user is not indexed

    def test_seeded_dictionaries_get_their_english_labels(self, tmp_path):
        config = _config(tmp_path)
        command.upgrade(config, "5d1e0c7a9b32")  # the schema before English dictionary labels
        engine = create_engine(f"sqlite:///{tmp_path / 'plantdesk.db'}")
        with engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO blade_dict (id, parent_id, code, dict_key, dict_value, sort, is_sealed, is_deleted) "
                "VALUES (1, 0, 'sex', '-1', '性别', 1, 0, 0), (2, 1, 'sex', '1', '男', 1, 0, 0), "
                "(3, 1, 'sex', '2', '女士', 2, 0, 0), (4, 0, 'mine', '-1', '自建', 2, 0, 0)"))
            connection.execute(text(
                "INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort, is_sealed, "
                "is_deleted, status) VALUES (5, '356782', 0, 'shift', '1', '早班', 1, 0, 0, 1)"))
        command.upgrade(config, "head")
        with engine.connect() as connection:
            system = dict(connection.execute(text("SELECT id, dict_value_en FROM blade_dict")).all())
            business = dict(connection.execute(text("SELECT id, dict_value_en FROM blade_dict_biz")).all())
        engine.dispose()
        assert system == {1: "Sex", 2: "Male", 3: None, 4: None}  # an edited label (女士) keeps no English one
        assert business == {5: "Morning"}
