"""System parameters (blade_param): typed reads with defaults, and the admin CRUD with the rules of spec §5.

Reads are one indexed lookup, so they are not cached: a changed value is seen by the next request on every
worker, which the success messages (刷新后生效 / 退出重新登录生效) promise.
"""

from collections.abc import Mapping

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.config import Settings
from plantdesk.core.crud import get_or_raise
from plantdesk.core.envelope import SUCCESS_MSG
from plantdesk.core.errors import BadRequest, BusinessError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams
from plantdesk.core.security.policy import CONTENT_CLASSES, PasswordMode
from plantdesk.modules.system.models import Param
from plantdesk.modules.system.param.schemas import ParamWrite
from plantdesk.modules.system.param.seeds import ALLOWED_PARAM_KEYS, NON_NEGATIVE_INT_KEYS

DEFAULTS = {
    "account.initPassword": "123456",
    "account.failCount": "5",
    "account.lockTime": "0",
    "account.TokenTimeOut": "3600",
    "account.TokenRefreshTime": "3000",
    "license.residue": "0",
    "account.PasswordMode": "normal",
    "account.PasswordPeriod": "0",
    "tenant.default.accountNumber": "100",
    "tenant.default.password": "admin",
    "tenant.default.menuCode": "desk,notice",
    "log.retentionDays": "180",
}
# Spec §8: what the console appends to the success message after saving these keys.
EFFECT_SUFFIX = {
    "account.lockTime": ", 刷新后生效！",
    "account.TokenRefreshTime": ", 刷新后生效！",
    "account.TokenTimeOut": ", 退出重新登录生效！",
}
# The token schedule (spec §9) needs integers too; the spec's message covers them as well.
INT_KEYS = frozenset(NON_NEGATIVE_INT_KEYS) | {"account.TokenTimeOut", "account.TokenRefreshTime"}
NON_NEGATIVE_MSG = "参数键值请输入非负数字值!"
PASSWORD_MODE_MSG = "密码模式格式错误, 请输入 normal 或 safety,长度(6-20),内容(num,letter,character)"
LISTING = Listing(Param, filters={"paramName": Param.param_name, "paramKey": Param.param_key,
                                  "paramValue": Param.param_value},
                  sorts={"param_key": Param.param_key, "param_name": Param.param_name,
                         "create_time": Param.create_time},
                  order=(Param.param_key,))


async def get(db: AsyncSession, key: str) -> str:
    value = (await db.execute(select(Param.param_value).where(Param.param_key == key).limit(1))).scalar()
    return value if value not in (None, "") else DEFAULTS.get(key, "")


async def get_int(db: AsyncSession, key: str) -> int:
    try:
        return max(0, int(await get(db, key)))
    except ValueError:
        return int(DEFAULTS.get(key, "0"))


async def get_many(db: AsyncSession, *keys: str) -> dict[str, str]:
    rows = (await db.execute(select(Param.param_key, Param.param_value).where(Param.param_key.in_(keys)))).all()
    found = {key: value for key, value in rows if value not in (None, "")}
    return {key: found.get(key, DEFAULTS.get(key, "")) for key in keys}


async def password_mode(db: AsyncSession) -> str | dict:
    """`"normal"` or `{type, length, content}` (docs/decisions.md)."""
    return PasswordMode.parse(await get(db, "account.PasswordMode")).to_wire()


async def system_password(db: AsyncSession) -> dict:
    return {"password_mode": await password_mode(db), "password_period": await get_int(db, "account.PasswordPeriod"),
            "init_password": False}


async def sys_config(db: AsyncSession, settings: Settings) -> dict:
    return {"token_time_out": await get_int(db, "account.TokenTimeOut"),
            "token_refresh_time": await get_int(db, "account.TokenRefreshTime"),
            "lock_time": await get_int(db, "account.lockTime"),
            "captcha_mode": settings.captcha_mode, "switch_mode": settings.switch_mode}


async def page(db: AsyncSession, query: Mapping[str, str], paging: PageParams) -> dict:
    return await LISTING.page(db, LISTING.select(query), paging)


async def detail(db: AsyncSession, id_: int) -> Param:
    return await get_or_raise(db, Param, id_)


async def submit(db: AsyncSession, body: ParamWrite) -> tuple[Param, str]:
    """Insert or update; returns the row and the success message (spec §8 suffixes)."""
    name, key, value = _validated(body)
    if body.id is None:
        if await db.scalar(select(Param.id).where(Param.param_key == key).limit(1)) is not None:
            raise BusinessError(f"参数键名 [{key}] 已存在")
        obj = Param(param_name=name, param_key=key, param_value=value, remark=body.remark)
        db.add(obj)
    else:
        obj = await get_or_raise(db, Param, body.id)
        if obj.param_key != key:
            raise BusinessError("参数键名不可修改")
        obj.param_name, obj.param_value = name, value
        if "remark" in body.model_fields_set:
            obj.remark = body.remark
    await db.flush()
    await db.refresh(obj)
    return obj, SUCCESS_MSG + EFFECT_SUFFIX.get(key, "")


async def remove(db: AsyncSession, ids: list[int]) -> None:
    await db.execute(update(Param).where(Param.id.in_(ids)).values(is_deleted=1)
                     .execution_options(synchronize_session=False))


def _validated(body: ParamWrite) -> tuple[str, str, str]:
    name = (body.param_name or "").strip()
    key = (body.param_key or "").strip()
    value = (body.param_value or "").strip()
    if not name:
        raise BadRequest("请输入参数名称")
    if len(name) > 20:
        raise BadRequest("参数名称长度在 1 到 20 个字符")
    if not key:
        raise BadRequest("请选择参数键名")
    if key not in ALLOWED_PARAM_KEYS:
        raise BadRequest(f"参数键名 [{key}] 不在允许范围内")
    if not value:
        raise BadRequest("请输入参数键值")
    if key in INT_KEYS and not (value.isascii() and value.isdigit()):
        raise BadRequest(NON_NEGATIVE_MSG)
    if key == "account.PasswordMode" and not _valid_password_mode(value):
        raise BadRequest(PASSWORD_MODE_MSG)
    return name, key, value


def _valid_password_mode(value: str) -> bool:
    """`normal`, or `safety,<length 6-20>,<one or more distinct classes among num,letter,character>`."""
    if value == "normal":
        return True
    parts = [part.strip() for part in value.split(",")]
    if len(parts) < 3 or parts[0] != "safety" or not (parts[1].isascii() and parts[1].isdigit()):
        return False
    if not 6 <= int(parts[1]) <= 20:
        return False
    classes = parts[2:]
    return len(set(classes)) == len(classes) and all(c in CONTENT_CLASSES for c in classes)
