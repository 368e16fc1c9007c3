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
from plantdesk.modules.device.collect import specs

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

    def test_source_secrets_saved_in_clear_are_sealed(self, tmp_path):
        """Issue 24: a collector password saved in clear before the revision is sealed by it, under the server's
        own signing key, and the collectors open it as it was."""
        config = _config(tmp_path)
        settings = Settings(data_dir=tmp_path, database_url="", jwt_secret="migration-" + tmp_path.name)
        config.attributes["settings"] = settings
        command.upgrade(config, "9e3c5a1f7b20")  # the schema before sealed source secrets
        engine = create_engine(f"sqlite:///{tmp_path / 'plantdesk.db'}")
        clear = '{"url": "mqtt://b:1883", "username": "u", "password": "p", "clientKey": "KEY"}'
        with engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO data_point_source (id, tenant_id, type, code, name, config) VALUES "
                "(1, '356782', 'mqtt', 'A', 'a', :clear), (2, '356782', 'modbus', 'B', 'b', '{\"port\": 502}'), "
                "(3, '356782', 'manual', 'C', 'c', 'not json')"), {"clear": clear})
        command.upgrade(config, "head")
        with engine.connect() as connection:
            rows = dict(connection.execute(text("SELECT id, config FROM data_point_source")).all())
        engine.dispose()
        assert "\"p\"" not in rows[1] and "KEY" not in rows[1]
        assert specs.settings(specs.opened(settings, rows[1])) == specs.settings(clear)
        assert rows[2] == '{"port": 502}' and rows[3] == "not json"
