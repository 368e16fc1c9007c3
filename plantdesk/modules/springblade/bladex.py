"""BladeX data in and out: tenants, depts, posts, roles (with their menu grants), menus, users, dictionaries
(system and business) and parameters, in the BladeX tables' shapes (design/bladex-contract.md §9).

Import reads a BladeX MySQL/MariaDB or PostgreSQL database (read-only, core.remote_db) or an export of this module
(JSON: table name -> rows with the BladeX column names). Each row is matched by its natural key: a tenant by
tenant_id, a dept by tenant + name + parent, a post by tenant + code, a role by tenant + alias, a menu by code, a
user by tenant + account, a dictionary row by (tenant +) code + key, a parameter by key. A row that exists is kept
as it is (the source's id then stands for it: users and grants that name it point at the existing row); a new row
gets a new id, and the ids inside it (parent, the user's comma-joined role, dept and post ids, grants) are
translated. Logically deleted source rows are skipped; nothing here deletes. Passwords are copied as stored: a
BladeX `sha1(md5(plain))` keeps working and becomes argon2id on its first login (core.security.passwords).

Export writes the same tables of the chosen tenants (menus, system dictionaries and parameters are global) in
the same shapes, so an export is also an import source.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import remote_db, tenancy
from plantdesk.core.envelope import DATETIME_FORMAT
from plantdesk.core.errors import BusinessError
from plantdesk.core.ids import next_id
from plantdesk.modules.system.models import Dept, Dict, DictBiz, Menu, Param, Post, Role, RoleMenu, Tenant, User

TABLES = ("blade_tenant", "blade_dept", "blade_post", "blade_role", "blade_menu", "blade_role_menu", "blade_user",
          "blade_dict", "blade_dict_biz", "blade_param")
DRIVERS = {"mysql": "mysql+asyncmy", "mariadb": "mysql+asyncmy", "postgresql": "postgresql+asyncpg",
           "postgres": "postgresql+asyncpg"}
# Ids of the source's users and depts that a copied row would carry as its author: meaningless here.
NOT_COPIED = {"id", "parent_id", "ancestors", "role_id", "dept_id", "post_id", "menu_id", "create_user",
              "create_dept", "update_user", "leader_id", "package_id", "datasource_id", "is_deleted"}

Tables = dict[str, list[dict[str, Any]]]


@dataclass
class Counts:
    added: int = 0
    kept: int = 0  # already here: left as it is
    skipped: int = 0  # not importable (its tenant or parent is missing)


@dataclass
class Report:
    tables: dict[str, Counts] = field(default_factory=dict)

    def count(self, table: str) -> Counts:
        return self.tables.setdefault(table, Counts())

    def lines(self) -> list[str]:
        return [f"{table}: {c.added} added, {c.kept} kept, {c.skipped} skipped" for table, c in self.tables.items()]


async def read_database(url: str) -> Tables:
    """The BladeX tables of the database at `url` (mysql://, mariadb:// or postgresql://), live rows only."""
    parsed = make_url(url)
    driver = DRIVERS.get(parsed.drivername.split("+")[0])
    if driver is None:
        raise BusinessError(f"不支持的数据库类型: {parsed.drivername}")
    kind = "mysql" if driver.startswith("mysql") else "postgresql"
    tables: Tables = {}
    async with remote_db.opened(parsed.set(drivername=driver), kind) as connection:
        present = set(await connection.run_sync(lambda sync: inspect(sync).get_table_names()))
        for table in TABLES:
            if table in present:
                rows = (await connection.execute(text(f"SELECT * FROM {table}"))).mappings().all()  # noqa: S608
                tables[table] = [dict(row) for row in rows]
    if "blade_user" not in tables:
        raise BusinessError("数据源中没有 BladeX 的 blade_user 表")
    return tables


async def load(db: AsyncSession, tables: Mapping[str, list[dict[str, Any]]]) -> Report:
    """Import `tables` (read_database's or export's shape) by the rules of the module docstring; flushes, the
    caller commits."""
    live = {name: [row for row in rows if not row.get("is_deleted")] for name, rows in tables.items()}
    run = _Import(db, Report())
    with tenancy.platform_scope(db):
        await run.tenants(live.get("blade_tenant", []))
        await run.tree("blade_dept", Dept, live.get("blade_dept", []),
                       key=lambda row, parent: (row["tenant_id"], row["dept_name"], parent))
        await run.flat("blade_post", Post, live.get("blade_post", []), key=lambda row: (row["tenant_id"],
                                                                                       row["post_code"]))
        await run.tree("blade_role", Role, live.get("blade_role", []),
                       key=lambda row, _parent: (row["tenant_id"], row["role_alias"]))
        await run.tree("blade_menu", Menu, live.get("blade_menu", []), key=lambda row, _parent: (row["code"],))
        await run.grants(live.get("blade_role_menu", []))
        await run.users(live.get("blade_user", []))
        await run.tree("blade_dict", Dict, live.get("blade_dict", []),
                       key=lambda row, _parent: (row["code"], str(row["dict_key"])))
        await run.tree("blade_dict_biz", DictBiz, live.get("blade_dict_biz", []),
                       key=lambda row, _parent: (row["tenant_id"], row["code"], str(row["dict_key"])))
        await run.flat("blade_param", Param, live.get("blade_param", []), key=lambda row: (row["param_key"],))
        await db.flush()
    return run.report


@dataclass
class _Import:
    db: AsyncSession
    report: Report
    ids: dict[str, dict[int, int]] = field(default_factory=dict)  # table -> source id -> id here
    tenants_here: set[str] = field(default_factory=set)

    async def tenants(self, rows: list[dict]) -> None:
        self.tenants_here = set((await self.db.execute(select(Tenant.tenant_id))).scalars())
        counts = self.report.count("blade_tenant")
        for row in rows:
            if row["tenant_id"] in self.tenants_here:
                counts.kept += 1
                continue
            self.db.add(Tenant(id=next_id(), **_columns(Tenant, row)))
            self.tenants_here.add(row["tenant_id"])
            counts.added += 1

    async def flat(self, table: str, model: Any, rows: list[dict], *, key) -> None:
        await self.tree(table, model, rows, key=lambda row, _parent: key(row))

    async def tree(self, table: str, model: Any, rows: list[dict], *, key) -> None:
        """Rows by natural key, parents before children (a row whose parent is not imported hangs at the root)."""
        tenant_scoped = hasattr(model, "tenant_id")
        hierarchical = hasattr(model, "parent_id")
        existing = {}
        for row in (await self.db.execute(select(model))).scalars():
            parent = row.parent_id if hierarchical else 0
            existing[key(_as_row(row), parent)] = row
        ids = self.ids.setdefault(table, {})
        counts = self.report.count(table)
        source_ids = {int(row["id"]) for row in rows}
        for row in _parents_first(rows) if hierarchical else rows:
            if tenant_scoped and row.get("tenant_id") not in self.tenants_here:
                counts.skipped += 1
                continue
            source_parent = int(row.get("parent_id") or 0)
            parent = ids.get(source_parent, 0) if source_parent in source_ids else 0
            found = existing.get(key(_normalised(row), parent))
            if found is not None:
                ids[int(row["id"])] = found.id
                counts.kept += 1
                continue
            values = _columns(model, row)
            if hierarchical:
                values["parent_id"] = parent
            if model is Dept:
                above = next((r for r in existing.values() if r.id == parent), None)
                values["ancestors"] = f"{above.ancestors},{parent}" if above is not None else "0"
            created = model(id=next_id(), **values)
            self.db.add(created)
            existing[key(_as_row(created), parent)] = created
            ids[int(row["id"])] = created.id
            counts.added += 1
        await self.db.flush()

    async def grants(self, rows: list[dict]) -> None:
        roles, menus = self.ids.get("blade_role", {}), self.ids.get("blade_menu", {})
        held = {(role, menu) for role, menu in await self.db.execute(select(RoleMenu.role_id, RoleMenu.menu_id))}
        counts = self.report.count("blade_role_menu")
        for row in rows:
            pair = (roles.get(int(row["role_id"])), menus.get(int(row["menu_id"])))
            if None in pair:
                counts.skipped += 1
            elif pair in held:
                counts.kept += 1
            else:
                self.db.add(RoleMenu(id=next_id(), role_id=pair[0], menu_id=pair[1]))
                held.add(pair)  # type: ignore[arg-type]
                counts.added += 1

    async def users(self, rows: list[dict]) -> None:
        accounts = await self.db.execute(select(User.tenant_id, User.account))
        existing = {(tenant, account) for tenant, account in accounts}
        counts = self.report.count("blade_user")
        for row in rows:
            if row["tenant_id"] not in self.tenants_here:
                counts.skipped += 1
                continue
            if (row["tenant_id"], row["account"]) in existing:
                counts.kept += 1
                continue
            values = _columns(User, row)
            for column, table in (("role_id", "blade_role"), ("dept_id", "blade_dept"), ("post_id", "blade_post")):
                translated = self.ids.get(table, {})
                values[column] = ",".join(str(translated[int(part)]) for part in str(row.get(column) or "").split(",")
                                          if part.strip().isdigit() and int(part) in translated)
            self.db.add(User(id=next_id(), **values))
            existing.add((row["tenant_id"], row["account"]))
            counts.added += 1
        await self.db.flush()


def _parents_first(rows: list[dict]) -> Iterable[dict]:
    by_id = {int(row["id"]): row for row in rows}
    done: set[int] = set()

    def visit(row: dict, path: set[int]) -> Iterable[dict]:
        row_id = int(row["id"])
        if row_id in done or row_id in path:
            return
        parent = by_id.get(int(row.get("parent_id") or 0))
        if parent is not None:
            yield from visit(parent, path | {row_id})
        done.add(row_id)
        yield row

    for row in rows:
        yield from visit(row, set())


def _columns(model: Any, row: Mapping[str, Any]) -> dict[str, Any]:
    """The row's values for the model's columns (dates parsed, dictionary keys as text), ids left out."""
    values = {}
    for column in model.__table__.columns:
        if column.name in NOT_COPIED or column.name not in row or row[column.name] is None:
            continue
        value = row[column.name]
        if isinstance(column.type, DateTime) and isinstance(value, str):
            value = datetime.strptime(value, DATETIME_FORMAT)
        elif column.name == "dict_key":
            value = str(value)
        values[column.name] = value
    return values


def _normalised(row: Mapping[str, Any]) -> dict[str, Any]:
    """A source row as a row here compares: dictionary keys as text (SpringBlade's are numbers)."""
    return {**row, "dict_key": str(row["dict_key"])} if "dict_key" in row else dict(row)


def _as_row(obj: Any) -> dict[str, Any]:
    return {column.name: getattr(obj, column.key) for column in obj.__table__.columns}


EXPORTED = (("blade_tenant", Tenant), ("blade_dept", Dept), ("blade_post", Post), ("blade_role", Role),
            ("blade_menu", Menu), ("blade_role_menu", RoleMenu), ("blade_user", User), ("blade_dict", Dict),
            ("blade_dict_biz", DictBiz), ("blade_param", Param))


async def export(db: AsyncSession, tenant_ids: Iterable[str]) -> Tables:
    """The tables of `tenant_ids` (and the global menus, system dictionaries and parameters), live rows, with
    the BladeX column names; dates as BladeX writes them."""
    tenants = set(tenant_ids)
    tables: Tables = {}
    with tenancy.platform_scope(db):
        roles: set[int] = set()
        for table, model in EXPORTED:
            stmt = select(model)
            if hasattr(model, "tenant_id"):
                stmt = stmt.where(model.tenant_id.in_(tenants))
            if model is RoleMenu:
                stmt = stmt.where(RoleMenu.role_id.in_(roles))
            rows = [_as_row(row) for row in (await db.execute(stmt)).scalars()]
            if model is Role:
                roles = {row["id"] for row in rows}
            tables[table] = [{name: value.strftime(DATETIME_FORMAT) if isinstance(value, datetime) else value
                              for name, value in row.items()} for row in rows]
    return tables
