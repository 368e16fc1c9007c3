"""Knowledge base: catalogue tree, entries with sanitised rich text, the change log every edit writes, comment
threads, attachments, the alarm events' knowledge links, and tenant isolation over every route."""

import pytest

from tests.helpers import Api

API = "/api/knowledge"


async def entry(api: Api, title: str, content: str = "<p>text</p>", **extra) -> dict:
    return await api.data("POST", f"{API}/info/save", {"title": title, "content": content, **extra})


class TestCatalogue:
    async def test_tree_nests_children_and_refuses_a_cycle(self, demo_admin, unique):
        root = await demo_admin.data("POST", f"{API}/catalogue/save", {"name": f"root-{unique}"})
        child = await demo_admin.data("POST", f"{API}/catalogue/save", {"name": f"child-{unique}",
                                                                        "parentId": root["id"]})
        tree = await demo_admin.data("GET", f"{API}/catalogue/tree")
        node = next(n for n in tree if n["id"] == root["id"])
        assert [c["title"] for c in node["children"]] == [f"child-{unique}"]
        moved = await demo_admin.post(f"{API}/catalogue/update", {"id": root["id"], "name": "x",
                                                                  "parentId": child["id"]})
        assert moved.json()["msg"] == "父节点不可选择自身的子节点"
        assert (await demo_admin.data("GET", f"{API}/catalogue/detail", id=child["id"]))["parentId"] == root["id"]
        page = await demo_admin.data("GET", f"{API}/catalogue/list", name=unique)
        assert page["total"] == 2

    async def test_a_catalogue_holding_entries_is_not_removed(self, demo_admin, unique):
        folder = await demo_admin.data("POST", f"{API}/catalogue/save", {"name": f"f-{unique}"})
        info = await entry(demo_admin, f"in folder {unique}", catalogueId=folder["id"])
        refused = await demo_admin.post(f"{API}/catalogue/remove", ids=folder["id"])
        assert refused.json()["msg"] == "请先删除目录下的知识"
        await demo_admin.data("POST", f"{API}/info/remove", ids=info["id"])
        await demo_admin.data("POST", f"{API}/catalogue/remove", ids=folder["id"])
        assert (await demo_admin.get(f"{API}/catalogue/detail", id=folder["id"])).json()["success"] is False


class TestInfo:
    async def test_scripts_and_event_handlers_are_removed(self, demo_admin, unique):
        dirty = ('<p onclick="steal()">Open valve <b>V-1</b></p><script>alert(1)</script>'
                 '<img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><style>p{}</style>')
        saved = await entry(demo_admin, f"dirty {unique}", dirty)
        content = (await demo_admin.data("GET", f"{API}/info/detail", id=saved["id"]))["content"]
        assert "<b>V-1</b>" in content and '<img src="x.png">' in content
        for bad in ("script", "onclick", "onerror", "javascript:", "alert", "<style"):
            assert bad not in content

    async def test_page_filters_by_catalogue_and_title(self, demo_admin, unique):
        folder = await demo_admin.data("POST", f"{API}/catalogue/save", {"name": f"f-{unique}"})
        await entry(demo_admin, f"alpha {unique}", catalogueId=folder["id"])
        await entry(demo_admin, f"beta {unique}")
        page = await demo_admin.data("GET", f"{API}/info/page", catalogueId=folder["id"])
        assert [r["title"] for r in page["records"]] == [f"alpha {unique}"]
        assert page["records"][0]["catalogueName"] == f"f-{unique}"
        assert (await demo_admin.data("GET", f"{API}/info/page", title=unique))["total"] == 2

    async def test_update_needs_an_id(self, demo_admin):
        answer = await demo_admin.post(f"{API}/info/update", {"title": "no id"})
        assert answer.json()["msg"] == "缺少必要的请求参数: id"


class TestChangeLog:
    async def test_every_edit_logs_who_and_a_diff_of_fields_and_text(self, demo_admin, unique):
        saved = await entry(demo_admin, f"Pump check {unique}", "<p>Check oil.</p><p>Check seal.</p>",
                            tags="pump")
        await demo_admin.data("POST", f"{API}/info/update", {
            "id": saved["id"], "title": f"Pump check v2 {unique}", "content": "<p>Check oil.</p><p>Check bearing.</p>"})
        await demo_admin.data("POST", f"{API}/info/update", {"id": saved["id"], "title": f"Pump check v2 {unique}"})
        logs = await demo_admin.data("GET", f"{API}/changelog/list/no-page", infoId=saved["id"])
        assert [log["action"] for log in logs] == ["update", "create"]  # the no-op save wrote nothing
        update = logs[0]
        assert update["userName"] == "Administrator"
        assert update["fields"] == [{"field": "title", "old": f"Pump check {unique}", "new": f"Pump check v2 {unique}"}]
        assert "-Check seal." in update["diff"] and "+Check bearing." in update["diff"]
        page = await demo_admin.data("GET", f"{API}/changelog/list", infoId=saved["id"], size=1)
        assert page["total"] == 2 and len(page["records"]) == 1
        detail = await demo_admin.data("GET", f"{API}/changelog/detail", id=update["id"])
        assert detail["diff"] == update["diff"]

    async def test_a_note_and_a_removal_are_logged(self, demo_admin, unique):
        saved = await entry(demo_admin, f"note {unique}")
        note = await demo_admin.data("POST", f"{API}/changelog/submit", {"infoId": saved["id"], "remark": "reviewed"})
        assert note["action"] == "note"
        await demo_admin.data("POST", f"{API}/info/remove", ids=saved["id"])
        logs = await demo_admin.data("GET", f"{API}/changelog/list/no-page", infoId=saved["id"])
        assert [log["action"] for log in logs][:1] == ["remove"]


class TestComments:
    async def test_replies_nest_under_their_comment(self, demo_admin, unique):
        saved = await entry(demo_admin, f"threads {unique}")
        first = await demo_admin.data("POST", f"{API}/comments/submit", {"infoId": saved["id"], "content": "Q?"})
        reply = await demo_admin.data("POST", f"{API}/comments/submit",
                                      {"infoId": saved["id"], "parentId": first["id"], "content": "A."})
        await demo_admin.data("POST", f"{API}/comments/submit",
                              {"infoId": saved["id"], "parentId": reply["id"], "content": "Thanks"})
        await demo_admin.data("POST", f"{API}/comments/submit", {"infoId": saved["id"], "content": "Second"})
        threads = await demo_admin.data("GET", f"{API}/comments/list", infoId=saved["id"])
        assert [t["content"] for t in threads] == ["Q?", "Second"]
        assert threads[0]["children"][0]["content"] == "A."
        assert threads[0]["children"][0]["children"][0]["content"] == "Thanks"
        assert threads[0]["userName"] == "Administrator"
        await demo_admin.data("POST", f"{API}/comments/remove", ids=first["id"])
        assert [t["content"] for t in await demo_admin.data("GET", f"{API}/comments/list", infoId=saved["id"])] \
            == ["Second"]

    async def test_a_reply_to_another_entrys_comment_is_refused(self, demo_admin, unique):
        one, two = await entry(demo_admin, f"one {unique}"), await entry(demo_admin, f"two {unique}")
        first = await demo_admin.data("POST", f"{API}/comments/submit", {"infoId": one["id"], "content": "x"})
        answer = await demo_admin.post(f"{API}/comments/submit",
                                       {"infoId": two["id"], "parentId": first["id"], "content": "y"})
        assert answer.json()["msg"] == "回复的评论不属于该知识"


class TestFiles:
    async def test_an_uploaded_attachment_is_related_and_listed(self, demo_admin, unique):
        saved = await entry(demo_admin, f"files {unique}")
        upload = await demo_admin.http.post("/api/blade-resource/oss/endpoint/put-file-attach",
                                            files={"file": (f"{unique}.pdf", b"%PDF-1.4 test", "application/pdf")},
                                            headers=demo_admin.headers)
        attach_id = upload.json()["data"]["attachId"]
        rela = await demo_admin.data("POST", f"{API}/filerela/submit", {"infoId": saved["id"], "attachId": attach_id})
        assert (rela["name"], rela["extension"]) == (f"{unique}.pdf", "pdf")
        files = await demo_admin.data("GET", f"{API}/filerela/list", infoId=saved["id"])
        assert [f["id"] for f in files] == [rela["id"]]
        await demo_admin.data("POST", f"{API}/filerela/remove", ids=rela["id"])
        assert await demo_admin.data("GET", f"{API}/filerela/list", infoId=saved["id"]) == []


class TestAlarmEventLinks:
    async def test_link_list_and_unlink(self, demo_admin, unique):
        one, two = await entry(demo_admin, f"proc one {unique}"), await entry(demo_admin, f"proc two {unique}")
        event_id = 900_000_000 + int(unique, 16) % 1_000_000
        path = "/api/alarm/event"
        linked = await demo_admin.data("POST", f"{path}/unloadKnow",
                                       {"eventId": event_id, "knowledgeIds": [one["id"], two["id"]]})
        assert [i["title"] for i in linked] == [f"proc one {unique}", f"proc two {unique}"]
        await demo_admin.data("POST", f"{path}/unloadKnow", {"eventId": event_id, "knowledgeIds": [two["id"]]})
        listed = await demo_admin.data("GET", f"{path}/selectKnowledgeByEventId", eventId=event_id)
        assert [i["id"] for i in listed] == [two["id"]]
        unknown = await demo_admin.post(f"{path}/unloadKnow", {"eventId": event_id, "knowledgeIds": ["1"]})
        assert unknown.json()["msg"] == "知识不存在"


class TestIsolation:
    async def test_another_tenants_entries_are_invisible_everywhere(self, admin, demo_admin, unique):
        theirs = await entry(admin, f"platform secret {unique}", "<p>zeta procedure</p>")
        folder = await admin.data("POST", f"{API}/catalogue/save", {"name": f"platform {unique}"})
        await admin.data("POST", f"{API}/comments/submit", {"infoId": theirs["id"], "content": "c"})
        for path, params in ((f"{API}/info/detail", {"id": theirs["id"]}),
                             (f"{API}/catalogue/detail", {"id": folder["id"]})):
            assert (await demo_admin.get(path, **params)).json()["success"] is False
        assert (await demo_admin.data("GET", f"{API}/info/page", title=unique))["total"] == 0
        assert await demo_admin.data("GET", f"{API}/info/search", q=f"platform secret {unique}") == []
        assert await demo_admin.data("GET", f"{API}/comments/list", infoId=theirs["id"]) == []
        assert await demo_admin.data("GET", f"{API}/changelog/list/no-page", infoId=theirs["id"]) == []
        assert all(n["id"] != folder["id"] for n in await demo_admin.data("GET", f"{API}/catalogue/tree"))
        for path, body in ((f"{API}/info/update", {"id": theirs["id"], "title": "taken"}),
                           (f"{API}/comments/submit", {"infoId": theirs["id"], "content": "x"}),
                           (f"{API}/changelog/submit", {"infoId": theirs["id"], "remark": "x"}),
                           ("/api/alarm/event/unloadKnow", {"eventId": 1, "knowledgeIds": [theirs["id"]]})):
            assert (await demo_admin.post(path, body)).json()["success"] is False, path
        await demo_admin.post(f"{API}/info/remove", ids=theirs["id"])
        assert (await admin.data("GET", f"{API}/info/detail", id=theirs["id"]))["title"] == f"platform secret {unique}"
        assert await demo_admin.data("GET", f"{API}/changelog/list/no-page", infoId=theirs["id"]) == []

    async def test_only_what_was_removed_is_logged(self, demo_admin, unique):
        mine = await entry(demo_admin, f"removed once {unique}")
        await demo_admin.data("POST", f"{API}/info/remove", ids=f"{mine['id']},987654321987")
        await demo_admin.data("POST", f"{API}/info/remove", ids=mine["id"])  # already removed: nothing to log
        logs = await demo_admin.data("GET", f"{API}/changelog/list/no-page", infoId=mine["id"])
        assert [log["action"] for log in logs] == ["remove", "create"]
        assert await demo_admin.data("GET", f"{API}/changelog/list/no-page", infoId="987654321987") == []

    @pytest.mark.parametrize("path", [f"{API}/info/page", f"{API}/catalogue/tree", f"{API}/info/search?q=pump",
                                      "/api/alarm/event/selectKnowledgeByEventId?eventId=1"])
    async def test_a_user_without_the_knowledge_menu_is_refused(self, demo_user, path):
        assert (await demo_user.http.get(path, headers=demo_user.headers)).status_code == 403
