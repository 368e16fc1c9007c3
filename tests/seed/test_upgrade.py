"""A site installed by an older release, upgraded by `migrate`: tests/fixtures/release_56b9e82.sql.gz is that
release's seeded SQLite database with an operator's edits and without what a still older release lacked
(tests/seed/make_fixture.py rebuilds it and lists the edits). With PLANTDESK_TEST_DATABASE_URL on PostgreSQL,
the same site is also built there (that release's migrations, then its rows) in a database of its own."""

import asyncio
import gzip
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, MetaData, create_engine, make_url, text

from plantdesk.cli import _migrate
from plantdesk.config import Settings
from plantdesk.core import areas, generations, permissions
from plantdesk.core.cache import create_cache
from plantdesk.modules.system.dict.service import GENERATION as DICTS_GENERATION

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "release_56b9e82.sql.gz"
RELEASE_REVISION = "c4f1a7e20b5d"  # the fixture's alembic_version
REDIS_URL = os.environ.get("PLANTDESK_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
POSTGRES_URL = os.environ.get("PLANTDESK_TEST_DATABASE_URL", "")
TABLES = ("blade_menu", "blade_role_menu", "blade_tenant_package", "blade_dict", "blade_dict_biz", "blade_param",
          "blade_user")


def _codes(nodes: list[dict]) -> set[str]:
    codes = set()
    for node in nodes:
        codes.add(node["code"])
        codes.update(f"{node['code']}_{button['alias']}" for button in node["buttons"])
        codes |= _codes(node["children"])
    return codes


def _sqlite_site(tmp_path: Path) -> Path:
    path = tmp_path / "plantdesk.db"
    connection = sqlite3.connect(path)
    connection.executescript(gzip.decompress(FIXTURE.read_bytes()).decode())
    connection.commit()
    connection.close()
    return path


@pytest.fixture(params=["sqlite", "postgresql"])
def site(request, tmp_path) -> Iterator[tuple[Settings, Connection]]:
    """The older release's database: the settings `migrate` reads and a connection to look at it."""
    path = _sqlite_site(tmp_path)
    if request.param == "sqlite":
        url, sync_url = "", f"sqlite:///{path}"
    else:
        if not POSTGRES_URL.startswith("postgresql"):
            pytest.skip("PLANTDESK_TEST_DATABASE_URL names no PostgreSQL database")
        base = make_url(POSTGRES_URL)
        name = f"{base.database}_upgrade"
        url = base.set(database=name).render_as_string(hide_password=False)
        sync_url = base.set(drivername="postgresql+psycopg", database=name).render_as_string(hide_password=False)
        admin = create_engine(base.set(drivername="postgresql+psycopg").render_as_string(hide_password=False),
                              isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        _copy_release(path, url, sync_url)
    engine = create_engine(sync_url)
    with engine.connect() as connection:
        yield Settings(data_dir=tmp_path, database_url=url, redis_url="", jobs="embedded"), connection
    engine.dispose()
    if request.param == "postgresql":
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def _copy_release(sqlite_path: Path, url: str, sync_url: str) -> None:
    """The release's schema by its own revision, then the SQLite rows copied into it table by table."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "plantdesk" / "db" / "migrations"))
    config.attributes["database_url"] = url
    command.upgrade(config, RELEASE_REVISION)
    target = create_engine(sync_url)
    source = create_engine(f"sqlite:///{sqlite_path}")
    schema = MetaData()
    schema.reflect(target)
    with source.connect() as reading, target.begin() as writing:
        for table in schema.sorted_tables:
            if table.name == "alembic_version":
                continue
            rows = [dict(row._mapping) for row in reading.execute(table.select())]
            if rows:
                writing.execute(table.insert(), rows)
    source.dispose()
    target.dispose()


async def _generations() -> tuple[int, ...]:
    """The menu/permission and dictionary cache generations every serving process reads from Redis."""
    from redis.asyncio import Redis

    probe = Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        await probe.ping()
    except Exception as exc:  # any connection failure means "no Redis here" (the cache would fall back silently)
        pytest.skip(f"Redis unreachable at {REDIS_URL}: {exc!r}")
    finally:
        await probe.aclose()
    cache = create_cache(REDIS_URL)
    try:
        return await generations.stamp(cache, [permissions.GENERATION, DICTS_GENERATION])
    finally:
        await cache.close()


def _rows(connection: Connection) -> dict[str, list]:
    return {table: _all(connection, f"SELECT * FROM {table} ORDER BY id") for table in TABLES}


def _all(connection: Connection, sql: str) -> list[tuple]:
    connection.commit()  # a fresh snapshot: migrate writes through connections of its own
    return [tuple(row) for row in connection.execute(text(sql))]


def _menus(connection: Connection) -> dict[str, tuple]:
    return {code: (id_, name, is_deleted, parent) for id_, code, name, is_deleted, parent in _all(
        connection, "SELECT m.id, m.code, m.name, m.is_deleted, p.code FROM blade_menu m "
                    "LEFT JOIN blade_menu p ON p.id = m.parent_id")}


class TestUpgradeFromAnOlderRelease:
    def test_migrate_brings_the_new_definitions_and_keeps_the_sites(self, site, capsys):
        settings, connection = site
        before = _rows(connection)
        old_menus = _menus(connection)

        _migrate(settings)

        menus = _menus(connection)
        new = _codes(areas.menus()) - set(old_menus)
        assert {"knowledgebase", "knowledge", "warnManagement_publish"} <= new
        assert _codes(areas.menus()) <= set(menus)  # every menu code of a freshly seeded database
        assert menus["knowledge"][3] == "knowledgebase" and menus["knowledgebase"][3] is None
        assert menus["warnManagement_publish"][3] == "warnManagement"
        assert menus["notice"][1] == "公告通知"  # the operator's name
        assert menus["ops_wiki"][1:] == ("运维手册", 0, "desk")  # the operator's own menu
        assert menus["user_import"][2] == 1  # the button the operator removed
        assert len(menus) == len(before["blade_menu"]) + len(new)
        assert _rows(connection)["blade_user"] == before["blade_user"]

        new_ids = {menus[code][0] for code in new}
        granted = {menu_id for menu_id, in _all(
            connection, "SELECT menu_id FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id "
                        "WHERE r.tenant_id = '000000' AND r.role_alias = 'administrator'")}
        assert new_ids <= granted
        packages = {name: {int(i) for i in ids.split(",")}
                    for name, ids in _all(connection, "SELECT package_name, menu_id FROM blade_tenant_package")}
        live = {id_ for code, (id_, _, deleted, _) in menus.items()
                if not deleted and code not in areas.platform_menu_codes()}
        assert packages["全部菜单"] == live  # the package of every menu a tenant may hold stays one
        assert not new_ids & packages["工作台"]

        structure = next(group for group in areas.dicts() if group["code"] == "2001")
        assert _all(connection, "SELECT count(*) FROM blade_dict WHERE code = '2001' AND is_deleted = 0") == [
            (1 + len(structure["items"]),)]
        assert _all(connection, "SELECT param_value FROM blade_param WHERE param_key = 'log.retentionDays'") == [
            ("180",)]
        assert {key for key, in _all(connection, "SELECT param_key FROM blade_param")} == {p[0] for p in areas.params()}
        measure = next(group for group in areas.biz_dicts() if group["code"] == "measure_unit")
        assert _all(connection, "SELECT tenant_id, count(*) FROM blade_dict_biz WHERE code = 'measure_unit' "
                                "GROUP BY tenant_id ORDER BY tenant_id") == [
            ("000000", 1 + len(measure["items"])), ("356782", 1 + len(measure["items"]))]
        scopes = _all(connection, "SELECT s.resource_code, s.scope_name, m.code FROM blade_scope_data s "
                                  "JOIN blade_menu m ON m.id = s.menu_id")
        assert {(s["menu"], s["name"], s["menu"]) for s in areas.data_scopes()} <= set(scopes)  # each on its menu
        assert f"seed sync menus: {len(new)} added, 0 updated" in capsys.readouterr().out

        upgraded = _rows(connection)
        _migrate(settings)

        assert _rows(connection) == upgraded  # a second run changes nothing
        assert "seed sync menus: 0 added, 0 updated" in capsys.readouterr().out

    def test_migrate_drops_what_the_serving_processes_cached(self, tmp_path):
        _sqlite_site(tmp_path)
        settings = Settings(data_dir=tmp_path, database_url="", redis_url=REDIS_URL, jobs="embedded")
        before = asyncio.run(_generations())

        _migrate(settings)
        after = asyncio.run(_generations())
        _migrate(settings)  # nothing to sync: nothing to drop

        assert all(new > old for new, old in zip(after, before, strict=True))
        assert asyncio.run(_generations()) == after
