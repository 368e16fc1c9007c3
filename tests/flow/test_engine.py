"""The engine adapter over SpiffWorkflow: parse, run, serialise/restore, gateways, countersign, timers and the
safe expression subset."""

import time
from datetime import UTC, datetime

import pytest

from plantdesk.modules.flow import engine
from plantdesk.modules.flow.service import LEAVE_XML

NS = (
    'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn"'
)


def model(body: str, key: str = "p") -> bytes:
    # isExecutable="false", as the bpmn-js blank diagram saves it: deploy makes it executable
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions {NS} id="d" targetNamespace="t">'
        f'<bpmn:process id="{key}" isExecutable="false">{body}</bpmn:process></bpmn:definitions>'
    ).encode()


def flow(id_: str, source: str, target: str, condition: str | None = None) -> str:
    inner = (
        f'<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">{condition}</bpmn:conditionExpression>'
        if condition
        else ""
    )
    return f'<bpmn:sequenceFlow id="{id_}" sourceRef="{source}" targetRef="{target}">{inner}</bpmn:sequenceFlow>'


PARALLEL = model(
    '<bpmn:startEvent id="s"/><bpmn:parallelGateway id="fork"/>'
    '<bpmn:userTask id="a" name="A" flowable:assignee="${first}"/>'
    '<bpmn:userTask id="b" name="B" flowable:candidateGroups="hr,admin"/>'
    '<bpmn:parallelGateway id="join"/><bpmn:endEvent id="e"/>'
    + flow("f1", "s", "fork")
    + flow("f2", "fork", "a")
    + flow("f3", "fork", "b")
    + flow("f4", "a", "join")
    + flow("f5", "b", "join")
    + flow("f6", "join", "e")
)

COUNTERSIGN = model(
    '<bpmn:startEvent id="s"/><bpmn:userTask id="sign" name="会签" flowable:candidateGroups="board">'
    "<bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>${signers}</bpmn:loopCardinality>"
    '</bpmn:multiInstanceLoopCharacteristics></bpmn:userTask><bpmn:endEvent id="e"/>'
    + flow("f1", "s", "sign")
    + flow("f2", "sign", "e")
)


def leave():
    return engine.prepare(LEAVE_XML.read_bytes()).xml


def names(wf: engine.Workflow) -> list[str]:
    return sorted(t.key for t in wf.human_tasks())


def test_prepare_marks_executable_and_lists_processes():
    prepared = engine.prepare(PARALLEL)
    assert [p.key for p in prepared.processes] == ["p"]
    assert b'isExecutable="true"' in prepared.xml


def test_leave_long_goes_to_hr_and_restores_mid_process():
    xml = leave()
    wf = engine.start(xml, "Leave", {"taskUser": "taskUser_1", "managerUser": "taskUser_2", "days": 5})
    [manager] = wf.human_tasks()
    assert (manager.key, manager.candidate_users) == ("managerApproval", ["taskUser_2"])
    restored = engine.restore(xml, "Leave", wf.state())
    assert [t.id for t in restored.human_tasks()] == [manager.id]  # the same task survives the round trip
    restored.complete(manager.id, {"pass": True})
    again = engine.restore(xml, "Leave", restored.state())
    [hr] = again.human_tasks()
    assert (hr.key, hr.candidate_groups) == ("hrApproval", ["hr"])
    again.complete(hr.id, {"pass": True})
    assert again.completed


def test_leave_short_ends_after_manager_and_rejection_goes_back():
    xml = leave()
    wf = engine.start(xml, "Leave", {"taskUser": "taskUser_1", "managerUser": "taskUser_2", "days": 2})
    wf.complete(wf.human_tasks()[0].id, {"pass": False})
    [adjust] = wf.human_tasks()
    assert (adjust.key, adjust.assignee) == ("adjust", "taskUser_1")
    wf.complete(adjust.id, {"pass": True})
    assert names(wf) == ["managerApproval"]
    wf.complete(wf.human_tasks()[0].id, {"pass": True})
    assert wf.completed


def test_parallel_gateway_waits_for_both_branches():
    xml = engine.prepare(PARALLEL).xml
    wf = engine.start(xml, "p", {"first": "taskUser_9"})
    tasks = {t.key: t for t in wf.human_tasks()}
    assert tasks["a"].assignee == "taskUser_9" and tasks["b"].candidate_groups == ["hr", "admin"]
    wf = engine.restore(xml, "p", wf.state())
    wf.complete(tasks["a"].id, {})
    assert names(wf) == ["b"] and not wf.completed
    wf.complete(tasks["b"].id, {})
    assert wf.completed


def test_countersign_multi_instance():
    xml = engine.prepare(COUNTERSIGN).xml
    wf = engine.start(xml, "p", {"signers": 3})
    for _ in range(3):
        ready = wf.human_tasks()
        assert ready and ready[0].key == "sign"
        wf = engine.restore(xml, "p", wf.state())
        wf.complete(ready[0].id, {})
    assert wf.completed


def timer_model(duration: str) -> bytes:
    return engine.prepare(
        model(
            '<bpmn:startEvent id="s"/><bpmn:userTask id="wait" name="W"/>'
            '<bpmn:boundaryEvent id="t" attachedToRef="wait"><bpmn:timerEventDefinition>'
            f"<bpmn:timeDuration>{duration}</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>"
            '<bpmn:userTask id="late" name="L"/><bpmn:endEvent id="e"/>'
            + flow("f1", "s", "wait")
            + flow("f2", "wait", "e")
            + flow("f3", "t", "late")
            + flow("f4", "late", "e")
        )
    ).xml


def test_timer_boundary_event_waits_then_fires():
    xml = timer_model("PT1H")
    wf = engine.start(xml, "p", {})
    due = wf.next_timer()
    assert names(wf) == ["wait"] and due is not None and due > datetime.now(UTC).replace(tzinfo=None)
    xml = timer_model("PT0.5S")
    wf = engine.start(xml, "p", {})
    assert names(wf) == ["wait"]
    time.sleep(0.6)
    wf = engine.restore(xml, "p", wf.state())
    wf.fire_timers()
    assert names(wf) == ["late"]  # interrupting: the waiting task is gone


@pytest.mark.parametrize(
    "text,expected",
    [
        ("${pass}", "pass_"),
        ("${days > 3 && !urgent}", "days > 3 and not urgent"),
        ("${kind == 'sick' || x eq null}", "kind == 'sick' or x == None"),
        ("days >= 3", "days >= 3"),
    ],
)
def test_translation(text, expected):
    assert engine.translate(text) == expected


def test_evaluation_of_the_subset():
    assert engine.evaluate(engine.translate("${pass && days > 3}"), {"pass": True, "days": 5}) is True
    assert engine.evaluate("kind in ['a', 'b']", {"kind": "b"}) is True
    with pytest.raises(engine.EngineError, match="流程变量不存在: days"):
        engine.evaluate("days > 3", {})


@pytest.mark.parametrize(("text", "expected"), [("True", True), ("False", False), ("true", True), ("${false}", False),
                                               ("None", None), ("kind in ['a'] and True", True)])
def test_bare_truth_values_are_constants_not_variables(text, expected):
    translated = engine.translate(text)
    assert engine.translate(translated) == translated  # a deployed model's text deploys again unchanged
    assert engine.evaluate(translated, {"kind": "a"}) is expected


@pytest.mark.parametrize("text", ["a*'x'*3", "'x'*n", "n*'x'", "[0]*n", "'%09d' % n"])
def test_repetition_is_refused_for_anything_but_numbers(text):
    """A user's value must not size an allocation (issue 24): `*` and `%` take numbers only."""
    with pytest.raises(engine.EngineError, match="乘法与取余只能用于数字"):
        engine.evaluate(engine.translate(text), {"a": 1, "n": 10**6})
    assert engine.evaluate("a * n % 7 * 1.5", {"a": 3, "n": 5}) == 1.5


@pytest.mark.parametrize(
    "text",
    ['__import__("os").system("id")', "a.__class__", "x[0]", "(lambda: 1)()", "open('f')", "[y for y in z]", "_secret"],
)
def test_expressions_outside_the_subset_are_refused(text):
    with pytest.raises(engine.EngineError, match="表达式(不在允许的范围内|无法解析)"):
        engine.translate(text)  # refused, never evaluated


def test_model_with_a_refused_expression_or_script_is_not_deployable():
    with pytest.raises(engine.EngineError, match="表达式不在允许的范围内"):
        engine.prepare(
            model(
                '<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="g" default="f3"/>'
                '<bpmn:endEvent id="e"/>'
                + flow("f1", "s", "g")
                + flow("f2", "g", "e", "${x.__class__}")
                + flow("f3", "g", "e")
            )
        )
    with pytest.raises(engine.EngineError, match="不支持脚本任务"):
        engine.prepare(model('<bpmn:scriptTask id="x" name="x"><bpmn:script>import os</bpmn:script></bpmn:scriptTask>'))
    with pytest.raises(engine.EngineError, match="模型不是有效的 XML"):
        engine.prepare(b"<nope")
    with pytest.raises(engine.EngineError, match="模型中没有流程"):
        engine.prepare(f'<bpmn:definitions {NS} id="d" targetNamespace="t"/>'.encode())


def multi_instance(loop: str, body: str = "", task: str = 'flowable:assignee="${approver}"') -> bytes:
    """start → a multi-instance user task (`loop`: the attributes, `body`: e.g. a completion condition) → end."""
    return model(
        f'<bpmn:startEvent id="s"/><bpmn:userTask id="sign" name="会签" {task}>'
        f"<bpmn:multiInstanceLoopCharacteristics {loop}>{body}</bpmn:multiInstanceLoopCharacteristics>"
        '</bpmn:userTask><bpmn:endEvent id="e"/>' + flow("f1", "s", "sign") + flow("f2", "sign", "e")
    )


COLLECTION = 'flowable:collection="${approvers}" flowable:elementVariable="approver"'
APPROVERS = {"approvers": ["taskUser_1", "taskUser_2", "taskUser_3"]}


def test_parallel_collection_gives_each_approver_a_task_and_ends_on_the_completion_condition():
    xml = engine.prepare(
        multi_instance(
            COLLECTION, "<bpmn:completionCondition>${nrOfCompletedInstances >= 2}</bpmn:completionCondition>"
        )
    ).xml
    assert b"<bpmn:loopDataInputRef>approvers</bpmn:loopDataInputRef>" in xml
    wf = engine.start(xml, "p", APPROVERS)
    ready = wf.human_tasks()
    assert sorted(t.assignee for t in ready) == APPROVERS["approvers"] and {t.key for t in ready} == {"sign"}
    wf = engine.restore(xml, "p", wf.state())
    wf.complete(ready[0].id, {})
    assert len(wf.human_tasks()) == 2 and not wf.completed
    wf = engine.restore(xml, "p", wf.state())
    wf.complete(ready[1].id, {})
    assert wf.human_tasks() == [] and wf.completed  # two of three: the third is cancelled
    assert "approver" not in wf.data  # the element variable stayed with its instance


def test_sequential_collection_asks_the_approvers_in_turn_and_a_veto_ends_it():
    veto = "<bpmn:completionCondition>${!pass}</bpmn:completionCondition>"
    xml = engine.prepare(multi_instance(f'isSequential="true" {COLLECTION}', veto)).xml
    wf = engine.start(xml, "p", APPROVERS)
    for approver in APPROVERS["approvers"][:2]:
        [task] = wf.human_tasks()
        assert task.assignee == approver
        wf = engine.restore(xml, "p", wf.state())
        wf.complete(task.id, {"pass": approver == "taskUser_1"})  # the first agrees, the second refuses
    assert wf.completed and wf.data["pass"] is False  # the third was never asked


def test_sequential_cardinality_counts_its_instances():
    seen = []
    condition = "<bpmn:completionCondition>${nrOfCompletedInstances == nrOfInstances}</bpmn:completionCondition>"
    xml = engine.prepare(
        multi_instance('isSequential="true"', f"<bpmn:loopCardinality>3</bpmn:loopCardinality>{condition}", task="")
    ).xml
    wf = engine.start(xml, "p", {})
    while not wf.completed:
        [task] = wf.human_tasks()
        seen.append(task.id)
        wf.complete(task.id, {})
    assert len(seen) == 3


@pytest.mark.parametrize(
    "loop,body,message",
    [
        ('flowable:collection="${org.members()}"', "", "多实例集合只能是一个流程变量"),
        ('flowable:collection="approvers" flowable:elementVariable="a-b"', "", "多实例元素变量只能是变量名"),
        ('flowable:elementVariable="approver"', "", "多实例设置了元素变量但没有集合"),
        ('flowable:collection="approvers"', "<bpmn:loopCardinality>2</bpmn:loopCardinality>", "不能同时设置"),
        ("", "", "多实例需要设置集合或循环次数"),
    ],
)
def test_multi_instance_settings_the_engine_cannot_run_are_refused(loop, body, message):
    with pytest.raises(engine.EngineError, match=message):
        engine.prepare(multi_instance(loop, body))


def test_an_element_variable_only_on_a_user_task():
    xml = multi_instance(COLLECTION).replace(b"bpmn:userTask", b"bpmn:manualTask")
    with pytest.raises(engine.EngineError, match="多实例元素变量只能用在用户任务上: sign"):
        engine.prepare(xml)


def test_the_designers_multi_instance_xml_runs():
    # as the designer's modeler writes it (web/src/views/flow/model/multiInstance.test.ts checks that side)
    loop = 'isSequential="true" flowable:collection="${approvers}" flowable:elementVariable="approver"'
    condition = (
        '<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">${nrOfCompletedInstances &gt;= 2}'
        "</bpmn:completionCondition>"
    )
    xml = engine.prepare(multi_instance(loop, condition)).xml
    wf = engine.start(xml, "p", APPROVERS)
    for approver in APPROVERS["approvers"][:2]:
        [task] = wf.human_tasks()
        assert task.assignee == approver
        wf.complete(task.id, {})
    assert wf.completed
