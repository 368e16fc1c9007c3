"""The assistant: the offline answer (knowledge citations + live device values through the tools), streaming in
the OpenAI chunk shape, conversations per user, tenant isolation inside retrieval, the tool registry, and the
provider adapter against a fake OpenAI-compatible server (streaming and a tool call)."""

import json
import time

from plantdesk.core import assistant as tools
from plantdesk.core.context import Identity
from tests.ai.fake_openai import FakeOpenAI
from tests.alarm.helpers import Plant, now_ms
from tests.conftest import DEMO_TENANT
from tests.device.monitor_helpers import make_device
from tests.helpers import Api, login, rebinding_dns

CHAT = "/api/ai/chat"
TELEMETRY = "/api/device-management/telemetry"
KNOWLEDGE = "/api/knowledge"


async def ask(api: Api, question: str, **extra) -> dict:
    response = await api.http.post(CHAT, json={"messages": [{"role": "user", "content": question}], **extra},
                                   headers=api.headers)
    assert response.status_code == 200, response.text
    return response.json()


def sse_events(raw: str) -> list:
    return [line[6:] for line in raw.split("\n\n") if line.startswith("data: ")]


class TestOffline:
    async def test_pump_question_gets_live_values_and_the_procedure_cited(self, demo_admin):
        await demo_admin.data("POST", TELEMETRY, {"deviceCode": "P101A", "values": {"VIBRATION": 8.4,
                                                                                    "BEARING_TEMP": 71.51234}})
        answer = await ask(demo_admin, "P-101A 振动高,我该怎么处理?")
        assert answer["object"] == "chat.completion" and answer["model"] == "plantdesk-offline"
        content = answer["choices"][0]["message"]["content"]
        assert "主用进料泵 Feed pump P-101A (duty) (P101A)" in content
        assert "轴承振动 Bearing vibration (VIBRATION): 8.4 mm/s" in content
        assert "Bearing temperature (BEARING_TEMP): 71.512 °C" in content  # readings to three decimals
        top = answer["citations"][0]
        assert top["title"] == "进料泵 P-101A/B 振动高处置规程"
        assert top["link"] == f"/index/knowledge?id={top['id']}"
        assert f"[{top['title']}]({top['link']})" in content
        assert {"title": "主用进料泵 Feed pump P-101A (duty)", "link": "/device/device?code=P101A"} in answer["links"]

    async def test_an_english_question_about_pump_p101_answers_in_english(self, demo_admin):
        answer = await ask(demo_admin, "Which alarms are open on pump P-101 and what should I do about vibration?")
        content = answer["choices"][0]["message"]["content"]
        assert content.startswith("From the knowledge base and the plant's live data:")
        assert "P101A" in content and "P101B" in content  # P-101 names both pumps
        assert "last 24 h" in content  # the vibration point's summary
        assert any("P-101A/B" in c["title"] for c in answer["citations"])

    async def test_nothing_found_says_so(self, demo_admin):
        answer = await ask(demo_admin, "xyzzy plugh")
        assert answer["choices"][0]["message"]["content"].startswith("Nothing in the knowledge base matches")
        assert answer["citations"] == []

    async def test_streamed_answer_is_openai_chunks_ending_with_done(self, demo_admin):
        started = time.perf_counter()
        response = await demo_admin.http.post(CHAT, json={"messages": [{"role": "user", "content": "储罐液位报警"}],
                                                          "stream": True}, headers=demo_admin.headers)
        elapsed = time.perf_counter() - started
        assert response.headers["content-type"].startswith("text/event-stream")
        events = sse_events(response.text)
        assert events[-1] == "[DONE]"
        chunks = [json.loads(e) for e in events[:-1]]
        assert {c["object"] for c in chunks} == {"chat.completion.chunk"}
        text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
        assert text.startswith("根据知识库和装置的实时数据")
        assert chunks[-1]["choices"][0]["finish_reason"] == "stop"
        assert chunks[-1]["citations"][0]["title"] == "储罐 TK-201 液位报警处理"
        assert elapsed < 2  # the whole offline answer, well inside the 300 ms first-token budget on a quiet box


class TestConversations:
    async def test_a_conversation_keeps_both_turns_and_is_deletable(self, demo_admin, admin):
        first = await ask(demo_admin, "反应釜超温怎么办")
        conversation = first["conversation_id"]
        await ask(demo_admin, "K-101 discharge temperature", conversationId=conversation)
        listed = await demo_admin.data("GET", "/api/ai/conversations/list")
        assert listed[0]["id"] == conversation and listed[0]["title"] == "反应釜超温怎么办"
        turns = await demo_admin.data("GET", "/api/ai/conversations/messages", id=conversation)
        assert [t["role"] for t in turns] == ["user", "assistant", "user", "assistant"]
        assert turns[1]["citations"][0]["title"] == "反应釜 R-101 超温处置"
        # another user (here of another tenant) cannot read or continue it
        assert (await admin.get("/api/ai/conversations/messages", id=conversation)).json()["success"] is False
        other = await admin.http.post(CHAT, json={"messages": [{"role": "user", "content": "x"}],
                                                  "conversationId": conversation}, headers=admin.headers)
        assert other.json()["success"] is False
        await admin.post("/api/ai/conversations/remove", ids=conversation)
        assert len(await demo_admin.data("GET", "/api/ai/conversations/messages", id=conversation)) == 4
        await demo_admin.data("POST", "/api/ai/conversations/remove", ids=conversation)
        assert (await demo_admin.get("/api/ai/conversations/messages", id=conversation)).json()["success"] is False

    async def test_a_user_without_the_assistant_menu_is_refused(self, demo_user):
        response = await demo_user.http.post(CHAT, json={"messages": [{"role": "user", "content": "hi"}]},
                                             headers=demo_user.headers)
        assert response.status_code == 403

    async def test_an_empty_question_is_refused(self, demo_admin):
        response = await demo_admin.http.post(CHAT, json={"messages": [{"role": "user", "content": "  "}]},
                                              headers=demo_admin.headers)
        assert response.json()["msg"] == "请输入问题"


class TestIsolation:
    async def test_another_tenants_knowledge_never_reaches_the_answer(self, admin, demo_admin, unique):
        secret = f"platypus{unique}"
        await admin.data("POST", f"{KNOWLEDGE}/info/save", {"title": f"Secret {secret}", "content": "<p>hidden</p>"})
        theirs = await ask(demo_admin, f"what is {secret}?")
        assert secret not in json.dumps(theirs)
        ours = await ask(admin, f"what is {secret}?")
        assert ours["citations"][0]["title"] == f"Secret {secret}"

    async def test_another_tenants_device_is_not_found_by_the_tools(self, app, admin, demo_admin, unique):
        code = f"ZX{int(unique, 16) % 100_000:05d}"
        await make_device(app, "000000", code, [{"code": "VIBRATION"}])
        answer = await ask(demo_admin, f"status of {code}")
        assert code not in answer["choices"][0]["message"]["content"]
        assert (await ask(admin, f"status of {code}"))["links"] == [
            {"title": f"Device {code}", "link": f"/device/device?code={code}"}]


class TestTools:
    async def test_a_tool_registered_later_is_used_by_the_offline_assistant(self, demo_admin):
        async def spares(db, user, args):
            return {"count": 2, "device": args["device"]}

        async def match(db, question):
            return [{"device": "P-101A"}] if "spare" in question.casefold() else []

        tools.register(tools.Tool(name="spare_parts", description="spare parts of a device",
                                  parameters={"type": "object", "properties": {"device": {"type": "string"}}},
                                  run=spares, codes=("knowledge",), match=match))
        try:
            answer = await ask(demo_admin, "spare parts for P-101A?")
        finally:
            del tools.TOOLS["spare_parts"]
        assert "- spare_parts: count: 2, device: P-101A" in answer["choices"][0]["message"]["content"]

    async def test_an_open_alarm_is_answered_with_its_procedure(self, app, client, demo_admin, unique):
        recipient = await login(client, "wangqiang", "123456", DEMO_TENANT)
        plant = Plant(app, demo_admin, recipient, unique)
        plant.code = f"VP{int(unique, 16) % 100_000:05d}"  # a tag the assistant recognises in a question
        await plant.setup()
        rule = await plant.rule(threshold=50, hysteresis=1)
        await plant.send((now_ms() - 1000, 60.123456))
        answer = await ask(demo_admin, f"Which alarms are open on pump {plant.code} and what should I do about "
                                       "its vibration?")
        content = answer["choices"][0]["message"]["content"]
        assert f"- Open alarms ({plant.code}): 1" in content
        assert f"{rule['name']}: Device {plant.code} / V" in content and "not confirmed" in content
        assert "peak 60.123, " in content  # a reading, not a float's digits
        assert {"title": "事件总览 / Event overview", "link": "/alarm/overview"} in answer["links"]
        assert any("P-101A/B" in c["title"] for c in answer["citations"])  # the pumps' vibration procedure
        # A procedure linked to the alarm's event is cited first, whatever the question's words.
        linked = await demo_admin.data("POST", f"{KNOWLEDGE}/info/save", {"title": f"Walkdown card {unique}"})
        await demo_admin.data("POST", "/api/alarm/event/unloadKnow", {"eventId": rule["id"],
                                                                      "knowledgeIds": [linked["id"]]})
        answer = await ask(demo_admin, f"Which alarms are open on pump {plant.code}?")
        assert answer["citations"][0]["id"] == linked["id"] and len(answer["citations"]) > 1
        assert f"[Walkdown card {unique}](/index/knowledge?id={linked['id']})" in answer["choices"][0]["message"][
            "content"]
        chinese = await ask(demo_admin, f"{plant.code} 有哪些告警?")
        assert f"- 未解除的告警 ({plant.code}): 1" in chinese["choices"][0]["message"]["content"]
        await plant.send((now_ms(), 10))
        cleared = await ask(demo_admin, f"Which alarms are open on {plant.code}?")
        assert f"- No open alarms ({plant.code})" in cleared["choices"][0]["message"]["content"]

    async def test_my_tasks_answer_what_waits_for_the_caller(self, demo_admin):
        answer = await ask(demo_admin, "What tasks are waiting for me to approve?")
        content = answer["choices"][0]["message"]["content"]
        assert "- To do: " in content and "- To claim: " in content

    async def test_a_failure_after_the_stream_started_ends_it_with_an_error_event(self, demo_admin):
        async def broken(db, question):
            raise RuntimeError("tool bug")

        tools.register(tools.Tool(name="broken", description="", parameters={"type": "object"},
                                  run=broken, match=broken))
        try:
            response = await demo_admin.http.post(CHAT, json={"stream": True, "messages": [
                {"role": "user", "content": "anything"}]}, headers=demo_admin.headers)
        finally:
            del tools.TOOLS["broken"]
        events = sse_events(response.text)
        assert events[-1] == "[DONE]"
        assert json.loads(events[-2])["error"] == {"message": "服务暂时不可用,请稍后重试", "type": "server_error"}

    def test_a_caller_without_the_codes_is_not_offered_a_tool(self):
        caller = Identity(user_id=1, tenant_id="356782", account="x", client_id="c", session_id=1,
                          role_names=("user",))
        assert [t.name for t in tools.allowed(caller, frozenset({"desk"}))] == ["my_tasks"]  # everyone has their own
        assert {t.name for t in tools.allowed(caller, frozenset({"device_device"}))} == {
            "devices_by_state", "device_status", "point_summary", "my_tasks"}
        assert {t.name for t in tools.allowed(caller, frozenset({"alarm_overview"}))} == {
            "open_alarms", "recent_alarms", "top_alarm_sources", "my_tasks"}
        assert {t.name for t in tools.allowed(caller, frozenset({"oee"}))} == {"oee_summary", "my_tasks"}


class TestProvider:
    async def test_streaming_and_a_tool_call_through_an_openai_compatible_endpoint(self, app, admin, unique):
        code = f"PX{unique[:5]}"
        await make_device(app, "000000", code, [{"code": "VIBRATION"}])
        await admin.data("POST", TELEMETRY, {"deviceCode": code, "values": {"VIBRATION": 9.25}})
        procedure = await admin.data("POST", f"{KNOWLEDGE}/info/save",
                                     {"title": f"Vibration procedure {unique}", "content": "<p>check alignment</p>"})
        settings = app.state.runtime.settings
        with FakeOpenAI(code) as fake:
            allowed, settings.outbound_allow = settings.outbound_allow, f"127.0.0.1:{fake.server.server_address[1]}"
            try:
                saved = await admin.data("POST", "/api/ai/provider/submit", {
                    "baseUrl": fake.base_url, "apiKey": "sk-test-123", "model": "fake-1", "enabled": 1})
                assert saved["hasKey"] is True and "apiKey" not in saved
                response = await admin.http.post(CHAT, json={"stream": True, "messages": [
                    {"role": "user", "content": f"Vibration procedure {unique} for {code}?"}]}, headers=admin.headers)
                stored = await admin.data("GET", "/api/ai/provider/detail")
                mode = await admin.data("GET", "/api/ai/mode")
            finally:
                await admin.data("POST", "/api/ai/provider/submit", {
                    "baseUrl": fake.base_url, "model": "fake-1", "enabled": 0})
                settings.outbound_allow = allowed
        events = sse_events(response.text)
        chunks = [json.loads(e) for e in events[:-1]]
        text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
        assert text == "Vibration is 9.25 mm/s; follow the procedure [1]."
        assert chunks[-1]["model"] == "fake-1"
        assert chunks[-1]["citations"][0]["id"] == procedure["id"]
        first, second = fake.requests
        assert first["_auth"] == "Bearer sk-test-123" and first["stream"] is True and first["model"] == "fake-1"
        # the built-in assistant's tools, every area's, serve the model's function calling
        assert {t["function"]["name"] for t in first["tools"]} >= {
            "devices_by_state", "device_status", "point_summary", "open_alarms", "recent_alarms", "top_alarm_sources",
            "oee_summary", "my_tasks"}
        assert mode["mode"] == "model" and mode["model"] == "fake-1"
        assert (await admin.data("GET", "/api/ai/mode"))["mode"] == "builtin"  # disabled again
        assert f"[1] Vibration procedure {unique}" in first["messages"][0]["content"]
        assert second["messages"][-2]["tool_calls"][0]["function"]["name"] == "device_status"
        assert json.loads(second["messages"][-1]["content"])["devices"][0]["code"] == code
        assert stored["hasKey"] is True
        async with app.state.runtime.sessions() as db:
            from sqlalchemy import text as sql

            sealed = (await db.execute(sql("SELECT api_key FROM ai_provider WHERE base_url = :u"),
                                       {"u": fake.base_url})).scalar()
        assert sealed and "sk-test-123" not in sealed

    async def test_a_name_rebound_to_an_internal_address_after_saving_is_refused_when_called(
            self, app, admin, monkeypatch):
        """Saved while `model.rebind.test` resolved to an allowed address; by the call it resolves to a refused
        one: the call's connection is refused (never made) and the answer says why."""
        dns = rebinding_dns(monkeypatch, "model.rebind.test", ["127.0.0.1", "127.0.0.2"])
        monkeypatch.setattr(app.state.runtime.settings, "outbound_allow", "127.0.0.1")
        with FakeOpenAI("P-101") as fake:
            base_url = f"http://model.rebind.test:{fake.server.server_address[1]}/v1"
            try:
                await admin.data("POST", "/api/ai/provider/submit", {"baseUrl": base_url, "model": "m", "enabled": 1})
                answer = await ask(admin, "pump vibration?")
            finally:
                lookups, dns["answers"] = dns["lookups"], ["127.0.0.1"]
                await admin.data("POST", "/api/ai/provider/submit", {"baseUrl": base_url, "model": "m", "enabled": 0})
        assert "不允许连接本机、内网或保留地址: model.rebind.test" in answer["choices"][0]["message"]["content"]
        assert fake.requests == [] and lookups == 2

    async def test_an_internal_endpoint_is_refused_unless_allowed(self, admin):
        answer = await admin.post("/api/ai/provider/submit", {"baseUrl": "http://127.0.0.1:11434/v1", "model": "m"})
        assert answer.json()["success"] is False
        assert answer.json()["msg"].startswith("不允许连接本机、内网或保留地址")
