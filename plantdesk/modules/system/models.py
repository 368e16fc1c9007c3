"""System administration tables (contract §9): tenants and packages, roles and grants, menus and top
menus, departments, posts, users (blade_user) and their third-party bindings (blade_user_oauth), regions,
data/API scopes, parameters and dictionaries. Users live here because every other table of the identity
refers to them: departments, roles and tenant provisioning read them, the user area manages them."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.core.search import SearchIndex
from plantdesk.db.base import AuditMixin, Base, IdMixin, SoftDeleteMixin, TenantMixin


class Tenant(IdMixin, AuditMixin, Base):
    """Not tenant-scoped itself: only platform operations read it across tenants."""

    __tablename__ = "blade_tenant"

    tenant_id: Mapped[str] = mapped_column(String(12), unique=True)
    tenant_name: Mapped[str] = mapped_column(String(50))
    domain: Mapped[str | None] = mapped_column(String(255), index=True)
    background_url: Mapped[str | None] = mapped_column(String(1000))
    linkman: Mapped[str | None] = mapped_column(String(20))
    contact_number: Mapped[str | None] = mapped_column(String(20))
    address: Mapped[str | None] = mapped_column(String(255))
    account_number: Mapped[int] = mapped_column(Integer, default=-1)  # -1 = unlimited
    expire_time: Mapped[datetime | None] = mapped_column(DateTime)
    package_id: Mapped[int | None] = mapped_column(BigInteger)
    datasource_id: Mapped[int | None] = mapped_column(BigInteger)
    license_key: Mapped[str | None] = mapped_column(String(1000))


class TenantPackage(IdMixin, AuditMixin, Base):
    __tablename__ = "blade_tenant_package"

    package_name: Mapped[str] = mapped_column(String(50))
    menu_id: Mapped[str] = mapped_column(Text, default="")  # comma-joined menu ids
    remark: Mapped[str | None] = mapped_column(String(255))


class Role(IdMixin, TenantMixin, SoftDeleteMixin, Base):
    __tablename__ = "blade_role"

    parent_id: Mapped[int] = mapped_column(BigInteger, default=0)
    role_name: Mapped[str] = mapped_column(String(255))
    sort: Mapped[int] = mapped_column(Integer, default=1)
    role_alias: Mapped[str] = mapped_column(String(255))
    status: Mapped[int] = mapped_column(Integer, default=1)


class RoleMenu(IdMixin, Base):
    __tablename__ = "blade_role_menu"

    menu_id: Mapped[int] = mapped_column(BigInteger, index=True)
    role_id: Mapped[int] = mapped_column(BigInteger, index=True)


class RoleScope(IdMixin, Base):
    __tablename__ = "blade_role_scope"

    scope_category: Mapped[int] = mapped_column(Integer)  # 1 data scope, 2 API scope
    scope_id: Mapped[int] = mapped_column(BigInteger, index=True)
    role_id: Mapped[int] = mapped_column(BigInteger, index=True)


class RoleFunction(IdMixin, TenantMixin, Base):
    """Function permissions per role (/api/system/function): named capabilities beyond menu buttons."""

    __tablename__ = "plantdesk_role_function"

    role_id: Mapped[int] = mapped_column(BigInteger, index=True)
    function_code: Mapped[str] = mapped_column(String(128))
    function_name: Mapped[str | None] = mapped_column(String(128))
    enabled: Mapped[int] = mapped_column(Integer, default=1)


class Menu(IdMixin, SoftDeleteMixin, Base):
    """Global, not tenant-scoped: tenants are narrowed by their package instead."""

    __tablename__ = "blade_menu"

    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, index=True)
    code: Mapped[str] = mapped_column(String(255), index=True)
    name: Mapped[str] = mapped_column(String(255))
    name_en: Mapped[str | None] = mapped_column(String(255))
    alias: Mapped[str | None] = mapped_column(String(255))
    path: Mapped[str | None] = mapped_column(String(255))
    source: Mapped[str | None] = mapped_column(String(255))
    component: Mapped[str | None] = mapped_column(String(255))
    sort: Mapped[int] = mapped_column(Integer, default=1)
    category: Mapped[int] = mapped_column(Integer, default=1)  # 1 menu, 2 button
    action: Mapped[int] = mapped_column(Integer, default=0)  # 0 none, 1 toolbar, 2 row, 3 both
    is_open: Mapped[int] = mapped_column(Integer, default=1)  # 2 = open in a new window
    is_show: Mapped[int] = mapped_column(Integer, default=1)
    menu_type: Mapped[str] = mapped_column(String(16), default="sys")  # sys, pc, app, tpy grant trees
    remark: Mapped[str | None] = mapped_column(String(255))


class TopMenu(IdMixin, TenantMixin, AuditMixin, Base):
    __tablename__ = "blade_top_menu"

    code: Mapped[str] = mapped_column(String(255))
    name: Mapped[str] = mapped_column(String(255))
    source: Mapped[str | None] = mapped_column(String(255))
    path: Mapped[str | None] = mapped_column(String(255))
    sort: Mapped[int] = mapped_column(Integer, default=1)


class TopMenuSetting(IdMixin, Base):
    __tablename__ = "blade_top_menu_setting"

    top_menu_id: Mapped[int] = mapped_column(BigInteger, index=True)
    menu_id: Mapped[int] = mapped_column(BigInteger)


class Dept(IdMixin, TenantMixin, SoftDeleteMixin, Base):
    __tablename__ = "blade_dept"

    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, index=True)
    ancestors: Mapped[str] = mapped_column(String(2000), default="0")  # "0,<id>,..."
    dept_category: Mapped[int] = mapped_column(Integer, default=1)
    dept_name: Mapped[str] = mapped_column(String(45))
    full_name: Mapped[str | None] = mapped_column(String(45))
    leader_id: Mapped[int | None] = mapped_column(BigInteger)
    sort: Mapped[int] = mapped_column(Integer, default=1)
    remark: Mapped[str | None] = mapped_column(String(255))
    status: Mapped[int] = mapped_column(Integer, default=1)


class Post(IdMixin, TenantMixin, AuditMixin, Base):
    __tablename__ = "blade_post"

    category: Mapped[int] = mapped_column(Integer, default=1)
    post_code: Mapped[str] = mapped_column(String(12))
    post_name: Mapped[str] = mapped_column(String(64))
    sort: Mapped[int] = mapped_column(Integer, default=1)
    remark: Mapped[str | None] = mapped_column(String(255))


class Region(Base):
    __tablename__ = "blade_region"

    code: Mapped[str] = mapped_column(String(12), primary_key=True)
    parent_code: Mapped[str] = mapped_column(String(12), index=True)
    ancestors: Mapped[str] = mapped_column(String(255), default="")
    name: Mapped[str] = mapped_column(String(32))
    province_code: Mapped[str | None] = mapped_column(String(12))
    province_name: Mapped[str | None] = mapped_column(String(32))
    city_code: Mapped[str | None] = mapped_column(String(12))
    city_name: Mapped[str | None] = mapped_column(String(32))
    district_code: Mapped[str | None] = mapped_column(String(12))
    district_name: Mapped[str | None] = mapped_column(String(32))
    region_level: Mapped[int] = mapped_column(Integer, default=1)
    sort: Mapped[int] = mapped_column(Integer, default=1)
    remark: Mapped[str | None] = mapped_column(String(255))


class ScopeData(IdMixin, AuditMixin, Base):
    """A data-scope rule on a menu's list: type 1 all, 2 own, 3 own dept, 4 dept and children, 5 custom."""

    __tablename__ = "blade_scope_data"

    menu_id: Mapped[int] = mapped_column(BigInteger, index=True)
    resource_code: Mapped[str] = mapped_column(String(255))
    scope_name: Mapped[str] = mapped_column(String(255))
    scope_field: Mapped[str | None] = mapped_column(String(255))
    scope_class: Mapped[str | None] = mapped_column(String(500))
    scope_column: Mapped[str | None] = mapped_column(String(255))
    scope_type: Mapped[int] = mapped_column(Integer, default=1)
    # Custom rules: comma-joined literals and typed variables ${userId} ${deptId} ${roleId} ${tenantId}
    # ${account}; compiled to `column IN (bound values)`, never to SQL text.
    scope_value: Mapped[str | None] = mapped_column(String(2000))
    remark: Mapped[str | None] = mapped_column(String(255))


class ScopeApi(IdMixin, AuditMixin, Base):
    __tablename__ = "blade_scope_api"

    menu_id: Mapped[int] = mapped_column(BigInteger, index=True)
    resource_code: Mapped[str] = mapped_column(String(255))
    scope_name: Mapped[str] = mapped_column(String(255))
    scope_path: Mapped[str] = mapped_column(String(255))
    scope_type: Mapped[int] = mapped_column(Integer, default=1)  # 1 system API, 2 business API
    remark: Mapped[str | None] = mapped_column(String(255))


class Param(IdMixin, AuditMixin, Base):
    """Platform-wide parameters (spec §3 lists the allowed keys)."""

    __tablename__ = "blade_param"

    param_name: Mapped[str] = mapped_column(String(255))
    param_key: Mapped[str] = mapped_column(String(255), index=True)
    param_value: Mapped[str] = mapped_column(String(255))
    remark: Mapped[str | None] = mapped_column(String(255))


class SeedRecord(IdMixin, Base):
    """What the last sync of the seeded definitions wrote for one of them (plantdesk.seed.sync): a field of the
    seeded row is the operator's once it no longer holds the value recorded here."""

    __tablename__ = "blade_seed_sync"
    __table_args__ = (UniqueConstraint("kind", "tenant_id", "code", "item"),)

    # client, menu, data_scope, dict, dict_biz, param; the demo's role_scope and staff_area
    kind: Mapped[str] = mapped_column(String(16))
    tenant_id: Mapped[str] = mapped_column(String(12), default="")  # business dictionaries only
    code: Mapped[str] = mapped_column(String(255))  # menu code, dictionary code, parameter key
    item: Mapped[str] = mapped_column(String(255), default="")  # dictionary key (-1 for the group row)
    seeded: Mapped[str] = mapped_column(Text)  # JSON object: field -> value last seeded


class Dict(IdMixin, SoftDeleteMixin, Base):
    __tablename__ = "blade_dict"

    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, index=True)
    code: Mapped[str] = mapped_column(String(255), index=True)
    dict_key: Mapped[str] = mapped_column(String(255), default="-1")  # the parent row's key is -1
    dict_value: Mapped[str] = mapped_column(String(255))
    dict_value_en: Mapped[str | None] = mapped_column(String(255))  # the label in English mode, when not the same
    sort: Mapped[int] = mapped_column(Integer, default=1)
    remark: Mapped[str | None] = mapped_column(String(255))
    is_sealed: Mapped[int] = mapped_column(Integer, default=0)


class DictBiz(IdMixin, TenantMixin, SoftDeleteMixin, Base):
    __tablename__ = "blade_dict_biz"

    parent_id: Mapped[int] = mapped_column(BigInteger, default=0, index=True)
    code: Mapped[str] = mapped_column(String(255), index=True)
    dict_key: Mapped[str] = mapped_column(String(255), default="-1")
    dict_value: Mapped[str] = mapped_column(String(255))
    dict_value_en: Mapped[str | None] = mapped_column(String(255))  # the label in English mode, when not the same
    sort: Mapped[int] = mapped_column(Integer, default=1)
    remark: Mapped[str | None] = mapped_column(String(255))
    is_sealed: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[int] = mapped_column(Integer, default=1)



class User(IdMixin, TenantMixin, AuditMixin, Base):
    __tablename__ = "blade_user"
    # The user page lists a tenant's live users newest first: walked along this index a page costs no sort, and
    # their count reads the index alone.
    __table_args__ = (Index("ix_blade_user_tenant_live_created", "tenant_id", "is_deleted", "create_time", "id"),)

    code: Mapped[str | None] = mapped_column(String(12))
    user_type: Mapped[int] = mapped_column(Integer, default=1)
    account: Mapped[str] = mapped_column(String(45), index=True)
    # argon2id over the client's md5 hex (~97 chars), or a legacy BladeX sha1(md5) awaiting upgrade.
    password: Mapped[str] = mapped_column(String(128))
    name: Mapped[str | None] = mapped_column(String(20))
    real_name: Mapped[str | None] = mapped_column(String(40))
    avatar: Mapped[str | None] = mapped_column(String(500))
    email: Mapped[str | None] = mapped_column(String(45))
    phone: Mapped[str | None] = mapped_column(String(45))
    birthday: Mapped[datetime | None] = mapped_column(DateTime)
    sex: Mapped[int | None] = mapped_column(Integer)
    role_id: Mapped[str | None] = mapped_column(String(1000))  # comma-joined ids (BladeX)
    dept_id: Mapped[str | None] = mapped_column(String(1000))
    post_id: Mapped[str | None] = mapped_column(String(1000))
    leader_id: Mapped[int | None] = mapped_column(BigInteger)
    is_leader: Mapped[int] = mapped_column(Integer, default=0)
    # Password policy state (spec §4): set when an admin resets to the initial password.
    need_reset: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    password_time: Mapped[datetime | None] = mapped_column(DateTime)
    # Registered through a third-party sign-in and awaiting an administrator's approval (status 0).
    oauth_id: Mapped[str | None] = mapped_column(String(64))
    user_ext: Mapped[str | None] = mapped_column(String(2000))  # update-platform's userExt (JSON text)


# The user page's "contains" filters, answered from the gram index (core.search) rather than a scan.
SEARCH = SearchIndex("user", {"account": User.account, "realName": User.real_name})


class UserOauth(IdMixin, TenantMixin, Base):
    __tablename__ = "blade_user_oauth"

    uuid: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    username: Mapped[str | None] = mapped_column(String(32))
    nickname: Mapped[str | None] = mapped_column(String(64))
    avatar: Mapped[str | None] = mapped_column(String(1000))
    email: Mapped[str | None] = mapped_column(String(255))
    source: Mapped[str] = mapped_column(String(32))
    is_deleted: Mapped[int] = mapped_column(Integer, default=0)
