"""Notification templates: the bell row's text and the e-mail's subject and body come from the tenant's template
for the channel and transition (placeholders from the model fields), the built-in text without one; saving
checks the placeholders, one template per channel and transition, and each tenant keeps its own."""

import email
import email.policy

import orjson
import pytest
from aiosmtpd.controller import Controller

from plantdesk.modules.alarm import mail
from tests.alarm.helpers import ALARM, Plant, now_ms
from tests.alarm.test_mail import Inbox, free_port, outbox
from tests.security.test_isolation import second_tenant_admin  # noqa: F401  (a session fixture)

BELL = "/api/system/systemNotice"
TEMPLATES = f"{ALARM}/notifytemplate"


@pytest.fixture
async def plant(app, demo_admin, recipient, unique, monkeypatch) -> Plant:
    port = free_port()
    monkeypatch.setattr(app.state.settings, "outbound_allow", f"127.0.0.1:{port}")
    plant = await Plant(app, demo_admin, recipient, unique).setup()
    plant.port = port  # type: ignore[attr-defined]
    plant.device_name = f"Device {plant.code}"  # type: ignore[attr-defined]
    return plant


@pytest.fixture
async def templates(demo_admin):
    """Save a template for the test; afterwards the demo tenant's own (seeded) templates are as they were: one the
    test replaced is put back, one it added is removed."""
    added: list[str] = []
    replaced: list[dict] = []

    async def save(**body) -> dict:
        own = [t for t in await demo_admin.data("GET", f"{TEMPLATES}/list")
               if (t["channel"], t["action"]) == (body.get("channel"), body.get("action"))]
        if own:
            replaced.append(own[0])
            body = {"title": None, "name": "test"} | body | {"id": own[0]["id"]}
        row = await demo_admin.data("POST", f"{TEMPLATES}/submit", json=body)
        if not own:
            added.append(row["id"])
        return row

    yield save
    for row in replaced:
        await demo_admin.data("POST", f"{TEMPLATES}/submit", json={
            k: row[k] for k in ("id", "name", "channel", "action", "title", "content", "enabled")})
    if added:
        await demo_admin.data("POST", f"{TEMPLATES}/remove", ids=",".join(added))


async def bell(plant: Plant, rule: dict) -> list[dict]:
    page = await plant.recipient.data("GET", f"{BELL}/page", current=1, size=100, all=True)
    return [orjson.loads(r["content"]) for r in page["records"] if r["alarmId"] == rule["id"]]


async def test_model_fields_are_listed(demo_admin):
    fields = await demo_admin.data("GET", f"{ALARM}/notifymodelfield/list")
    keys = [f["key"] for f in fields]
    assert {"eventName", "deviceName", "pointName", "value", "levelName", "time"} <= set(keys)
    assert all(f["name"] and f["nameEn"] for f in fields)


async def test_the_bell_row_says_the_template(plant, templates):
    await templates(channel="bell", action="raise", name="bell raise",
                    content="告警 {eventName}: {deviceName}/{pointName} = {value} ({actionName} {time})")
    rule = await plant.rule(threshold=50)
    await plant.send((now_ms() - 62_000, 61.5), (now_ms() - 1000, 40))
    raised, cleared = sorted(await bell(plant, rule), key=lambda c: c["action"] != "raise")
    [record] = await plant.results(rule)
    assert raised["text"] == f"告警 {rule['name']}: {plant.device_name}/V = 61.5 (告警产生 {record['firstTime']})"
    assert raised["name"] == rule["name"]  # the dialog's fields stay
    assert cleared["action"] == "clear" and cleared["text"] == rule["name"]  # no template: the built-in text


async def test_the_mail_says_the_template(app, plant, templates):
    port = plant.port  # type: ignore[attr-defined]
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        await plant.api.data("POST", f"{ALARM}/notifyparamemail/submit", json={"smtpHost": "127.0.0.1",
                                                                               "smtpPort": port})
        await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "email": 1})
        await templates(channel="email", action="raise", title="[{levelName}] {eventName} 告警",
                        content="设备 {deviceName} 测点 {pointName} 当前值 {value}, 首次 {firstTime}")
        rule = await plant.rule(threshold=50)
        await plant.send((now_ms() - 1000, 77))
        await app.state.runtime.jobs.run(mail.MAIL_JOB)
        [message] = [m for m in inbox.messages if plant.unique in m.content.decode()]
        sent = email.message_from_bytes(message.content, policy=email.policy.default)
        assert sent["Subject"] == f"[] {rule['name']} 告警"  # the rule has no level
        assert sent.get_content().startswith(f"设备 {plant.device_name} 测点 V 当前值 77, 首次 ")
        [row] = await outbox(app, plant.unique)
        assert row.sent_time is not None
    finally:
        smtp.stop()
        await plant.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={"id": plant.group_id, "email": 0})


@pytest.mark.parametrize(("body", "message"), [
    ({"channel": "bell", "action": "raise", "content": "{eventName} {nope}"}, "未知的模板字段: nope"),
    ({"channel": "bell", "action": "raise", "content": " "}, "请输入模板内容"),
    ({"channel": "email", "action": "raise", "content": "{eventName}"}, "请输入邮件标题"),
    ({"action": "raise", "content": "{eventName}"}, "请选择渠道和动作"),
])
async def test_bad_templates_are_refused(demo_admin, body, message):
    response = await demo_admin.post(f"{TEMPLATES}/submit", json=body)
    assert response.json()["msg"] == message


async def test_one_template_per_channel_and_action(demo_admin, templates):
    first = await templates(channel="bell", action="affirm", content="{eventName} confirmed")
    response = await demo_admin.post(f"{TEMPLATES}/submit", json={"channel": "bell", "action": "affirm",
                                                                 "content": "again"})
    assert response.json()["msg"] == "该渠道和动作已有模板"
    updated = await demo_admin.data("POST", f"{TEMPLATES}/submit", json={"id": first["id"], "content": "{batch}"})
    assert updated["content"] == "{batch}" and updated["channel"] == "bell"


async def test_preview_renders_the_examples(demo_admin):
    shown = await demo_admin.data("POST", f"{TEMPLATES}/preview", json={"title": "{levelName}",
                                                                         "content": "{deviceName}: {value}"})
    assert shown == {"title": "紧急", "content": "Boiler 1: 12.5"}


async def test_another_tenant_sees_none_of_them(demo_admin, templates, second_tenant_admin):  # noqa: F811
    mine = await templates(channel="bell", action="escalate", content="{eventName} escalated")
    other = second_tenant_admin
    assert mine["id"] not in [t["id"] for t in await other.data("GET", f"{TEMPLATES}/list")]
    assert (await other.get(f"{TEMPLATES}/detail", id=mine["id"])).json()["success"] is False
    response = await other.post(f"{TEMPLATES}/submit", json={"id": mine["id"], "content": "taken"})
    assert response.json()["success"] is False
    await other.data("POST", f"{TEMPLATES}/remove", ids=mine["id"])
    assert (await demo_admin.data("GET", f"{TEMPLATES}/detail", id=mine["id"]))["content"] == "{eventName} escalated"
    # and its own template for the same channel and action is its own
    theirs = await other.data("POST", f"{TEMPLATES}/submit", json={"channel": "bell", "action": "escalate",
                                                                    "content": "{eventName}!"})
    await other.data("POST", f"{TEMPLATES}/remove", ids=theirs["id"])
