"""/api/blade-resource: attachments and uploads, OSS and SMS configs, logos."""

import pytest
from sqlalchemy import select

from plantdesk.core import tenancy
from plantdesk.core.storage import LocalStorage, S3Storage
from plantdesk.modules.resource import service
from plantdesk.modules.resource.models import Oss, SmsLog
from tests.helpers import platform_session

RES = "/api/blade-resource"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
PDF = b"%PDF-1.7\n%fake but well-formed enough\n"


async def upload(api, name: str, content: bytes, path: str = f"{RES}/attach/put-file"):
    return await api.http.post(path, headers=api.headers, files={"file": (name, content, "image/png")})


async def uploaded(api, name: str = "photo.png", content: bytes = PNG) -> dict:
    response = await upload(api, name, content)
    body = response.json()
    assert response.status_code == 200 and body["success"], body
    return body["data"]


class TestUpload:
    async def test_png_is_stored_and_recorded(self, demo_admin):
        data = await uploaded(demo_admin)
        assert data["originalName"] == "photo.png" and data["name"].startswith("356782/")
        assert data["link"] == f"/api/blade-resource/oss/file/{data['name']}"
        detail = await demo_admin.data("GET", f"{RES}/attach/detail", id=data["attachId"])
        assert detail["extension"] == "png" and detail["attachSize"] == len(PNG)
        assert detail["contentType"] == "image/png"

    async def test_bytes_must_match_the_extension(self, demo_admin):
        response = await upload(demo_admin, "evil.png", b"<script>alert(1)</script>")
        assert response.json()["msg"] == "文件内容与扩展名不符"

    @pytest.mark.parametrize(("name", "content"), [("report.pdf", PNG), ("sheet.xlsx", PDF), ("doc.docx", PNG),
                                                   ("notes.txt", b"MZ\x00\x00binary")])
    async def test_other_mismatches_refused(self, demo_admin, name, content):
        assert (await upload(demo_admin, name, content)).json()["msg"] == "文件内容与扩展名不符"

    @pytest.mark.parametrize("name", ["run.exe", "page.html", "image.svg", "noextension"])
    async def test_extension_allow_list(self, demo_admin, name):
        assert (await upload(demo_admin, name, PNG)).json()["msg"].startswith("不支持的文件类型")

    async def test_oversized_refused(self, app, demo_admin, monkeypatch):
        monkeypatch.setattr(app.state.runtime.settings, "upload_max_bytes", 32)
        assert (await upload(demo_admin, "big.png", PNG)).json()["msg"] == "文件大小超过上限 32 B"

    async def test_empty_refused(self, demo_admin):
        assert (await upload(demo_admin, "empty.txt", b"")).json()["msg"] == "文件内容为空"

    async def test_path_traversal_in_the_name_is_harmless(self, app, demo_admin):
        data = await uploaded(demo_admin, "../../../etc/passwd.png")
        assert data["originalName"] == "passwd.png" and ".." not in data["name"]
        root = app.state.runtime.settings.upload_dir.resolve()
        assert (root / data["name"]).resolve().is_relative_to(root) and (root / data["name"]).exists()

    async def test_windows_style_name(self, demo_admin):
        data = await uploaded(demo_admin, "C:\\Users\\me\\..\\secret.png")
        assert data["originalName"] == "secret.png"

    async def test_bladex_path_for_any_logged_in_user(self, demo_user):
        response = await upload(demo_user, "avatar.png", PNG, f"{RES}/oss/endpoint/put-file-attach")
        assert response.json()["success"] and response.json()["data"]["attachId"]
        plain = await upload(demo_user, "avatar.png", PNG, f"{RES}/oss/endpoint/put-file")
        assert plain.json()["data"]["attachId"] is None

    async def test_attachment_screen_upload_needs_the_code(self, demo_user):
        assert (await upload(demo_user, "photo.png", PNG)).status_code == 403

    async def test_login_required(self, client):
        response = await client.post(f"{RES}/oss/endpoint/put-file", files={"file": ("a.png", PNG)})
        assert response.status_code == 401


class TestPublicFile:
    async def test_link_serves_the_bytes_inline(self, client, demo_admin):
        data = await uploaded(demo_admin)
        response = await client.get(data["link"])
        assert response.status_code == 200 and response.content == PNG
        assert response.headers["content-type"] == "image/png"
        assert response.headers["content-disposition"].startswith("inline")
        assert response.headers["x-content-type-options"] == "nosniff"

    @pytest.mark.parametrize("key", ["../../plantdesk.db", "..%2F..%2Fjwt.secret", "356782/x/../../../jwt.secret",
                                     "%2Fetc%2Fpasswd"])
    async def test_traversal_refused(self, client, key):
        response = await client.get(f"{RES}/oss/file/{key}")
        assert response.status_code in (200, 404) and b"PNG" not in response.content
        if response.status_code == 200:
            assert response.json()["success"] is False


class TestAttach:
    async def test_list_newest_first(self, demo_admin):
        first = await uploaded(demo_admin, "a.png")
        second = await uploaded(demo_admin, "b.png")
        records = (await demo_admin.data("GET", f"{RES}/attach/list", size=200))["records"]
        ids = [r["id"] for r in records]
        assert ids.index(second["attachId"]) < ids.index(first["attachId"])

    async def test_download(self, demo_admin):
        data = await uploaded(demo_admin, "手册.pdf", PDF)
        response = await demo_admin.get(f"{RES}/attach/download", id=data["attachId"])
        assert response.content == PDF and "attachment" in response.headers["content-disposition"]
        assert "%E6%89%8B%E5%86%8C.pdf" in response.headers["content-disposition"]

    async def test_submit_renames(self, demo_admin):
        data = await uploaded(demo_admin)
        row = await demo_admin.data("POST", f"{RES}/attach/submit", {"id": data["attachId"],
                                                                       "originalName": "新名字.png"})
        assert row["originalName"] == "新名字.png"

    async def test_submit_cannot_change_the_extension(self, demo_admin):
        data = await uploaded(demo_admin)
        body = (await demo_admin.post(f"{RES}/attach/submit", {"id": data["attachId"],
                                                                "originalName": "x.html"})).json()
        assert body["msg"] == "不可修改文件扩展名"

    async def test_remove_deletes_the_object(self, app, client, demo_admin):
        data = await uploaded(demo_admin)
        await demo_admin.data("POST", f"{RES}/attach/remove", ids=data["attachId"])
        assert not (app.state.runtime.settings.upload_dir / data["name"]).exists()
        assert (await demo_admin.get(f"{RES}/attach/detail", id=data["attachId"])).json()["msg"] == "数据不存在"

    async def test_other_tenant_cannot_see_or_remove(self, app, admin, demo_admin):
        data = await uploaded(admin)
        assert (await demo_admin.get(f"{RES}/attach/detail", id=data["attachId"])).json()["msg"] == "数据不存在"
        assert (await demo_admin.get(f"{RES}/attach/download", id=data["attachId"])).json()["msg"] == "数据不存在"
        await demo_admin.data("POST", f"{RES}/attach/remove", ids=data["attachId"])
        assert (app.state.runtime.settings.upload_dir / data["name"]).exists()

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.get(f"{RES}/attach/list")).status_code == 403
        assert (await demo_user.post(f"{RES}/attach/remove", ids="1")).status_code == 403


def oss_body(code: str, **extra) -> dict:
    return {"category": 1, "ossCode": code, "endpoint": "http://127.0.0.1:9", "accessKey": "AKIAEXAMPLE1234",
            "secretKey": "secret-value-9876", "bucketName": "plantdesk", **extra}


class TestOss:
    async def test_secrets_are_masked(self, demo_admin, unique):
        data = await demo_admin.data("POST", f"{RES}/oss/submit", oss_body(f"o{unique}"))
        assert data["secretKey"] == "******" and data["accessKey"] == "******" and data["status"] == 1
        detail = await demo_admin.data("GET", f"{RES}/oss/detail", id=data["id"])
        assert detail["secretKey"] == "******" and detail["accessKey"] == "******"

    async def test_masked_secret_sent_back_keeps_the_stored_one(self, app, demo_admin, unique):
        data = await demo_admin.data("POST", f"{RES}/oss/submit", oss_body(f"o{unique}"))
        await demo_admin.data("POST", f"{RES}/oss/submit", {**data, "remark": "改了备注"})
        async with platform_session(app.state.runtime.sessions) as db:
            with tenancy.platform_scope(db):
                row = (await db.execute(select(Oss).where(Oss.id == int(data["id"])))).scalar_one()
        assert row.secret_key == "secret-value-9876" and row.remark == "改了备注"

    @pytest.mark.parametrize(("field", "msg"), [("ossCode", "请输入资源编号"), ("endpoint", "请输入资源地址"),
                                                ("bucketName", "请输入空间名"), ("secretKey", "请输入secretKey")])
    async def test_required(self, demo_admin, unique, field, msg):
        response = await demo_admin.post(f"{RES}/oss/submit", oss_body(f"o{unique}", **{field: ""}))
        assert response.json()["msg"] == msg

    async def test_code_unique_in_tenant(self, demo_admin, unique):
        await demo_admin.data("POST", f"{RES}/oss/submit", oss_body(f"o{unique}"))
        body = (await demo_admin.post(f"{RES}/oss/submit", oss_body(f"o{unique}"))).json()
        assert body["msg"] == f"资源编号 [o{unique}] 已存在"

    async def test_enable_keeps_exactly_one(self, admin, unique):
        first = await admin.data("POST", f"{RES}/oss/submit", oss_body(f"a{unique}"))
        second = await admin.data("POST", f"{RES}/oss/submit", oss_body(f"b{unique}"))
        try:
            await admin.data("POST", f"{RES}/oss/enable", id=first["id"])
            await admin.data("POST", f"{RES}/oss/enable", id=second["id"])
            records = (await admin.data("GET", f"{RES}/oss/list", size=1000))["records"]
            assert [r["id"] for r in records if r["status"] == 2] == [second["id"]]
        finally:
            await admin.data("POST", f"{RES}/oss/remove", ids=f"{first['id']},{second['id']}")

    async def test_other_tenant_cannot_see_or_change(self, admin, demo_admin, unique):
        data = await admin.data("POST", f"{RES}/oss/submit", oss_body(f"p{unique}"))
        try:
            assert (await demo_admin.get(f"{RES}/oss/detail", id=data["id"])).json()["msg"] == "数据不存在"
            body = (await demo_admin.post(f"{RES}/oss/submit", {**data, "remark": "x"})).json()
            assert body["msg"] == "数据不存在"
            assert (await demo_admin.post(f"{RES}/oss/enable", id=data["id"])).json()["msg"] == "数据不存在"
        finally:
            await admin.data("POST", f"{RES}/oss/remove", ids=data["id"])

    async def test_plain_user_refused(self, demo_user, unique):
        assert (await demo_user.post(f"{RES}/oss/submit", oss_body(f"o{unique}"))).status_code == 403
        assert (await demo_user.get(f"{RES}/oss/list")).status_code == 403


class TestStorageChoice:
    async def test_local_without_an_enabled_config(self, app):
        async with platform_session(app.state.runtime.sessions) as db:
            tenancy.bind(db, tenancy.Scope("999991"))
            assert isinstance(await service.storage_for(db, app.state.runtime.settings), LocalStorage)

    async def test_enabled_config_gives_s3(self, app):
        async with platform_session(app.state.runtime.sessions) as db:
            tenancy.bind(db, tenancy.Scope("999992"))
            db.add(Oss(oss_code="minio1", endpoint="https://s3.example.com:9000", access_key="ak",
                       secret_key="sk", bucket_name="bucket", status=2,
                       transform_endpoint="https://cdn.example.com"))
            await db.flush()
            storage = await service.storage_for(db, app.state.runtime.settings)
            await db.rollback()
        assert isinstance(storage, S3Storage) and storage.code == "minio1"
        assert storage.domain == "https://cdn.example.com/bucket"


class TestLocalStorage:
    @pytest.mark.parametrize("key", ["../x.png", "/etc/passwd", "a/../../b.png", "a\\b.png", "", "a//b.png",
                                     ".hidden/x.png"])
    async def test_bad_keys_refused(self, tmp_path, key):
        from plantdesk.core.errors import BusinessError

        with pytest.raises(BusinessError):
            await LocalStorage(tmp_path).put(key, b"x", "text/plain")

    async def test_round_trip(self, tmp_path):
        storage = LocalStorage(tmp_path)
        link = await storage.put("000000/20260101/abc.txt", b"hello", "text/plain")
        assert link.endswith("/000000/20260101/abc.txt") and await storage.get("000000/20260101/abc.txt") == b"hello"
        await storage.delete("000000/20260101/abc.txt")
        assert not (tmp_path / "000000/20260101/abc.txt").exists()


def sms_body(code: str, **extra) -> dict:
    return {"category": 5, "smsCode": code, "templateId": "T100", "accessKey": "key-abcdefgh",
            "secretKey": "sms-secret-5555", "signName": "PlantDesk", **extra}


class TestSms:
    async def test_crud_masks_secrets(self, demo_admin, unique):
        data = await demo_admin.data("POST", f"{RES}/sms/submit", sms_body(f"s{unique}"))
        assert data["secretKey"] == "******" and data["accessKey"] == "******"
        assert (await demo_admin.data("GET", f"{RES}/sms/list", smsCode=f"s{unique}"))["total"] == 1

    async def test_template_required(self, demo_admin, unique):
        response = await demo_admin.post(f"{RES}/sms/submit", sms_body(f"s{unique}", templateId=""))
        assert response.json()["msg"] == "请输入模版ID"

    async def test_send_through_the_log_provider(self, app, demo_admin, unique):
        await demo_admin.data("POST", f"{RES}/sms/submit", sms_body(f"s{unique}"))
        response = await demo_admin.post(f"{RES}/sms/endpoint/send-message", code=f"s{unique}",
                                         phones="13800138001,13800138002", params='{"code":"1234"}')
        assert response.json()["msg"] == "发送成功"
        async with platform_session(app.state.runtime.sessions) as db:
            with tenancy.platform_scope(db):
                row = (await db.execute(select(SmsLog).where(SmsLog.sms_code == f"s{unique}"))).scalar_one()
        assert row.phones == "13800138001,13800138002" and row.tenant_id == "356782"

    async def test_unconnected_provider(self, demo_admin, unique):
        await demo_admin.data("POST", f"{RES}/sms/submit", sms_body(f"s{unique}", category=3))
        body = (await demo_admin.post(f"{RES}/sms/endpoint/send-message", code=f"s{unique}",
                                      phones="13800138001")).json()
        assert body["success"] is False and body["msg"] == "短信服务商未接入"

    async def test_bad_phone(self, demo_admin, unique):
        body = (await demo_admin.post(f"{RES}/sms/endpoint/send-message", code=f"s{unique}",
                                      phones="12345")).json()
        assert body["msg"] == "手机号格式不正确: 12345"

    async def test_enable(self, demo_admin, unique):
        data = await demo_admin.data("POST", f"{RES}/sms/submit", sms_body(f"s{unique}"))
        await demo_admin.data("POST", f"{RES}/sms/enable", id=data["id"])
        assert (await demo_admin.data("GET", f"{RES}/sms/detail", id=data["id"]))["status"] == 2

    async def test_other_tenant_cannot_see(self, admin, demo_admin, unique):
        data = await admin.data("POST", f"{RES}/sms/submit", sms_body(f"s{unique}"))
        assert (await demo_admin.get(f"{RES}/sms/detail", id=data["id"])).json()["msg"] == "数据不存在"
        body = (await demo_admin.post(f"{RES}/sms/endpoint/send-message", code=f"s{unique}",
                                      phones="13800138001")).json()
        assert body["msg"] == "短信配置不存在"

    async def test_plain_user_refused(self, demo_user):
        assert (await demo_user.get(f"{RES}/sms/list")).status_code == 403
        assert (await demo_user.post(f"{RES}/sms/endpoint/send-message", phones="13800138001")).status_code == 403


class TestLogo:
    async def test_modify_upserts_and_list_is_public(self, client, demo_admin, unique):
        body = {"type": "LABEL", "mode": "LIGHT", "url": f"/api/blade-resource/oss/file/{unique}.png",
                "document": "图标"}
        await demo_admin.data("POST", f"{RES}/logo/modify", body)
        await demo_admin.data("POST", f"{RES}/logo/modify", {**body, "document": "新图标"})
        logos = (await client.get(f"{RES}/logo/list", params={"tenantId": "356782"})).json()["data"]
        labels = [logo for logo in logos if logo["type"] == "LABEL" and logo["mode"] == "LIGHT"]
        assert len(labels) == 1 and labels[0]["document"] == "新图标" and labels[0]["tenantId"] == "356782"

    async def test_tenant_falls_back_to_platform_logos(self, client, admin, unique):
        await admin.data("POST", f"{RES}/logo/modify", {"type": "BACKEND", "mode": "DARK",
                                                        "url": f"https://cdn.example.com/{unique}.png"})
        logos = (await client.get(f"{RES}/logo/list", params={"tenantId": "123456"})).json()["data"]
        assert any(logo["url"].endswith(f"{unique}.png") and logo["tenantId"] == "000000" for logo in logos)

    @pytest.mark.parametrize(("change", "msg"), [
        ({"type": "OTHER"}, "标志类型只能是 BACKEND 或 LABEL"),
        ({"mode": "BLUE"}, "标志模式只能是 LIGHT 或 DARK"),
        ({"url": ""}, "请上传标志图片"),
        ({"url": "javascript:alert(1)"}, "标志地址须为站内路径或 http(s) 地址"),
        ({"url": "//evil.example.com/x.png"}, "标志地址须为站内路径或 http(s) 地址"),
    ])
    async def test_rules(self, demo_admin, change, msg):
        body = {"type": "LABEL", "mode": "DARK", "url": "/x.png", **change}
        assert (await demo_admin.post(f"{RES}/logo/modify", body)).json()["msg"] == msg

    async def test_plain_user_refused(self, demo_user):
        body = {"type": "LABEL", "mode": "DARK", "url": "/x.png"}
        assert (await demo_user.post(f"{RES}/logo/modify", body)).status_code == 403


class TestConfigListFilters:
    async def test_category_is_an_exact_match(self, demo_admin, unique):
        await demo_admin.data("POST", f"{RES}/sms/submit", sms_body(f"c{unique}", category=5))
        assert (await demo_admin.data("GET", f"{RES}/sms/list", smsCode=f"c{unique}", category=5))["total"] == 1
        assert (await demo_admin.data("GET", f"{RES}/sms/list", smsCode=f"c{unique}", category=1))["total"] == 0
        assert (await demo_admin.get(f"{RES}/oss/list", category="x")).status_code == 400
