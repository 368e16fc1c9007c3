"""Users: listing with resolved names, submit, grants, lock/unlock, password changes, registration.

Every query here runs under the request's tenant scope (core.tenancy); a platform administrator acting on
another tenant does so through the router's `TenantDb` (core.deps).
"""

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta

from sqlalchemy import Select, String, cast, func, literal, or_, select, union_all, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import generations, tenancy
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.errors import BusinessError, NotFoundError
from plantdesk.core.excel import MAX_IMPORT_ROWS
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams
from plantdesk.core.query import to_int
from plantdesk.core.security import revocation
from plantdesk.core.security.passwords import hash_password, md5_hex, verify_password
from plantdesk.db.base import PLATFORM_TENANT, IdMixin
from plantdesk.modules.system.models import SEARCH, Dept, Dict, Post, Role, Tenant, User
from plantdesk.modules.system.param import service as params
from plantdesk.modules.user.schemas import MD5_HEX, PHONE, ProfileUpdate, Registration, UserRead, UserWrite

STATUS_PENDING, STATUS_NORMAL, STATUS_LOCKED = 0, 1, 2
# The user list (core.listing): text filters LIKE, the coded ones exact, createTime a range; data scope "user".
LISTING = Listing(
    User,
    filters={"account": User.account, "realName": User.real_name, "name": User.name, "phone": User.phone,
             "email": User.email},
    exact={"status": User.status, "userType": User.user_type, "sex": User.sex},
    ranges={"createTime": User.create_time},
    sorts={"account": User.account, "real_name": User.real_name, "create_time": User.create_time},
    order=(User.create_time.desc(), User.id.desc()),
    scope="user",
)
LICENSE_CODE = 601
REGISTERED_MSG = "注册申请已提交,请等待管理员审核"
# Generations (followed from setup()): the users, and the names a user row shows (roleName, deptName, postName,
# sexName; see `_names`).
USERS, NAMES = "users", "user-names"
NAMES_TTL = 600


# --- reading ---------------------------------------------------------------------------------------------

async def page(db: AsyncSession, cache: Cache, identity: Identity, query: Mapping[str, str],
               paging: PageParams) -> dict:
    stmt, narrowed = await _statement(db, query)
    result = await LISTING.page(db, stmt, paging, user=identity, cache=cache, few=narrowed)
    result["records"] = await reads(db, cache, result["records"])
    return result


async def export_rows(db: AsyncSession, cache: Cache, identity: Identity, query: Mapping[str, str]) -> list[UserRead]:
    stmt, _ = await _statement(db, query)
    return await reads(db, cache, await LISTING.rows(db, stmt, limit=MAX_IMPORT_ROWS, user=identity, cache=cache))


async def _statement(db: AsyncSession, query: Mapping[str, str]) -> tuple[Select, bool]:
    """The page/export query before the data scope: BladeX filters and `deptId` (with the dept's
    descendants); and whether the gram index narrowed it to few candidates."""
    narrowed = await SEARCH.narrow(db, query)
    stmt = LISTING.select(query).where(*narrowed)
    dept_id = (query.get("deptId") or "").strip()
    if dept_id:
        if not dept_id.isdigit():
            raise BusinessError("部门编号格式不正确")
        depts = await _dept_and_descendants(db, to_int(dept_id, "deptId"))
        stmt = stmt.where(or_(*(_holds(User.dept_id, id_) for id_ in depts)) if depts else literal(False))
    return stmt, bool(narrowed)


async def reads(db: AsyncSession, cache: Cache, users: Sequence[User],
                model: type[UserRead] = UserRead) -> list[UserRead]:
    """Users with roleName, deptName, postName and sexName, from the tenant's cached name map."""
    names = await _names(db, cache) if users else {}
    result = []
    for user in users:
        read = model.model_validate(user)
        read.role_name = _joined(names, "role", user.role_id)
        read.dept_name = _joined(names, "dept", user.dept_id)
        read.post_name = _joined(names, "post", user.post_id)
        read.sex_name = names.get(f"sex:{user.sex}", "") if user.sex is not None else ""
        result.append(read)
    return result


async def detail(db: AsyncSession, cache: Cache, id_: int, model: type[UserRead] = UserRead) -> UserRead:
    return (await reads(db, cache, [await get_or_raise(db, id_)], model))[0]


async def get_or_raise(db: AsyncSession, id_: int) -> User:
    user = (await db.execute(select(User).where(User.id == id_))).scalar_one_or_none()
    if user is None:
        raise NotFoundError()
    return user


async def info(db: AsyncSession, cache: Cache, identity: Identity) -> tuple[UserRead, str | None]:
    """The signed-in user, plus the licence notice (spec §2: code 601) when the tenant expires soon."""
    user = await detail(db, cache, identity.user_id)
    return user, await license_notice(db, identity.tenant_id)


async def identity_info(db: AsyncSession, cache: Cache, identity: Identity) -> dict:
    """GET /blade-auth/oauth/user-info: the user with the roles and depts the token carries."""
    user = await detail(db, cache, identity.user_id)
    roles = (await db.execute(select(Role).where(Role.id.in_(identity.role_ids)).order_by(Role.sort))).scalars()
    depts = (await db.execute(select(Dept).where(Dept.id.in_(identity.dept_ids)).order_by(Dept.sort))).scalars()
    return {"user": user, "roles": list(roles), "depts": list(depts), "tenant_id": identity.tenant_id,
            "client_id": identity.client_id}


async def license_notice(db: AsyncSession, tenant_id: str) -> str | None:
    residue = await params.get_int(db, "license.residue")
    if not residue or tenant_id == PLATFORM_TENANT:
        return None
    expire = await db.scalar(select(Tenant.expire_time).where(Tenant.tenant_id == tenant_id))
    now = datetime.now()
    if expire is None or expire < now or expire > now + timedelta(days=residue):
        return None
    return f"授权将于 {expire:%Y-%m-%d} 到期,请及时联系管理员续期"


async def account_exists(db: AsyncSession, account: str) -> bool:
    return bool(account) and await db.scalar(select(User.id).where(User.account == account.strip()).limit(1)) \
        is not None


# --- writing ---------------------------------------------------------------------------------------------

async def submit(db: AsyncSession, cache: Cache, identity: Identity, body: UserWrite, *,
                 must_exist: bool = False) -> UserRead:
    if body.id is None:
        if must_exist:
            raise BusinessError("缺少必要的请求参数: id")
        user = await _insert(db, body)
    else:
        user = await _update(db, body.id, body)
    await db.flush()
    return (await reads(db, cache, [user]))[0]


async def update_platform(db: AsyncSession, *, user_id: int, user_type: int | None, user_ext: str | None) -> None:
    user = await get_or_raise(db, user_id)
    if user_type is not None:
        user.user_type = user_type
    if user_ext is not None:
        user.user_ext = user_ext
    await db.flush()


async def remove(db: AsyncSession, cache: Cache, identity: Identity, ids: list[int]) -> None:
    if identity.user_id in ids:
        raise BusinessError("不能删除本账号!")
    users = await _found(db, ids)
    await db.execute(update(User).where(User.id.in_([u.id for u in users])).values(is_deleted=1)
                     .execution_options(synchronize_session=False))
    await revocation.revoke_user_sessions(db, cache, [u.id for u in users])


async def reset_passwords(db: AsyncSession, cache: Cache, ids: list[int]) -> None:
    """Back to account.initPassword; the user must set a new one at next login (spec §4 reset flag)."""
    users = await _found(db, ids)
    hashed = await hash_password(md5_hex(await params.get(db, "account.initPassword")))
    for user in users:
        _set_password(user, hashed, need_reset=True)
    await db.flush()
    await revocation.revoke_user_sessions(db, cache, [u.id for u in users])


async def reset_password_by_account(session: AsyncSession, *, tenant_id: str, account: str,
                                    plain: str | None = None) -> bool:
    """CLI `reset-password`: no request scope, so the tenant is bound here explicitly."""
    with tenancy.tenant_scope(session, tenant_id):
        user = (await session.execute(select(User).where(User.account == account))).scalar_one_or_none()
        if user is None:
            return False
        plain = plain or await params.get(session, "account.initPassword")
        _set_password(user, await hash_password(md5_hex(plain)), need_reset=True)
        await session.flush()
    return True


async def update_password(db: AsyncSession, identity: Identity, *, old: str | None, new: str | None,
                          new1: str | None) -> None:
    """Own password (md5 hex from the console). Clears the reset flag and restarts the password period."""
    if not old:
        raise BusinessError("请输入原密码")
    if not new:
        raise BusinessError("请输入密码")
    if not new1:
        raise BusinessError("请再次输入密码")
    if new != new1:
        raise BusinessError("两次输入密码不一致!")
    if not (MD5_HEX.match(old) and MD5_HEX.match(new)):
        raise BusinessError("密码格式不正确")
    user = await get_or_raise(db, identity.user_id)
    matches, _ = await verify_password(old.lower(), user.password)
    if not matches:
        raise BusinessError("原密码不正确")
    if old.lower() == new.lower():
        raise BusinessError("新密码不能与原密码相同")
    _set_password(user, await hash_password(new.lower()), need_reset=False)
    await db.flush()


async def check_password(db: AsyncSession, identity: Identity, md5: str) -> bool:
    if not md5 or not MD5_HEX.match(md5):
        return False
    user = await get_or_raise(db, identity.user_id)
    return (await verify_password(md5.lower(), user.password))[0]


async def update_info(db: AsyncSession, identity: Identity, body: ProfileUpdate) -> None:
    values = body.model_dump(exclude_unset=True, by_alias=False)
    if "phone" in values:
        check_phone(values["phone"])
    if values.get("email"):
        check_email(values["email"])
    user = await get_or_raise(db, identity.user_id)
    for key, value in values.items():
        setattr(user, key, value)
    await db.flush()


async def grant(db: AsyncSession, user_ids: list[int], role_ids: list[int]) -> None:
    await _check_refs(db, Role, role_ids, "角色不存在")
    for user in await _found(db, user_ids):
        user.role_id = ",".join(map(str, role_ids))
    await db.flush()


async def lock(db: AsyncSession, cache: Cache, identity: Identity, ids: list[int]) -> None:
    if identity.user_id in ids:
        raise BusinessError("不能锁定本账号!")
    users = await _found(db, ids)
    for user in users:
        user.status = STATUS_LOCKED
    await db.flush()
    await revocation.revoke_user_sessions(db, cache, [u.id for u in users])


async def unlock(db: AsyncSession, cache: Cache, ids: list[int]) -> None:
    """Status back to normal (which also approves a pending registration) and the fail counter cleared."""
    users = await _found(db, ids)
    for user in users:
        user.status = STATUS_NORMAL
    await db.flush()
    for tenant_id in {u.tenant_id for u in users}:
        await revocation.clear_fail_count(cache, tenant_id, [u.account for u in users if u.tenant_id == tenant_id])


async def register(db: AsyncSession, body: Registration) -> None:
    """Self-registration: a pending user (status 0) an administrator approves with unlock or submit."""
    if not body.tenant_id:
        raise BusinessError("请先输入租户编号")
    if not body.account or not body.account.strip():
        raise BusinessError("请先输入账号名称")
    if not body.password:
        raise BusinessError("请先输入密码")
    if body.password2 is not None and body.password2 != body.password:
        raise BusinessError("两次密码输入不一致")
    if not MD5_HEX.match(body.password):
        raise BusinessError("密码格式不正确")
    with tenancy.tenant_scope(db, body.tenant_id):
        tenant = await _tenant_or_raise(db, body.tenant_id)
        if tenant.expire_time and tenant.expire_time < datetime.now() and tenant.tenant_id != PLATFORM_TENANT:
            raise BusinessError("租户授权已过期,请联系管理员")
        account = body.account.strip()
        await _check_unique(db, account, None)
        await check_quota(db, body.tenant_id)
        user = User(account=account, name=body.name or account, real_name=body.name or account,
                    oauth_id=body.oauth_id or None, status=STATUS_PENDING, user_type=1)
        _set_password(user, await hash_password(body.password.lower()), need_reset=False)
        db.add(user)
        await db.flush()


def check_phone(phone: str | None) -> None:
    if not phone:
        raise BusinessError("请输入手机号")
    if len(phone) != 11:
        raise BusinessError("手机号长度为11位")
    if not PHONE.match(phone):
        raise BusinessError("手机号格式不正确")


def check_email(email: str) -> None:
    if "@" not in email or email.startswith("@") or email.endswith("@"):
        raise BusinessError("邮箱格式不正确")


# --- helpers ---------------------------------------------------------------------------------------------

async def _insert(db: AsyncSession, body: UserWrite) -> User:
    values = body.model_dump(exclude_unset=True, by_alias=False, exclude={"id", "tenant_id", "password"})
    account = (values.pop("account", None) or "").strip()
    if not account:
        raise BusinessError("请输入账号")
    await _validate(db, values)
    await _check_unique(db, account, None)
    scope = tenancy.current(db)
    assert scope is not None  # users are written inside a tenant scope
    await check_quota(db, scope.tenant_id)
    user = User(account=account, **values)
    user.name = user.name or user.real_name or account
    if body.password:
        if not MD5_HEX.match(body.password):
            raise BusinessError("密码格式不正确")
        _set_password(user, await hash_password(body.password.lower()), need_reset=False)
    else:
        initial = await params.get(db, "account.initPassword")
        _set_password(user, await hash_password(md5_hex(initial)), need_reset=True)
    db.add(user)
    return user


async def _update(db: AsyncSession, id_: int, body: UserWrite) -> User:
    user = await get_or_raise(db, id_)
    values = body.model_dump(exclude_unset=True, by_alias=False, exclude={"id", "tenant_id", "password"})
    if "account" in values:
        values["account"] = (values["account"] or "").strip()
        if not values["account"]:
            raise BusinessError("请输入账号")
        await _check_unique(db, values["account"], user.id)
    await _validate(db, values)
    for key, value in values.items():
        setattr(user, key, value)
    return user


async def _validate(db: AsyncSession, values: dict) -> None:
    if values.get("phone"):
        check_phone(values["phone"])
    if values.get("email"):
        check_email(values["email"])
    if values.get("status") not in (None, STATUS_PENDING, STATUS_NORMAL, STATUS_LOCKED):
        raise BusinessError("用户状态不正确")
    for key, model, message in (("role_id", Role, "角色不存在"), ("dept_id", Dept, "部门不存在"),
                                ("post_id", Post, "岗位不存在")):
        if key in values:
            ids = _ids(values[key])
            if values[key] and not ids:
                raise BusinessError(message)
            await _check_refs(db, model, ids, message)
            values[key] = ",".join(map(str, ids))


async def _check_refs(db: AsyncSession, model: type[IdMixin], ids: Iterable[int], message: str) -> None:
    """Referenced roles, depts and posts must exist in the tenant (tenancy narrows the query)."""
    wanted = set(ids)
    if wanted:
        found = set((await db.execute(select(model.id).where(model.id.in_(wanted)))).scalars())
        if found != wanted:
            raise BusinessError(message)


async def _check_unique(db: AsyncSession, account: str, own_id: int | None) -> None:
    stmt = select(User.id).where(User.account == account)
    if own_id is not None:
        stmt = stmt.where(User.id != own_id)
    if await db.scalar(stmt.limit(1)) is not None:
        raise BusinessError(f"当前用户 [{account}] 已存在!")


async def check_quota(db: AsyncSession, tenant_id: str, adding: int = 1) -> None:
    limit = await db.scalar(select(Tenant.account_number).where(Tenant.tenant_id == tenant_id))
    if limit is None or limit < 0:
        return
    count = (await db.execute(select(func.count(User.id)))).scalar_one()
    if count + adding > limit:
        raise BusinessError("当前租户已到最大账号额度!")


async def _tenant_or_raise(db: AsyncSession, tenant_id: str) -> Tenant:
    tenant = (await db.execute(select(Tenant).where(Tenant.tenant_id == tenant_id))).scalar_one_or_none()
    if tenant is None:
        raise BusinessError("租户信息不存在")
    return tenant


async def _found(db: AsyncSession, ids: list[int]) -> list[User]:
    users = list((await db.execute(select(User).where(User.id.in_(ids)))).scalars())
    if not users:
        raise NotFoundError()
    return users


def _set_password(user: User, hashed: str, *, need_reset: bool) -> None:
    user.password = hashed
    user.password_time = datetime.now().replace(microsecond=0)
    user.need_reset = int(need_reset)


async def _dept_and_descendants(db: AsyncSession, dept_id: int) -> list[int]:
    """Dept.ancestors is "0,<root>,...,<parent>": a descendant lists the dept among its ancestors."""
    rows = await db.execute(select(Dept.id).where(or_(Dept.id == dept_id, _holds(Dept.ancestors, dept_id))))
    return list(rows.scalars())


def _holds(column, id_: int):
    """Whether a comma-joined id column contains `id_` as a whole element."""
    return (literal(",") + column + literal(",")).like(f"%,{id_},%")


async def _names(db: AsyncSession, cache: Cache) -> dict[str, str]:
    """"kind:id" → name for every role, department and post in scope, plus the sex dictionary: built once per
    tenant and generation (any write to those tables bumps it), so a page of users costs no lookup."""

    async def load() -> dict[str, str]:
        parts = [select(literal("sex"), Dict.dict_key, Dict.dict_value).where(Dict.code == "sex", Dict.parent_id != 0),
                 *(select(literal(kind), cast(id_column, String), name_column)
                   for kind, id_column, name_column in (("role", Role.id, Role.role_name),
                                                        ("dept", Dept.id, Dept.dept_name),
                                                        ("post", Post.id, Post.post_name)))]
        return {f"{kind}:{id_}": name for kind, id_, name in (await db.execute(union_all(*parts))).all()}

    return await generations.cached(cache, NAMES, tenancy.bound_tenant(db) or "*", load, session=db,
                                    ttl=NAMES_TTL)


def _ids(raw: str | None) -> list[int]:
    return [int(part) for part in (raw or "").split(",") if part.strip().isdigit()]


def _joined(names: dict[str, str], kind: str, raw: str | None) -> str:
    keys = (f"{kind}:{id_}" for id_ in _ids(raw))
    return ",".join(names[key] for key in keys if key in names)
