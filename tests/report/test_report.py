"""/api/blade-report/report: the spec §7 template verbs (list, remove, submit with isEnable toggled), generation into
an Excel file read back with openpyxl and a PDF whose Chinese title pdftotext reads and pdftoppm renders to PNG,
download, the generated list and its removal, the schedule (once per period, mailed), and the demo's reports."""

import io
import shutil
import subprocess
from datetime import datetime, timedelta

import pytest
from openpyxl import load_workbook

REST = "/api/blade-report/report/rest"
OUT = "/api/blade-report/report/output"


async def test_template_verbs_and_isenable_toggle(demo_admin, unique):
    saved = await demo_admin.data("POST", f"{REST}/submit", json={"name": f"日报 {unique}", "auth": "admin",
                                                                   "kind": "alarm", "period": "day"})
    assert saved["isEnable"] == 1 and saved["auth"] == "admin"
    toggled = await demo_admin.data("POST", f"{REST}/submit", json={"id": saved["id"], "isEnable": 0})
    assert toggled["isEnable"] == 0 and toggled["name"] == f"日报 {unique}"  # the toggle keeps the rest
    page = await demo_admin.data("GET", f"{REST}/list", current=1, size=10, descs="create_time", name=unique)
    assert [r["id"] for r in page["records"]] == [saved["id"]] and page["records"][0]["isEnable"] == 0
    assert (await demo_admin.post(f"{REST}/remove", ids=saved["id"])).json()["success"]
    page = await demo_admin.data("GET", f"{REST}/list", current=1, size=10, name=unique)
    assert page["total"] == 0


async def test_template_refuses_bad_input(demo_admin):
    body = (await demo_admin.post(f"{REST}/submit", {"kind": "alarm"})).json()
    assert not body["success"] and body["msg"] == "报表名称不能为空"
    body = (await demo_admin.post(f"{REST}/submit", {"name": "x", "pointIds": "999999999"})).json()
    assert not body["success"] and body["msg"] == "点位不存在: 999999999"


async def test_generate_excel_and_pdf(demo_admin, unique, tmp_path):
    saved = await demo_admin.data("POST", f"{REST}/submit", json={"name": f"告警日报 {unique}", "kind": "alarm",
                                                                   "period": "day", "isEnable": 0})
    output = await demo_admin.data("POST", f"{REST}/generate", json={"id": saved["id"],
                                                                      "at": f"{datetime.now():%Y-%m-%d}"})
    assert output["name"].startswith(f"告警日报 {unique}") and output["pdfSize"] > 0
    listed = await demo_admin.data("GET", f"{OUT}/list", current=1, size=10, reportId=saved["id"])
    assert [r["id"] for r in listed["records"]] == [output["id"]]

    answer = await demo_admin.get(f"{OUT}/download", id=output["id"], type="xlsx")
    assert answer.status_code == 200
    book = load_workbook(io.BytesIO(answer.content))
    assert book.sheetnames[0] == "概要" and book["概要"]["A1"].value == f"告警日报 {unique}"
    assert [c.value for c in book.worksheets[1][1]][:2] == ["时段", "告警数"]

    answer = await demo_admin.get(f"{OUT}/download", id=output["id"], type="pdf")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(answer.content)
    if not (shutil.which("pdftoppm") and shutil.which("pdftotext")):
        pytest.skip("poppler-utils (pdftoppm, pdftotext) not installed: scripts/test.sh installs it")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert f"告警日报 {unique}" in text and "告警趋势" in text
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
                   check=True)
    png = next(tmp_path.glob("page*.png"))
    assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 2000
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "NotoSansCJK" in fonts and " yes yes " in fonts  # embedded, subset: reads without the font

    assert (await demo_admin.post(f"{OUT}/remove", ids=output["id"])).json()["success"]
    assert (await demo_admin.get(f"{OUT}/download", id=output["id"], type="pdf")).json()["msg"] == "报表不存在"


async def test_schedule_generates_each_period_once_and_mails(app, demo_admin, unique):
    from sqlalchemy import select

    from plantdesk.core import tenancy
    from plantdesk.modules.alarm.models import AlarmMail
    from plantdesk.modules.report import service

    saved = await demo_admin.data("POST", f"{REST}/submit", json={
        "name": f"流程周报 {unique}", "kind": "workflow", "period": "week", "recipients": f"ops-{unique}@example.com"})
    runtime = app.state.runtime
    now = datetime.now() + timedelta(days=7)
    async with runtime.unit_of_work_in(tenancy.Scope(demo_admin.tenant_id)) as db:
        first = await service.run_schedules(db, now)
        again = await service.run_schedules(db, now)
        mails = (await db.execute(select(AlarmMail.subject).where(AlarmMail.to_addr == f"ops-{unique}@example.com"))
                 ).scalars().all()
    await demo_admin.data("POST", f"{REST}/submit", json={"id": saved["id"], "isEnable": 0})  # off the real clock
    assert first >= 1 and again == 0
    listed = await demo_admin.data("GET", f"{OUT}/list", current=1, size=10, reportId=saved["id"], trigger="schedule")
    # The real clock's schedule job may also have run meanwhile (for the week that ended before today's).
    start = f"{service.last_complete('week', now)[0]:%Y-%m-%d %H:%M:%S}"
    [output] = [r for r in listed["records"] if r["periodStart"] == start]
    assert f"[PlantDesk] {output['name']}" in mails


async def test_demo_reports_are_generated(demo_admin):
    templates = await demo_admin.data("GET", f"{REST}/list", current=1, size=50)
    names = {r["name"] for r in templates["records"]}
    assert {"生产日报 Daily production report", "告警周报 Weekly alarm report"} <= names
    outputs = await demo_admin.data("GET", f"{OUT}/list", current=1, size=50, trigger="demo")
    assert {r["period"] for r in outputs["records"]} == {"day", "week"}


def test_periods():
    from plantdesk.modules.report.service import last_complete, period_of

    at = datetime(2026, 11, 27, 9, 30)  # a Friday
    assert period_of("shift", at) == (datetime(2026, 11, 27, 8), datetime(2026, 11, 27, 16))
    assert last_complete("day", at) == (datetime(2026, 11, 26), datetime(2026, 11, 27))
    assert last_complete("week", at) == (datetime(2026, 11, 16), datetime(2026, 11, 23))
    assert last_complete("month", at) == (datetime(2026, 10, 1), datetime(2026, 11, 1))


async def test_shift_reports_follow_the_plant_shifts_and_mail_their_files(app, unique, monkeypatch):
    """A plant on two 12-hour shifts (07:00-19:00, 19:00-07:00): a shift report covers the shift (by the product
    area's calendar, not a fixed third of the day) and carries its name; its e-mail, through the outbox and a
    real SMTP server, carries the report's Excel and PDF files."""
    import email
    import email.policy
    import socket

    from aiosmtpd.controller import Controller
    from sqlalchemy import select

    from plantdesk.core import tenancy
    from plantdesk.modules.alarm import mail
    from plantdesk.modules.alarm.models import AlarmMail, AlarmSetting
    from plantdesk.modules.product.models import ShiftCalendar
    from plantdesk.modules.report import service
    from plantdesk.modules.report.models import ReportFile

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(app.state.settings, "outbound_allow", f"127.0.0.1:{port}")
    tenant = f"8{int(unique, 16) % 10**5:05d}"
    runtime = app.state.runtime
    async with runtime.unit_of_work_in(tenancy.Scope(tenant)) as db:
        db.add_all([ShiftCalendar(shift_name="白班 Day", start_time="07:00", end_time="19:00", sort=1),
                    ShiftCalendar(shift_name="夜班 Night", start_time="19:00", end_time="07:00", sort=2),
                    AlarmSetting(smtp_host="127.0.0.1", smtp_port=port, smtp_from="reports@plant.example"),
                    ReportFile(name=f"班报 {unique}", kind="workflow", period="shift",
                               recipients=f"shift-{unique}@example.com")])
        await db.flush()
        day = datetime(2026, 11, 27)
        assert await service.period_for(db, "shift", day.replace(hour=10)) == (
            day.replace(hour=7), day.replace(hour=19), "白班 Day")
        assert await service.period_for(db, "shift", day.replace(hour=2)) == (
            day.replace(hour=19) - timedelta(days=1), day.replace(hour=7), "夜班 Night")
        assert await service.period_for(db, "day", day.replace(hour=2)) == (day, day + timedelta(days=1), None)
        assert await service.run_schedules(db, day.replace(hour=8)) == 1
        [output] = (await db.execute(select(service.ReportOutput))).scalars().all()
        assert (output.period_start, output.period_end) == (day.replace(hour=19) - timedelta(days=1),
                                                            day.replace(hour=7))
        assert output.name == f"班报 {unique} 2026-11-26 夜班 Night"
        [queued] = (await db.execute(select(AlarmMail))).scalars().all()
        assert queued.attachments and f"{output.name}.pdf" in queued.attachments

    received: list = []

    class Inbox:
        async def handle_DATA(self, server, session, envelope):  # noqa: N802  (aiosmtpd's handler name)
            received.append(envelope)
            return "250 OK"

    smtp = Controller(Inbox(), hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        await runtime.jobs.run(mail.MAIL_JOB)
    finally:
        smtp.stop()
    [message] = [email.message_from_bytes(m.content, policy=email.policy.default) for m in received
                 if f"shift-{unique}@" in m.rcpt_tos[0]]
    files = {part.get_filename(): part.get_payload(decode=True) for part in message.iter_attachments()}
    assert set(files) == {f"{output.name}.xlsx", f"{output.name}.pdf"}
    assert files[f"{output.name}.pdf"].startswith(b"%PDF") and files[f"{output.name}.xlsx"][:2] == b"PK"
    assert "附件" in message.get_body(("plain",)).get_content()
