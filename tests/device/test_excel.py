"""Excel export and import of devices, data points and models: the import runs as a job with progress, keeps
the good rows, writes nothing of a rejected one, and lists each rejected row with its reason; an import whose
worker process is killed resumes in another, or says it failed and which rows it wrote."""

import asyncio
import dataclasses
import io
import os
import signal
import sys
import time
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from sqlalchemy import delete, func, select

from plantdesk.core import jobs, tenancy
from plantdesk.modules.device import io as device_io
from plantdesk.modules.device.models import Device, ImportErrorRow, ImportLog
from tests.conftest import DEMO_TENANT
from tests.device.test_router import API, make_model
from tests.device.wording import in_english
from tests.helpers import Api

PG_URL = os.environ.get("PLANTDESK_TEST_DATABASE_URL", "")


def xlsx(header: list[str], rows: list[list]) -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def read(content: bytes) -> list[dict]:
    sheet = load_workbook(io.BytesIO(content)).worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=False)) for row in rows[1:]]


async def upload(api: Api, path: str, content: bytes, name: str = "import.xlsx") -> dict:
    response = await api.http.post(API + path, headers=api.headers, files={"file": (name, content)})
    body = response.json()
    assert response.status_code == 200 and body["success"], body
    return body["data"]


async def finished(api: Api, import_id: str) -> dict:
    for _ in range(200):
        entry = await api.data("GET", f"{API}/import-log/detail", id=import_id)
        if entry["state"] in (2, 3):
            return entry
        await asyncio.sleep(0.05)
    raise AssertionError(f"import {import_id} did not finish: {entry}")


async def errors(api: Api, import_id: str) -> list[dict]:
    return (await api.data("GET", f"{API}/import-log/err-page/{import_id}", size=100))["records"]


class TestDeviceImport:
    async def test_bad_rows_are_listed_and_nothing_of_them_is_written(self, demo_admin, unique):
        model = await make_model(demo_admin, unique)
        content = xlsx(["code", "name", "modelCode", "deptName", "installDate"], [
            [f"A-{unique}", "Pump A", model["code"], None, "2024-01-02"],
            [f"B-{unique}", "Pump B", "NO-SUCH-MODEL", None, None],
            [f"C-{unique}", "", model["code"], None, None],
            [f"D-{unique}", "Pump D", model["code"], "没有这个部门", None],
            [f"E-{unique}", "Pump E", None, None, "not a date"],
            [f"A-{unique}", "Pump A again", model["code"], None, None],
            [f"F-{unique}", "Pump F", model["code"], None, None],
        ])
        started = await upload(demo_admin, "/device/import-device", content, f"devices-{unique}.xlsx")
        assert started["state"] == 0 and started["progress"] == 0
        entry = await finished(demo_admin, started["id"])
        assert (entry["state"], entry["progress"], entry["total"]) == (2, 100, 7)
        assert (entry["successCount"], entry["failCount"]) == (2, 5)

        rejected = await errors(demo_admin, started["id"])
        assert [r["rowNo"] for r in rejected] == [3, 4, 5, 6, 7]
        reasons = [r["reason"] for r in rejected]
        assert "NO-SUCH-MODEL" in reasons[0] and "name" in reasons[1] and "没有这个部门" in reasons[2]
        assert "安装日期" in reasons[3] and "not a date" in reasons[3] and "重复" in reasons[4]
        assert f"B-{unique}" in rejected[0]["content"]

        devices = await demo_admin.data("GET", f"{API}/device/list", code=unique, size=100)
        assert sorted(d["code"] for d in devices["records"]) == [f"A-{unique}", f"F-{unique}"]
        assert all(d["pointCount"] == 2 for d in devices["records"])  # the good rows got their model's points
        points = await demo_admin.data("GET", f"{API}/datapoints/list", keyword=unique, size=100)
        assert {p["deviceCode"] for p in points["records"]} == {f"A-{unique}", f"F-{unique}"}

        logs = await demo_admin.data("GET", f"{API}/import-log/search", keyword=f"devices-{unique}")
        assert [r["id"] for r in logs["records"]] == [started["id"]]
        download = await demo_admin.get(f"{API}/import-log/download", fileUrl=entry["fileUrl"])
        assert download.content == content
        sheet = await demo_admin.get(f"{API}/import-log/err-export/{started['id']}")
        assert [r["行号 Row"] for r in read(sheet.content)] == [3, 4, 5, 6, 7]

    async def test_export_round_trip(self, demo_admin, unique):
        model = await make_model(demo_admin, unique)
        device = await demo_admin.data("POST", f"{API}/device/save", {
            "code": f"RT-{unique}", "name": "Round trip", "modelId": model["id"], "line": "Line 1",
            "installDate": "2023-03-04"})
        exported = await demo_admin.get(f"{API}/device/export-device", ids=device["id"])
        rows = read(exported.content)
        assert rows[0]["设备编码 Device code"] == f"RT-{unique}" and rows[0]["模型编码 Model code"] == model["code"]
        # change the name in the file and import it back: the device is updated, nothing is duplicated
        book = load_workbook(io.BytesIO(exported.content))
        book.worksheets[0].cell(row=2, column=2, value="Round trip v2")
        out = io.BytesIO()
        book.save(out)
        entry = await finished(demo_admin, (await upload(demo_admin, "/device/import-device", out.getvalue()))["id"])
        assert (entry["successCount"], entry["failCount"]) == (1, 0)
        after = await demo_admin.data("GET", f"{API}/device/list", code=f"RT-{unique}")
        assert [(d["id"], d["name"], d["line"], d["installDate"]) for d in after["records"]] == [
            (device["id"], "Round trip v2", "Line 1", "2023-03-04")]
        assert after["records"][0]["pointCount"] == 2  # no second copy of the model's points

    async def test_not_an_xlsx_is_refused_at_once(self, demo_admin):
        response = await demo_admin.http.post(f"{API}/device/import-device", headers=demo_admin.headers,
                                              files={"file": ("x.xlsx", b"hello")})
        assert response.json()["success"] is False


class TestPointImport:
    async def test_upsert_by_device_and_code_with_bad_rows(self, demo_admin, unique):
        group = await demo_admin.data("POST", f"{API}/datapoints-collects/submit",
                                      {"code": f"G-{unique}", "name": "Slow", "periodMs": 5000})
        device = await demo_admin.data("POST", f"{API}/device/save", {"code": f"PT-{unique}", "name": "Tank"})
        await demo_admin.data("POST", f"{API}/datapoints/save",
                              {"deviceId": device["id"], "code": "LEVEL", "name": "Level", "unit": "%"})
        export = await demo_admin.get(f"{API}/datapoints/export-datapoints", deviceId=device["id"])
        header = list(read(export.content)[0].keys())
        content = xlsx(header, [
            [f"PT-{unique}", "LEVEL", "Level (radar)", "m", "float", 1, 0, 0, 12, "40010", f"G-{unique}", 0.01, 1,
             None, None],
            [f"PT-{unique}", "TEMP", "Temperature", "°C", "float", 0.1, 0, -20, 120, "40011", None, 0.2, 1, None, None],
            ["D" * 65, "X", "X", None, None, None, None, None, None, None, None, None, None, None, None],
            [f"PT-{unique}", "BAD", "Bad range", None, "float", None, None, 10, 1, None, None, None, None, None, None],
            [f"PT-{unique}", "TYPE", "Bad type", None, "complex", None, None, None, None, None, None, None, None, None,
             None],
            [f"PT-{unique}", "GRP", "Unknown group", None, None, None, None, None, None, None, "NOPE", None, None, None,
             None],
        ])
        started = await upload(demo_admin, "/datapoints/import-datapoints", content)
        entry = await finished(demo_admin, started["id"])
        assert (entry["successCount"], entry["failCount"]) == (2, 4)
        assert [r["rowNo"] for r in await errors(demo_admin, started["id"])] == [4, 5, 6, 7]
        status = await demo_admin.data("GET", f"{API}/oplog/import-datapoint-status")
        assert status["id"] == started["id"] and status["progress"] == 100
        points = await demo_admin.data("GET", f"{API}/datapoints/list", deviceId=device["id"])
        by_code = {p["code"]: p for p in points["records"]}
        assert sorted(by_code) == ["LEVEL", "TEMP"]
        assert (by_code["LEVEL"]["unit"], by_code["LEVEL"]["rangeMax"], by_code["LEVEL"]["collectGroupId"]) == (
            "m", 12, group["id"])
        assert by_code["TEMP"]["scale"] == 0.1


class TestPlantSheets:
    """Sheets as plants make them: the header found where it is (English-only here, under a title and notes), extra
    columns ignored, dates in the forms spreadsheets hold them, every refusal worded for the user."""

    async def test_english_headers_below_a_title_and_every_date_form(self, demo_admin, unique):
        from datetime import datetime

        book = Workbook()
        sheet = book.active
        sheet.append(["Site equipment list"])
        sheet.append(["exported 2026-11-27 by the maintenance office"])
        sheet.append(["Device code", "Notes", "Device Name", "Install date", "SERIAL NO."])
        sheet.append([f"D1-{unique}", "x", "With time", datetime(2024, 3, 5, 8, 30), "S1"])
        sheet.append([f"D2-{unique}", None, "Slashes", "2024/3/6", None])
        sheet.append([f"D3-{unique}", None, "Slashes and time", "2024/03/07 14:05", None])
        sheet.append([f"D4-{unique}", None, "Serial", 45291, None])  # a date the sheet did not format
        sheet.append([f"D5-{unique}", None, "Chinese", "2024年3月9日", None])
        sheet.append([f"D6-{unique}", None, "Nonsense", "next spring", None])
        out = io.BytesIO()
        book.save(out)
        entry = await finished(demo_admin, (await upload(demo_admin, "/device/import-device", out.getvalue()))["id"])
        assert (entry["successCount"], entry["failCount"]) == (5, 1)
        [bad] = await errors(demo_admin, entry["id"])
        assert bad["rowNo"] == 9  # the sheet's own row number, below the title rows
        assert bad["reason"] == "安装日期 Install date: 日期格式错误: next spring (yyyy-mm-dd 或 yyyy/mm/dd)"
        found = await demo_admin.data("GET", f"{API}/device/list", code=unique, size=100)
        assert {d["code"]: d["installDate"] for d in found["records"]} == {
            f"D1-{unique}": "2024-03-05", f"D2-{unique}": "2024-03-06", f"D3-{unique}": "2024-03-07",
            f"D4-{unique}": "2023-12-31", f"D5-{unique}": "2024-03-09"}
        assert {d["code"]: d["serialNo"] for d in found["records"]}[f"D1-{unique}"] == "S1"

    async def test_a_header_not_recognised_names_the_column(self, demo_admin, unique):
        content = xlsx(["Dev Code", "Point code", "Point name"], [[f"X-{unique}", "T", "Temp"]])
        entry = await finished(demo_admin, (await upload(demo_admin, "/datapoints/import-datapoints", content))["id"])
        assert entry["state"] == 3
        assert entry["message"] == "未识别表头: 第 1 行缺少列 设备编码 Device code; 未识别的列: A 'Dev Code'"
        assert in_english(entry["message"]) == (
            "header not recognised: row 1 lacks the columns Device code; columns not recognised: A 'Dev Code'")
        nothing = xlsx(["foo", "bar"], [[1, 2]])
        entry = await finished(demo_admin, (await upload(demo_admin, "/device/import-device", nothing))["id"])
        assert entry["message"] == ("未识别表头: 前 10 行中没有模板的列 (设备编码 Device code, 设备名称 Device name, "
                                    "模型编码 Model code)")

    async def test_refusals_name_the_column_in_words(self, demo_admin, unique):
        await demo_admin.data("POST", f"{API}/device/save", {"code": f"W-{unique}", "name": "Tank"})
        content = xlsx(["设备编码", "点位编码", "点位名称", "系数", "数据源", "单位"], [
            [f"W-{unique}", "A", "A", "abc", None, None],
            [f"W-{unique}", "B", "B", None, "NO-SOURCE", None],
            [f"W-{unique}", "C", "C", None, None, "x" * 40],
            [f"W-{unique}", "D", None, None, None, None],
            [None, "E", "E", None, None, None],
        ])
        entry = await finished(demo_admin, (await upload(demo_admin, "/datapoints/import-datapoints", content))["id"])
        assert [r["reason"] for r in await errors(demo_admin, entry["id"])] == [
            "系数 Scale: 须为数字: abc", "数据源不存在: NO-SOURCE", "单位 Unit: 最多 32 个字符",
            "点位名称 Point name: 必填", "设备编码 Device code: 必填"]
        assert [in_english(r["reason"]) for r in await errors(demo_admin, entry["id"])] == [
            "Scale: not a number: abc", "no such source: NO-SOURCE", "Unit: at most 32 characters",
            "Point name: required", "Device code: required"]

    async def test_the_rejected_rows_sheet_is_in_the_users_language(self, demo_admin, unique):
        """The sheet's reasons in English for a request that prefers it (the console sends its language); the
        stored reasons, and a request without a language, keep the server's Chinese."""
        content = xlsx(["设备编码", "点位编码", "点位名称", "系数"], [
            [f"W-{unique}", "A", "A", "abc"],
            [None, "E", "E", None],
            [f"W-{unique}", "G", "G", None],
            [f"W-{unique}", "G", "G", None],
        ])
        entry = await finished(demo_admin, (await upload(demo_admin, "/datapoints/import-datapoints", content))["id"])
        path = f"{API}/import-log/err-export/{entry['id']}"
        chinese = ["系数 Scale: 须为数字: abc", "设备编码 Device code: 必填", "文件中重复的行"]
        assert [r["原因 Reason"] for r in read((await demo_admin.get(path)).content)] == chinese
        english = await demo_admin.http.get(path, headers={**demo_admin.headers,
                                                           "Accept-Language": "en-US,en;q=0.9,zh-CN;q=0.8"})
        assert [r["原因 Reason"] for r in read(english.content)] == [
            "Scale: not a number: abc", "Device code: required", "a row repeated in the file"]
        chosen = await demo_admin.http.get(path, headers={**demo_admin.headers, "Accept-Language": "zh-CN"})
        assert [r["原因 Reason"] for r in read(chosen.content)] == chinese
        assert [r["reason"] for r in await errors(demo_admin, entry["id"])] == chinese


class TestModelImport:
    async def test_models_with_points_round_trip(self, demo_admin, unique):
        model = await make_model(demo_admin, unique)
        exported = await demo_admin.get(f"{API}/device-model-lib/export-model", ids=model["id"])
        rows = read(exported.content)
        assert len(rows) == 2 and rows[0]["部件编码 Component code"] == "MOTOR"
        book = load_workbook(io.BytesIO(exported.content))
        sheet = book.worksheets[0]
        for row in range(2, sheet.max_row + 1):
            sheet.cell(row=row, column=1, value=f"NEW-{unique}")
        sheet.append([f"BAD-{unique}", "Bad", None, None, None, None, "P9", "P9", None, "nope"])
        out = io.BytesIO()
        book.save(out)
        entry = await finished(demo_admin, (await upload(demo_admin, "/device-model-lib/import-model",
                                                         out.getvalue()))["id"])
        assert (entry["successCount"], entry["failCount"]) == (2, 1)
        found = await demo_admin.data("GET", f"{API}/device-model-lib/search", keyword=unique)
        codes = {m["code"]: m for m in found}
        assert f"BAD-{unique}" not in codes  # the rejected row made no model
        assert codes[f"NEW-{unique}"]["pointCount"] == 2 and codes[f"NEW-{unique}"]["componentCount"] == 1


class TestImportFaults:
    async def test_a_fault_stops_the_import_and_says_so(self, demo_admin, unique, monkeypatch):
        async def broken(self, row):
            raise RuntimeError("database went away")

        monkeypatch.setattr(device_io._Importer, "_device", broken)
        started = await upload(demo_admin, "/device/import-device",
                               xlsx(["code", "name"], [[f"F-{unique}", "Faulty"]]))
        entry = await finished(demo_admin, started["id"])
        assert entry["state"] == 3 and entry["message"]
        found = await demo_admin.data("GET", f"{API}/device/list", code=f"F-{unique}")
        assert found["total"] == 0

    async def test_many_rows_finish_with_full_counts(self, demo_admin, unique):
        rows = [[f"M{n:03d}-{unique}", f"Device {n}"] for n in range(120)] + [["", "no code"]]
        started = await upload(demo_admin, "/device/import-device", xlsx(["code", "name"], rows))
        entry = await finished(demo_admin, started["id"])
        assert (entry["total"], entry["successCount"], entry["failCount"], entry["progress"]) == (121, 120, 1, 100)


HEARTBEAT = 1.0


async def start_worker(log: Path) -> asyncio.subprocess.Process:
    """`python -m plantdesk worker` on the test's PostgreSQL database, in the queue mode, heartbeat every second."""
    env = {**os.environ, "PLANTDESK_DATABASE_URL": PG_URL, "PLANTDESK_JOBS": "queue", "PLANTDESK_REDIS_URL": "",
           "PLANTDESK_JOBS_HEARTBEAT_SECONDS": str(HEARTBEAT), "PLANTDESK_DATA_DIR": str(log.parent)}
    with log.open("ab") as out:
        return await asyncio.create_subprocess_exec(sys.executable, "-m", "plantdesk", "worker", "--concurrency", "1",
                                                    env=env, stdout=out, stderr=out,
                                                    cwd=Path(__file__).resolve().parents[2])


async def stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGKILL)
        await process.wait()


async def read_log(app, import_id: int) -> ImportLog:
    async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
        entry = await db.get(ImportLog, import_id)
        assert entry is not None
        db.expunge(entry)
        return entry


async def until_log(app, import_id: int, done, *, deadline: float, what: str) -> ImportLog:
    stop_at = time.monotonic() + deadline
    while not done(entry := await read_log(app, import_id)):
        if time.monotonic() > stop_at:
            raise AssertionError(f"not within {deadline} s: {what} ({entry.state}, {entry.success_count}, "
                                 f"{entry.fail_count})")
        await asyncio.sleep(0.05)
    return entry


@pytest.mark.skipif(not PG_URL, reason="worker processes need the queue mode (PostgreSQL)")
class TestKilledWorker:
    """kill -9 the worker process in the middle of a 1,000-row device import: the import never stays running; it
    resumes in the next worker after the rows the log says are written, or (retries spent) it fails saying so."""

    ROWS = 1000

    @pytest.fixture(autouse=True)
    async def forget_devices(self, app, unique):
        """A thousand devices in the shared demo tenant would crowd the lists later tests read a page of."""
        yield
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            await db.execute(delete(Device).where(Device.code.like(f"K%-{unique}")))

    @pytest.fixture
    async def queue(self, app):
        await jobs.apply_queue_schema(PG_URL)
        runner = jobs.Jobs(app.state.runtime.unit_of_work_in, mode="queue", database_url=PG_URL)
        await runner.engine.open_async()
        yield runner
        await runner.engine.close_async()

    async def killed_mid_import(self, app, queue, unique, log: Path) -> tuple[int, int, ImportLog]:
        """An import with a bad row 3 and a duplicate of row 2 near the end; its worker killed after 100 rows."""
        rows = [[f"K{n:04d}-{unique}", f"Device {n}"] for n in range(self.ROWS)]
        rows[1] = ["", "no code"]
        rows[-2] = list(rows[0])
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            entry = ImportLog(type="device", file_name=f"killed-{unique}.xlsx", file_url=f"killed-{unique}",
                              content=xlsx(["code", "name"], rows), state=device_io.QUEUED)
            db.add(entry)
            await db.flush()
            import_id = entry.id
        job_id = await queue.defer(device_io.JOB, tenant_id=DEMO_TENANT, import_id=str(import_id))
        worker = await start_worker(log)
        try:
            await until_log(app, import_id, lambda e: e.success_count + e.fail_count >= 100, deadline=120,
                            what="the first rows imported")
        finally:
            await stop(worker)
        killed = await read_log(app, import_id)
        assert killed.state == device_io.RUNNING and killed.success_count + killed.fail_count < self.ROWS
        return import_id, job_id, killed

    async def devices(self, app, unique) -> int:
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            return await db.scalar(select(func.count()).select_from(Device).where(
                Device.code.like(f"K%-{unique}"))) or 0

    async def rejected(self, app, import_id: int) -> list[tuple[int, str]]:
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            return list((await db.execute(select(ImportErrorRow.row_no, ImportErrorRow.reason).where(
                ImportErrorRow.import_id == import_id).order_by(ImportErrorRow.row_no))).all())

    async def test_it_resumes_in_the_next_worker(self, app, queue, unique, tmp_path):
        import_id, _, killed = await self.killed_mid_import(app, queue, unique, tmp_path / "worker.log")
        # what the log says is written is what is written: the rows processed, less the rejected row 3
        assert await self.devices(app, unique) == killed.success_count
        worker = await start_worker(tmp_path / "worker.log")
        try:
            done = await until_log(app, import_id, lambda e: e.state != device_io.RUNNING, deadline=300,
                                   what="the import ended")
        finally:
            await stop(worker)
        assert (done.state, done.total, done.success_count, done.fail_count) == (device_io.DONE, self.ROWS,
                                                                                self.ROWS - 2, 2)
        assert await self.devices(app, unique) == self.ROWS - 2
        # resumed, not restarted: row 3 rejected once; the duplicate of a row written before the kill still caught
        assert await self.rejected(app, import_id) == [(3, "设备编码 Device code: 必填"), (self.ROWS, "文件中重复的行")]

    async def test_retries_spent_it_fails_saying_which_rows_are_in(self, app, queue, unique, tmp_path):
        import_id, job_id, killed = await self.killed_mid_import(app, queue, unique, tmp_path / "worker.log")
        await queue.engine.connector.execute_query_async(
            "UPDATE procrastinate_jobs SET attempts = %(spent)s WHERE id = %(job)s", spent=jobs.RETRIES, job=job_id)
        started = time.monotonic()
        worker = await start_worker(tmp_path / "worker.log")
        try:
            failed = await until_log(app, import_id, lambda e: e.state != device_io.RUNNING, deadline=120,
                                     what="the import given up on")
        finally:
            await stop(worker)
        assert time.monotonic() - started < 60
        done = killed.success_count + killed.fail_count
        assert failed.state == device_io.FAILED and failed.finish_time is not None
        assert failed.message == (f"{jobs.ABANDONED}: 第 2-{done + 1} 行已处理 ({killed.success_count} 行已导入, "
                                  f"{killed.fail_count} 行失败), 第 {done + 2} 行起未导入, 请重新导入其余的行")
        assert await self.devices(app, unique) == killed.success_count
        assert await self.rejected(app, import_id) == [(3, "设备编码 Device code: 必填")]


class TestKilledEmbeddedProcess:
    """The embedded mode keeps its queue in memory: kill -9 the process in the middle of an import and the queue is
    gone; only the import's log says it ran. The next start finds it (core.jobs sweep) and resumes it, or fails
    it saying which rows are in."""

    ROWS = 400

    @pytest.fixture(autouse=True)
    async def forget_devices(self, app, unique):
        yield
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            await db.execute(delete(Device).where(Device.code.like(f"E%-{unique}")))

    async def restarted(self, app, settings) -> jobs.Jobs:
        """The next process's job engine, as `serve` starts it."""
        runner = jobs.Jobs(app.state.runtime.unit_of_work_in, mode="embedded",
                           database_url=settings.resolved_database_url)
        await runner.start(run_here=True)
        return runner

    async def test_the_next_start_resumes_it(self, app, settings, unique, tmp_path):
        rows = [[f"E{n:04d}-{unique}", f"Device {n}"] for n in range(self.ROWS)]
        rows[1] = ["", "no code"]
        (tmp_path / "devices.xlsx").write_bytes(xlsx(["code", "name"], rows))
        with (tmp_path / "serve.log").open("ab") as out:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.device.embedded_import", settings.resolved_database_url,
                str(tmp_path), DEMO_TENANT, f"embedded-{unique}.xlsx", str(tmp_path / "devices.xlsx"),
                stdout=asyncio.subprocess.PIPE, stderr=out, cwd=Path(__file__).resolve().parents[2])
        try:
            assert process.stdout is not None
            import_id = int(await asyncio.wait_for(process.stdout.readline(), 60))
            await until_log(app, import_id, lambda e: e.success_count + e.fail_count >= 100, deadline=120,
                            what="the first rows imported")
        finally:
            await stop(process)
        killed = await read_log(app, import_id)
        assert killed.state == device_io.RUNNING and killed.success_count + killed.fail_count < self.ROWS
        runner = await self.restarted(app, settings)
        try:
            done = await until_log(app, import_id, lambda e: e.state != device_io.RUNNING, deadline=120,
                                   what="the import resumed and ended")
        finally:
            await runner.stop()
        assert (done.state, done.total, done.success_count, done.fail_count) == (device_io.DONE, self.ROWS,
                                                                                self.ROWS - 1, 1)
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            assert await db.scalar(select(func.count()).select_from(Device).where(
                Device.code.like(f"E%-{unique}"))) == self.ROWS - 1

    async def test_a_job_that_cannot_resume_fails_saying_which_rows_are_in(self, app, settings, unique,
                                                                             monkeypatch):
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            entry = ImportLog(type="device", file_name=f"left-{unique}.xlsx", file_url=f"left-{unique}",
                              content=b"", state=device_io.RUNNING, success_count=49, fail_count=1)
            db.add(entry)
            await db.flush()
            import_id = entry.id
        declared = jobs.declared()[device_io.JOB]
        monkeypatch.setitem(jobs._declared, device_io.JOB, dataclasses.replace(declared, idempotent=False))
        runner = await self.restarted(app, settings)
        await runner.stop()
        failed = await read_log(app, import_id)
        assert failed.state == device_io.FAILED and failed.finish_time is not None
        assert failed.message == (f"{jobs.ABANDONED}: 第 2-51 行已处理 (49 行已导入, 1 行失败), 第 52 行起未导入, "
                                  "请重新导入其余的行")


async def point_importer(app, client, demo_admin: Api, unique: str, *codes: str) -> Api:
    """A user of the demo tenant whose one role holds the menus and buttons `codes`."""
    from plantdesk.modules.system.models import Menu, Role, RoleMenu
    from tests.helpers import platform_session
    from tests.user.factories import login_as, make_user

    async with platform_session(app.state.runtime.sessions) as db:
        role = Role(tenant_id=DEMO_TENANT, role_name=f"点位导入{unique}", role_alias=f"points{unique}")
        db.add(role)
        await db.flush()
        for menu_id in (await db.execute(select(Menu.id).where(Menu.code.in_(codes)))).scalars():
            db.add(RoleMenu(role_id=role.id, menu_id=menu_id))
        await db.commit()
        role_id = str(role.id)
    return await login_as(client, await make_user(demo_admin, unique, role_id))


class TestPointImportMakesDevices:
    """One sheet commissions a plant: the devices its points name are added by a user who may add devices; for
    anyone else those rows are refused, naming the device and what is missing."""

    SHEET = ["设备编码", "点位编码", "点位名称", "单位"]

    @pytest.fixture(autouse=True)
    async def _retired(self, app, unique):
        from tests.user.factories import retire_users

        yield
        await retire_users(app, unique)  # the demo tenant's account quota is the whole suite's

    async def test_a_user_who_may_add_devices_gets_them_with_their_points(self, app, client, demo_admin, unique):
        user = await point_importer(app, client, demo_admin, f"a{unique}", "datapoint", "datapoint_import",
                                    "device_device", "device_device_add")
        content = xlsx(self.SHEET, [[f"NEW-{unique}", "T1", "Temp", "°C"], [f"NEW-{unique}", "P1", "Pressure", "bar"],
                                    ["x" * 65, "T1", "Temp", None]])
        entry = await finished(demo_admin, (await upload(user, "/datapoints/import-datapoints", content))["id"])
        assert (entry["successCount"], entry["failCount"]) == (2, 1)
        assert [r["reason"] for r in await errors(demo_admin, entry["id"])] == ["设备编码 Device code: 最多 64 个字符"]
        [device] = (await demo_admin.data("GET", f"{API}/device/list", code=f"NEW-{unique}"))["records"]
        assert device["name"] == f"NEW-{unique}"  # named by its code: the point sheet has no device name
        points = await demo_admin.data("GET", f"{API}/datapoints/list", deviceId=device["id"])
        assert sorted((p["code"], p["unit"]) for p in points["records"]) == [("P1", "bar"), ("T1", "°C")]

    async def test_without_the_ledgers_add_the_row_names_the_device(self, app, client, demo_admin, unique):
        user = await point_importer(app, client, demo_admin, f"b{unique}", "datapoint", "datapoint_import")
        await demo_admin.data("POST", f"{API}/device/save", {"code": f"OLD-{unique}", "name": "Tank"})
        content = xlsx(self.SHEET, [[f"OLD-{unique}", "L1", "Level", "m"], [f"MISSING-{unique}", "T1", "Temp", None]])
        entry = await finished(demo_admin, (await upload(user, "/datapoints/import-datapoints", content))["id"])
        assert (entry["successCount"], entry["failCount"]) == (1, 1)
        assert [r["reason"] for r in await errors(demo_admin, entry["id"])] == [
            f"设备不存在: MISSING-{unique} (新建设备需要设备台账的新增权限)"]
        assert (await demo_admin.data("GET", f"{API}/device/list", code=f"MISSING-{unique}"))["records"] == []
