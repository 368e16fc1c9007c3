"""BladeX data import from a BladeX-shaped MariaDB and PostgreSQL database, and export in the same shapes: the
imported users sign in with their BladeX passwords (sha1(md5)), which become argon2id on that first login."""

import hashlib

from sqlalchemy import select

from plantdesk.modules.springblade import bladex
from plantdesk.modules.system.models import Dept, Menu, User
from tests.alarm.tracking_helpers import mariadb, postgres
from tests.helpers import login, platform_session
from tests.springblade.test_dialect import sign_in
from tests.user.factories import runtime

DDL = """
CREATE TABLE blade_tenant (id BIGINT PRIMARY KEY, tenant_id VARCHAR(12), tenant_name VARCHAR(50),
  domain VARCHAR(255), linkman VARCHAR(20), contact_number VARCHAR(20), address VARCHAR(255), account_number INT,
  expire_time DATETIME,
  create_user BIGINT, create_time DATETIME, status INT, is_deleted INT);
CREATE TABLE blade_dept (id BIGINT PRIMARY KEY, tenant_id VARCHAR(12), parent_id BIGINT, ancestors VARCHAR(2000),
  dept_name VARCHAR(45), full_name VARCHAR(45), sort INT, remark VARCHAR(255), is_deleted INT);
CREATE TABLE blade_post (id BIGINT PRIMARY KEY, tenant_id VARCHAR(12), category INT, post_code VARCHAR(12),
  post_name VARCHAR(64), sort INT, remark VARCHAR(255), create_time DATETIME, status INT, is_deleted INT);
CREATE TABLE blade_role (id BIGINT PRIMARY KEY, tenant_id VARCHAR(12), parent_id BIGINT, role_name VARCHAR(255),
  sort INT, role_alias VARCHAR(255), is_deleted INT);
CREATE TABLE blade_menu (id BIGINT PRIMARY KEY, parent_id BIGINT, code VARCHAR(255), name VARCHAR(255),
  alias VARCHAR(255), path VARCHAR(255), source VARCHAR(255), sort INT, category INT, action INT, is_open INT,
  remark VARCHAR(255), is_deleted INT);
CREATE TABLE blade_role_menu (id BIGINT PRIMARY KEY, menu_id BIGINT, role_id BIGINT);
CREATE TABLE blade_user (id BIGINT PRIMARY KEY, tenant_id VARCHAR(12), code VARCHAR(12), account VARCHAR(45),
  password VARCHAR(45), name VARCHAR(20), real_name VARCHAR(10), avatar VARCHAR(500), email VARCHAR(45),
  phone VARCHAR(45), birthday DATETIME, sex SMALLINT, role_id VARCHAR(1000), dept_id VARCHAR(1000),
  post_id VARCHAR(1000), create_user BIGINT, create_dept BIGINT, create_time DATETIME, update_user BIGINT,
  update_time DATETIME, status INT, is_deleted INT);
CREATE TABLE blade_dict (id BIGINT PRIMARY KEY, parent_id BIGINT, code VARCHAR(255), dict_key INT,
  dict_value VARCHAR(255), sort INT, remark VARCHAR(255), is_deleted INT);
CREATE TABLE blade_param (id BIGINT PRIMARY KEY, param_name VARCHAR(255), param_key VARCHAR(255),
  param_value VARCHAR(255), remark VARCHAR(255), create_time DATETIME, status INT, is_deleted INT)
"""


def legacy(plain: str) -> str:
    """BladeX's stored password: sha1_hex(md5_hex(plain))."""
    return hashlib.sha1(hashlib.md5(plain.encode()).hexdigest().encode()).hexdigest()  # noqa: S324


def rows(tenant: str, unique: str) -> list[str]:
    """A SpringBlade-seeded installation's shapes: one new tenant, rows that PlantDesk already has (platform
    tenant, the `user` menu, the `sex` dictionary, account.initPassword) and rows that cannot come (a removed user,
    a user of an unknown tenant)."""
    return [
        "INSERT INTO blade_tenant VALUES (1, '000000', '管理组', '', 'admin', '', '', -1, NULL, 1,"
        " '2019-01-01 00:00:00', 1, 0)",
        f"INSERT INTO blade_tenant VALUES (2, '{tenant}', '导入{unique}', '', '王工', '13800000000', '常州', -1,"
        " NULL, 1, '2020-05-01 08:00:00', 1, 0)",
        f"INSERT INTO blade_dept VALUES (10, '{tenant}', 0, '0', '布雷德科技', '布雷德科技', 1, '', 0)",
        f"INSERT INTO blade_dept VALUES (11, '{tenant}', 10, '0,10', '常州布雷德', '常州布雷德', 1, '', 0)",
        f"INSERT INTO blade_post VALUES (20, '{tenant}', 1, 'ceo', '首席执行官', 1, '', '2020-05-01 08:00:00', 1, 0)",
        f"INSERT INTO blade_role VALUES (30, '{tenant}', 0, '管理员', 1, 'admin', 0)",
        "INSERT INTO blade_role VALUES (31, '000000', 0, '超级管理员', 1, 'administrator', 0)",
        "INSERT INTO blade_menu VALUES (40, 0, 'user', '用户管理', 'menu', '/system/user',"
        " 'iconfont iconicon_principal', 1, 1, 0, 1, '', 0)",
        f"INSERT INTO blade_menu VALUES (41, 0, 'bx{unique}', 'BladeX报表', 'menu', '/bx{unique}', "
        "'iconfont iconicon_compile', 90, 1, 0, 1, '', 0)",
        f"INSERT INTO blade_menu VALUES (42, 41, 'bx{unique}_add', '新增', 'add', '/bx{unique}/add', 'plus', 1, 2,"
        " 1, 1, '', 0)",
        "INSERT INTO blade_role_menu VALUES (1, 40, 30)",
        "INSERT INTO blade_role_menu VALUES (2, 41, 30)",
        "INSERT INTO blade_role_menu VALUES (3, 42, 30)",
        f"INSERT INTO blade_user VALUES (50, '{tenant}', '', 'bx{unique}', '{legacy('bladex')}', '导入', '导入管理员',"
        " '', 'bx@example.com', '13900000000', NULL, 1, '30', '10,11', '20', 1, 10, '2020-05-01 08:00:00', 1, NULL,"
        " 1, 0)",
        f"INSERT INTO blade_user VALUES (51, '{tenant}', '', 'gone{unique}', '{legacy('x')}', '', '', '', '', '', NULL,"
        " 1, '30', '10', '20', 1, 10, NULL, 1, NULL, 1, 1)",
        f"INSERT INTO blade_user VALUES (52, '99{unique[:4]}', '', 'lost{unique}', '{legacy('x')}', '', '', '', '', '',"
        " NULL, 1, '30', '10', '20', 1, 10, NULL, 1, NULL, 1, 0)",
        "INSERT INTO blade_dict VALUES (60, 0, 'sex', -1, '性别', 1, '', 0)",
        f"INSERT INTO blade_dict VALUES (61, 0, 'bx{unique}', -1, '等级', 1, '', 0)",
        f"INSERT INTO blade_dict VALUES (62, 61, 'bx{unique}', 1, '高', 1, '', 0)",
        f"INSERT INTO blade_param VALUES (70, '导入参数', 'bx.{unique}', '1', '', '2020-05-01 08:00:00', 1, 0)",
        "INSERT INTO blade_param VALUES (71, '初始密码', 'account.initPassword', '654321', '', NULL, 1, 0)",
    ]


def tenant_of(unique: str) -> str:
    return str(100000 + int(unique, 16) % 800000)


async def fill(database, unique: str) -> str:
    tenant = tenant_of(unique)
    ddl = DDL if database.kind == "mysql" else DDL.replace("DATETIME", "TIMESTAMP")
    for statement in [*ddl.split(";"), *rows(tenant, unique)]:
        await database.execute(statement)
    return tenant


def url(database) -> str:
    scheme = "mysql" if database.kind == "mysql" else "postgresql"
    return f"{scheme}://{database.username}:{database.password}@{database.host}:{database.port}/{database.name}"


async def imported(app, source_url: str):
    tables = await bladex.read_database(source_url)
    async with platform_session(runtime(app).sessions) as db:
        report = await bladex.load(db, tables)
        await db.commit()
    return report


async def stored_password(app, tenant: str, account: str) -> str:
    async with platform_session(runtime(app).sessions) as db:
        return await db.scalar(select(User.password).where(User.tenant_id == tenant, User.account == account))


async def test_import_from_mariadb_and_sign_in_with_the_bladex_password(app, client, unique):
    async with mariadb(unique) as database:
        tenant = await fill(database, unique)
        report = await imported(app, url(database))
    counts = {table: (c.added, c.kept, c.skipped) for table, c in report.tables.items()}
    assert counts["blade_tenant"] == (1, 1, 0) and counts["blade_dept"] == (2, 0, 0)
    assert counts["blade_role"] == (1, 1, 0) and counts["blade_menu"] == (2, 1, 0)
    assert counts["blade_role_menu"] == (3, 0, 0) and counts["blade_user"] == (1, 0, 1)
    assert counts["blade_dict"] == (2, 1, 0) and counts["blade_param"] == (1, 1, 0)
    assert await stored_password(app, tenant, f"bx{unique}") == legacy("bladex")
    # the Saber 4.x console's SM2 login of the imported user; the BladeX hash becomes argon2id
    saber, info = await sign_in(app, client, f"bx{unique}", "bladex", tenant)
    assert info["authority"] == "admin" and len(info["deptId"].split(",")) == 2
    assert (await stored_password(app, tenant, f"bx{unique}")).startswith("$argon2")
    routes = await saber.data("GET", "/api/blade-system/menu/routes")
    assert f"bx{unique}" in {node["code"] for node in routes}
    async with platform_session(runtime(app).sessions) as db:
        child = await db.scalar(select(Dept).where(Dept.tenant_id == tenant, Dept.dept_name == "常州布雷德"))
        root = await db.scalar(select(Dept).where(Dept.tenant_id == tenant, Dept.dept_name == "布雷德科技"))
        assert child.parent_id == root.id and child.ancestors == f"0,{root.id}"
        button = await db.scalar(select(Menu).where(Menu.code == f"bx{unique}_add"))
        assert button.category == 2
    # export in the same shapes, and an export is an import source (everything is already here: kept)
    async with platform_session(runtime(app).sessions) as db:
        tables = await bladex.export(db, [tenant])
        again = await bladex.load(db, tables)
    user = next(row for row in tables["blade_user"] if row["account"] == f"bx{unique}")
    assert user["tenant_id"] == tenant and user["role_id"] and user["create_time"] == "2020-05-01 08:00:00"
    assert {row["tenant_id"] for row in tables["blade_dept"]} == {tenant}
    assert all(c.added == 0 for c in again.tables.values())


async def test_import_from_postgresql_twice(app, client, unique):
    async with postgres(unique) as database:
        tenant = await fill(database, unique)
        first = await imported(app, url(database))
        second = await imported(app, url(database))
    assert first.tables["blade_user"].added == 1
    assert all(c.added == 0 for c in second.tables.values())
    assert second.tables["blade_user"].kept == 1
    # the BladeX 2.x dialect (md5 in the browser) signs the imported user in too
    api = await login(client, f"bx{unique}", "bladex", tenant)
    assert api.tokens["role_name"] == "admin"
    assert (await stored_password(app, tenant, f"bx{unique}")).startswith("$argon2")
