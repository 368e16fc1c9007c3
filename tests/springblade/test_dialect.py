"""The Saber 4.x console's own requests (its src/api/*.js), answered by the SpringBlade 4.x dialect of the client
`saber4`: captcha, SM2 login, refresh, logout, and the user, role, dictionary and notice screens' calls."""

import base64

import httpx
import jwt
from gmssl import sm2 as gm

from plantdesk.core import dialects
from plantdesk.core.security import sm2, tokens
from tests.conftest import DEMO_TENANT
from tests.user.factories import runtime

SABER4 = "Basic " + base64.b64encode(b"saber4:saber4_secret").decode()


def encrypt(app, plain: str) -> str:
    """What the console's utils/sm2.js sends: sm-crypto doEncrypt(plain, publicKey, 0), C1C2C3 hex, no 04."""
    crypt = gm.CryptSM2(private_key="", public_key="", mode=0)
    # set after construction: gmssl's constructor lstrip("04")s the key, which eats a leading 0 or 4 of x
    crypt.public_key = sm2.public_key(app.state.settings.signing_key)[2:]
    return crypt.encrypt(plain.encode()).hex()


class Saber:
    """The console's axios: the Basic client header on every call, `Blade-Auth: bearer <token>` once signed in."""

    def __init__(self, http: httpx.AsyncClient, access: str = ""):
        self.http, self.access = http, access

    @property
    def headers(self) -> dict:
        return {"Authorization": SABER4, **({"Blade-Auth": f"bearer {self.access}"} if self.access else {})}

    async def get(self, url: str, **params) -> httpx.Response:
        return await self.http.get(url, params=params, headers=self.headers)

    async def post(self, url: str, json=None, headers=None, **params) -> httpx.Response:
        return await self.http.post(url, params=params, json=json, headers={**self.headers, **(headers or {})})

    async def data(self, method: str, url: str, json=None, **params):
        response = await (self.get(url, **params) if method == "GET" else self.post(url, json, **params))
        body = response.json()
        assert response.status_code == 200 and body["code"] == 200 and body["success"], (url, body)
        return body["data"]


async def captcha(app, saber: Saber) -> tuple[str, str]:
    data = await saber.data("GET", "/api/blade-auth/captcha")
    assert data["image"].startswith("data:image/png;base64,")
    code = await runtime(app).cache.get(f"captcha:{data['key']}")
    return data["key"], code


async def sign_in(app, client, account: str, password: str, tenant: str = "000000") -> tuple[Saber, dict]:
    """userlogin.vue + store/modules/user.js: captcha, then the token call with the SM2 password."""
    saber = Saber(client)
    key, code = await captcha(app, saber)
    response = await saber.post("/api/blade-auth/token", headers={"Captcha-Key": key, "Captcha-Code": code},
                                grantType="captcha", tenantId=tenant, account=account,
                                password=encrypt(app, password), type="account")
    body = response.json()
    assert response.status_code == 200 and body["success"], body
    return Saber(client, body["data"]["accessToken"]), body["data"]


async def test_captcha_has_exactly_five_characters(app, client):
    for _ in range(5):
        _, code = await captcha(app, Saber(client))
        assert len(code) == 5


async def test_login_answers_auth_info(app, client):
    saber, info = await sign_in(app, client, "admin", "admin")
    assert info["tokenType"] == "bearer" and info["expiresIn"] == 3600 and info["refreshToken"]
    assert info["account"] == "admin" and info["tenantId"] == "000000" and info["authority"] == "administrator"
    assert info["userId"].isdigit() and info["roleId"] and info["deptId"] and "license" in info
    assert len(encrypt(app, "admin")) > 128  # over the BladeX dialect's password limit
    me = await saber.data("GET", "/api/blade-system/user/info")
    assert me["account"] == "admin" and me["password"] == ""


async def test_login_failures_are_400_with_the_message(app, client):
    saber = Saber(client)
    key, code = await captcha(app, saber)
    wrong = "a" if code[0] != "a" else "b"
    response = await saber.post("/api/blade-auth/token", headers={"Captcha-Key": key, "Captcha-Code": wrong + code[1:]},
                                grantType="captcha", tenantId="000000", account="admin",
                                password=encrypt(app, "admin"), type="account")
    assert response.status_code == 400
    assert response.json() == {"code": 400, "success": False, "data": None, "msg": "验证码不正确"}
    key, code = await captcha(app, saber)
    response = await saber.post("/api/blade-auth/token", headers={"Captcha-Key": key, "Captcha-Code": code},
                                grantType="captcha", tenantId=DEMO_TENANT, account="zhangwei",
                                password=encrypt(app, "not-his"), type="account")
    assert response.status_code == 400 and response.json()["msg"] == "用户名或密码错误"
    # a password not encrypted with this installation's key is a wrong password, never a plain one
    response = await saber.post("/api/blade-auth/token", grantType="password", tenantId=DEMO_TENANT,
                                account="zhangwei", password="123456", type="account")
    assert response.status_code == 400 and response.json()["msg"] == "用户名或密码错误"
    response = await saber.post("/api/blade-auth/token", grantType="password", tenantId=DEMO_TENANT,
                                account="zhangwei", password=encrypt(app, "123456"), type="account")
    assert response.json()["success"]  # the fail counter is cleared by the good password


async def test_refresh_and_logout(app, client):
    saber, info = await sign_in(app, client, "admin", "admin", DEMO_TENANT)
    response = await Saber(client).post("/api/blade-auth/token", refreshToken=info["refreshToken"],
                                        grantType="refresh_token", scope="all")
    fresh = response.json()["data"]
    assert response.status_code == 200 and fresh["accessToken"] != info["accessToken"]
    renewed = Saber(client, fresh["accessToken"])
    assert (await renewed.data("GET", "/api/blade-system/user/info"))["tenantId"] == DEMO_TENANT
    # the used refresh token is spent
    response = await Saber(client).post("/api/blade-auth/token", refreshToken=info["refreshToken"],
                                        grantType="refresh_token", scope="all")
    assert response.status_code == 400 and not response.json()["success"]
    saber, _ = await sign_in(app, client, "admin", "admin", DEMO_TENANT)
    assert (await saber.data("POST", "/api/blade-auth/logout")) is True
    response = await saber.get("/api/blade-system/user/info")
    assert response.status_code == 401 and response.json()["code"] == 401


async def test_user_screen(app, client, unique, user_role):
    saber, info = await sign_in(app, client, "admin", "admin", DEMO_TENANT)
    page = await saber.data("GET", "/api/blade-system/user/list", current=1, size=10)
    assert page["total"] >= 1 and {"records", "current", "size", "pages"} <= page.keys()
    assert all(row["password"] == "" for row in page["records"])
    # user.vue rowSave: the plain password twice, ids joined by commas
    account = f"u{unique}"
    await saber.data("POST", "/api/blade-system/user/submit", {
        "account": account, "password": "Saber4!pw", "password2": "Saber4!pw", "name": account,
        "realName": f"测试{unique}", "roleId": user_role, "deptId": info["deptId"], "postId": info["postId"],
        "phone": "13800000000", "sex": 1, "tenantId": DEMO_TENANT})
    found = await saber.data("GET", "/api/blade-system/user/list", current=1, size=10, account=account)
    assert [row["account"] for row in found["records"]] == [account]
    user_id = found["records"][0]["id"]
    detail = await saber.data("GET", "/api/blade-system/user/detail", id=user_id)
    assert detail["realName"] == f"测试{unique}" and detail["roleName"]
    detail["realName"] = f"改{unique}"
    await saber.data("POST", "/api/blade-system/user/update", detail)
    assert (await saber.data("GET", "/api/blade-system/user/detail", id=user_id))["realName"] == f"改{unique}"
    mine, _ = await sign_in(app, client, account, "Saber4!pw", DEMO_TENANT)
    await mine.data("POST", "/api/blade-system/user/update-password", oldPassword="Saber4!pw",
                    newPassword="Saber4!new", newPassword1="Saber4!new")
    await sign_in(app, client, account, "Saber4!new", DEMO_TENANT)
    await saber.data("POST", "/api/blade-system/user/grant", userIds=user_id, roleIds=user_role)
    await saber.data("POST", "/api/blade-system/user/reset-password", userIds=user_id)
    mine, _ = await sign_in(app, client, account, "123456", DEMO_TENANT)
    session = await mine.data("GET", "/api/user/getUserInfo")
    assert session["roles"] == ["user"] and session["userInfo"]["account"] == account
    await mine.data("POST", "/api/user/send-logs", [{"type": "error", "url": "/#/wel/index", "message": "x"}])
    await saber.data("POST", "/api/blade-system/user/remove", ids=user_id)
    found = await saber.data("GET", "/api/blade-system/user/list", current=1, size=10, account=account)
    assert found["records"] == []


async def test_role_view_and_sidebar_icons(app, client):
    saber, _ = await sign_in(app, client, "admin", "admin")
    routes = await saber.data("GET", "/api/blade-system/menu/routes")

    def walk(nodes):
        for node in nodes:
            yield node
            yield from walk(node.get("children") or [])

    nodes = list(walk(routes))
    assert all(node["source"].startswith("iconfont icon") for node in nodes)
    paths = {node["code"]: node["path"] for node in nodes}
    assert paths["role"] == "/authority/role" and paths["user"] == "/system/user"
    assert next(node for node in nodes if node["code"] == "system")["source"] == "iconfont iconicon_setting"
    roles = await saber.data("GET", "/api/blade-system/role/list", current=1, size=10)
    assert roles  # the role screen's own calls are the BladeX ones
    assert await saber.data("GET", "/api/blade-system/role/tree")


async def test_dict_screen_is_a_tree(app, client):
    saber, _ = await sign_in(app, client, "admin", "admin")
    tree = await saber.data("GET", "/api/blade-system/dict/list", current=1, size=10)
    assert isinstance(tree, list) and tree
    sex = next(node for node in tree if node["code"] == "sex")
    assert sex["parentId"] == "0" and {child["dictKey"] for child in sex["children"]} >= {"1", "2"}
    filtered = await saber.data("GET", "/api/blade-system/dict/list", current=1, size=10, code="sex")
    assert {node["code"] for node in filtered} == {"sex"}
    selector = await saber.data("GET", "/api/blade-system/dict/tree?code=DICT")
    assert any(node["title"] == sex["dictValue"] for node in selector)
    # the same path in the BladeX dialect stays a page
    response = await client.get("/api/blade-system/dict/list", params={"current": 1, "size": 10},
                                headers={"Authorization": "Basic " + base64.b64encode(b"saber:saber_secret").decode(),
                                         "Blade-Auth": saber.headers["Blade-Auth"]})
    assert "records" in response.json()["data"]


async def test_notice_records_carry_category_names(app, client, unique):
    saber, _ = await sign_in(app, client, "admin", "admin", DEMO_TENANT)
    kinds = await saber.data("GET", "/api/blade-system/dict/dictionary", code="notice")
    await saber.data("POST", "/api/blade-desk/notice/submit", {
        "title": f"通知{unique}", "category": kinds[0]["dictKey"], "releaseTime": "2026-11-27 08:00:00",
        "content": "<p>检修</p>"})
    page = await saber.data("GET", "/api/blade-desk/notice/list", current=1, size=10, title=f"通知{unique}")
    record = page["records"][0]
    assert record["category"] == kinds[0]["dictKey"] and record["categoryName"] == kinds[0]["dictValue"]
    detail = await saber.data("GET", "/api/blade-desk/notice/detail", id=record["id"])
    assert detail["categoryName"] == kinds[0]["dictValue"]
    await saber.data("POST", "/api/blade-desk/notice/remove", ids=record["id"])


async def test_dialect_paths_belong_to_their_clients(app, client, admin, demo_admin):
    # the BladeX client has no SpringBlade token path
    response = await client.post("/api/blade-auth/token", headers=admin.headers,
                                 params={"grantType": "password", "account": "admin"})
    assert response.status_code == 404
    config = await admin.data("GET", "/api/blade-auth/sm2-public-key")
    assert config == {"publicKey": sm2.public_key(app.state.settings.signing_key), "clientId": "saber4"}
    assert len(config["publicKey"]) == 130 and config["publicKey"].startswith("04")
    response = await demo_admin.get("/api/blade-auth/sm2-public-key")
    assert response.json()["code"] == 403


def test_sm2_round_trip_and_tampering(app):
    key = app.state.settings.signing_key
    cipher = encrypt(app, "密码 admin")
    assert sm2.decrypt(key, cipher) == "密码 admin" and sm2.decrypt(key, "04" + cipher) == "密码 admin"
    tampered = cipher[:-70] + ("0" if cipher[-70] != "0" else "1") + cipher[-69:]
    assert sm2.decrypt(key, tampered) is None
    assert sm2.decrypt("another installation", cipher) is None
    assert sm2.decrypt(key, "not hex") is None


async def test_a_token_without_the_basic_header_routes_by_its_verified_client(app, client):
    saber, _ = await sign_in(app, client, "admin", "admin")
    tree = await client.get("/api/blade-system/dict/list", headers={"Blade-Auth": saber.headers["Blade-Auth"]})
    assert isinstance(tree.json()["data"], list)
    key = app.state.settings.signing_key
    claims = tokens.decode(saber.access, key=key, token_type=tokens.ACCESS)
    assert dialects.client_id({b"blade-auth": f"bearer {saber.access}".encode()}, key) == "saber4"
    # the same claims under another key choose nothing: a forged token never picks a dialect's routes
    forged = jwt.encode(claims, "another installation's signing key, as long as ours", algorithm="HS256")
    assert dialects.client_id({b"blade-auth": f"bearer {forged}".encode()}, key) == ""
    assert dialects.client_id({b"blade-auth": b"bearer not.a.token"}, key) == ""


async def test_the_dialect_has_its_own_api_document(client):
    page = await client.get("/api/docs/springblade")
    assert page.status_code == 200 and "/api/docs/springblade/openapi.json" in page.text
    document = (await client.get("/api/docs/springblade/openapi.json")).json()
    assert {"/api/blade-auth/token", "/api/blade-system/dict/list", "/api/blade-system/user/list"} <= set(
        document["paths"])
    main = (await client.get("/api/openapi.json")).json()
    assert "/api/blade-auth/token" not in main["paths"] and "/api/blade-system/dict/list" in main["paths"]


async def test_user_export_links_and_import(app, client):
    """user.vue's 导出 and 模板下载 open links with the token in the query (no header at all); 导入 uploads the file."""
    saber, _ = await sign_in(app, client, "admin", "admin", DEMO_TENANT)
    link = f"bearer {saber.access}"
    response = await client.get("/api/blade-system/user/export-user",
                                params={"blade-auth": link, "account": "admin", "realName": ""})
    assert response.status_code == 200 and response.content[:2] == b"PK"  # an xlsx
    template = await client.get("/api/blade-system/user/export-template", params={"blade-auth": link})
    assert template.status_code == 200 and template.content[:2] == b"PK"
    response = await client.post("/api/blade-system/user/import-user", params={"isCovered": 0},
                                 files={"file": ("users.xlsx", template.content)}, headers=saber.headers)
    assert response.status_code == 200 and response.json()["success"], response.json()
