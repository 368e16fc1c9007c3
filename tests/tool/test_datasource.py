"""/api/blade-develop/datasource: the platform database for the platform tenant only, a MariaDB source answering a
parameterised query, the outbound guard at save and at connect time, passwords sealed at rest and never answered,
the large-screen screen's tenants apart, and a user without the screens refused."""

import pytest
from sqlalchemy import text

from plantdesk.core import secrets
from plantdesk.modules.tool.service import PASSWORD
from tests.alarm.tracking_helpers import mariadb, reachable

SOURCE = "/api/blade-develop/datasource"
DEMO = "356782"
REFUSED = "不允许连接本机、内网或保留地址"


async def fails(api, path: str, json: dict | None, msg: str, **params) -> None:
    body = (await api.post(path, json, **params)).json()
    assert not body["success"] and body["msg"].startswith(msg), body


@pytest.fixture
async def platform_source(admin, unique) -> dict:
    return await admin.data("POST", f"{SOURCE}/submit", json={"name": f"平台 {unique}", "dbType": "platform"})


async def test_the_platform_database_is_browsed_and_read(admin, platform_source):
    answer = await admin.post(f"{SOURCE}/test", json={"id": platform_source["id"], "name": "x", "dbType": "platform"})
    assert answer.json()["msg"] == "连接成功" and answer.json()["data"]["tables"] > 20, answer.text
    tables = await admin.data("GET", f"{SOURCE}/tables", id=platform_source["id"])
    assert "blade_tenant" in tables and "blade_datasource" in tables
    columns = await admin.data("GET", f"{SOURCE}/columns", id=platform_source["id"], tableName="blade_tenant")
    assert {"tenant_id", "tenant_name"} <= {c["name"] for c in columns}
    assert next(c for c in columns if c["name"] == "id")["primaryKey"] is True
    rows = await admin.data("POST", f"{SOURCE}/query", json={
        "id": platform_source["id"], "tableName": "blade_tenant", "columns": ["tenant_id", "tenant_name"],
        "conditions": [{"column": "tenant_id", "op": "eq", "value": DEMO}]})
    assert rows["columns"] == ["tenant_id", "tenant_name"] and [r["tenant_id"] for r in rows["rows"]] == [DEMO]
    # a value is bound, never statement text: a quote matches nothing and breaks nothing
    rows = await admin.data("POST", f"{SOURCE}/query", json={
        "id": platform_source["id"], "tableName": "blade_tenant",
        "conditions": [{"column": "tenant_id", "value": "' OR '1'='1"}]})
    assert rows["rows"] == []
    await fails(admin, f"{SOURCE}/query", {"id": platform_source["id"], "tableName": "blade_tenant",
                                          "columns": ["password; drop table x"]}, "字段不存在")
    # password hashes and sealed secrets are never answered, nor probed through a condition
    users = await admin.data("POST", f"{SOURCE}/query", json={
        "id": platform_source["id"], "tableName": "blade_user", "columns": ["account", "password"], "limit": 500})
    assert users["rows"] and {r["password"] for r in users["rows"]} == {"******"}
    await fails(admin, f"{SOURCE}/query", {"id": platform_source["id"], "tableName": "blade_user", "conditions": [
        {"column": "password", "op": "like", "value": "$argon2"}]}, "该字段不可作为条件")
    await fails(admin, f"{SOURCE}/query", {"id": platform_source["id"], "tableName": "no_such"}, "数据表不存在")


async def test_only_the_platform_tenant_may_use_the_platform_database(admin, platform_source):
    await fails(admin, f"{SOURCE}/submit", {"name": "mine", "dbType": "platform"}, "只有平台租户可以使用平台数据库",
                tenantId=DEMO)
    listed = await admin.data("GET", f"{SOURCE}/list", size=1000, tenantId=DEMO)
    assert platform_source["id"] not in [r["id"] for r in listed["records"]]
    other = (await admin.get(f"{SOURCE}/tables", id=platform_source["id"], tenantId=DEMO)).json()
    assert not other["success"] and other["msg"] == "数据不存在", other


@pytest.mark.parametrize("host", ["127.0.0.1", "10.1.2.3", "169.254.169.254", "localhost"])
async def test_the_outbound_guard_refuses_internal_addresses(admin, host, unique):
    body = {"name": f"pg {unique}", "dbType": "postgresql", "host": host, "port": 5432, "database": "postgres",
            "username": "postgres", "password": "secret"}
    await fails(admin, f"{SOURCE}/submit", body, REFUSED)
    await fails(admin, f"{SOURCE}/test", body, REFUSED)


async def test_a_saved_host_is_checked_again_at_connect_time(app, admin, settings, unique):
    with reachable(settings, "127.0.0.1:5999"):
        saved = await admin.data("POST", f"{SOURCE}/submit", json={
            "name": f"pg {unique}", "dbType": "postgresql", "host": "127.0.0.1", "port": 5999,
            "database": "x", "username": "u", "password": "p"})
    await fails(admin, f"{SOURCE}/test", {"id": saved["id"], "name": "x", "dbType": "postgresql"}, REFUSED)
    answer = (await admin.get(f"{SOURCE}/tables", id=saved["id"])).json()
    assert not answer["success"] and answer["msg"].startswith(REFUSED), answer


async def test_a_mariadb_source_answers_a_parameterised_query(app, admin, settings, unique):
    async with mariadb(unique) as database:
        await database.execute("CREATE TABLE spare_part (id BIGINT PRIMARY KEY, part_name VARCHAR(64) NOT NULL,"
                               " stock_qty INT NOT NULL, remark TEXT)")
        await database.execute("INSERT INTO spare_part VALUES (1, 'bearing 6204', 12, NULL),"
                               " (2, 'O''Brien seal', 3, 'quoted'), (3, 'v-belt', 40, NULL)")
        with reachable(settings, f"{database.host}:{database.port}"):
            source = await admin.data("POST", f"{SOURCE}/submit", json={
                "name": f"MariaDB {unique}", "dbType": "mysql", "host": database.host, "port": database.port,
                "database": database.name, "username": database.username, "password": database.password})
            assert source["passwordSet"] is True and "password" not in source
            tested = await admin.data("POST", f"{SOURCE}/test", json={"id": source["id"], "name": "x",
                                                                       "dbType": "mysql"})
            assert "MariaDB" in tested["version"] or tested["version"][0].isdigit()
            assert await admin.data("GET", f"{SOURCE}/tables", id=source["id"]) == ["spare_part"]
            found = await admin.data("POST", f"{SOURCE}/query", json={
                "id": source["id"], "tableName": "spare_part", "columns": ["id", "part_name"],
                "conditions": [{"column": "part_name", "op": "eq", "value": "O'Brien seal"}]})
            assert found["rows"] == [{"id": 2, "part_name": "O'Brien seal"}]
            low = await admin.data("POST", f"{SOURCE}/query", json={
                "id": source["id"], "tableName": "spare_part",
                "conditions": [{"column": "stock_qty", "op": "lt", "value": "20"}]})
            assert sorted(r["id"] for r in low["rows"]) == [1, 2]
            like = await admin.data("POST", f"{SOURCE}/query", json={
                "id": source["id"], "tableName": "spare_part", "conditions": [{"column": "part_name", "op": "like",
                                                                               "value": "%"}]})
            assert like["rows"] == []  # a wildcard a user types is a literal character
        # the password is sealed at rest and never answered
        async with app.state.runtime.engine.connect() as connection:
            stored = (await connection.execute(text("select password from blade_datasource where id = :id"),
                                               {"id": int(source["id"])})).scalar()
        assert stored and stored != database.password
        assert secrets.unseal(settings, PASSWORD, stored) == database.password
        detail = await admin.data("GET", f"{SOURCE}/detail", id=source["id"])
        assert detail["passwordSet"] is True and database.password not in str(detail)


async def test_a_user_without_the_screens_is_refused(demo_user):
    for answer in (await demo_user.get(f"{SOURCE}/list"), await demo_user.post(f"{SOURCE}/submit", json={
            "name": "x", "dbType": "platform"})):
        assert answer.status_code == 403, answer.text
