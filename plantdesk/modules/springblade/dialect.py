"""The SpringBlade 4.x dialect's route table (core.dialects): what the Saber 4.x console sends, served by the
same services as the BladeX routes, in that console's shapes (design/bladex-contract.md §3.2, §4, §6, §11).

- Login: `GET /blade-auth/captcha` answers R{key, image} with exactly 5 characters; `POST /blade-auth/token`
  takes `grantType` (password, captcha, refresh_token), `tenantId`, `account`, the password SM2-encrypted with the
  installation's public key (core.security.sm2) and `refreshToken`, and answers R<AuthInfo> (failures: HTTP 400,
  body code 400, the BladeX message); `POST /blade-auth/logout` ends the session.
- Users under `/blade-system/user/*` with plain passwords in the body or the query (hashed here as the BladeX
  console hashes them in the browser, md5, so the stored hashes are the same).
- `dict/list` is the whole filtered dictionary as a tree, `dict/tree` every row as TreeNodes (the console sends
  `code=DICT`, which names no dictionary: ignored, as SpringBlade does).
- Notices carry `category` as the dictionary key (a string) and `categoryName`.
- The sidebar's `source` is an icon-font class of the console's set (ICONS maps PlantDesk's antd names), and a
  screen whose view sits elsewhere in that console gets its path (VIEW_PATHS).
"""

from collections.abc import Callable
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Body, Depends, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from plantdesk.core import dialects
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise, page_of
from plantdesk.core.deps import CurrentUser, Db, OptionalUser, Rt, TenantDb, form_or_query, need
from plantdesk.core.envelope import Id, R, ok
from plantdesk.core.errors import BusinessError, TokenError
from plantdesk.core.paging import Page, Paging
from plantdesk.core.security import sm2
from plantdesk.core.security.passwords import md5_hex
from plantdesk.modules.auth import schemas as auth_schemas
from plantdesk.modules.auth import service as auth
from plantdesk.modules.desk import service as desk
from plantdesk.modules.desk.models import Notice
from plantdesk.modules.desk.schemas import NoticeRead
from plantdesk.modules.system.dict import service as dicts
from plantdesk.modules.system.dict.schemas import DictNode, DictTreeNode
from plantdesk.modules.system.menu import service as menus
from plantdesk.modules.system.menu.schemas import MenuNode
from plantdesk.modules.user import router as bladex_users
from plantdesk.modules.user import service as users
from plantdesk.modules.user.schemas import UserRead, UserWrite

NAME = "springblade"
CLIENT_ID = "saber4"  # the seeded client of this dialect (seed.sync CLIENTS)
CAPTCHA_LENGTH = 5
PLATFORM_TENANT = "000000"  # SpringBlade's default tenantId

Add = Annotated[Identity, need("user_add", "user_edit")]
Edit = Annotated[Identity, need("user_edit")]
DictView = Annotated[Identity, need("dict", "dict_view")]
NoticeView = Annotated[Identity, need(*desk.NOTICE.codes("view"))]

router = APIRouter(tags=[NAME])


# --- login -------------------------------------------------------------------------------------------------------

class TokenParams(BaseModel):
    model_config = ConfigDict(extra="ignore")

    grantType: str = Field("password", max_length=32)  # noqa: N815 (the console's names)
    tenantId: str = Field("", max_length=12)  # noqa: N815
    account: str = Field("", max_length=64)
    password: str = Field("", max_length=1024)  # SM2 hex: 192 + 2 per byte of the password
    refreshToken: str = Field("", max_length=4096)  # noqa: N815


class AuthInfo(BaseModel):
    """SpringBlade's AuthInfo (contract §3.2); `authority` = the role aliases, `userName` = the real name."""

    accessToken: str  # noqa: N815
    tokenType: str  # noqa: N815
    refreshToken: str  # noqa: N815
    expiresIn: int  # noqa: N815
    tenantId: str  # noqa: N815
    userId: str  # noqa: N815
    deptId: str  # noqa: N815
    postId: str  # noqa: N815
    roleId: str  # noqa: N815
    oauthId: str  # noqa: N815
    account: str
    userName: str  # noqa: N815
    avatar: str
    authority: str
    license: str


async def token_params(request: Request) -> TokenParams:
    """The console sends the query string; a form body is read too (the query wins)."""
    values = dict(request.query_params)
    if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        values = {**{k: v for k, v in (await request.form()).items() if isinstance(v, str)}, **values}
    try:
        return TokenParams.model_validate(values)
    except ValidationError as exc:
        raise RequestValidationError(exc.errors()) from None


@router.get("/blade-auth/captcha", response_model=R[auth_schemas.Captcha])
async def captcha(rt: Rt):
    return ok(await auth.new_captcha(rt.cache, (CAPTCHA_LENGTH,)))


@router.post("/blade-auth/token", response_model=R[AuthInfo])
async def token(
    request: Request, db: Db, rt: Rt, params: Annotated[TokenParams, Depends(token_params)],
    authorization: Annotated[str | None, Header()] = None,
    tenant_header: Annotated[str | None, Header(alias="Tenant-Id", max_length=12)] = None,
    captcha_key: Annotated[str | None, Header(alias="Captcha-Key", max_length=64)] = None,
    captcha_code: Annotated[str | None, Header(alias="Captcha-Code", max_length=16)] = None,
):
    """Grants password, captcha and refresh_token; a failure is HTTP 400 with body code 400 and the message."""
    try:
        client = await auth.authenticate_client(db, authorization, params.grantType)
        password = ""
        if params.grantType != "refresh_token":
            plain = await anyio.to_thread.run_sync(sm2.decrypt, rt.settings.signing_key, params.password)
            # Not a cipher of this installation's key: a wrong password (counted and answered as one).
            password = md5_hex(plain) if plain else ""
        body = await auth.grant(db, rt, client, auth.LoginRequest(
            grant_type=params.grantType, tenant_id=tenant_header or params.tenantId or PLATFORM_TENANT,
            username=params.account.strip(), password=password, refresh_token=params.refreshToken,
            captcha_key=captcha_key or "", captcha_code=captcha_code or "",
            ip=request.client.host if request.client else "", user_agent=request.headers.get("user-agent", "")))
    except TokenError as exc:
        raise Rejected(exc.description) from None
    return ok(AuthInfo(
        accessToken=body["access_token"], tokenType=body["token_type"], refreshToken=body["refresh_token"],
        expiresIn=body["expires_in"], tenantId=body["tenant_id"], userId=body["user_id"], deptId=body["dept_id"],
        postId=body["post_id"], roleId=body["role_id"], oauthId=body["oauth_id"], account=body["account"],
        userName=body["real_name"] or body["account"], avatar=body["avatar"], authority=body["role_name"],
        license=body["license"]))


class Rejected(BusinessError):
    """SpringBlade's ServiceException: HTTP 400, body code 400."""

    http_status = 400


@router.post("/blade-auth/logout", response_model=R[bool])
async def logout(db: Db, rt: Rt, user: OptionalUser):
    if user is not None:
        await auth.logout(db, rt.cache, user)
    return ok(True)


# --- users -------------------------------------------------------------------------------------------------------

async def _hashed(request: Request, name: str) -> str | None:
    """A plain password of the query or a form as the BladeX services take it (md5 hex)."""
    value = await form_or_query(request, name)
    return md5_hex(value) if value else value


def _user_body(body: dict[str, Any]) -> UserWrite:
    if body.get("password"):
        body = {**body, "password": md5_hex(str(body["password"]))}
    try:
        return UserWrite.model_validate(body)
    except ValidationError as exc:
        raise RequestValidationError(exc.errors()) from None


def _as_bladex(name: str, endpoint: Callable[..., Any]) -> None:
    """A 4.x user call with the BladeX route's parameters and reply: that route's own endpoint under the 4.x path."""
    route = next(route for route in bladex_users.router.routes
                 if isinstance(route, APIRoute) and route.endpoint is endpoint)
    router.add_api_route(f"/blade-system/user/{name}", endpoint, methods=route.methods,
                         response_model=route.response_model, response_class=route.response_class,
                         responses=route.responses, dependencies=route.dependencies, name=route.name,
                         description=route.description)


_as_bladex("list", bladex_users.page)  # the BladeX path is /blade-user/page
_as_bladex("detail", bladex_users.detail)
_as_bladex("remove", bladex_users.remove)
_as_bladex("grant", bladex_users.grant)
_as_bladex("reset-password", bladex_users.reset_password)
_as_bladex("unlock", bladex_users.unlock)
_as_bladex("export-user", bladex_users.export_user)  # a download link: ?blade-auth=bearer <token>
_as_bladex("export-template", bladex_users.export_template)
_as_bladex("import-user", bladex_users.import_user)


@router.get("/blade-system/user/info", response_model=R[UserRead])
async def user_info(db: Db, rt: Rt, user: CurrentUser):
    """Without the BladeX route's body code 601 (licence ends soon): this console shows any code but 200 as an
    error and drops the answer."""
    return ok((await users.info(db, rt.cache, user))[0])


@router.post("/blade-system/user/submit", response_model=R[UserRead])
async def user_submit(db: TenantDb, rt: Rt, body: Annotated[dict[str, Any], Body()], user: Add):
    """Insert (the plain password and password2 of the form) or update (the password is not changed)."""
    return ok(await users.submit(db, rt.cache, user, _user_body(body)))


@router.post("/blade-system/user/update", response_model=R[UserRead])
async def user_update(db: TenantDb, rt: Rt, body: Annotated[dict[str, Any], Body()], user: Edit):
    return ok(await users.submit(db, rt.cache, user, _user_body(body), must_exist=True))


@router.post("/blade-system/user/update-password", response_model=R[bool])
async def user_update_password(request: Request, db: Db, user: CurrentUser):
    """oldPassword, newPassword, newPassword1 in plain text (query or form)."""
    await users.update_password(db, user, old=await _hashed(request, "oldPassword"),
                                new=await _hashed(request, "newPassword"), new1=await _hashed(request, "newPassword1"))
    return ok(True)


class SessionUser(BaseModel):
    """`/user/getUserInfo`: the console reads `roles` (the role aliases) when it has no stored user."""

    userInfo: UserRead  # noqa: N815
    roles: list[str]


@router.get("/user/getUserInfo", response_model=R[SessionUser])
async def get_user_info(db: Db, rt: Rt, user: CurrentUser):
    return ok({"userInfo": (await users.info(db, rt.cache, user))[0], "roles": list(user.role_names)})


@router.post("/user/send-logs", response_model=R[bool])
async def send_logs(request: Request, rt: Rt, user: CurrentUser,
                    entries: Annotated[list[auth_schemas.ClientLog], Body(max_length=500)]):
    """The console's error-log dialog, stored as the BladeX console's upload is (auth.service)."""
    auth.store_client_logs(rt, user, entries, ip=request.client.host if request.client else "",
                           user_agent=request.headers.get("user-agent", ""))
    return ok(True)


# --- dictionaries, notices, menus --------------------------------------------------------------------------------

@router.get("/blade-system/dict/list", response_model=R[list[DictNode]])
async def dict_list(request: Request, db: Db, _: DictView):
    """The rows the filters (code, dictValue) keep, as a tree."""
    return ok(await dicts.forest(db, dicts.SYSTEM, request.query_params))


@router.get("/blade-system/dict/tree", response_model=R[list[DictTreeNode]])
async def dict_tree(db: Db, _: DictView):
    return ok(await dicts.tree(db, dicts.SYSTEM))


class NoticeRecord(NoticeRead):
    category: str  # type: ignore[assignment]  # the dictionary key, as the console's dictionary has it
    category_name: str = ""


async def _notices(db, rt, user: Identity, rows: list[Notice]) -> list[NoticeRecord]:
    names = {item["dictKey"]: item["dictValue"]
             for item in await dicts.dictionary(db, rt.cache, dicts.SYSTEM, "notice", tenant_id=user.tenant_id)}
    return [NoticeRecord.model_validate({**NoticeRead.model_validate(row).model_dump(),
                                         "category": str(row.category),
                                         "category_name": names.get(str(row.category), "")})
            for row in rows]


@router.get("/blade-desk/notice/list", response_model=R[Page[NoticeRecord]])
async def notice_list(request: Request, db: TenantDb, rt: Rt, paging: Paging, user: NoticeView):
    page = await page_of(desk.NOTICE, db, request, paging, user=user, cache=rt.cache)
    return ok({**page, "records": await _notices(db, rt, user, page["records"])})


@router.get("/blade-desk/notice/detail", response_model=R[NoticeRecord])
async def notice_detail(db: TenantDb, rt: Rt, id: Annotated[Id, Query()], user: NoticeView):
    return ok((await _notices(db, rt, user, [await get_or_raise(db, Notice, id)]))[0])


# PlantDesk's antd icon names -> the console's icon-font classes (its src/config/iconList.js).
ICONS = {
    "SettingOutlined": "iconicon_setting", "ApartmentOutlined": "iconicon_group", "IdcardOutlined": "iconicon_namecard",
    "TeamOutlined": "iconicon_boss", "MenuOutlined": "icon-caidanguanli", "MobileOutlined": "iconicon_mobilephone",
    "LaptopOutlined": "iconicon_airplay", "VerticalAlignTopOutlined": "icon-navicon", "BookOutlined": "iconicon_doc",
    "ReadOutlined": "iconicon_study", "ControlOutlined": "icon-canshu", "ClusterOutlined": "iconicon_subordinate",
    "AppstoreAddOutlined": "iconicon_add", "AppstoreOutlined": "icon-tubiao", "GlobalOutlined": "iconicon_GPS",
    "SafetyCertificateOutlined": "iconicon_safety", "FilterOutlined": "icon-quanxian", "ApiOutlined": "icon-iframe",
    "SafetyOutlined": "iconicon_secret", "UserOutlined": "icon-yonghu", "DesktopOutlined": "iconicon_work",
    "NotificationOutlined": "iconicon_notice", "MonitorOutlined": "icon-shujuzhanshi2",
    "FileTextOutlined": "icon-rizhi", "FileSearchOutlined": "icon-rizhi1", "BugOutlined": "icon-bug",
    "ProfileOutlined": "iconicon_details", "ToolOutlined": "icon-wxbgongju", "CodeOutlined": "icon-debug",
    "KeyOutlined": "icon-mima", "FolderOutlined": "iconicon_cspace", "PaperClipOutlined": "iconicon_savememo",
    "CloudServerOutlined": "iconicon_cloud_history", "MessageOutlined": "iconicon_sms",
    "PictureOutlined": "iconicon_photo", "FormOutlined": "icon-biaodan", "TableOutlined": "icon-biaoge",
    "ScheduleOutlined": "iconicon_task", "CheckSquareOutlined": "iconicon_task_done",
    "SendOutlined": "iconicon_send", "BranchesOutlined": "iconicon_exchange",
    "ReconciliationOutlined": "iconicon_compile", "UnorderedListOutlined": "iconicon_more",
    "AlertOutlined": "icon-cuowutishitubiao", "BellOutlined": "iconicon_ding", "DashboardOutlined": "icon-dongtai",
    "LineChartOutlined": "icon-shujuzhanshi2", "RobotOutlined": "iconicon_discovery",
}
DEFAULT_ICON = "iconicon_compile"
# Screens whose view the console keeps under another path (its src/views).
VIEW_PATHS = {"/system/role": "/authority/role", "/system/region": "/base/region"}


def saber_menu(node: dict) -> dict:
    """A sidebar node in the console's terms (its children too)."""
    return {**node, "source": f"iconfont {ICONS.get(node['source'] or '', DEFAULT_ICON)}",
            "path": VIEW_PATHS.get(node["path"] or "", node["path"]),
            "children": [saber_menu(child) for child in node.get("children") or []]}


@router.get("/blade-system/menu/routes", response_model=R[list[MenuNode]])
async def menu_routes(db: Db, user: CurrentUser,
                      topMenuId: Annotated[int | None, Query(ge=0, lt=2**63)] = None):  # noqa: N803
    nodes = await menus.routes(db, user, topMenuId)
    return ok([saber_menu(MenuNode.model_validate(node).model_dump(by_alias=False)) for node in nodes])


SPRINGBLADE = dialects.Dialect(NAME, routes=lambda: router)
