"""Helpers shared by the auth and user tests: users made through the API, rows and params set in the DB."""

import contextlib
from datetime import datetime

import httpx
from sqlalchemy import select, update

from plantdesk.core.runtime import Runtime
from plantdesk.modules.system.models import Dept, Param, Role, User
from plantdesk.modules.system.tenant.provision import create_tenant
from tests.helpers import Api, login, md5, platform_session

PASSWORD = "Passw0rd!"
ARGON2 = "$argon2"


def runtime(app) -> Runtime:
    return app.state.runtime


async def make_user(api: Api, unique: str, role_id: str, *, password: str | None = PASSWORD, **fields) -> dict:
    """A user of `api`'s tenant, made through the API (submit) by `api`."""
    body = {"account": f"u{unique}", "realName": f"测试{unique}", "roleId": role_id,
            "deptId": api.tokens["dept_id"], **fields}
    if password is not None:
        body["password"] = md5(password)
    return await api.data("POST", "/api/blade-user/submit", body)


async def login_as(client: httpx.AsyncClient, user: dict, password: str = PASSWORD) -> Api:
    return await login(client, user["account"], password, user["tenantId"])


async def role_id(app, tenant_id: str, alias: str) -> str:
    async with platform_session(runtime(app).sessions) as db:
        return str(await db.scalar(select(Role.id).where(Role.tenant_id == tenant_id, Role.role_alias == alias)))


async def dept_id(app, tenant_id: str, name: str) -> str:
    async with platform_session(runtime(app).sessions) as db:
        return str(await db.scalar(select(Dept.id).where(Dept.tenant_id == tenant_id, Dept.dept_name == name)))


async def set_user(app, user_id: str, **values) -> None:
    async with platform_session(runtime(app).sessions) as db:
        await db.execute(update(User).where(User.id == int(user_id)).values(**values))
        await db.commit()


async def stored_user(app, user_id: str) -> User:
    async with platform_session(runtime(app).sessions) as db:
        return (await db.execute(select(User).where(User.id == int(user_id))
                                 .execution_options(include_deleted=True))).scalar_one()


@contextlib.asynccontextmanager
async def param(app, key: str, value: str):
    """Set a (platform-wide) parameter for the duration of one test, then put the old value back."""
    async with platform_session(runtime(app).sessions) as db:
        row = (await db.execute(select(Param).where(Param.param_key == key))).scalars().first()
        old = row.param_value if row else None
        if row is None:
            db.add(Param(param_key=key, param_name=key, param_value=value))
        else:
            row.param_value = value
        await db.commit()
    try:
        yield
    finally:
        async with platform_session(runtime(app).sessions) as db:
            if old is None:
                await db.execute(Param.__table__.delete().where(Param.param_key == key))
            else:
                await db.execute(update(Param).where(Param.param_key == key).values(param_value=old))
            await db.commit()


async def new_tenant(app, unique: str, *, expire_time: datetime | None = None, account_number: int = -1) -> str:
    """A fresh tenant (admin/admin, role admin) made by the system module's own tenant service."""
    async with platform_session(runtime(app).sessions) as db:
        tenant = await create_tenant(db, tenant_name=f"测试租户{unique}", expire_time=expire_time,
                                     account_number=account_number)
        await db.commit()
        return tenant.tenant_id


def ip_client(app, ip: str) -> httpx.AsyncClient:
    """A client seen from its own IP address, so the per-IP login throttle of one test touches no other."""
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=(ip, 40000)), base_url="http://test")


def no_hash(response: httpx.Response) -> httpx.Response:
    assert ARGON2 not in response.text, response.text
    return response


async def retire_users(app, unique: str) -> None:
    """Logically remove the users one test made (their accounts carry `unique`): the demo tenant has an
    account quota (50) that the whole suite shares."""
    async with platform_session(runtime(app).sessions) as db:
        await db.execute(update(User).where(User.account.contains(unique)).values(is_deleted=1))
        await db.commit()
