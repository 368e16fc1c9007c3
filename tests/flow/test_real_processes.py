"""Workflows that run real processes, over HTTP on the real database: Flowable/Camunda/MIWG-style files deployed
and run with their service and send tasks (an HTTP endpoint on loopback, the bell, an alarm event, a form
record), the form a task names as the handling dialog reads it, a message that starts an
instance and one correlated into it, signals that start instances and reach every one waiting, a timer start
that starts once per due time, who takes a task, and a missing variable answered as such."""

import json
import threading
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import pytest
from sqlalchemy import select, update

from plantdesk.core import tenancy
from plantdesk.modules.desk.models import SystemNotice
from plantdesk.modules.flow import service, timers
from plantdesk.modules.flow.models import FlowDefinition, FlowInstance, FlowTask
from tests.alarm.helpers import Plant
from tests.conftest import DEMO_TENANT
from tests.flow.test_real_models import CYCLE, GAUGE, HOLIDAY, ORDER, one
from tests.helpers import Api, login

API = "/api/blade-flow"


@pytest.fixture
def erp(settings, monkeypatch):
    """An HTTP endpoint on loopback the outbound rule allows for the test: it records what it is sent."""
    received: list[dict] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - http.server's name
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            received.append({"path": self.path, "body": json.loads(body), "type": self.headers["Content-Type"]})
            answer = json.dumps({"accepted": True, "ticket": 42}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    # A free port: the SQLite and PostgreSQL runs go side by side and would collide on a fixed one.
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setattr(settings, "outbound_allow", f"{settings.outbound_allow},127.0.0.1:{port}")
    yield SimpleNamespace(url=f"http://127.0.0.1:{port}/orders", received=received)
    server.shutdown()
    server.server_close()


async def upload(api: Api, name: str, xml: bytes) -> dict:
    answer = await api.http.post(f"{API}/manager/deploy-upload", headers=api.headers,
                                 files={"files": (name, xml, "text/xml")})
    return answer.json()


async def definition_of(api: Api, key: str) -> dict:
    page = await api.data("GET", f"{API}/manager/list", size=500)
    [definition] = [d for d in page["records"] if d["key"] == key]
    return definition


async def task_in(api: Api, listing: str, instance_id: str) -> dict:
    page = await api.data("GET", f"{API}/work/{listing}", size=200)
    [row] = [r for r in page["records"] if r["processInstanceId"] == instance_id]
    return row


def approvers_of_nobody(key: str) -> bytes:
    """A model whose one task is assigned to each of the `approvers` variable, which no start sets."""
    return one('<userTask id="t" flowable:assignee="${a}"><multiInstanceLoopCharacteristics '
               'flowable:collection="${approvers}" flowable:elementVariable="a"/></userTask>'
               '<sequenceFlow sourceRef="s" targetRef="t"/>').replace(b'id="p"', f'id="{key}"'.encode())


class TestFlowableHoliday:
    async def test_id_less_flows_run_and_the_rejection_reaches_the_bell(self, app, demo_admin, hr, applicant, unique):
        key = f"holiday_{unique}"
        assert (await upload(demo_admin, f"{key}.bpmn20.xml", HOLIDAY.replace(b"holidayRequest", key.encode())))[
            "data"] == 1
        definition = await definition_of(demo_admin, key)
        started = await applicant.data("POST", f"{API}/work/start-process", {
            "processDefinitionId": definition["id"],
            "variables": {"employee": "liuyang", "nrOfHolidays": 3, "balance": 10}})
        instance = started["processInstanceId"]
        claim = await task_in(hr, "claim-list", instance)  # candidate group hr: not ended at once any more
        await hr.data("POST", f"{API}/work/claim-task", taskId=claim["taskId"])
        await hr.data("POST", f"{API}/work/complete-task", {"taskId": claim["taskId"], "comment": "不批",
                                                             "variables": {"approved": False}})
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            status = await db.scalar(select(FlowInstance.status).where(FlowInstance.id == int(instance)))
            notes = (await db.execute(select(SystemNotice.content).where(
                SystemNotice.content.like("%Holiday request rejected%")))).scalars().all()
        assert status == "completed"
        rejected = {"name": "Holiday request rejected", "text": "3 days were not approved"}
        assert rejected in [json.loads(n) for n in notes]

    async def test_approval_sets_variables_and_the_account_becomes_the_assignee(self, demo_admin, hr, applicant,
                                                                                unique):
        key = f"holiday_{unique}"
        await upload(demo_admin, f"{key}.bpmn20.xml", HOLIDAY.replace(b"holidayRequest", key.encode()))
        definition = await definition_of(demo_admin, key)
        instance = (await applicant.data("POST", f"{API}/work/start-process", {
            "processDefinitionId": definition["id"],
            "variables": {"employee": "liuyang", "nrOfHolidays": 3, "balance": 10}}))["processInstanceId"]
        claim = await task_in(hr, "claim-list", instance)
        await hr.data("POST", f"{API}/work/claim-task", taskId=claim["taskId"])
        await hr.data("POST", f"{API}/work/complete-task", {"taskId": claim["taskId"], "variables": {"approved": True}})
        todo = await task_in(applicant, "todo-list", instance)  # ${employee} = "liuyang" is the user liuyang
        assert todo["taskName"] == "Holiday approved"


class TestWhoTakesATask:
    async def test_a_name_nobody_holds_is_refused_at_check_and_deploy(self, demo_admin, unique):
        xml = one(f'<userTask id="u" name="Approve {unique}" flowable:candidateUsers="kermit,liuyang"/>'
                  '<sequenceFlow sourceRef="s" targetRef="u"/>')
        check = (await demo_admin.http.post(f"{API}/manager/check-upload", headers=demo_admin.headers,
                                            files={"file": ("k.bpmn", xml, "text/xml")})).json()["data"]
        assert check["message"] == f"任务无人可办理: 用户任务 Approve {unique} (用户 kermit 不存在)"
        group = xml.replace(b'flowable:candidateUsers="kermit,liuyang"', b'flowable:candidateGroups="management"')
        refused = await upload(demo_admin, "g.bpmn", group)
        assert refused["msg"] == f"任务无人可办理: 用户任务 Approve {unique} (角色 management 不存在)"

    async def test_a_task_naming_nobody_lands_with_the_process_administrator(self, demo_admin, applicant, unique):
        key = f"nobody_{unique}"
        xml = one('<userTask id="u" name="Anyone"/><sequenceFlow sourceRef="s" targetRef="u"/>'
                  '<userTask id="v" name="Expression" flowable:assignee="${nobody}"/>'
                  '<sequenceFlow sourceRef="u" targetRef="v"/>').replace(b'id="p"', f'id="{key}"'.encode())
        await upload(demo_admin, f"{key}.bpmn", xml)
        definition = await definition_of(demo_admin, key)
        instance = (await applicant.data("POST", f"{API}/work/start-process", {
            "processDefinitionId": definition["id"], "variables": {"nobody": ""}}))["processInstanceId"]
        first = await task_in(demo_admin, "todo-list", instance)  # admin deployed it
        await demo_admin.data("POST", f"{API}/work/complete-task", {"taskId": first["taskId"]})
        assert (await task_in(demo_admin, "todo-list", instance))["taskName"] == "Expression"

    async def test_a_missing_variable_or_collection_is_named_not_a_500(self, demo_admin, unique):
        key = f"missing_{unique}"
        xml = approvers_of_nobody(key)
        await upload(demo_admin, f"{key}.bpmn", xml)
        definition = await definition_of(demo_admin, key)
        answer = await demo_admin.post(f"{API}/work/start-process", {"processDefinitionId": definition["id"]})
        assert (answer.status_code, answer.json()["msg"]) == (200, "流程变量不存在: approvers")


class TestTheUsersLanguage:
    """The engine's messages in the request's language: English for a request preferring it (the console sends its
    own), the spec's Chinese without a language."""

    ENGLISH = "en-US,en;q=0.9"

    async def test_a_task_error_is_in_english_for_an_english_request(self, demo_admin, unique):
        key = f"english_{unique}"
        xml = approvers_of_nobody(key)
        await upload(demo_admin, f"{key}.bpmn", xml)
        definition = await definition_of(demo_admin, key)
        body = {"processDefinitionId": definition["id"]}
        english = await demo_admin.http.post(f"{API}/work/start-process", json=body,
                                             headers={**demo_admin.headers, "Accept-Language": self.ENGLISH})
        assert english.json()["msg"] == "no such process variable: approvers"
        chinese = await demo_admin.post(f"{API}/work/start-process", body)
        assert chinese.json()["msg"] == "流程变量不存在: approvers"

    async def test_check_and_deploy_name_the_element_in_english(self, demo_admin, unique):
        xml = one(f'<userTask id="u" name="Approve {unique}" flowable:candidateUsers="kermit"/>'
                  '<sequenceFlow sourceRef="s" targetRef="u"/>')
        files = {"file": ("k.bpmn", xml, "text/xml")}
        english = {**demo_admin.headers, "Accept-Language": self.ENGLISH}
        refused = f"nobody can handle the task user task Approve {unique} (no user kermit)"
        check = await demo_admin.http.post(f"{API}/manager/check-upload", headers=english, files=files)
        assert check.json()["data"]["message"] == refused
        deploy = await demo_admin.http.post(f"{API}/manager/deploy-upload", headers=english,
                                            files={"files": ("k.bpmn", xml, "text/xml")})
        assert deploy.json()["msg"] == refused
        assert (await upload(demo_admin, "k.bpmn", xml))["msg"] == (
            f"任务无人可办理: 用户任务 Approve {unique} (用户 kermit 不存在)")


class TestMessages:
    async def test_a_message_starts_an_order_and_a_correlated_one_moves_it(self, demo_admin, hr, erp, unique):
        key = f"order_{unique}"
        xml = ORDER.replace(b"orderFulfilment", key.encode()).replace(b"orderReceived", f"order{unique}".encode())
        assert (await upload(demo_admin, f"{key}.bpmn", xml))["data"] == 1
        definition = await definition_of(demo_admin, key)
        by_hand = await demo_admin.post(f"{API}/work/start-process", {"processDefinitionId": definition["id"]})
        assert by_hand.json()["msg"] == f"该流程由消息 order{unique} 发起, 不能手动发起"
        event = f"{API}/process/event"
        erp_url = erp.url
        started = await demo_admin.data("POST", event, {"name": f"order{unique}", "businessKey": f"SO-{unique}",
                                                         "variables": {"orderNo": unique, "erpUrl": erp_url}})
        [instance] = started["started"]
        check = await task_in(hr, "claim-list", instance)  # potentialOwner group(hr)
        await hr.data("POST", f"{API}/work/claim-task", taskId=check["taskId"])
        await hr.data("POST", f"{API}/work/complete-task", {"taskId": check["taskId"]})
        assert erp.received == [{"path": "/orders", "body": {"order": unique}, "type": "application/json"}]

        paid = {"name": "paymentReceived", "variables": {"amount": 12}}
        other = await demo_admin.data("POST", event, {**paid, "correlation": {"orderNo": "someone else"}})
        assert other == {"delivered": [], "started": []}
        reached = await demo_admin.data("POST", event, {**paid, "correlation": {"orderNo": unique}})
        assert reached == {"delivered": [instance], "started": []}
        ship = await task_in(hr, "todo-list", instance)  # humanPerformer sunli
        assert ship["taskName"] == "Ship goods"
        again = await demo_admin.data("POST", event, {**paid, "correlation": {"orderNo": unique}})
        assert again["delivered"] == []  # it no longer waits for it

    async def test_a_signal_starts_a_process_and_another_moves_every_instance_waiting_for_it(self, demo_admin, hr,
                                                                                             unique):
        """Signals: the route's kind `signal` starts the processes with that signal start and reaches every running
        instance waiting for it (no correlation: a signal is broadcast); one not started by hand."""
        key = f"andon_{unique}"
        stop, restart = f"lineStop{unique}", f"lineRestart{unique}"
        xml = f"""<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">
  <signal id="stop" name="{stop}"/><signal id="restart" name="{restart}"/>
  <process id="{key}" name="Line stop" isExecutable="true">
    <startEvent id="s"><signalEventDefinition signalRef="stop"/></startEvent>
    <sequenceFlow sourceRef="s" targetRef="w"/>
    <intermediateCatchEvent id="w"><signalEventDefinition signalRef="restart"/></intermediateCatchEvent>
    <sequenceFlow sourceRef="w" targetRef="t"/>
    <userTask id="t" name="Check the line"><potentialOwner><resourceAssignmentExpression>
      <formalExpression>group(hr)</formalExpression></resourceAssignmentExpression></potentialOwner></userTask>
    <sequenceFlow sourceRef="t" targetRef="e"/>
    <endEvent id="e"/>
  </process>
</definitions>""".encode()
        assert (await upload(demo_admin, f"{key}.bpmn", xml))["data"] == 1
        definition = await definition_of(demo_admin, key)
        by_hand = await demo_admin.post(f"{API}/work/start-process", {"processDefinitionId": definition["id"]})
        assert by_hand.json()["msg"] == f"该流程由信号 {stop} 发起, 不能手动发起"
        event = f"{API}/process/event"
        first = (await demo_admin.data("POST", event, {"kind": "signal", "name": stop}))["started"]
        second = (await demo_admin.data("POST", event, {"kind": "signal", "name": stop}))["started"]
        assert len(first) == len(second) == 1
        reached = await demo_admin.data("POST", event, {"kind": "signal", "name": restart})
        assert sorted(reached["delivered"]) == sorted(first + second) and reached["started"] == []
        for instance in first + second:
            assert (await task_in(hr, "claim-list", instance))["taskName"] == "Check the line"
        again = await demo_admin.data("POST", event, {"kind": "signal", "name": restart})
        assert again == {"delivered": [], "started": []}  # they no longer wait for it

    async def test_the_event_route_needs_the_state_authority(self, applicant):
        answer = await applicant.post(f"{API}/process/event", {"name": "x"})
        assert answer.json()["code"] == 403


class TestTimerStart:
    async def test_a_due_timer_start_starts_one_instance_and_schedules_the_next(self, app, demo_admin, unique):
        key = f"cycle_{unique}"
        await upload(demo_admin, f"{key}.bpmn20.xml", CYCLE.replace(b"shiftCheck", key.encode()))
        definition = await definition_of(demo_admin, key)
        due = datetime.now().replace(microsecond=0) - timedelta(minutes=1)
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            row = await db.get(FlowDefinition, int(definition["id"]))
            assert (row.schedule, row.next_start.minute, row.next_start.hour % 8) == ("0 0 0/8 * * ?", 0, 0)
            await db.execute(update(FlowDefinition).where(FlowDefinition.id == row.id).values(next_start=due))
        for _ in range(2):  # a second run at the same moment starts nothing more
            async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
                await timers.fire(db)
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            instances = (await db.execute(select(FlowInstance).where(FlowInstance.process_key == key))).scalars().all()
            following = await db.scalar(select(FlowDefinition.next_start).where(FlowDefinition.id == row.id))
        assert len(instances) == 1 and following > datetime.now()
        # nothing listens at the meter's address: the HTTP task ignores failures, and the walk waits for hr
        walk = await demo_admin.data("GET", f"{API}/process/diagram-view", processInstanceId=instances[0].id)
        assert walk["active"] == ["walk"]

    async def test_a_failing_scheduled_start_is_logged_and_the_others_go_on(self, app, demo_admin, unique):
        key = f"broken_{unique}"
        xml = approvers_of_nobody(key)
        xml = xml.replace(b'<startEvent id="s"/>', b'<startEvent id="s"><timerEventDefinition><timeCycle>R/PT1H'
                          b'</timeCycle></timerEventDefinition></startEvent>')
        await upload(demo_admin, f"{key}.bpmn", xml)
        definition = await definition_of(demo_admin, key)
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            await db.execute(update(FlowDefinition).where(FlowDefinition.id == int(definition["id"]))
                             .values(next_start=datetime.now() - timedelta(minutes=1)))
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            assert await service.start_scheduled(db, datetime.now()) == 0
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            assert await db.scalar(select(FlowInstance.id).where(FlowInstance.process_key == key)) is None
            assert await db.scalar(select(FlowDefinition.next_start).where(
                FlowDefinition.id == int(definition["id"]))) > datetime.now()


class TestDemoInspection:
    async def test_the_demo_inspection_runs_a_shift_end_to_end(self, app, demo_admin, client):
        from plantdesk.demo.data import flow

        async with app.state.runtime.unit_of_work_in(tenancy.PLATFORM) as db:
            assert await flow.seed_inspection(db) is False  # once
        definition = await definition_of(demo_admin, flow.INSPECTION_KEY)
        assert definition["name"] == "设备巡检 / Shift inspection"
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            row = await db.get(FlowDefinition, int(definition["id"]))
            assert row.schedule == "0 0 0,8,16 * * ?" and row.next_start.hour in (0, 8, 16)
            assert await service.start_scheduled(db, row.next_start) >= 1  # other tests' schedules may be due too
        operator = await login(client, "lina", "123456", DEMO_TENANT)
        page = await operator.data("GET", f"{API}/work/claim-list", size=200)
        [sheet] = [r for r in page["records"] if r["processDefinitionKey"] == flow.INSPECTION_KEY]
        assert (sheet["taskName"], sheet["formKey"]) == (
            "填写巡检记录 / Fill in the inspection sheet", "Equipment inspection")
        await operator.data("POST", f"{API}/work/claim-task", taskId=sheet["taskId"])
        await operator.data("POST", f"{API}/work/complete-task", {"taskId": sheet["taskId"], "comment": "正常"})
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            notes = (await db.execute(select(SystemNotice.content).where(
                SystemNotice.content.like("%Shift inspection done%")))).scalars().all()
        assert notes and json.loads(notes[-1])["name"] == "本班巡检已完成 / Shift inspection done"


ROUND_FORM = json.dumps({"column": [
    {"type": "input", "prop": "equipment", "label": "Equipment", "required": True},
    {"type": "input", "prop": "reading", "label": "Reading"},
    {"type": "input", "prop": "remark", "label": "Remark"}]})


class TestAlarmAndFormActions:
    @pytest.fixture
    async def gauge(self, app, demo_admin, applicant, unique) -> SimpleNamespace:
        """The gauge round deployed against an alarm event on a device of its own (its group: the applicant)
        and a published form."""
        plant = await Plant(app, demo_admin, applicant, unique).setup()
        event = f"Gauge high {unique}"
        rule = await plant.rule(name=event, threshold=90)
        form = f"Round {unique}"
        design = await demo_admin.data("POST", "/api/form/formdesign/submit", {"name": form, "content": ROUND_FORM})
        await demo_admin.data("POST", "/api/form/formdesigndetail/submit", {"designId": design["id"]})
        key = f"gauge_{unique}"
        xml = GAUGE.replace(b"gaugeRound", key.encode()).replace(b"ROUND_FORM", form.encode())
        assert (await upload(demo_admin, f"{key}.bpmn20.xml", xml.replace(b"ALARM_EVENT", event.encode())))[
            "data"] == 1
        return SimpleNamespace(plant=plant, rule=rule, form=form, design=design, key=key, xml=xml,
                               definition=await definition_of(demo_admin, key))

    async def round(self, api: Api, definition: dict, variables: dict) -> tuple[str, dict]:
        """Start a round and complete its reading (the process administrator's: the task names nobody)."""
        instance = (await api.data("POST", f"{API}/work/start-process",
                                   {"processDefinitionId": definition["id"]}))["processInstanceId"]
        task = await task_in(api, "todo-list", instance)
        return instance, (await api.post(f"{API}/work/complete-task",
                                         {"taskId": task["taskId"], "variables": variables})).json()

    async def test_a_high_reading_raises_the_event_and_every_round_leaves_a_record(self, app, demo_admin,
                                                                                     applicant, gauge):
        assert gauge.definition["name"] == "Gauge round"
        instance, done = await self.round(demo_admin, gauge.definition, {"reading": 93.5, "equipment": "P-101"})
        assert done["success"], done
        [alarm] = await gauge.plant.results(gauge.rule)
        assert (alarm["firstValue"], alarm["removeStatus"], alarm["frequency"]) == (93.5, "未解除", 1)
        trail = await demo_admin.data("GET", "/api/alarm/trail/page", eventId=gauge.rule["id"], size=10)
        assert [(t["action"], t["remark"]) for t in trail["records"]] == [("raised", "Gauge P-101 read 93.5")]
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            heard = (await db.execute(select(SystemNotice.user_id).where(
                SystemNotice.alarm_id == int(gauge.rule["id"])))).scalars().all()
        assert heard == [int(applicant.user_id)]  # the event's group hears the raise
        logs = await demo_admin.data("GET", "/api/form/formlog/list", formName=gauge.form)
        [log] = logs["records"]
        assert json.loads(log["content"]) == {"equipment": "P-101", "reading": 93.5, "remark": "round of P-101"}
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            row = await db.get(FlowInstance, int(instance))
            assert row.status == "completed"
        # The event open, a second high round repeats it; a normal one only keeps its record.
        assert (await self.round(demo_admin, gauge.definition, {"reading": 95, "equipment": "P-101"}))[1]["success"]
        assert (await self.round(demo_admin, gauge.definition, {"reading": 40, "equipment": "P-102"}))[1]["success"]
        [alarm] = await gauge.plant.results(gauge.rule)
        assert (alarm["frequency"], alarm["lastValue"]) == (2, 95)
        assert len((await demo_admin.data("GET", "/api/form/formlog/list", formName=gauge.form))["records"]) == 3

    async def test_the_handling_dialog_reads_the_form_the_task_names(self, demo_admin, gauge, unique):
        instance = (await demo_admin.data("POST", f"{API}/work/start-process",
                                          {"processDefinitionId": gauge.definition["id"]}))["processInstanceId"]
        task = await task_in(demo_admin, "todo-list", instance)
        assert task["formKey"] == gauge.form
        form = await demo_admin.data("GET", f"{API}/process/task-form", taskId=task["taskId"])
        assert (form["name"], form["version"], form["designId"]) == (gauge.form, 1, gauge.design["id"])
        assert [c["prop"] for c in json.loads(form["content"])["column"]] == ["equipment", "reading", "remark"]
        key = f"plain_{unique}"
        await upload(demo_admin, f"{key}.bpmn", one('<userTask id="u" name="Plain"/><sequenceFlow sourceRef="s" '
                                                    'targetRef="u"/>').replace(b'id="p"', f'id="{key}"'.encode()))
        plain = (await demo_admin.data("POST", f"{API}/work/start-process", {
            "processDefinitionId": (await definition_of(demo_admin, key))["id"]}))["processInstanceId"]
        plain_task = await task_in(demo_admin, "todo-list", plain)
        assert await demo_admin.data("GET", f"{API}/process/task-form", taskId=plain_task["taskId"]) is None

    async def test_an_event_or_form_the_tenant_lacks_fails_the_step_whole(self, app, demo_admin, gauge, unique):
        key = f"nogauge_{unique}"
        xml = gauge.xml.replace(gauge.key.encode(), key.encode()).replace(b"ALARM_EVENT", b"Nope")
        assert (await upload(demo_admin, f"{key}.bpmn20.xml", xml))["data"] == 1
        definition = await definition_of(demo_admin, key)
        instance, refused = await self.round(demo_admin, definition, {"reading": 99, "equipment": "P-101"})
        assert refused["msg"] == "Raise the alarm: 告警事件不存在: Nope"
        formless = f"noform_{unique}"
        field = f"<flowable:string>{gauge.form}</flowable:string>".encode()
        xml = gauge.xml.replace(gauge.key.encode(), formless.encode()).replace(
            field, b"<flowable:string>NoForm</flowable:string>")
        assert (await upload(demo_admin, f"{formless}.bpmn20.xml", xml))["data"] == 1
        _, unknown = await self.round(demo_admin, await definition_of(demo_admin, formless),
                                      {"reading": 10, "equipment": "P-101"})
        assert unknown["msg"] == "Keep the round: 表单不存在或未发布: NoForm"
        _, missing = await self.round(demo_admin, gauge.definition, {"reading": 10, "equipment": ""})
        assert missing["msg"] == "Keep the round: Equipment必须填写"
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            open_task = await db.scalar(select(FlowTask.status).where(FlowTask.instance_id == int(instance)))
        assert open_task == "open"  # nothing of the failed step was kept: the reading waits to be done again
        assert await gauge.plant.results(gauge.rule) == []
        assert (await demo_admin.data("GET", "/api/form/formlog/list", formName=gauge.form))["records"] == []


class TestCallActivity:
    async def test_the_caller_runs_the_deployed_process_of_that_key(self, demo_admin, unique):
        from tests.flow.test_real_models import CALLEE, CALLER

        callee = CALLEE.replace(b'"repair"', f'"repair_{unique}"'.encode())
        caller = CALLER.replace(b'"repair"', f'"repair_{unique}"'.encode()).replace(b'"caller"',
                                                                                    f'"caller_{unique}"'.encode())
        missing = await upload(demo_admin, "caller.bpmn", caller)
        assert missing["msg"] == f"调用活动找不到流程: repair_{unique} (调用活动 Repair)"
        assert (await upload(demo_admin, "repair.bpmn", callee))["data"] == 1
        assert (await upload(demo_admin, "caller.bpmn", caller))["data"] == 1
        definition = await definition_of(demo_admin, f"caller_{unique}")
        instance = (await demo_admin.data("POST", f"{API}/work/start-process",
                                          {"processDefinitionId": definition["id"]}))["processInstanceId"]
        diagram = await demo_admin.data("GET", f"{API}/process/diagram-view", processInstanceId=instance)
        assert "fix" in diagram["active"]
