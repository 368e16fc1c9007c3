"""The workflow engine adapter (industrial.md §8): SpiffWorkflow parses and runs BPMN 2.0; nothing outside this
file imports it, so the LGPL dependency stays replaceable.

What the adapter adds to the engine:
- `prepare` turns XML as bpmn-js (or Flowable / Camunda) saves it into an executable model: every process marked
  executable, Flowable/JUEL expressions (`${pass}`, `${days > 3 && type == 'sick'}`) translated into the safe
  subset, ISO timer texts quoted, script and service tasks refused.
- Expressions never reach Python's eval: `Safe` evaluates a small AST subset (names, constants, comparisons,
  and/or/not, arithmetic) against the task data, and anything else is refused with a clear message.
- Multi-instance (会签) the Flowable way: `flowable:collection` (a variable holding a list) and
  `flowable:elementVariable` become BPMN's own loopDataInputRef / inputDataItem; the element variable stays local
  to its instance, and completion conditions read Flowable's nrOfInstances, nrOfCompletedInstances and
  nrOfActiveInstances.
- User tasks carry the Flowable/Camunda assignment attributes (assignee, candidateUsers, candidateGroups,
  formKey) in their extensions; `HumanTask` resolves `${variable}` in them against the task's data.
- BPMN's `potentialOwner` / `humanPerformer` (`user(kermit), group(management)`) become the same candidates and
  assignee; `people` lists every literal user and group so that the caller refuses names nobody holds.
- Only what the engine runs is accepted: every element of a process is on a list (SUPPORTED, EVENTS) or the model
  is refused with the element named; sequence flows without an `id` (valid BPMN, common in Flowable files) get one
  instead of being dropped.
- Service and send tasks run built-in actions only (ACTIONS: http, mail, notify, set, alarm, form), configured with
  `flowable:type` and `flowable:field`s or a Camunda connector; the engine stops at them (they are manual tasks to
  Spiff) and the caller performs each action and finishes the task (`actions`, `finish`), so no action runs
  inside the engine and none is user code.
- Start events: a message start waits for its message (`deliver`); a timer start keeps its schedule in
  `Process.schedule` and fires at once when the caller starts the instance on schedule.
- A running workflow is kept as JSON state without its spec (the spec is re-parsed once per definition and
  cached), so the caller stores it with each step in its own transaction.
"""

import ast
import json
import keyword
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from hashlib import sha256
from typing import Any
from uuid import UUID

from croniter import croniter  # type: ignore[import-untyped]
from lxml import etree  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.parser.BpmnParser import BpmnParser, full_tag  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.parser.event_parsers import SendTaskParser  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.parser.TaskParser import TaskParser  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.parser.ValidationException import ValidationException  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.script_engine import PythonScriptEngine  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.script_engine.python_environment import BasePythonScriptEngineEnvironment  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.serializer import BpmnWorkflowSerializer  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.specs.defaults import ManualTask, SendTask, UserTask  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.specs.event_definitions.item_aware_event import SignalEventDefinition  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.specs.event_definitions.message import MessageEventDefinition  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.specs.event_definitions.timer import TimerEventDefinition  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.specs.mixins.multiinstance_task import MultiInstanceTask  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.util.event import BpmnEvent  # type: ignore[import-untyped]
from SpiffWorkflow.bpmn.workflow import BpmnWorkflow  # type: ignore[import-untyped]
from SpiffWorkflow.exceptions import WorkflowException  # type: ignore[import-untyped]
from SpiffWorkflow.util.task import TaskState  # type: ignore[import-untyped]

BPMN = "http://www.omg.org/spec/BPMN/20100524/MODEL"
# Assignment attributes are read from any of these namespaces (the modeler writes flowable:).
VENDORS = ("http://flowable.org/bpmn", "http://camunda.org/schema/1.0/bpmn", "http://activiti.org/bpmn")
ASSIGNMENT = ("assignee", "candidateUsers", "candidateGroups", "formKey", "formId")
EXPRESSION_TAGS = ("conditionExpression", "loopCardinality", "completionCondition")
TIMER_TAGS = ("timeDuration", "timeDate", "timeCycle")
MAX_EXPRESSION = 500
# What a process may hold. Anything else (script and business-rule tasks, complex gateways, transactions, ad-hoc
# sub-processes, compensation, conditional and link events, unknown tags) is refused with the element named.
LABELS = {
    "startEvent": "开始事件", "endEvent": "结束事件", "userTask": "用户任务", "task": "任务", "manualTask": "人工任务",
    "serviceTask": "服务任务", "sendTask": "发送任务", "receiveTask": "接收任务", "exclusiveGateway": "排他网关",
    "parallelGateway": "并行网关", "inclusiveGateway": "包容网关", "eventBasedGateway": "事件网关",
    "subProcess": "子流程", "callActivity": "调用活动", "intermediateCatchEvent": "中间捕获事件",
    "intermediateThrowEvent": "中间抛出事件", "boundaryEvent": "边界事件", "sequenceFlow": "顺序流",
    "scriptTask": "脚本任务", "businessRuleTask": "业务规则任务", "complexGateway": "复杂网关",
    "transaction": "事务子流程", "adHocSubProcess": "自由子流程",
}
SUPPORTED = {
    *(name for name in LABELS if name not in ("scriptTask", "businessRuleTask", "complexGateway", "transaction",
                                                "adHocSubProcess")),
    # parts of the elements above, and what does not run (documentation, lanes, annotations, data)
    "incoming", "outgoing", "conditionExpression", "documentation", "extensionElements", "laneSet", "lane",
    "flowNodeRef", "childLaneSet", "textAnnotation", "text", "association", "group", "dataObject",
    "dataObjectReference", "dataStoreReference", "dataInputAssociation", "dataOutputAssociation", "sourceRef",
    "targetRef", "multiInstanceLoopCharacteristics", "loopCardinality", "completionCondition", "loopDataInputRef",
    "inputDataItem", "potentialOwner", "humanPerformer", "resourceAssignmentExpression", "formalExpression",
    "timeDuration", "timeDate", "timeCycle", "property", "ioSpecification", "dataInput", "dataOutput",
    "inputSet", "outputSet", "dataInputRefs", "dataOutputRefs",
}
EVENTS = {"timerEventDefinition": "定时", "messageEventDefinition": "消息", "signalEventDefinition": "信号",
          "errorEventDefinition": "错误", "escalationEventDefinition": "升级",
          "terminateEventDefinition": "终止"}
# Children of <definitions> the engine reads or may ignore.
TOP_LEVEL = {"process", "message", "signal", "error", "escalation", "collaboration", "itemDefinition", "resource",
             "dataStore", "import", "extension", "documentation", "extensionElements", "category",
             "correlationProperty", "interface"}
# The built-in actions of service and send tasks, and the Flowable/Camunda names that map onto them.
ACTIONS = {"http": "HTTP 调用", "mail": "邮件", "notify": "通知", "set": "设置变量", "alarm": "创建告警",
           "form": "创建表单记录"}
ACTION_ALIASES = {"http-connector": "http", "mail-send": "mail", "email": "mail", "notification": "notify",
                  "variables": "set", "formRecord": "form"}
FIELD_ALIASES = {"requestUrl": "url", "requestMethod": "method", "requestHeaders": "headers",
                 "requestBody": "body", "responseVariableName": "result", "payload": "body", "html": "text",
                 "content": "text", "title": "subject", "eventId": "event"}
# A set or form action's parameters are variable or field names, kept as written but for the form's own name.
NAMED_ALIASES = {"formKey": "form", "formId": "form"}
# The actions' parameters; a form action's other parameters are the record's values by field (prop), as a set
# action's are variables.
ACTION_PARAMS = {"http": ("url", "method", "headers", "body", "result", "ignoreException"),
                 "mail": ("to", "subject", "text"), "notify": ("to", "subject", "text"),
                 "alarm": ("event", "value", "text")}
NEEDED = {"http": "url", "mail": "to", "notify": "to", "alarm": "event", "form": "form"}
CODE_ATTRIBUTES = ("class", "delegateExpression", "expression", "topic")


class EngineError(ValueError):
    """A model or an expression the engine refuses; the message is shown to the user as is."""


# --- the safe expression subset -------------------------------------------------------------------------------

_COMPARE: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}
_ARITH: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Mod: operator.mod,
}
# `*` and `%` would repeat a string or list (`'x' * n`) or pad a format (`'%09999999d' % 1`) to a size a
# variable's value decides: numbers only.
_NUMERIC: tuple[type, ...] = (ast.Mult, ast.Mod)
_UNARY: dict[type, Callable[[Any], Any]] = {ast.Not: operator.not_, ast.USub: operator.neg, ast.UAdd: operator.pos}


def check(expression: str) -> ast.Expression:
    """Parse `expression` and refuse anything outside the subset (no calls, attributes, subscripts, lambdas)."""
    if len(expression) > MAX_EXPRESSION:
        raise EngineError(f"表达式过长: 最多 {MAX_EXPRESSION} 个字符")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError:
        raise EngineError(f"表达式无法解析: {expression}") from None
    for node in ast.walk(tree):
        allowed = isinstance(
            node,
            (
                ast.Expression,
                ast.BoolOp,
                ast.And,
                ast.Or,
                ast.Compare,
                ast.Load,
                ast.List,
                ast.Tuple,
                *_COMPARE,
                *_ARITH,
                *_UNARY,
            ),
        )
        allowed = allowed or (isinstance(node, (ast.UnaryOp, ast.BinOp)) and type(node.op) in (_UNARY | _ARITH))
        allowed = allowed or (isinstance(node, ast.Name) and not node.id.startswith("_"))
        allowed = allowed or (
            isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, (bool, int, float, str)))
        )
        if not allowed:
            raise EngineError(f"表达式不在允许的范围内 (只允许变量, 常量, 比较, and/or/not 和四则运算): {expression}")
    return tree


def evaluate(expression: str, data: dict) -> Any:
    return _eval(check(expression).body, data)


def _eval(node: ast.AST, data: dict) -> Any:
    match node:
        case ast.Constant(value=value):
            return value
        case ast.Name(id=name):
            if name.endswith("_") and keyword.iskeyword(name[:-1]):
                name = name[:-1]
            if name not in data:
                raise EngineError(f"流程变量不存在: {name}")
            return data[name]
        case ast.BoolOp(op=ast.And(), values=values):
            return all(_eval(value, data) for value in values)
        case ast.BoolOp(op=ast.Or(), values=values):
            return any(_eval(value, data) for value in values)
        case ast.UnaryOp(op=op, operand=operand):
            return _UNARY[type(op)](_eval(operand, data))
        case ast.BinOp(left=left, op=op, right=right):
            a, b = _eval(left, data), _eval(right, data)
            if isinstance(op, _NUMERIC) and not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
                raise EngineError(f"乘法与取余只能用于数字: {ast.unparse(node)}")
            return _ARITH[type(op)](a, b)
        case ast.Compare(left=left, ops=ops, comparators=comparators):
            current = _eval(left, data)
            for test, comparator in zip(ops, comparators, strict=True):
                value = _eval(comparator, data)
                if not _COMPARE[type(test)](current, value):
                    return False
                current = value
            return True
        case ast.List(elts=items) | ast.Tuple(elts=items):
            return [_eval(item, data) for item in items]
    raise EngineError("表达式不在允许的范围内")


_JUEL_TOKEN = re.compile(r"""('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(&&|\|\||!=|!|[A-Za-z_][A-Za-z0-9_]*)""")
_JUEL_WORDS = {
    "&&": " and ",
    "||": " or ",
    "!": " not ",
    "!=": "!=",
    "true": "True",
    "false": "False",
    "null": "None",
    "eq": "==",
    "ne": "!=",
    "lt": "<",
    "gt": ">",
    "le": "<=",
    "ge": ">=",
    "and": " and ",
    "or": " or ",
    "not": " not ",
}

_SUBSET_WORDS = {"True", "False", "None", "in"}


def translate(text: str) -> str:
    """A Flowable/JUEL expression (`${pass && days > 3}`) as the safe subset (`pass and days > 3`); plain
    subset expressions pass unchanged. Refuses what the subset cannot express."""
    text = text.strip()
    if text.startswith("${") and text.endswith("}") or text.startswith("#{") and text.endswith("}"):
        text = text[2:-1]

    def word(match: re.Match) -> str:
        if match.group(1):
            return match.group(1)
        name = match.group(2)
        if name in _JUEL_WORDS:
            return _JUEL_WORDS[name]
        # Flowable's favourite variable `pass` is a Python keyword: it is spelt `pass_` in the subset. The
        # subset's own words (True, False, None, `in`) stay as written, so a translated text translates to itself.
        return f"{name}_" if keyword.iskeyword(name) and name not in _SUBSET_WORDS else name

    result = re.sub(r"\s+", " ", _JUEL_TOKEN.sub(word, text)).strip()
    check(result)
    return result


class Safe(BasePythonScriptEngineEnvironment):
    """The script environment Spiff runs conditions, cardinalities and timers through: the subset only."""

    def evaluate(self, expression, context, external_context=None):
        return evaluate(expression, {**(external_context or {}), **context})

    def execute(self, script, context, external_context=None):
        raise EngineError("不支持脚本")

    def call_service(self, context, **kwargs):
        raise EngineError("不支持服务调用")


def loop_counts(task) -> dict[str, int]:
    """Flowable's multi-instance variables as seen by one instance of a multi-instance task (else nothing)."""
    parent = task.parent
    spec = parent.task_spec if parent is not None else None
    if not isinstance(spec, MultiInstanceTask):
        return {}
    instances = [child for child in parent.children if child.task_spec.name == spec.task_spec]
    completed = len(parent.internal_data.get("merged", []))
    active = sum(1 for child in instances if not child.has_state(TaskState.FINISHED_MASK))
    pending = parent.internal_data.get("remaining")  # a sequential loop over a collection
    if pending is not None:
        total = completed + active + len(pending)
    else:  # a sequential loop counts to its cardinality; a parallel one made every instance at once
        total = parent.internal_data.get("cardinality", len(instances))
    return {"nrOfInstances": total, "nrOfCompletedInstances": completed, "nrOfActiveInstances": active}


class ScriptEngine(PythonScriptEngine):
    def evaluate(self, task, expression, external_context=None):
        return super().evaluate(task, expression, {**loop_counts(task), **(external_context or {})})


SCRIPT_ENGINE = ScriptEngine(environment=Safe())


# --- parsing --------------------------------------------------------------------------------------------------


class AssignedTaskParser(TaskParser):
    """Copies the Flowable/Camunda assignment attributes of a user task, and its BPMN potentialOwner and
    humanPerformer, into its extensions."""

    def create_data_spec(self, item, cls):
        # The element variable of a multi-instance task is the inputDataItem's name; its id stays unique.
        if etree.QName(item).localname == "inputDataItem" and item.get("name"):
            return cls(item.get("name"), item.get("name"))
        return super().create_data_spec(item, cls)

    def parse_extensions(self, node=None):
        return assignment(node if node is not None else self.node)


class ActionTaskParser(TaskParser):
    """A service task with a built-in action: a manual task to Spiff (the engine stops there), its action in its
    extensions; the caller performs it."""

    def create_task(self):
        return ManualTask(self.spec, self.bpmn_id, **self.bpmn_attributes)

    def parse_extensions(self, node=None):
        return {"action": action_of(node if node is not None else self.node)}


class ActionSendTaskParser(SendTaskParser):
    """A send task with a built-in action is one as a service task; one with a message throws it."""

    def create_task(self):
        if action_of(self.node) is None:
            return super().create_task()
        return ManualTask(self.spec, self.bpmn_id, **self.bpmn_attributes)

    def parse_extensions(self, node=None):
        action = action_of(node if node is not None else self.node)
        return {"action": action} if action else {}


class Parser(BpmnParser):
    OVERRIDE_PARSER_CLASSES = {
        full_tag("userTask"): (AssignedTaskParser, UserTask),
        full_tag("serviceTask"): (ActionTaskParser, ManualTask),
        full_tag("sendTask"): (ActionSendTaskParser, SendTask),
    }


@dataclass(frozen=True)
class Process:
    key: str
    name: str
    schedule: str | None = None  # a timer start's timeCycle / timeDate / timeDuration, as written
    trigger: str | None = None  # a message or signal start: "message:<name>" / "signal:<name>"


@dataclass(frozen=True)
class Prepared:
    xml: bytes  # executable, translated model
    processes: list[Process]
    # (task, "user" | "group", name): every literal assignee, candidate user and group, for the caller to check
    people: list[tuple[str, str, str]] = field(default_factory=list)


def _document(xml: bytes | str) -> etree._Element:
    data = xml.encode() if isinstance(xml, str) else xml  # lxml refuses str with an encoding declaration
    try:
        return etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False))
    except etree.XMLSyntaxError as exc:
        raise EngineError(f"模型不是有效的 XML: {exc}") from None


_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _vendor(element: etree._Element, name: str) -> str | None:
    return next((element.get(f"{{{ns}}}{name}") for ns in VENDORS if element.get(f"{{{ns}}}{name}")), None)


def _label(element: etree._Element) -> str:
    """An element as a message names it: its kind and its name or id."""
    local = etree.QName(element).localname
    kind = LABELS.get(local) or EVENTS.get(local) or local
    return f"{kind} {element.get('name') or element.get('id') or ''}".strip()


_PERFORMER = re.compile(r"^(user|group)\((.*)\)$")


def assignment(node: etree._Element) -> dict[str, str]:
    """A user task's assignee, candidateUsers, candidateGroups and formKey: the Flowable/Camunda attributes, and
    BPMN's humanPerformer (the assignee) and potentialOwner (candidates; a bare name is a group, as Flowable reads
    it), written `user(kermit), group(management)`."""
    found = {name: value for name in ASSIGNMENT if (value := _vendor(node, name))}
    for tag, bare in (("humanPerformer", "assignee"), ("potentialOwner", "candidateGroups")):
        for expression in node.iterfind(f"{{{BPMN}}}{tag}//{{{BPMN}}}formalExpression"):
            for part in (p.strip() for p in (expression.text or "").split(",")):
                match = _PERFORMER.match(part)
                kind, name = (match.group(1), match.group(2).strip()) if match else (None, part)
                if not name:
                    continue
                target = {"user": "candidateUsers" if bare != "assignee" else "assignee", "group": "candidateGroups",
                          None: bare}[kind]
                if target == "assignee" and "assignee" in found:
                    target = "candidateUsers"
                found[target] = f"{found[target]},{name}" if target in found else name
    return found


def _field_value(field_: etree._Element) -> str:
    value = field_.get("stringValue") or field_.get("expression")
    if value is None:
        inner = next((child for child in field_ if isinstance(child.tag, str)), None)  # flowable:string / expression
        value = inner.text if inner is not None else field_.text
    return (value or "").strip()


def action_of(node: etree._Element) -> dict | None:
    """The built-in action a service or send task is configured with: `flowable:type` (http, mail, or PlantDesk's
    notify, set, alarm and form) with `flowable:field`s, or a Camunda connector (http-connector, mail-send) with
    its input parameters. None without one."""
    kind = _vendor(node, "type")
    params: dict[str, str] = {}
    extensions = node.find(f"{{{BPMN}}}extensionElements")
    for child in extensions if extensions is not None else []:
        if not isinstance(child.tag, str) or etree.QName(child).namespace not in VENDORS:
            continue
        local = etree.QName(child).localname
        if local == "field" and child.get("name"):
            params[child.get("name")] = _field_value(child)
        elif local == "connector":
            for part in child.iter():
                if not isinstance(part.tag, str):
                    continue
                if etree.QName(part).localname == "connectorId":
                    kind = kind or (part.text or "").strip()
                elif etree.QName(part).localname == "inputParameter" and part.get("name"):
                    params[part.get("name")] = (part.text or "").strip()
    if not kind:
        return None
    kind = ACTION_ALIASES.get(kind, kind)
    aliases = NAMED_ALIASES if kind in ("set", "form") else FIELD_ALIASES
    return {"kind": kind, "params": {aliases.get(k, k): v for k, v in params.items()}}


def _check_action(element: etree._Element) -> None:
    label = _label(element)
    code = next((f"{etree.QName(a).localname}" for a in element.attrib
                 if etree.QName(a).namespace in VENDORS and etree.QName(a).localname in CODE_ATTRIBUTES), None)
    if code:
        raise EngineError(f"不支持运行代码的{label} ({code}); 请改用内置动作: {', '.join(ACTIONS)}")
    action = action_of(element)
    if action is None:
        if etree.QName(element).localname == "sendTask" and element.get("messageRef"):
            return
        raise EngineError(f"{label} 没有配置内置动作 (flowable:type: {', '.join(ACTIONS)})")
    kind, params = action["kind"], action["params"]
    if kind not in ACTIONS:
        raise EngineError(f"{label} 的动作不受支持: {kind} (可用: {', '.join(ACTIONS)})")
    needed = NEEDED.get(kind)
    if needed and not params.get(needed):
        raise EngineError(f"{label} 缺少参数: {needed}")
    for name, value in params.items():
        if kind in ("set", "form") and name != "form" and not _variable_name(name):
            raise EngineError(f"{label} 的变量名无效: {name}")
        if kind not in ("set", "form") and name not in ACTION_PARAMS[kind]:
            raise EngineError(f"{label} 的参数不受支持: {name}")
        for expression in re.findall(r"\$\{[^}]*\}", value):
            translate(expression)
    if kind == "http" and (params.get("method") or "GET").upper() not in ("GET", "POST", "PUT", "PATCH", "DELETE"):
        raise EngineError(f"{label} 的 HTTP 方法不受支持: {params['method']}")


def _check_elements(process: etree._Element) -> None:
    """Refuse what the engine would not run, naming the element; give id-less sequence flows an id (vendor
    extensions are not BPMN's and are read where they apply)."""
    ids = {e.get("id") for e in process.iter() if e.get("id")}
    for number, element in enumerate(process.iter(f"{{{BPMN}}}*"), start=1):
        local = etree.QName(element).localname
        if local in EVENTS or element is process:
            continue
        owner = element.getparent()
        if local.endswith("EventDefinition"):
            raise EngineError(f"不支持的事件类型: {local} ({_label(owner)})")
        if local not in SUPPORTED:
            what = LABELS.get(local, f"的元素 {local}")
            raise EngineError(f"不支持{what}: {element.get('name') or element.get('id') or '?'}")
        if local == "sequenceFlow" and not element.get("id"):
            generated = f"flow_{number}"
            while generated in ids:
                generated += "_"
            ids.add(generated)
            element.set("id", generated)
        elif local in LABELS and not element.get("id"):
            raise EngineError(f"{LABELS[local]}缺少标识: {element.get('name') or '?'}")
        if local in ("serviceTask", "sendTask"):
            _check_action(element)


def _variable_name(text: str) -> bool:
    return bool(_NAME.match(text)) and not keyword.iskeyword(text)


def _multi_instance(loop: etree._Element, owner: str) -> None:
    """Flowable's `collection` / `elementVariable` as BPMN's loopDataInputRef / inputDataItem. Only a user task
    names its element variable as written (AssignedTaskParser), so only a user task may have one."""
    collection, item = _vendor(loop, "collection"), (_vendor(loop, "elementVariable") or "").strip()
    if item and etree.QName(loop.getparent()).localname != "userTask":
        raise EngineError(f"多实例元素变量只能用在用户任务上: {owner}")
    if collection is None:
        if item:
            raise EngineError(f"多实例设置了元素变量但没有集合: {owner}")
        if loop.find(f"{{{BPMN}}}loopCardinality") is None and loop.find(f"{{{BPMN}}}loopDataInputRef") is None:
            raise EngineError(f"多实例需要设置集合或循环次数: {owner}")
        return
    variable = collection.strip()
    if variable.startswith("${") and variable.endswith("}"):
        variable = variable[2:-1].strip()
    if not _variable_name(variable):
        raise EngineError(f"多实例集合只能是一个流程变量 (例如 ${{approvers}}): {collection}")
    if loop.find(f"{{{BPMN}}}loopCardinality") is not None:
        raise EngineError(f"多实例不能同时设置循环次数和集合: {owner}")
    for old in loop.findall(f"{{{BPMN}}}loopDataInputRef") + loop.findall(f"{{{BPMN}}}inputDataItem"):
        loop.remove(old)
    added = [etree.Element(f"{{{BPMN}}}loopDataInputRef")]
    added[0].text = variable
    if item:
        if not _variable_name(item):
            raise EngineError(f"多实例元素变量只能是变量名: {item}")
        added.append(etree.Element(f"{{{BPMN}}}inputDataItem", id=f"{owner}_{item}", name=item))
    condition = loop.find(f"{{{BPMN}}}completionCondition")
    for element in added:  # the schema's order: ... inputDataItem before completionCondition
        if condition is not None:
            condition.addprevious(element)
        else:
            loop.append(element)


_ISO_TIME = re.compile(r"^(R\d*/)?P(?!$)[0-9YMWDTHMS.]*$|^\d{4}-\d{2}-\d{2}T[0-9:.+\-Z]*$")


def called_keys(xml: bytes | str) -> set[str]:
    """The process keys the model's call activities name that the file itself does not hold."""
    root = _document(xml)
    own = {p.get("id") for p in root.iterfind(f"{{{BPMN}}}process")}
    return {c.get("calledElement") for c in root.iter(f"{{{BPMN}}}callActivity")} - own - {None, ""}


def _include(root: etree._Element, key: str, library: dict[str, bytes]) -> None:
    """A called process from another deployment (its XML in `library`), copied into this model with the
    messages, signals and errors it names; the deployment then calls the version deployed at the time."""
    source = _document(library[key])
    process = source.find(f"{{{BPMN}}}process[@id='{key}']")
    if process is None:
        raise EngineError(f"调用活动找不到流程: {key}")
    known = {child.get("id") for child in root}
    for child in source.iterchildren(f"{{{BPMN}}}message", f"{{{BPMN}}}signal", f"{{{BPMN}}}error",
                                     f"{{{BPMN}}}escalation"):
        if child.get("id") not in known:
            root.insert(0, child)
    root.append(process)


def prepare(xml: bytes | str, library: dict[str, bytes] | None = None) -> Prepared:
    """Validate a model, mark its processes executable and translate its expressions; `EngineError` with a
    readable message when the model cannot run. `library` holds the deployed XML of each process key a call
    activity names outside the file (`called_keys`)."""
    root = _document(xml)
    if etree.QName(root).localname != "definitions" or etree.QName(root).namespace != BPMN:
        raise EngineError("模型不是 BPMN 2.0 文档")
    processes = root.findall(f"{{{BPMN}}}process")
    if not processes:
        raise EngineError("模型中没有流程")
    for child in root.iterchildren(f"{{{BPMN}}}*"):
        if etree.QName(child).localname not in TOP_LEVEL:
            raise EngineError(f"不支持的元素: {etree.QName(child).localname} ({child.get('id') or '?'})")
        if etree.QName(child).localname in ("message", "signal") and child.get("id") and not child.get("name"):
            child.set("name", child.get("id"))  # the engine knows a message or signal by its name
    for process in processes:
        if not process.get("id"):
            raise EngineError("流程缺少标识")
        process.set("isExecutable", "true")
        _check_elements(process)
    for loop in list(root.iter(f"{{{BPMN}}}multiInstanceLoopCharacteristics")):
        _multi_instance(loop, loop.getparent().get("id") or "?")
    found = [_process(root, process) for process in processes]
    people: list[tuple[str, str, str]] = []
    for element in root.iter(f"{{{BPMN}}}*"):
        name = etree.QName(element).localname
        if name == "userTask":
            people += _people(element)
        if name in EXPRESSION_TAGS and (element.text or "").strip():
            element.text = translate(element.text)
        if name in TIMER_TAGS and (element.text or "").strip():
            text = element.text.strip()
            element.text = repr(text) if _ISO_TIME.match(text) else translate(text)
    for call in root.iter(f"{{{BPMN}}}callActivity"):
        key = call.get("calledElement") or ""
        if root.find(f"{{{BPMN}}}process[@id='{key}']") is None:
            if key not in (library or {}):
                raise EngineError(f"调用活动找不到流程: {key or '?'} ({_label(call)})")
            _include(root, key, library or {})
    text = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    for process in found:
        _spec(text, process.key)  # the engine's own validation (flows, gateways, events)
    return Prepared(text, found, people)


def _people(task: etree._Element) -> list[tuple[str, str, str]]:
    """A user task's literal users and groups; its `${...}` expressions are checked, resolved when it runs."""
    literal = []
    for key, value in assignment(task).items():
        if key == "formKey" or key == "formId":
            continue
        for part in (p.strip() for p in value.split(",")):
            if part.startswith(("${", "#{")) and part.endswith("}"):
                translate(part)
            elif part:
                literal.append((_label(task), "group" if key == "candidateGroups" else "user", part))
    return literal


def _process(root: etree._Element, process: etree._Element) -> Process:
    """The process's key and name, and how it starts when not by hand: on a schedule (a timer start, its timer
    made to fire as the instance starts) or by a message or signal."""
    schedule = trigger = None
    for start in process.iterfind(f"{{{BPMN}}}startEvent"):
        timer = start.find(f"{{{BPMN}}}timerEventDefinition")
        if timer is not None:
            written = next((t for t in timer if isinstance(t.tag, str) and etree.QName(t).localname in TIMER_TAGS),
                           None)
            schedule = (written.text or "").strip() if written is not None else ""
            next_run(schedule, datetime.now(), datetime.now(), label=_label(start))  # refused when unreadable
            for old in list(timer):
                timer.remove(old)
            etree.SubElement(timer, f"{{{BPMN}}}timeDuration").text = "PT0S"
        for kind in ("message", "signal"):
            event = start.find(f"{{{BPMN}}}{kind}EventDefinition")
            if event is not None:
                ref = event.get(f"{kind}Ref")
                named = root.find(f"{{{BPMN}}}{kind}[@id='{ref}']") if ref else None
                trigger = f"{kind}:{named.get('name') if named is not None else start.get('name') or ''}"
    return Process(process.get("id"), process.get("name") or process.get("id"), schedule, trigger)


def next_run(schedule: str, anchor: datetime, after: datetime, *, label: str = "") -> datetime | None:
    """When a timer start fires next after `after` (local time, naive): an ISO-8601 cycle (`R/PT8H`,
    `R3/2026-12-01T08:00/P1D`; counted from `anchor`, the deployment, when it names no start), a date, a duration
    from `anchor`, or a cron text (five fields, or Quartz's six or seven as Flowable writes them:
    `0 0 8 * * ?`). None when it fires no more."""
    text = schedule.strip()
    try:
        if len(text.split()) >= 5:
            return croniter(_cron(text), after).get_next(datetime)
        if text.upper().startswith("R"):
            cycles, start, step = TimerEventDefinition.parse_iso_recurring_interval(text)
            if text.count("/") == 1:
                start = anchor + step  # `R/PT8H`: from the deployment, not from now
            start = _local(start)
            if step.total_seconds() <= 0:
                raise ValueError(text)
            done = max(0, int((after - start).total_seconds() // step.total_seconds()) + 1) if after >= start else 0
            return None if 0 <= cycles <= done else start + done * step
        if text.upper().startswith("P"):
            when = anchor + TimerEventDefinition.get_timedelta_from_start(
                TimerEventDefinition.parse_iso_duration(text), anchor)
        else:
            when = _local(TimerEventDefinition.get_datetime(text))
        return when if when > after else None
    except Exception:  # noqa: BLE001 - the engine's and croniter's parse errors alike
        raise EngineError(f"定时设置无法识别: {schedule}" + (f" ({label})" if label else "")) from None


def _local(moment: datetime) -> datetime:
    return moment.astimezone().replace(tzinfo=None) if moment.tzinfo else moment


def _cron(text: str) -> str:
    """Quartz's `sec min hour day month weekday [year]` (1 = Sunday, `?` = any) as croniter's five fields and
    seconds last."""
    fields = text.replace("?", "*").split()
    if len(fields) == 5:
        return " ".join(fields)
    second, minute, hour, day, month, weekday = fields[:6]
    weekday = re.sub(r"\d+", lambda m: str((int(m.group()) - 1) % 7), weekday)
    return f"{minute} {hour} {day} {month} {weekday} {second}"


@lru_cache(maxsize=256)
def _spec(xml: bytes, key: str) -> tuple[Any, dict]:
    """The parsed spec of one process of a deployment; parsed once per process, shared by its instances."""
    parser = Parser()
    try:
        parser.add_bpmn_str(xml)
        return parser.get_spec(key), parser.get_subprocess_specs(key)
    except ValidationException as exc:  # the element named, not the engine's English text
        raise EngineError(f"模型校验失败: {exc.name or exc.id or exc.tag or key}") from None
    except WorkflowException:
        raise EngineError(f"模型校验失败: {key}") from None


def fingerprint(xml: bytes) -> str:
    return sha256(xml).hexdigest()


# --- running --------------------------------------------------------------------------------------------------

_SERIALIZER = BpmnWorkflowSerializer()


@dataclass
class HumanTask:
    """A READY user task, its Flowable-style assignment resolved against its data."""

    id: str
    key: str  # the BPMN element id (taskDefinitionKey)
    name: str
    assignee: str | None
    candidate_users: list[str]
    candidate_groups: list[str]
    form_key: str | None
    data: dict = field(repr=False)


def _resolve(text: str | None, data: dict) -> list[str]:
    """`${var}` takes the variable (a string or a list); a literal is a comma list."""
    if not text:
        return []
    values: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if part.startswith("${") and part.endswith("}"):
            value = evaluate(translate(part), data)
            values.extend(str(v) for v in (value if isinstance(value, (list, tuple)) else [value]) if v)
        elif part:
            values.append(part)
    return values


@dataclass
class Action:
    """A READY service or send task's built-in action, for the caller to perform."""

    id: str
    key: str
    name: str
    kind: str
    params: dict[str, str]
    data: dict = field(repr=False)

    def text(self, name: str, default: str = "") -> str:
        """A parameter with its `${expression}`s replaced by their values."""
        return re.sub(r"\$\{[^}]*\}", lambda m: _text(evaluate(translate(m.group()), self.data)),
                      self.params.get(name) or default)

    def value(self, name: str) -> Any:
        """A parameter that is one `${expression}` is its value (a number stays a number); else its text."""
        raw = self.params.get(name, "").strip()
        if re.fullmatch(r"\$\{[^}]*\}", raw):
            return evaluate(translate(raw), self.data)
        return self.text(name)


def _spec_label(spec: Any) -> str:
    return str(getattr(spec, "bpmn_name", None) or getattr(spec, "bpmn_id", None) or spec.name)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


class Workflow:
    def __init__(self, xml: bytes, key: str, workflow: BpmnWorkflow):
        self.xml, self.key, self.wf = xml, key, workflow

    def run(self) -> None:
        """Run the engine's own steps. Its failures reach the user as PlantDesk's messages naming the element
        (never the engine's English text); a collection the instance lacks is a missing variable."""
        try:
            self.wf.do_engine_steps()
        except (WorkflowException, TypeError, KeyError, ValueError) as exc:
            cause = exc.__cause__ or exc.__context__
            if isinstance(cause, EngineError) or isinstance(exc, EngineError):
                raise EngineError(str(cause if isinstance(cause, EngineError) else exc)) from None
            missing = self._missing_collection()
            if missing:
                raise EngineError(f"流程变量不存在: {missing}") from None
            spec = getattr(exc, "task_spec", None)
            where = _spec_label(spec) if spec is not None else type(exc).__name__
            raise EngineError(f"流程执行失败: {where}") from None
        errors = self.wf.get_tasks(state=TaskState.ERROR)
        if errors:
            raise EngineError(f"流程执行失败: {_spec_label(errors[0].task_spec)}")

    def _missing_collection(self) -> str | None:
        for task in self.wf.get_tasks():
            spec = task.task_spec
            if isinstance(spec, MultiInstanceTask) and spec.data_input is not None \
                    and not task.has_state(TaskState.FINISHED_MASK) and not spec.data_input.exists(task):
                return spec.data_input.bpmn_id
        return None

    def human_tasks(self) -> list[HumanTask]:
        tasks = []
        for task in self.wf.get_tasks(state=TaskState.READY, manual=True):
            ext = getattr(task.task_spec, "extensions", {}) or {}
            if "action" in ext:
                continue
            assignee = _resolve(ext.get("assignee"), task.data)
            tasks.append(
                HumanTask(
                    id=str(task.id),
                    key=task.task_spec.bpmn_id,
                    name=task.task_spec.bpmn_name or task.task_spec.bpmn_id,
                    assignee=assignee[0] if assignee else None,
                    candidate_users=_resolve(ext.get("candidateUsers"), task.data),
                    candidate_groups=_resolve(ext.get("candidateGroups"), task.data),
                    form_key=ext.get("formKey") or ext.get("formId"),
                    data=task.data,
                )
            )
        return tasks

    def complete(self, task_id: str, variables: dict) -> None:
        task = self.wf.get_task_from_id(UUID(task_id))
        if task is None or task.state != TaskState.READY or not task.task_spec.manual:
            raise EngineError("任务不存在或已办理")
        task.data.update(variables)
        loop = task.parent.task_spec if task.parent is not None else None
        if isinstance(loop, MultiInstanceTask) and loop.input_item is not None and loop.output_item is None:
            # The element variable is the instance's own (Flowable keeps it local): merged into the process
            # data it would make the next sequential instance refuse to start ("input item already exists").
            task.data.pop(loop.input_item.bpmn_id, None)
        task.run()
        self.run()

    def actions(self) -> list[Action]:
        return [
            Action(str(task.id), task.task_spec.bpmn_id, task.task_spec.bpmn_name or task.task_spec.bpmn_id,
                   ext["action"]["kind"], ext["action"]["params"], task.data)
            for task in self.wf.get_tasks(state=TaskState.READY, manual=True)
            if "action" in (ext := getattr(task.task_spec, "extensions", {}) or {})
        ]

    def finish(self, task_id: str, variables: dict) -> None:
        """An action done: its results into the task's data, and on."""
        task = self.wf.get_task_from_id(UUID(task_id))
        task.data.update(variables)
        task.run()
        self.run()

    def deliver(self, kind: str, name: str, payload: dict) -> bool:
        """A message (its payload becomes process variables) or a signal into the instance; False when it waits
        for none of that name."""
        definition = MessageEventDefinition(name) if kind == "message" else SignalEventDefinition(name)
        try:
            self.wf.send_event(BpmnEvent(definition, payload))
        except WorkflowException:
            return False
        if kind == "signal" and payload:
            self.wf.data.update(payload)
        self.run()
        return True

    def variables(self) -> dict:
        """The instance's variables as its waiting and ready tasks see them (what a correlation matches)."""
        seen: dict = dict(self.wf.data)
        for task in self.wf.get_tasks(state=TaskState.WAITING | TaskState.READY):
            seen.update(task.data)
        return seen

    def waiting_for(self) -> list[str]:
        """The messages and signals the instance waits for: `message:<name>`, `signal:<name>`."""
        kinds = {"MessageEventDefinition": "message", "SignalEventDefinition": "signal"}
        return sorted({f"{kinds[e.event_type]}:{e.name}" for e in self.wf.waiting_events() if e.event_type in kinds})

    def fire_timers(self) -> None:
        self.wf.refresh_timers()
        self.run()

    def next_timer(self) -> datetime | None:
        due = []
        for event in self.wf.waiting_events():
            value = event.value
            if isinstance(value, str):
                try:
                    due.append(datetime.fromisoformat(value).astimezone().replace(tzinfo=None))  # local, as stored
                except ValueError:
                    continue
        return min(due) if due else None

    @property
    def completed(self) -> bool:
        return self.wf.is_completed()

    @property
    def data(self) -> dict:
        return self.wf.data

    def element_ids(self) -> tuple[list[str], list[str]]:
        """(completed, active) BPMN element ids, for the diagram view."""
        done, active = [], []
        for task in self.wf.get_tasks():
            bpmn_id = getattr(task.task_spec, "bpmn_id", None)
            if not bpmn_id:
                continue
            if task.state == TaskState.COMPLETED and bpmn_id not in done:
                done.append(bpmn_id)
            elif task.state in (TaskState.READY, TaskState.WAITING, TaskState.STARTED) and bpmn_id not in active:
                active.append(bpmn_id)
        return done, active

    def state(self) -> str:
        """The running state as JSON, without the spec (that is stored once, with the definition)."""
        dct = _SERIALIZER.to_dict(self.wf)
        dct.pop("spec", None)
        dct.pop("subprocess_specs", None)
        dct[_SERIALIZER.VERSION_KEY] = _SERIALIZER.VERSION  # so a later SpiffWorkflow can migrate it
        return json.dumps(dct, separators=(",", ":"))


def start(xml: bytes, key: str, variables: dict, event: tuple[str, str] | None = None) -> Workflow:
    """A new instance with `variables`; `event` (kind, name) starts it by its message or signal start."""
    spec, subprocesses = _spec(xml, key)
    workflow = Workflow(xml, key, BpmnWorkflow(spec, subprocesses, script_engine=SCRIPT_ENGINE))
    ready = workflow.wf.get_tasks(state=TaskState.READY)
    for task in ready:
        task.data.update(variables)
    workflow.run()
    if event is not None and not workflow.deliver(event[0], event[1], variables):
        raise EngineError(f"流程不由{'消息' if event[0] == 'message' else '信号'}发起: {event[1]}")
    return workflow


def restore(xml: bytes, key: str, state: str) -> Workflow:
    spec, subprocesses = _spec(xml, key)
    dct = json.loads(state)
    _SERIALIZER.migrate(dct)
    # The cached spec objects go in as they are: the serializer's restore returns what it does not recognise
    # unchanged, which saves rebuilding the spec on every step (≈ 20 ms for a 200-node model).
    dct["spec"] = spec
    dct["subprocess_specs"] = subprocesses
    wf = _SERIALIZER.from_dict(dct)
    wf.script_engine = SCRIPT_ENGINE
    return Workflow(xml, key, wf)
