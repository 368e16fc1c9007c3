"""/api/blade-system/param: the parameter CRUD (writes by the platform administrator) and the small reads
the console needs before and after login (shapes: docs/decisions.md)."""

from typing import Annotated

from fastapi import APIRouter, Body, Request

from plantdesk.core.context import Identity
from plantdesk.core.crud import request_ids
from plantdesk.core.deps import CurrentUser, Db, IdQuery, Rt, administrator_only, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.paging import Page, Paging
from plantdesk.modules.system.param import service as params
from plantdesk.modules.system.param.schemas import ParamRead, ParamWrite, PasswordModeSafety, SysConfig, SystemPassword

router = APIRouter(prefix="/blade-system/param", tags=["param"])
View = need("param", "param_view")


@router.get("/list", response_model=R[Page[ParamRead]])
async def list_(request: Request, db: Db, paging: Paging, user: Identity = View):
    """Filters: paramName, paramKey, paramValue (BladeX suffixes apply)."""
    return ok(await params.page(db, request.query_params, paging))


@router.get("/detail", response_model=R[ParamRead])
async def detail(db: Db, id: IdQuery, user: Identity = View):
    return ok(await params.detail(db, id))


@router.post("/submit", response_model=R[ParamRead])
async def submit(db: Db, body: Annotated[ParamWrite, Body()], user: Identity = administrator_only()):
    """Saving lockTime / TokenRefreshTime / TokenTimeOut answers the spec §8 message with its suffix."""
    obj, msg = await params.submit(db, body)
    return ok(obj, msg)


@router.post("/remove", response_model=R[bool])
async def remove(request: Request, db: Db, user: Identity = administrator_only()):
    await params.remove(db, await request_ids(request))
    return ok(True)


@router.get("/lock/time", response_model=R[int])
async def lock_time(db: Db, user: CurrentUser):
    """Idle-lock time in seconds; 0 turns the idle lock off."""
    return ok(await params.get_int(db, "account.lockTime"))


@router.get("/password/mode", response_model=R[str | PasswordModeSafety])
async def password_mode(db: Db, user: CurrentUser):
    return ok(await params.password_mode(db))


@router.get("/system/password", response_model=R[SystemPassword])
async def system_password(db: Db, user: CurrentUser):
    return ok(await params.system_password(db))


@router.get("/sys/config", response_model=R[SysConfig])
async def sys_config(db: Db, rt: Rt):
    """Public: the login page and the shell read the token times, lock time, captcha and switch modes."""
    return ok(await params.sys_config(db, rt.settings))
