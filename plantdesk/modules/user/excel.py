"""User import/export: the sheet columns and the per-row import (a bad row writes nothing)."""

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import excel, tenancy
from plantdesk.core.errors import BusinessError
from plantdesk.core.security.passwords import hash_password, md5_hex
from plantdesk.modules.system.models import Dept, Dict, Post, Role, User
from plantdesk.modules.system.param import service as params
from plantdesk.modules.user import service
from plantdesk.modules.user.schemas import UserRead

COLUMNS: list[tuple[str, str]] = [
    ("account", "账号"),
    ("realName", "姓名"),
    ("name", "昵称"),
    ("email", "邮箱"),
    ("phone", "手机号"),
    ("sexName", "性别"),
    ("roleName", "角色"),
    ("deptName", "部门"),
    ("postName", "岗位"),
]
EXPORT_COLUMNS = [("tenantId", "租户编号"), *COLUMNS, ("createTime", "创建时间")]


def export_bytes(users: Sequence[UserRead]) -> bytes:
    return excel.workbook_bytes(EXPORT_COLUMNS, (u.model_dump(by_alias=True) for u in users), sheet="用户")


def template_bytes() -> bytes:
    return excel.workbook_bytes(COLUMNS, [], sheet="用户")


async def import_users(db: AsyncSession, content: bytes, *, covered: bool) -> excel.ExcelImportResult:
    """Rows are checked one by one; a row with any error is reported and skipped, the others are written.

    Every check of a row runs before the row touches the session, so a refused row leaves nothing behind.
    """
    rows = excel.read_rows(content, COLUMNS)
    lookup = await _Lookup.load(db)
    initial = await hash_password(md5_hex(await params.get(db, "account.initPassword")))
    seen: set[str] = set()
    errors: list[excel.ExcelRowError] = []
    for number, row in enumerate(rows, start=2):  # row 1 is the header
        try:
            await _import_row(db, row, lookup, seen, covered=covered, initial=initial)
        except BusinessError as exc:
            errors.append(excel.ExcelRowError(row=number, msg=exc.msg))
    return excel.ExcelImportResult.of(len(rows), errors)


async def _import_row(db: AsyncSession, row: dict, lookup: "_Lookup", seen: set[str], *, covered: bool,
                      initial: str) -> None:
    account = row.get("account", "")
    if not account:
        raise BusinessError("账号不能为空")
    if len(account) > 45:
        raise BusinessError("账号长度不能超过45个字符")
    if account in seen:
        raise BusinessError(f"账号 [{account}] 在文件中重复")
    seen.add(account)
    if row.get("phone"):
        service.check_phone(row["phone"])
    if row.get("email"):
        service.check_email(row["email"])
    values = {
        "real_name": row.get("realName") or None, "name": row.get("name") or row.get("realName") or account,
        "email": row.get("email") or None, "phone": row.get("phone") or None,
        "sex": lookup.sex(row.get("sexName", "")),
        "role_id": lookup.ids("角色", lookup.roles, row.get("roleName", "")),
        "dept_id": lookup.ids("部门", lookup.depts, row.get("deptName", "")),
        "post_id": lookup.ids("岗位", lookup.posts, row.get("postName", "")),
    }
    existing = (await db.execute(select(User).where(User.account == account))).scalar_one_or_none()
    if existing is not None:
        if not covered:
            raise BusinessError(f"当前用户 [{account}] 已存在!")
        for key, value in values.items():
            setattr(existing, key, value)
    else:
        scope = tenancy.current(db)
        assert scope is not None  # imports run inside a tenant scope
        await service.check_quota(db, scope.tenant_id)
        db.add(User(account=account, password=initial, need_reset=1, user_type=1, **values))
    await db.flush()


class _Lookup:
    """Names in the sheet → ids of the tenant's roles, depts and posts, loaded once per import."""

    def __init__(self, roles: dict, depts: dict, posts: dict, sexes: dict):
        self.roles, self.depts, self.posts, self.sexes = roles, depts, posts, sexes

    @classmethod
    async def load(cls, db: AsyncSession) -> "_Lookup":
        async def names(stmt):
            return {name: id_ for id_, name in (await db.execute(stmt)).all()}

        return cls(await names(select(Role.id, Role.role_name)), await names(select(Dept.id, Dept.dept_name)),
                   await names(select(Post.id, Post.post_name)),
                   await names(select(Dict.dict_key, Dict.dict_value).where(Dict.code == "sex", Dict.parent_id != 0)))

    def ids(self, label: str, names: dict, raw: str) -> str | None:
        wanted = [part.strip() for part in raw.replace("，", ",").split(",") if part.strip()]
        missing = [name for name in wanted if name not in names]
        if missing:
            raise BusinessError(f"{label} [{','.join(missing)}] 不存在")
        return ",".join(str(names[name]) for name in wanted) or None

    def sex(self, raw: str) -> int | None:
        if not raw:
            return None
        key = self.sexes.get(raw, raw)
        if not str(key).isdigit():
            raise BusinessError(f"性别 [{raw}] 不正确")
        return int(key)
