"""Alarm tracking (/api/alarm/{sourcegroup, metrics, timelydetect, relationdata, sourcecensus, sourcetimely,
sourceevent}) against real databases: a MariaDB source whose metric trips and clears through the alarm lifecycle,
a PostgreSQL source, refusals of unknown and hostile names, sealed credentials, the export, the schedule, and
tenant isolation on every route."""

import io
import sqlite3
from datetime import datetime

import orjson
import pytest
from openpyxl import load_workbook
from sqlalchemy import select

from plantdesk.core import secrets
from plantdesk.modules.alarm import engine
from plantdesk.modules.alarm.tracking import JOB, service
from plantdesk.modules.alarm.tracking.models import AlarmMetric, AlarmSource, AlarmTimely
from tests.alarm.tracking_helpers import PRODUCTION, TRACKING, ago, mariadb, postgres, reachable
from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import session
from tests.helpers import md5, rebinding_dns
from tests.security.test_isolation import second_tenant_admin  # noqa: F401  (a session fixture)

SOURCES = f"{TRACKING}/sourcegroup"
METRICS = f"{TRACKING}/metrics"
BELL = "/api/system/systemNotice"
HOSTS = ("127.0.0.1:3306", "127.0.0.1:5432")


@pytest.fixture(scope="module")
async def mes(settings):
    """A MariaDB MES database with a production report table, read through the read-only account."""
    import uuid

    async with mariadb(uuid.uuid4().hex[:8]) as db:
        await db.execute(PRODUCTION)
        for line, good, scrap, seconds in [("L1", 48, 0, 30), ("L2", 45, 1, 20), ("L2", 47, 2, 10)]:
            await db.execute("INSERT INTO production_report (line, product, good_qty, scrap_qty, cycle_time_s, "
                             "reported_at) VALUES (%s, 'Gear housing GH-20', %s, %s, 41.5, %s)",
                             line, good, scrap, ago(seconds))
        with reachable(settings, *HOSTS):
            yield db


@pytest.fixture(scope="module")
async def qms(settings):
    """A PostgreSQL QMS database with an inspection table."""
    import uuid

    async with postgres(uuid.uuid4().hex[:8]) as db:
        await db.execute("CREATE TABLE inspection (id serial PRIMARY KEY, lot text NOT NULL, "
                         "defect_rate numeric(6, 3) NOT NULL, inspected_at timestamp NOT NULL)")
        await db.execute("INSERT INTO inspection (lot, defect_rate, inspected_at) VALUES ('LOT-1', 0.8, $1), "
                         "('LOT-2', 1.4, $2)", ago(120), ago(30))
        with reachable(settings, *HOSTS):
            yield db


async def add_source(api, db, **fields) -> dict:
    return await api.data("POST", f"{SOURCES}/save", json=db.source(**fields))


def scrap_metric(source: dict, unique: str, **fields) -> dict:
    """Line 2's scrap over the last ten minutes above 10."""
    return {"name": f"Line 2 scrap {unique}", "sourceId": source["id"], "tableName": "production_report",
            "aggregate": "SUM", "valueColumn": "scrap_qty", "timeColumn": "reported_at", "windowSeconds": 600,
            "filters": [{"column": "line", "op": "eq", "value": "L2"}], "kind": "THRESHOLD", "operator": "gt",
            "threshold": 10, "mode": "SIMPLE", "hysteresis": 0} | fields


async def check(api, *ids: str) -> dict[str, dict]:
    answer = await api.data("POST", f"{TRACKING}/timelydetect/check", **({"ids": ",".join(ids)} if ids else {}))
    return {r["metricId"]: r for r in answer}


class TestMariaDbSource:
    async def test_the_catalogue_and_rows_through_the_read_only_account(self, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes, name=f"MES line {unique}")
        server = await demo_admin.data("POST", f"{SOURCES}/server", json={"id": source["id"]})
        assert "MariaDB" in server["version"] and server["tables"] == 1
        tree = await demo_admin.data("GET", f"{SOURCES}/tree")
        assert [n["id"] for n in tree] == ["MES", "OA", "QMS", "SCADA"]
        assert source["id"] in [c["id"] for c in tree[0]["children"]]
        tables = await demo_admin.data("GET", f"{SOURCES}/tableInfo", sourceId=source["id"])
        assert tables == [{"tableName": "production_report", "published": False, "timeColumn": None}]
        columns = await demo_admin.data("GET", f"{SOURCES}/tableColumnInfo", sourceId=source["id"],
                                        tableName="production_report")
        by_name = {c["name"]: c for c in columns}
        assert by_name["scrap_qty"]["numeric"] and by_name["reported_at"]["temporal"]
        assert not by_name["line"]["numeric"]
        assert await demo_admin.data("GET", f"{METRICS}/columns", sourceId=source["id"],
                                     tableName="production_report") == columns
        data = await demo_admin.data("GET", f"{SOURCES}/sourceData", sourceId=source["id"],
                                     tableName="production_report", current=1, size=2)
        assert data["total"] == 3 and len(data["records"]) == 2 and "scrap_qty" in data["columns"]
        assert isinstance(data["records"][0]["cycle_time_s"], float)

    async def test_a_metric_trips_and_clears_through_the_alarm_lifecycle(self, demo_admin, recipient, mes, unique):
        source = await add_source(demo_admin, mes)
        group = await demo_admin.data("POST", f"{TRACKING}/group/saveAndUpdate", json={
            "name": f"MES {unique}", "userIds": str(recipient.user_id), "notifyOn": "raise,clear,affirm"})
        metric = await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(source, unique,
                                                                                      groupId=group["id"]))
        assert metric["columns"] == ["scrap_qty", "reported_at", "line"]
        assert metric["rules"].startswith("production_report · SUM(scrap_qty) > 10")
        assert (await check(demo_admin, metric["id"]))[metric["id"]] == {
            "metricId": metric["id"], "name": metric["name"], "value": 3.0, "error": None, "open": False}

        await mes.execute("INSERT INTO production_report (line, product, good_qty, scrap_qty, cycle_time_s, "
                          "reported_at) VALUES ('L2', 'Gear housing GH-20', 30, 9, 44.0, %s)", ago(5))
        assert (await check(demo_admin, metric["id"]))[metric["id"]]["open"] is True
        assert (await check(demo_admin, metric["id"]))[metric["id"]]["value"] == 12.0  # a repeat: still one
        results = await demo_admin.data("GET", f"{TRACKING}/result/page", eventId=metric["id"])
        [record] = results["records"]
        assert record["eventName"] == metric["name"] and record["deviceName"] == source["name"]
        assert record["pointName"] == "production_report · SUM(scrap_qty)" and record["batch"] == 1
        assert record["removeStatus"] == "未解除" and record["peakValue"] == 12.0
        events = await demo_admin.data("GET", f"{TRACKING}/sourceevent", sourceId=source["id"])
        assert [r["id"] for r in events["records"]] == [record["id"]]
        bell = await recipient.data("GET", f"{BELL}/page", current=1, size=100)
        raised = [orjson.loads(r["content"]) for r in bell["records"] if r["alarmId"] == metric["id"]]
        assert [c["action"] for c in raised] == ["raise"] and raised[0]["deviceName"] == source["name"]
        detail = await recipient.data("GET", f"{TRACKING}/event/alarmRecord", eventId=metric["id"])
        assert detail["rules"].startswith("production_report · SUM(scrap_qty) > 10")

        # the group's user confirms it from the bell, as a data-point alarm
        confirmed = await recipient.post(f"{TRACKING}/result/alarmAffirm", json={
            "userName": "wangqiang", "password": md5("123456"), "affirmReason": "scrap bin emptied",
            "dataList": [record["id"]]})
        assert confirmed.json()["msg"] == "确认成功"

        await mes.execute("UPDATE production_report SET scrap_qty = 0 WHERE scrap_qty = 9")
        after = (await check(demo_admin, metric["id"]))[metric["id"]]
        assert after["open"] is False and after["value"] == 3.0
        [cleared] = (await demo_admin.data("GET", f"{TRACKING}/result/page", eventId=metric["id"]))["records"]
        assert cleared["removeStatus"] == "已解除" and cleared["affirmStatus"] == "已确认"
        trail = await demo_admin.data("GET", f"{TRACKING}/trail/page", eventId=metric["id"], size=10)
        assert sorted(t["action"] for t in trail["records"]) == ["acknowledged", "cleared", "raised"]
        bell = await recipient.data("GET", f"{BELL}/page", current=1, size=100, all=True)
        assert sorted(orjson.loads(r["content"])["action"] for r in bell["records"]
                      if r["alarmId"] == metric["id"]) == ["affirm", "clear", "raise"]
        census = await demo_admin.data("GET", f"{TRACKING}/sourcecensus", sourceId=source["id"])
        assert census["metrics"] == 1 and census["openAlarms"] == 0 and census["alarmsToday"] == 1

    async def test_a_repeating_metric_keeps_its_progress_over_a_restart(self, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes)
        metric = await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(
            source, unique, threshold=0, mode="REPEATING", repeatCount=3))
        assert [(await check(demo_admin, metric["id"]))[metric["id"]]["open"] for _ in range(2)] == [False, False]
        engine.reset()  # what a restart forgets: the progress is read back from alarm_rule_state
        assert (await check(demo_admin, metric["id"]))[metric["id"]]["open"] is True
        [record] = (await demo_admin.data("GET", f"{TRACKING}/result/page", eventId=metric["id"]))["records"]
        assert record["batch"] == 1

    async def test_a_source_that_cannot_be_read_raises_nothing_and_says_why(self, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes)
        metric = await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(source, unique, threshold=0))
        await demo_admin.data("POST", f"{SOURCES}/update", json={"id": source["id"], "password": "wrong"})
        result = (await check(demo_admin, metric["id"]))[metric["id"]]
        assert result["error"].startswith("数据源连接失败") and result["open"] is False
        detail = await demo_admin.data("GET", f"{METRICS}/detail", id=metric["id"])
        assert detail["lastError"] == result["error"] and detail["openCount"] == 0

    async def test_publish_census_timely_and_cancel(self, demo_admin, mes):
        source = await add_source(demo_admin, mes)
        published = await demo_admin.data("POST", f"{SOURCES}/publish/{source['id']}/production_report/reported_at")
        assert published["timeColumn"] == "reported_at"
        tables = await demo_admin.data("GET", f"{TRACKING}/relationdata/getTable/{source['id']}")
        assert [t["tableName"] for t in tables] == ["production_report"]
        census = await demo_admin.data("GET", f"{TRACKING}/sourcecensus", sourceId=source["id"])
        assert census["tables"][0]["rows"] >= 3 and census["tables"][0]["recentRows"] >= 3
        timely = await demo_admin.data("GET", f"{TRACKING}/sourcetimely", sourceId=source["id"])
        [row] = timely["tables"]
        assert row["late"] is False and 0 <= row["delaySeconds"] < timely["lateSeconds"]
        refused = await demo_admin.post(f"{SOURCES}/publish/{source['id']}/production_report/line")
        assert refused.json()["msg"] == "时间字段须为日期或时间类型: line"
        assert await demo_admin.data("POST", f"{SOURCES}/cancel/{source['id']}/production_report") is True
        again = await demo_admin.post(f"{SOURCES}/cancel/{source['id']}/production_report")
        assert again.json()["msg"] == "该表未发布: production_report"
        categories = await demo_admin.data("GET", f"{TRACKING}/relationdata/getAllCategory")
        assert source["id"] in [s["id"] for c in categories if c["system"] == "MES" for s in c["sources"]]


class TestPostgreSqlSource:
    async def test_latest_value_metric_and_read_only_session(self, demo_admin, qms, unique):
        source = await add_source(demo_admin, qms, system="QMS", name=f"QMS {unique}")
        assert await demo_admin.data("GET", f"{SOURCES}/tableInfo", sourceId=source["id"]) == [
            {"tableName": "inspection", "published": False, "timeColumn": None}]
        metric = await demo_admin.data("POST", f"{METRICS}/submit", json={
            "name": f"Defect rate {unique}", "sourceId": source["id"], "tableName": "inspection",
            "aggregate": "LATEST", "valueColumn": "defect_rate", "timeColumn": "inspected_at", "kind": "RANGE",
            "low": 0, "high": 1.0, "mode": "SIMPLE"})
        result = (await check(demo_admin, metric["id"]))[metric["id"]]
        assert result["value"] == 1.4 and result["open"] is True
        await qms.execute("INSERT INTO inspection (lot, defect_rate, inspected_at) VALUES ('LOT-3', 0.5, $1)",
                          ago(1))
        assert (await check(demo_admin, metric["id"]))[metric["id"]]["open"] is False
        data = await demo_admin.data("GET", f"{SOURCES}/sourceData", sourceId=source["id"], tableName="inspection")
        assert data["total"] == 3

    async def test_the_driver_connects_to_the_checked_address(self, app, demo_admin, qms, monkeypatch):
        """Issue 24 item 6: the name is resolved and checked once and the driver gets that address (it does not
        resolve the name again); a name rebound to a refused address gets no connection."""
        monkeypatch.setattr(app.state.runtime.settings, "outbound_allow", "127.0.0.1")
        dns = rebinding_dns(monkeypatch, "qms.rebind.test", ["127.0.0.1", "127.0.0.2"])
        form = qms.source(host="qms.rebind.test")
        assert (await demo_admin.data("POST", f"{SOURCES}/server", json=form))["tables"] == 1
        assert dns["lookups"] == 1
        refused = await demo_admin.post(f"{SOURCES}/server", json=form)
        assert refused.json()["msg"].startswith("不允许连接本机、内网或保留地址: qms.rebind.test")

    async def test_the_session_is_read_only(self, app, qms):
        from plantdesk.modules.alarm.tracking import remote

        target = remote.Target("postgresql", qms.host, qms.port, qms.name, qms.username, qms.password, DEMO_TENANT)
        with pytest.raises(Exception, match="read-only"):
            async with remote.connect(app.state.runtime.settings, target) as connection:
                await connection.exec_driver_sql("DELETE FROM inspection")


class TestRefusals:
    @pytest.mark.parametrize("table", ["no_such_table", "production_report; DROP TABLE production_report",
                                       "production_report` --", "information_schema.tables"])
    async def test_unknown_or_hostile_tables(self, demo_admin, mes, table, unique):
        source = await add_source(demo_admin, mes)
        for path in (f"{SOURCES}/tableColumnInfo", f"{SOURCES}/sourceData", f"{METRICS}/columns"):
            answer = await demo_admin.get(path, sourceId=source["id"], tableName=table)
            assert answer.json()["msg"] == f"数据表不存在: {table}", path
        refused = await demo_admin.post(f"{METRICS}/submit", json=scrap_metric(source, unique, tableName=table))
        assert refused.json()["msg"] == f"数据表不存在: {table}"
        assert (await demo_admin.data("GET", f"{SOURCES}/sourceData", sourceId=source["id"],
                                      tableName="production_report"))["total"] >= 3  # still there

    @pytest.mark.parametrize(("field", "column"), [
        ("valueColumn", "no_such_column"), ("valueColumn", "scrap_qty) FROM mysql.user -- "),
        ("timeColumn", "reported_at DESC; DROP TABLE production_report"), ("filters", "1=1 OR line")])
    async def test_unknown_or_hostile_columns(self, demo_admin, mes, unique, field, column):
        source = await add_source(demo_admin, mes)
        value = [{"column": column, "op": "eq", "value": "L2"}] if field == "filters" else column
        refused = await demo_admin.post(f"{METRICS}/submit", json=scrap_metric(source, unique, **{field: value}))
        assert refused.json()["msg"] == f"字段不存在: {column}"

    async def test_a_hostile_filter_value_is_only_a_value(self, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes)
        metric = await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(
            source, unique, aggregate="COUNT", filters=[{"column": "line", "op": "eq", "value": "L2' OR '1'='1"}]))
        assert (await check(demo_admin, metric["id"]))[metric["id"]]["value"] == 0.0

    async def test_condition_and_column_types(self, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes)
        for fields, message in [({"valueColumn": "line"}, "数值字段须为数字类型: line"),
                                ({"timeColumn": "good_qty"}, "时间字段须为日期或时间类型: good_qty"),
                                ({"threshold": None}, "请输入阈值"),
                                ({"kind": "NO_DATA"}, "指标不支持无数据规则"),
                                ({"filters": [{"column": "good_qty", "op": "gt", "value": "many"}]},
                                 "筛选值与字段类型不符: good_qty"),
                                ({"name": "  "}, "请输入指标名称")]:
            refused = await demo_admin.post(f"{METRICS}/submit", json=scrap_metric(source, unique, **fields))
            assert refused.json()["msg"] == message, fields

    @pytest.mark.parametrize("name", ["../plantdesk.db", "/etc/passwd", "a/b.db"])
    async def test_a_sqlite_source_is_a_file_of_the_data_dir_only(self, demo_admin, name):
        refused = await demo_admin.post(f"{SOURCES}/save", json={"name": "file", "system": "SCADA",
                                                                  "dbType": "sqlite", "database": name})
        assert refused.json()["msg"] == "SQLite 数据源只能是数据目录 tracking 下的文件名"

    async def test_loopback_is_refused_unless_allowed(self, demo_admin, settings):
        refused = await demo_admin.post(f"{SOURCES}/save", json={
            "name": "inside", "system": "OA", "dbType": "mysql", "host": "127.0.0.1", "port": 3307,
            "database": "oa", "username": "x", "password": "y"})
        assert refused.json()["msg"].startswith("不允许连接本机、内网或保留地址: 127.0.0.1")

    async def test_a_source_with_metrics_cannot_be_deleted(self, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes)
        metric = await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(source, unique))
        refused = await demo_admin.post(f"{SOURCES}/delete/{source['id']}")
        assert refused.json()["msg"] == "该数据源下还有指标,请先删除指标"
        assert await demo_admin.data("POST", f"{METRICS}/remove", ids=metric["id"]) is True
        assert await demo_admin.data("POST", f"{SOURCES}/delete/{source['id']}") is True
        assert source["id"] not in [c["id"] for c in (await demo_admin.data("GET", f"{SOURCES}/tree"))[0]["children"]]


    async def test_a_group_a_metric_uses_cannot_be_removed(self, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes)
        group = await demo_admin.data("POST", f"{TRACKING}/group/saveAndUpdate", json={"name": f"MES {unique}"})
        await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(source, unique, groupId=group["id"]))
        refused = await demo_admin.post(f"{TRACKING}/group/removeByIds", ids=group["id"])
        assert refused.json()["msg"] == "该分组正被告警事件使用"


class TestCredentials:
    async def test_the_password_is_sealed_and_never_sent_back(self, app, demo_admin, mes):
        source = await add_source(demo_admin, mes)
        assert source["passwordSet"] is True and "password" not in source
        async with session(app, demo_admin.tenant_id) as db:
            stored = (await db.execute(select(AlarmSource.password).where(AlarmSource.id == int(source["id"])))
                      ).scalar_one()
        assert mes.password not in stored
        assert secrets.unseal(app.state.runtime.settings, service.PASSWORD, stored) == mes.password
        for path, params in [(f"{SOURCES}/tree", {}), (f"{TRACKING}/relationdata/getAllCategory", {})]:
            assert mes.password not in (await demo_admin.get(path, **params)).text
        export = await demo_admin.get(f"{SOURCES}/export")
        assert mes.password.encode() not in export.content
        # a blank password keeps the stored one: the source still connects
        await demo_admin.data("POST", f"{SOURCES}/update", json={"id": source["id"], "password": "", "remark": "x"})
        assert (await demo_admin.data("POST", f"{SOURCES}/server", json={"id": source["id"]}))["tables"] == 1

    async def test_the_connection_test_of_an_unsaved_form(self, demo_admin, mes):
        found = await demo_admin.data("POST", f"{SOURCES}/server", json=mes.source())
        assert found["database"] == mes.name
        refused = await demo_admin.post(f"{SOURCES}/server", json=mes.source(password="wrong"))
        assert refused.json()["msg"].startswith("数据源连接失败")
        assert "wrong" not in refused.json()["msg"]


class TestExport:
    async def test_the_sources_as_a_workbook(self, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes, name=f"Export {unique}", remark="line 2")
        await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(source, unique))
        response = await demo_admin.get(f"{SOURCES}/export")
        assert response.status_code == 200
        assert "filename*=UTF-8''" in response.headers["content-disposition"]
        sheet = load_workbook(io.BytesIO(response.content)).active
        rows = [[c.value for c in row] for row in sheet.iter_rows()]
        assert rows[0] == ["系统", "数据源名称", "数据库类型", "主机", "端口", "数据库", "用户名", "发布表数", "指标数",
                           "备注"]
        mine = next(r for r in rows if r[1] == f"Export {unique}")
        assert mine[0] == "MES" and mine[2] == "mysql" and mine[5] == mes.name and mine[8] == 1
        assert mine[9] == "line 2"


class TestSchedule:
    @pytest.mark.parametrize(("job", "seconds"), [(JOB, 10), (engine.SWEEP_JOB, 5), ("alarm.mail", 10)])
    def test_the_alarm_jobs_run_every_few_seconds(self, app, job, seconds):
        from croniter import croniter

        from plantdesk.core import jobs

        ticks = croniter(jobs.declared()[job].cron, 1_800_000_000)
        assert [ticks.get_next(float) - 1_800_000_000 for _ in range(3)] == [seconds, 2 * seconds, 3 * seconds]

    async def test_the_job_checks_a_due_tenant_and_skips_a_disabled_one(self, app, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes)
        metric = await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(source, unique))
        await demo_admin.data("POST", f"{TRACKING}/timelydetect/submit", json={"enabled": 0})
        assert await demo_admin.data("GET", f"{TRACKING}/timelydetect/isEnabled") is False
        await app.state.runtime.jobs.run(JOB)
        assert (await demo_admin.data("GET", f"{METRICS}/detail", id=metric["id"]))["lastCheckTime"] is None
        detail = await demo_admin.data("POST", f"{TRACKING}/timelydetect/submit",
                                       json={"enabled": 1, "intervalSeconds": 30})
        assert detail["intervalSeconds"] == 30
        async with session(app, demo_admin.tenant_id) as db:  # due now
            row = (await db.execute(select(AlarmTimely))).scalar_one()
            row.last_run = None
            await db.commit()
        await app.state.runtime.jobs.run(JOB)
        checked = await demo_admin.data("GET", f"{METRICS}/detail", id=metric["id"])
        assert checked["lastCheckTime"] is not None and checked["lastValue"] is not None
        refused = await demo_admin.post(f"{TRACKING}/timelydetect/submit", json={"intervalSeconds": 1})
        assert refused.status_code == 400

    async def test_two_runs_that_find_no_settings_row_leave_one(self, app, monkeypatch, unique):
        """Two workers' runs of the job in a tenant that has no timely row yet: both add one, the second add loses
        quietly (once, two rows made every later run fail with MultipleResultsFound)."""
        tenant = f"t{unique}"
        async with session(app, tenant) as db:
            db.add(AlarmMetric(name="scrap", source_id=0, table_name="scrap"))

        async def the_other_run_adds_the_row(db, settings):
            async with session(app, tenant) as other:
                other.add(AlarmTimely(enabled=1, interval_seconds=60, late_seconds=600))
            return []

        monkeypatch.setattr(service, "check", the_other_run_adds_the_row)
        async with session(app, tenant) as db:
            assert await service.run_due(db) is True
        async with session(app, tenant) as db:
            assert len((await db.execute(select(AlarmTimely))).scalars().all()) == 1

    async def test_a_tenant_that_turned_alarms_off_raises_nothing(self, demo_admin, mes, unique):
        source = await add_source(demo_admin, mes)
        metric = await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(source, unique, threshold=0))
        await demo_admin.data("POST", f"{TRACKING}/status/update", json={"enabled": 0})
        try:
            assert (await check(demo_admin, metric["id"]))[metric["id"]]["open"] is False
        finally:
            await demo_admin.data("POST", f"{TRACKING}/status/update", json={"enabled": 1})
            engine.invalidate()


class TestIsolation:
    async def test_another_tenant_sees_and_touches_nothing(self, demo_admin, second_tenant_admin, mes,  # noqa: F811
                                                           unique):
        other = second_tenant_admin
        source = await add_source(demo_admin, mes, name=f"Isolated {unique}")
        metric = await demo_admin.data("POST", f"{METRICS}/submit", json=scrap_metric(source, unique, threshold=0))
        await demo_admin.data("POST", f"{SOURCES}/publish/{source['id']}/production_report/reported_at")
        await check(demo_admin, metric["id"])
        sid, mid = source["id"], metric["id"]
        not_found = [
            ("POST", f"{SOURCES}/update", {"json": {"id": sid, "name": "taken"}}),
            ("POST", f"{SOURCES}/delete/{sid}", {}),
            ("POST", f"{SOURCES}/server", {"json": {"id": sid}}),
            ("GET", f"{SOURCES}/tableInfo", {"sourceId": sid}),
            ("GET", f"{SOURCES}/tableColumnInfo", {"sourceId": sid, "tableName": "production_report"}),
            ("GET", f"{SOURCES}/sourceData", {"sourceId": sid, "tableName": "production_report"}),
            ("POST", f"{SOURCES}/publish/{sid}/production_report/reported_at", {}),
            ("POST", f"{SOURCES}/cancel/{sid}/production_report", {}),
            ("GET", f"{METRICS}/tables", {"sourceId": sid}),
            ("GET", f"{METRICS}/columns", {"sourceId": sid, "tableName": "production_report"}),
            ("GET", f"{METRICS}/detail", {"id": mid}),
            ("POST", f"{METRICS}/submit", {"json": scrap_metric(source, unique) | {"id": mid}}),
            ("POST", f"{METRICS}/submit", {"json": scrap_metric(source, unique)}),
            ("GET", f"{TRACKING}/relationdata/getTable/{sid}", {}),
            ("GET", f"{TRACKING}/sourcecensus", {"sourceId": sid}),
            ("GET", f"{TRACKING}/sourcetimely", {"sourceId": sid}),
        ]
        for method, path, params in not_found:
            body = params.pop("json", None)
            response = await (other.get(path, **params) if method == "GET" else other.post(path, body, **params))
            assert response.status_code == 404 or response.json()["msg"] == "数据不存在", (path, response.text)
        assert (await other.data("GET", f"{TRACKING}/sourceevent", sourceId=sid))["total"] == 0
        assert (await demo_admin.data("GET", f"{TRACKING}/sourceevent", sourceId=sid))["total"] == 1
        assert await other.data("POST", f"{METRICS}/remove", ids=mid) is True  # names nothing of its own
        assert sid not in (await other.get(f"{SOURCES}/tree")).text
        assert f"Isolated {unique}".encode() not in (await other.get(f"{SOURCES}/export")).content
        assert mid not in (await other.get(f"{METRICS}/list", size=200)).text
        assert mid not in (await other.get(f"{METRICS}/search", name=unique)).text
        assert sid not in (await other.get(f"{TRACKING}/relationdata/getAllCategory")).text
        assert mid not in (await other.post(f"{TRACKING}/timelydetect/check")).text
        await other.data("POST", f"{TRACKING}/timelydetect/submit", json={"enabled": 0, "lateSeconds": 60})
        assert await demo_admin.data("GET", f"{TRACKING}/timelydetect/isEnabled") is True
        # the demo's rows are as they were
        assert (await demo_admin.data("GET", f"{METRICS}/detail", id=mid))["name"] == metric["name"]
        assert (await demo_admin.data("GET", f"{TRACKING}/relationdata/getTable/{sid}"))[0]["tableName"] == \
            "production_report"
        assert mid in [m["id"] for m in await demo_admin.data("GET", f"{METRICS}/search", name=unique)]


class TestDemo:
    async def test_without_mariadb_the_mes_is_a_sqlite_file_and_its_metrics_read_it(self, settings, demo_admin,
                                                                                    monkeypatch):
        from plantdesk.demo import mes

        monkeypatch.setattr(mes, "MES_URL", "mysql://plantdesk_mes:plantdesk_mes@127.0.0.1:9/plantdesk_mes")
        writer = await mes.start(settings)
        assert writer is not None
        for tick in range(1_800_000_000, 1_800_000_030, 10):
            await writer.step(tick)
        from plantdesk.modules.alarm.tracking import remote

        with sqlite3.connect(remote.sqlite_path(settings, mes.TENANT, mes.SQLITE_FILE)) as written:  # by the driver
            assert written.execute("SELECT count(*), min(reported_at) FROM production_report WHERE reported_at >= ?",
                                   (f"{datetime.fromtimestamp(1_800_000_000):%Y-%m-%d %H:%M:%S}",)).fetchone() == (
                9, f"{datetime.fromtimestamp(1_800_000_000):%Y-%m-%d %H:%M:%S}.000000")
        tree = await demo_admin.data("GET", f"{SOURCES}/tree")
        [source] = [c["source"] for c in tree[0]["children"] if c["name"] == mes.SOURCE_NAME]
        assert source["dbType"] == "sqlite" and source["database"] == "mes.db"
        tables = await demo_admin.data("GET", f"{TRACKING}/relationdata/getTable/{source['id']}")
        assert sorted(t["tableName"] for t in tables) == ["equipment_downtime", "production_report", "work_order"]
        metrics = (await demo_admin.data("GET", f"{METRICS}/list", sourceId=source["id"]))["records"]
        results = await check(demo_admin, *[m["id"] for m in metrics])
        assert len(results) == 2 and all(r["error"] is None and r["value"] is not None for r in results.values())
        assert await mes.start(settings) is not None  # a second start finds the source and adds none
        tree = await demo_admin.data("GET", f"{SOURCES}/tree")
        assert [c["name"] for c in tree[0]["children"]].count(mes.SOURCE_NAME) == 1

    async def test_another_tenant_naming_the_demo_file_reads_nothing_of_it(self, settings, demo_admin,
                                                                           second_tenant_admin, unique):  # noqa: F811
        """Issue 24 item 1: SQLite file names resolve in the naming tenant's own folder, so a second tenant that
        names the demo's `mes.db` finds no file, through the connection test, tableInfo and sourceData."""
        from plantdesk.demo import mes

        _, engine = await mes._open(settings, "sqlite")  # the demo's MES file, where the demo makes it
        await engine.dispose()
        other = second_tenant_admin
        missing = "数据源连接失败: 文件不存在"
        form = {"name": f"Borrowed {unique}", "system": "MES", "dbType": "sqlite", "database": mes.SQLITE_FILE}
        assert (await other.post(f"{SOURCES}/server", form)).json()["msg"] == missing
        source = await other.data("POST", f"{SOURCES}/save", json=form)
        for path, params in [(f"{SOURCES}/tableInfo", {}), (f"{SOURCES}/sourceData", {"tableName": "work_order"}),
                             (f"{SOURCES}/server", None)]:
            response = await (other.post(path, {"id": source["id"]}) if params is None
                              else other.get(path, sourceId=source["id"], **params))
            assert response.json()["msg"] == missing, path
        mine = await demo_admin.data("POST", f"{SOURCES}/server", json=form)
        assert mine["database"] == mes.SQLITE_FILE and mine["tables"] == 3

    async def test_the_demo_file_of_an_earlier_install_moves_to_the_demo_tenants_folder(self, tmp_path):
        from plantdesk.config import Settings
        from plantdesk.demo import mes
        from plantdesk.modules.alarm.tracking import remote

        settings = Settings(data_dir=tmp_path, database_url="")
        shared = tmp_path / remote.SQLITE_DIR / mes.SQLITE_FILE
        shared.parent.mkdir()
        shared.write_bytes(b"")
        _, engine = await mes._open(settings, "sqlite")
        await engine.dispose()
        assert not shared.exists() and remote.sqlite_path(settings, mes.TENANT, mes.SQLITE_FILE).is_file()
