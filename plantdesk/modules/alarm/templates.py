"""Notification templates (notifytemplate) and the model fields their placeholders name (notifymodelfield).

A template is the text one channel sends for one transition: the bell row's text, the e-mail's subject and
body. `{field}` is replaced by the transition's value of that model field; a tenant without a template for a
(channel, action) gets the built-in one below, so a template only ever changes the words.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass

CHANNELS = ("bell", "email")
ACTIONS = ("raise", "clear", "affirm", "escalate")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class ModelField:
    key: str
    name: str  # Chinese
    name_en: str
    example: str


MODEL_FIELDS = (
    ModelField("eventName", "事件名称", "Event name", "Boiler 1 pressure high"),
    ModelField("levelName", "告警级别", "Level", "紧急"),
    ModelField("groupName", "告警分组", "Group", "Shift operators"),
    ModelField("deviceName", "设备", "Device", "Boiler 1"),
    ModelField("pointName", "测点", "Data point", "Pressure"),
    ModelField("value", "当前值", "Value", "12.5"),
    ModelField("firstValue", "首次值", "First value", "11.8"),
    ModelField("peakValue", "峰值", "Peak value", "13.1"),
    ModelField("action", "动作", "Action", "raise"),
    ModelField("actionName", "动作名称", "Action name", "告警产生"),
    ModelField("time", "发生时间", "Time", "2026-11-24 08:00:00"),
    ModelField("firstTime", "首次时间", "First time", "2026-11-24 07:58:00"),
    ModelField("removeStatus", "解除状态", "Removal", "未解除"),
    ModelField("affirmStatus", "确认状态", "Confirmation", "未确认"),
    ModelField("batch", "批次", "Batch", "3"),
    ModelField("frequency", "频次", "Frequency", "2"),
    ModelField("escalations", "升级次数", "Escalations", "1"),
)
FIELD_KEYS = frozenset(f.key for f in MODEL_FIELDS)
ACTION_NAMES = {"raise": "告警产生", "clear": "告警解除", "affirm": "告警确认", "escalate": "告警升级"}

BELL_TEXT = "{eventName}"
MAIL_SUBJECT = "[{levelName}] {eventName}: {action}"
MAIL_BODY = "\n".join(f"{f.key}: {{{f.key}}}" for f in MODEL_FIELDS if f.key not in ("action", "escalations"))


@dataclass(frozen=True, slots=True)
class Text:
    title: str
    content: str


DEFAULTS = {("bell", action): Text("", BELL_TEXT) for action in ACTIONS} | {
    ("email", action): Text(MAIL_SUBJECT, MAIL_BODY) for action in ACTIONS}


def unknown_fields(*texts: str | None) -> list[str]:
    """The placeholders of `texts` that name no model field."""
    return sorted({name for text in texts for name in PLACEHOLDER.findall(text or "") if name not in FIELD_KEYS})


def render(text: str, values: Mapping[str, object]) -> str:
    """`text` with each `{field}` replaced (a value of None reads as an empty string)."""
    return PLACEHOLDER.sub(lambda m: _show(values.get(m.group(1), m.group(0))), text)


def _show(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
