"""Workflows that run real processes, over HTTP on the real database: Flowable/Camunda/MIWG-style files deployed
and run with their service and send tasks (an HTTP endpoint on loopback, the bell), a message that starts an
instance and one correlated into it, a timer start that starts once per due time, who takes a task, and a
missing variable answered as such."""

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
from plantdesk.modules.flow.models import FlowDefinition, FlowInstance
from tests.conftest import DEMO_TENANT
from tests.flow.test_real_models import CYCLE, HOLIDAY, ORDER, one
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
        xml = one('<userTask id="t" flowable:assignee="${a}"><multiInstanceLoopCharacteristics '
                  'flowable:collection="${approvers}" flowable:elementVariable="a"/></userTask>'
                  '<sequenceFlow sourceRef="s" targetRef="t"/>').replace(b'id="p"', f'id="{key}"'.encode())
        await upload(demo_admin, f"{key}.bpmn", xml)
        definition = await definition_of(demo_admin, key)
        answer = await demo_admin.post(f"{API}/work/start-process", {"processDefinitionId": definition["id"]})
        assert (answer.status_code, answer.json()["msg"]) == (200, "流程变量不存在: approvers")


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
        xml = one('<userTask id="t" flowable:assignee="${a}"><multiInstanceLoopCharacteristics '
                  'flowable:collection="${approvers}" flowable:elementVariable="a"/></userTask>'
                  '<sequenceFlow sourceRef="s" targetRef="t"/>').replace(b'id="p"', f'id="{key}"'.encode())
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
