"""/api$menu_path ($code_name_en), generated: the four verbs, search, required fields, $isolation_doc
and a user without the screen's codes refused."""

PATH = "/api$menu_path"
PLATFORM, DEMO = "000000", "356782"


def body(unique: str) -> dict:
    return {$test_body}


async def test_submit_detail_list_update_remove(admin, unique):
    row = await admin.data("POST", f"{PATH}/submit", json=body(unique))
    assert row["id"]
    detail = await admin.data("GET", f"{PATH}/detail", id=row["id"])
$detail_asserts
    page = await admin.data("GET", f"{PATH}/list", current=1, size=10$search_param)
    assert row["id"] in [r["id"] for r in page["records"]]
    changed = await admin.data("POST", f"{PATH}/submit",
                               json={**body(unique), "id": row["id"]$change})
    assert changed["id"] == row["id"]$change_assert
    await admin.data("POST", f"{PATH}/remove", ids=row["id"])
    gone = (await admin.get(f"{PATH}/detail", id=row["id"])).json()
    assert not gone["success"] and gone["msg"] == "数据不存在", gone


async def test_required_fields_are_asked_for(admin):
    answer = await admin.post(f"{PATH}/submit", json={})
    assert $required_assert, answer.text
$isolation_test

async def test_a_user_without_the_screen_is_refused(demo_user, unique):
    for answer in (await demo_user.get(f"{PATH}/list"), await demo_user.post(f"{PATH}/submit", json=body(unique))):
        assert answer.status_code == 403 and answer.json()["msg"] == "无权限访问", answer.text
