"""Models as Flowable, Camunda and the BPMN MIWG reference suite write them (tests/flow/bpmn, written for these
tests in their style): what the engine runs, and what it refuses with the element named."""

from datetime import datetime
from pathlib import Path

import pytest

from plantdesk.modules.flow import engine

FILES = Path(__file__).parent / "bpmn"
HOLIDAY = (FILES / "holiday_request.bpmn20.xml").read_bytes()
ORDER = (FILES / "order_fulfilment.bpmn").read_bytes()
CYCLE = (FILES / "inspection_cycle.bpmn20.xml").read_bytes()
GAUGE = (FILES / "gauge_round.bpmn20.xml").read_bytes()
HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:flowable="http://flowable.org/bpmn" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" '
    'targetNamespace="t">'
)


def one(body: str) -> bytes:
    return f'{HEAD}<process id="p"><startEvent id="s"/>{body}</process></definitions>'.encode()


def test_sequence_flows_without_an_id_are_kept_and_the_actions_run():
    prepared = engine.prepare(HOLIDAY)
    assert [(p.key, p.schedule, p.trigger) for p in prepared.processes] == [("holidayRequest", None, None)]
    assert prepared.people == [("用户任务 Approve or reject request", "group", "hr")]
    wf = engine.start(prepared.xml, "holidayRequest", {"employee": "liuyang", "nrOfHolidays": 3, "balance": 10})
    assert not wf.completed  # before: the id-less flows were dropped and the instance ended at once
    [approve] = wf.human_tasks()
    assert (approve.key, approve.candidate_groups) == ("approveTask", ["hr"])
    wf.complete(approve.id, {"approved": True})
    [action] = wf.actions()
    assert (action.kind, action.value("daysLeft"), action.value("outcome")) == ("set", 7, "approved")
    wf.finish(action.id, {name: action.value(name) for name in action.params})
    [approved] = wf.human_tasks()
    assert (approved.key, approved.assignee, approved.data["daysLeft"]) == ("holidayApprovedTask", "liuyang", 7)


def test_a_rejection_reaches_the_send_task_with_its_text():
    wf = engine.start(engine.prepare(HOLIDAY).xml, "holidayRequest", {"employee": "liuyang", "nrOfHolidays": 3})
    wf.complete(wf.human_tasks()[0].id, {"approved": False})
    [send] = wf.actions()
    assert (send.kind, send.text("to"), send.text("subject")) == ("notify", "liuyang", "Holiday request rejected")
    assert send.text("text") == "3 days were not approved"
    wf.finish(send.id, {})
    assert wf.completed


def test_the_alarm_and_form_actions_keep_their_fields_and_read_the_task_values():
    wf = engine.start(engine.prepare(GAUGE).xml, "gaugeRound", {})
    [read] = wf.human_tasks()
    assert read.form_key == "ROUND_FORM"
    wf.complete(read.id, {"reading": 93.5, "equipment": "P-101"})
    [alarm] = wf.actions()
    assert (alarm.kind, alarm.text("event"), alarm.value("value"), alarm.text("text")) == (
        "alarm", "ALARM_EVENT", 93.5, "Gauge P-101 read 93.5")
    wf.finish(alarm.id, {})
    [record] = wf.actions()  # formKey names the form; remark is the record's field, not an alias
    assert (record.kind, record.text("form"), record.text("remark")) == ("form", "ROUND_FORM", "round of P-101")
    wf.finish(record.id, {})
    assert wf.completed


def test_miwg_style_model_with_a_message_start_a_correlated_catch_and_performers():
    prepared = engine.prepare(ORDER)
    assert [(p.key, p.trigger) for p in prepared.processes] == [("orderFulfilment", "message:orderReceived")]
    assert sorted(prepared.people) == [
        ("用户任务 Check order", "group", "hr"), ("用户任务 Ship goods", "user", "sunli")]
    wf = engine.start(prepared.xml, "orderFulfilment", {"orderNo": "A1", "erpUrl": "http://erp/x"},
                      ("message", "orderReceived"))
    [check] = wf.human_tasks()
    assert check.candidate_groups == ["hr"]
    wf.complete(check.id, {})
    [call] = wf.actions()
    assert (call.kind, call.text("url"), call.text("method"), call.text("body")) == (
        "http", "http://erp/x", "POST", '{"order": "A1"}')
    wf.finish(call.id, {"Task_notifyErpResponse": "ok"})
    assert wf.waiting_for() == ["message:paymentReceived"]
    assert wf.deliver("message", "orderReceived", {}) is False  # not what it waits for
    assert wf.deliver("message", "paymentReceived", {"amount": 12}) is True
    [ship] = wf.human_tasks()
    assert (ship.key, ship.assignee, ship.data["amount"]) == ("Task_ship", "sunli", 12)
    assert wf.next_timer() is not None  # the two-day boundary timer waits


def test_a_message_start_cannot_start_without_its_message():
    xml = engine.prepare(ORDER).xml
    with pytest.raises(engine.EngineError, match="流程不由消息发起: paid"):
        engine.start(xml, "orderFulfilment", {}, ("message", "paid"))


def test_timer_start_keeps_its_schedule_and_fires_when_started():
    prepared = engine.prepare(CYCLE)
    assert prepared.processes[0].schedule == "0 0 0/8 * * ?"
    wf = engine.start(prepared.xml, "shiftCheck", {})
    [call] = wf.actions()
    assert (call.kind, call.text("url"), call.params["result"], call.text("ignoreException")) == (
        "http", "http://127.0.0.1:9/meter", "meter", "true")


@pytest.mark.parametrize(("schedule", "after", "expected"), [
    ("0 0 0/8 * * ?", datetime(2026, 11, 27, 9, 30), datetime(2026, 11, 27, 16)),  # Quartz, as Flowable writes it
    ("0 6,14,22 * * *", datetime(2026, 11, 27, 22, 0), datetime(2026, 11, 28, 6)),  # five cron fields
    ("0 0 8 ? * 2", datetime(2026, 11, 27, 9), datetime(2026, 11, 30, 8)),  # Quartz weekday 2 = Monday
    ("R/PT8H", datetime(2026, 11, 27, 15), datetime(2026, 11, 27, 22)),  # counted from the deployment (06:00)
    ("R2/2026-11-27T06:00:00/PT8H", datetime(2026, 11, 27, 7), datetime(2026, 11, 27, 14)),
    ("R2/2026-11-27T06:00:00/PT8H", datetime(2026, 11, 27, 15), None),  # both runs are past
    ("2026-12-01T08:00:00", datetime(2026, 11, 27, 15), datetime(2026, 12, 1, 8)),
    ("PT1H", datetime(2026, 11, 27, 6, 30), datetime(2026, 11, 27, 7)),
])
def test_schedules(schedule, after, expected):
    assert engine.next_run(schedule, datetime(2026, 11, 27, 6), after) == expected


@pytest.mark.parametrize(("body", "message"), [
    ('<serviceTask id="x" name="Credit check" flowable:class="org.example.CreditCheck"/>',
     "不支持运行代码的服务任务 Credit check (class); 请改用内置动作: http, mail, notify, set, alarm, form"),
    ('<serviceTask id="x" name="Topic" camunda:type="external" camunda:topic="pay"/>',
     "不支持运行代码的服务任务 Topic (topic); 请改用内置动作: http, mail, notify, set, alarm, form"),
    ('<serviceTask id="x" name="Nothing"/>',
     "服务任务 Nothing 没有配置内置动作 (flowable:type: http, mail, notify, set, alarm, form)"),
    ('<serviceTask id="x" name="Shell" flowable:type="shell"/>',
     "服务任务 Shell 的动作不受支持: shell (可用: http, mail, notify, set, alarm, form)"),
    ('<serviceTask id="x" name="Call" flowable:type="http"/>', "服务任务 Call 缺少参数: url"),
    ('<serviceTask id="x" name="Alarm" flowable:type="alarm"/>', "服务任务 Alarm 缺少参数: event"),
    ('<sendTask id="x" name="Alarm" flowable:type="alarm"><extensionElements><flowable:field name="event" '
     'stringValue="E"/><flowable:field name="level" stringValue="1"/></extensionElements></sendTask>',
     "发送任务 Alarm 的参数不受支持: level"),
    ('<serviceTask id="x" name="Record" flowable:type="form"/>', "服务任务 Record 缺少参数: form"),
    ('<serviceTask id="x" name="Record" flowable:type="formRecord"><extensionElements><flowable:field '
     'name="formId" stringValue="7"/><flowable:field name="a-b" stringValue="1"/></extensionElements></serviceTask>',
     "服务任务 Record 的变量名无效: a-b"),
    ('<scriptTask id="x" name="Script"/>', "不支持脚本任务: Script"),
    ('<businessRuleTask id="x" name="Rules"/>', "不支持业务规则任务: Rules"),
    ('<complexGateway id="cg"/>', "不支持复杂网关: cg"),
    ('<intermediateThrowEvent id="c" name="Undo"><compensateEventDefinition/></intermediateThrowEvent>',
     "不支持的事件类型: compensateEventDefinition (中间抛出事件 Undo)"),
    ('<userTask name="Anonymous"/>', "用户任务缺少标识: Anonymous"),
    ('<userTask id="u" flowable:assignee="${a.b}"/>', "表达式不在允许的范围内"),
])
def test_what_the_engine_cannot_run_is_refused_with_the_element_named(body, message):
    with pytest.raises(engine.EngineError) as refused:
        engine.prepare(one(body))
    assert str(refused.value).startswith(message)


def test_an_unreadable_start_timer_is_refused():
    xml = f'{HEAD}<process id="p"><startEvent id="s" name="Shift"><timerEventDefinition><timeCycle>every shift' \
          '</timeCycle></timerEventDefinition></startEvent></process></definitions>'
    with pytest.raises(engine.EngineError, match=r"^定时设置无法识别: every shift \(开始事件 Shift\)$"):
        engine.prepare(xml.encode())


@pytest.mark.parametrize("mode", ["false", "true"])
def test_a_missing_collection_is_a_missing_variable(mode):
    xml = engine.prepare(one(
        '<userTask id="t" flowable:assignee="${a}"><multiInstanceLoopCharacteristics '
        f'isSequential="{mode}" flowable:collection="${{approvers}}" flowable:elementVariable="a"/></userTask>'
        '<sequenceFlow sourceRef="s" targetRef="t"/>')).xml
    with pytest.raises(engine.EngineError, match="^流程变量不存在: approvers$"):
        engine.start(xml, "p", {})


CALLER = (f'{HEAD}<process id="caller"><startEvent id="s"/><sequenceFlow sourceRef="s" targetRef="call"/>'
          '<callActivity id="call" name="Repair" calledElement="repair"/><sequenceFlow sourceRef="call" '
          'targetRef="e"/><endEvent id="e"/></process></definitions>').encode()
CALLEE = (f'{HEAD}<process id="repair"><startEvent id="s"/><sequenceFlow sourceRef="s" targetRef="fix"/>'
          '<userTask id="fix" name="Fix it" flowable:candidateGroups="maintenance"/>'
          '<sequenceFlow sourceRef="fix" targetRef="e"/><endEvent id="e"/></process></definitions>').encode()


def test_a_call_activity_finds_a_deployed_process_by_key():
    assert engine.called_keys(CALLER) == {"repair"}
    with pytest.raises(engine.EngineError, match=r"^调用活动找不到流程: repair \(调用活动 Repair\)$"):
        engine.prepare(CALLER)
    prepared = engine.prepare(CALLER, {"repair": engine.prepare(CALLEE).xml})
    assert [p.key for p in prepared.processes] == ["caller"]  # the called process is not a definition of its own
    wf = engine.start(prepared.xml, "caller", {})
    [fix] = wf.human_tasks()
    assert (fix.name, fix.candidate_groups) == ("Fix it", ["maintenance"])
    wf.complete(fix.id, {})
    assert wf.completed
