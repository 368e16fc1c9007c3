"""Reading system parameters (blade_param) with typed defaults; the param CRUD lives in the router."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.modules.system.models import Param

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
}


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
