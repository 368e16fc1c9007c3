"""The seeded definitions (OAuth clients, menus and their buttons, data-scope rules, system dictionaries,
parameters, the seeded business dictionaries) carried into a database that already has some of them: what a release
adds reaches a site installed before it, and what the site's operator edited stays (docs/decisions.md, "Seeded
definitions follow upgrades").

Each definition is found by its code (client id; menu or button code; a data scope's menu code and name; dictionary
code and key; parameter key), logically deleted rows included, and `blade_seed_sync` holds the values the last sync
wrote for it:
- missing, never synced: added (a menu under its parent's row, a data scope on its menu's; nothing when the
  operator removed that menu);
- missing or logically deleted, synced before: the operator removed it, it stays removed;
- present: a field takes the seed's value only while it still holds the recorded one; a field that differs
  from the record is the operator's and is kept. A row with no record yet (seeded by a release before the
  record existed) has no known seeded values: its fields that differ from the seed are kept.
The record then holds the seed's values, so an operator's edit stays the operator's through later releases.
No definition is ever deleted. New menus are granted to the platform administrator role and added to every
tenant package that held every menu before. Menus an area marks platform-only (core.menus' "platform") are the
exception both ways: no tenant package is given them, and every sync takes them out of tenant packages and
tenant roles, where a release before the mark (or an operator) put them, since their screens answer 403 there.
"""

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import areas, dialects, tenancy
from plantdesk.core.context import ADMINISTRATOR
from plantdesk.core.ids import next_id
from plantdesk.core.menus import platform_codes
from plantdesk.core.security.models import Client
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.modules.system.menu.service import parse_id_list
from plantdesk.modules.system.models import (
    Dict,
    DictBiz,
    Menu,
    Param,
    Role,
    RoleMenu,
    ScopeData,
    SeedRecord,
    TenantPackage,
)

log = logging.getLogger(__name__)

GROUP_KEY = "-1"  # a dictionary's parent row (BladeX)

# (client_id, secret, dialect): the console's own client, BladeX Saber's (the 2.x dialect) and the Saber 4.x
# console's, which speaks SpringBlade 4.x (core.dialects; docs/decisions.md "One backend, two BladeX dialects").
CLIENTS = (
    ("plantdesk", "plantdesk_secret", dialects.BLADEX),
    ("saber", "saber_secret", dialects.BLADEX),
    ("saber4", "saber4_secret", "springblade"),
)


@dataclass(frozen=True)
class Entry:
    """One seeded row: its code (and dictionary key), the entry it hangs under, and its seeded fields."""

    code: str
    item: str
    parent: tuple[str, str] | None
    values: dict[str, Any]


@dataclass
class Counts:
    added: int = 0
    updated: int = 0  # rows where at least one field followed the seed
    kept: int = 0  # rows where at least one field (or the removal) is the operator's and differs from the seed

    def __str__(self) -> str:
        return f"{self.added} added, {self.updated} updated, {self.kept} kept as the operator left them"


@dataclass
class Report:
    kinds: dict[str, Counts] = field(default_factory=dict)
    withheld: int = 0  # tenant packages and roles that held platform-only menus

    @property
    def changed(self) -> bool:
        return self.withheld > 0 or any(c.added or c.updated for c in self.kinds.values())

    def lines(self) -> list[str]:
        withheld = [f"seed sync platform-only menus: taken from {self.withheld} tenant packages and roles"]
        return [*(f"seed sync {kind}: {counts}" for kind, counts in self.kinds.items()),
                *(withheld if self.withheld else [])]


async def sync(db: AsyncSession, *, clients: tuple[tuple[str, str, str], ...] = CLIENTS,
               menus: list[dict] | None = None, dicts: list[dict] | None = None,
               params: list[tuple[str, str, str, str]] | None = None,
               biz_dicts: list[dict] | None = None, data_scopes: list[dict] | None = None) -> Report:
    """Sync the given definitions (by default what the areas declare, assembled by core.areas, in its shapes) by
    code; runs in the platform scope and flushes, the caller commits."""
    report = Report()
    with tenancy.platform_scope(db):
        report.kinds["clients"] = await _sync(db, "client", Client, _client_entries(clients))
        menus = areas.menus() if menus is None else menus
        report.kinds["menus"] = await _sync_menus(db, menus)
        report.withheld = await _withhold(db, await _menu_ids(db, platform_codes(menus)))
        report.kinds["data scopes"] = await sync_data_scopes(db, data_scopes)
        report.kinds["dicts"] = await _sync(
            db, "dict", Dict, _dict_entries(areas.dicts() if dicts is None else dicts, remarks=True))
        report.kinds["params"] = await _sync(
            db, "param", Param, _param_entries(areas.params() if params is None else params))
        report.kinds["business dicts"] = await _sync_biz_dicts(
            db, areas.biz_dicts() if biz_dicts is None else biz_dicts)
    return report


def _client_entries(clients: tuple[tuple[str, str, str], ...]) -> Iterator[Entry]:
    for client_id, secret, dialect in clients:
        yield Entry(client_id, "", None, {
            "client_secret": secret, "scope": "all", "authorized_grant_types": "refresh_token,password,captcha,social",
            "access_token_validity": 3600, "refresh_token_validity": 604800,
            "additional_information": None if dialect == dialects.BLADEX else dialects.client_info(dialect)})


def _menu_entries(nodes: list[dict], parent: str = "") -> Iterator[Entry]:
    for node in nodes:
        code = node["code"]
        yield Entry(code, "", (parent, "") if parent else None, {
            "parent": parent, "name": node["name"], "name_en": node["name_en"], "path": node["path"],
            "source": node["source"], "sort": node["sort"], "category": 1, "action": 0, "is_open": node["is_open"],
            "alias": "menu"})
        for sort, button in enumerate(node["buttons"], start=1):
            yield Entry(f"{code}_{button['alias']}", "", (code, ""), {
                "parent": code, "name": button["name"], "name_en": button["name_en"],
                "path": f"{node['path']}/{button['alias']}" if node["path"] else "", "source": "", "sort": sort,
                "category": 2, "action": button["action"], "is_open": 1, "alias": button["alias"]})
        yield from _menu_entries(node["children"], code)


def _scope_entries(scopes: list[dict]) -> Iterator[Entry]:
    for scope in scopes:
        yield Entry(scope["menu"], scope["name"], (scope["menu"], ""), {"scope_type": scope["type"],
                                                                        "scope_column": scope["column"] or None,
                                                                        "scope_value": scope["value"] or None})


def _dict_entries(groups: list[dict], *, remarks: bool) -> Iterator[Entry]:
    for sort, group in enumerate(groups, start=1):
        code = group["code"]
        yield Entry(code, GROUP_KEY, None, {"dict_value": group["name"], "dict_value_en": group["name_en"],
                                            "sort": sort})
        for item_sort, (key, value, *english) in enumerate(group["items"], start=1):
            values = {"dict_value": value, "dict_value_en": english[0] if english else None, "sort": item_sort}
            if remarks:
                values["remark"] = group.get("remarks", {}).get(key)
            yield Entry(code, key, (code, GROUP_KEY), values)


def _param_entries(params: list[tuple[str, str, str, str]]) -> Iterator[Entry]:
    for key, name, value, remark in params:
        yield Entry(key, "", None, {"param_name": name, "param_value": value, "remark": remark})


async def _sync_menus(db: AsyncSession, menus: list[dict]) -> Counts:
    before = {id_ for id_, in (await db.execute(select(Menu.id))).all()}
    counts, added = await _sync_rows(db, "menu", Menu, _menu_entries(menus))
    if added:
        await _grant(db, [row.id for row in added], before, await _menu_ids(db, platform_codes(menus)))
    return counts


async def _grant(db: AsyncSession, new_ids: list[int], before: set[int], platform: set[int]) -> None:
    """The platform administrator role gets the new menus, and so does each package that held every menu a tenant
    may hold (the platform-only ones excepted)."""
    roles = (await db.execute(select(Role.id).where(Role.tenant_id == PLATFORM_TENANT,
                                                    Role.role_alias == ADMINISTRATOR))).scalars()
    for role_id in roles:
        db.add_all(RoleMenu(role_id=role_id, menu_id=menu_id) for menu_id in new_ids)
    for package in (await db.execute(select(TenantPackage))).scalars():
        held = parse_id_list(package.menu_id)
        if before - platform <= set(held):
            package.menu_id = ",".join(map(str, [*held, *(id_ for id_ in new_ids if id_ not in platform)]))
    await db.flush()


async def sync_data_scopes(db: AsyncSession, scopes: list[dict] | None = None) -> Counts:
    """The data-scope rules (by default every area's, core.areas.data_scopes), each on its menu's row: the demo
    grants them to its roles (demo.data.staff) after this, which `migrate` would only run later."""
    with tenancy.platform_scope(db):
        menus: dict[tuple[str, str], Menu] = {}
        for row in (await db.execute(select(Menu).order_by(Menu.is_deleted, Menu.id)
                                     .execution_options(**{tenancy.INCLUDE_DELETED: True}))).scalars():
            menus.setdefault((row.code, ""), row)
        counts, _ = await _sync_rows(db, "data_scope", ScopeData,
                                     _scope_entries(areas.data_scopes() if scopes is None else scopes), parents=menus)
        return counts


async def _menu_ids(db: AsyncSession, codes: set[str]) -> set[int]:
    """The rows of these menu codes, logically deleted ones included."""
    return set((await db.execute(select(Menu.id).where(Menu.code.in_(sorted(codes)))
                                 .execution_options(**{tenancy.INCLUDE_DELETED: True}))).scalars())


async def _withhold(db: AsyncSession, platform: set[int]) -> int:
    """Takes the platform-only menus out of every tenant package and every role of a tenant other than the
    platform's; answers how many packages and roles held some."""
    if not platform:
        return 0
    changed = 0
    for package in (await db.execute(select(TenantPackage))).scalars():
        held = parse_id_list(package.menu_id)
        if platform & set(held):
            package.menu_id = ",".join(str(id_) for id_ in held if id_ not in platform)
            changed += 1
    granted = (RoleMenu.menu_id.in_(platform),
               RoleMenu.role_id.in_(select(Role.id).where(Role.tenant_id != PLATFORM_TENANT)))
    every = {tenancy.INCLUDE_DELETED: True}  # a removed role's grants too
    changed += len(set((await db.execute(select(RoleMenu.role_id).where(*granted).execution_options(**every)))
                       .scalars()))
    await db.execute(delete(RoleMenu).where(*granted).execution_options(**every))
    await db.flush()
    return changed


async def _sync_biz_dicts(db: AsyncSession, groups: list[dict]) -> Counts:
    """Per tenant that was given the seeded business dictionaries (has one of their codes, or a record)."""
    codes = [group["code"] for group in groups]
    tenants = set((await db.execute(select(DictBiz.tenant_id).where(DictBiz.code.in_(codes))
                                    .execution_options(**{tenancy.INCLUDE_DELETED: True}))).scalars())
    tenants |= set((await db.execute(select(SeedRecord.tenant_id).where(SeedRecord.kind == "dict_biz")))
                   .scalars())
    total = Counts()
    for tenant_id in sorted(tenants):
        counts = await sync_business_dicts(db, tenant_id, groups)
        total.added += counts.added
        total.updated += counts.updated
        total.kept += counts.kept
    return total


async def sync_business_dicts(db: AsyncSession, tenant_id: str, groups: list[dict] | None = None) -> Counts:
    """One tenant's seeded business dictionaries (by default every area's, core.areas.biz_dicts); the seeder gives
    them to the tenants it creates with this."""
    with tenancy.platform_scope(db):
        return await _sync(db, "dict_biz", DictBiz, _dict_entries(areas.biz_dicts() if groups is None else groups,
                                                                  remarks=False), tenant_id=tenant_id)


async def _sync(db: AsyncSession, kind: str, model: type, entries: Iterator[Entry], *,
                tenant_id: str = "") -> Counts:
    counts, _ = await _sync_rows(db, kind, model, entries, tenant_id=tenant_id)
    return counts


async def _sync_rows(db: AsyncSession, kind: str, model: Any, entries: Iterator[Entry], *, tenant_id: str = "",
                     parents: dict[tuple[str, str], Any] | None = None) -> tuple[Counts, list[Any]]:
    """Apply the rule of the module docstring to one kind; answers the counts and the rows it added. An entry's
    parent is a row of the same kind, or of `parents` (a data scope's menu)."""
    query = select(model).order_by(model.is_deleted, model.id).execution_options(**{tenancy.INCLUDE_DELETED: True})
    if tenant_id:
        query = query.where(model.tenant_id == tenant_id)
    rows: dict[tuple[str, str], Any] = {}
    for row in (await db.execute(query)).scalars():
        rows.setdefault(_key(kind, row), row)  # a live row before a removed one with the same code
    codes = {row.id: key[0] for key, row in rows.items()} if kind == "menu" else {}
    records = {(r.code, r.item): r for r in (await db.execute(
        select(SeedRecord).where(SeedRecord.kind == kind, SeedRecord.tenant_id == tenant_id))).scalars()}
    counts, added = Counts(), []
    for entry in entries:
        key = (entry.code, entry.item)
        row, record = rows.get(key), records.get(key)
        if row is None:
            parent = (rows if parents is None else parents).get(entry.parent) if entry.parent else None
            if record is not None or (entry.parent and (parent is None or parent.is_deleted)):
                counts.kept += 1  # the operator removed it (or the area it belongs to)
                continue
            row = _new_row(model, entry, parent, tenant_id)
            db.add(row)
            rows[key], codes[row.id] = row, entry.code
            added.append(row)
            counts.added += 1
        elif row.is_deleted:
            counts.kept += 1
        else:
            last = json.loads(record.seeded) if record is not None else {}
            updated = kept = False
            for name, value in entry.values.items():
                current = codes.get(row.parent_id, "") if name == "parent" else getattr(row, name)
                if current == value:
                    continue
                if record is None or name not in last or current != last[name] or not _set(row, name, value, rows):
                    kept = True
                else:
                    updated = True
            counts.updated += updated
            counts.kept += kept
        seeded = json.dumps(entry.values, ensure_ascii=False, sort_keys=True)
        if record is None:
            records[key] = SeedRecord(kind=kind, tenant_id=tenant_id, code=entry.code, item=entry.item, seeded=seeded)
            db.add(records[key])
        elif record.seeded != seeded:
            record.seeded = seeded
    await db.flush()
    return counts, added


def _key(kind: str, row: Any) -> tuple[str, str]:
    if kind == "param":
        return row.param_key, ""
    if kind == "menu":
        return row.code, ""
    if kind == "client":
        return row.client_id, ""
    if kind == "data_scope":
        return row.resource_code, row.scope_name
    return row.code, row.dict_key


def _new_row(model: type, entry: Entry, parent: Any, tenant_id: str) -> Any:
    values = {name: value for name, value in entry.values.items() if name != "parent"}
    if model is Param:
        return Param(param_key=entry.code, **values)
    if model is Client:
        return Client(client_id=entry.code, **values)
    parent_id = parent.id if parent is not None else 0
    if model is Menu:
        return Menu(id=next_id(), code=entry.code, parent_id=parent_id, **values)
    if model is ScopeData:
        return ScopeData(id=next_id(), menu_id=parent_id, resource_code=entry.code, scope_name=entry.item, **values)
    extra = {"tenant_id": tenant_id} if tenant_id else {}
    return model(id=next_id(), code=entry.code, dict_key=entry.item, parent_id=parent_id, is_sealed=0, **values,
                 **extra)


def _set(row: Any, name: str, value: Any, rows: dict[tuple[str, str], Any]) -> bool:
    """Set a field to the seed's value; a menu moves only under a live parent (answers whether it was set)."""
    if name == "parent":
        parent = rows.get((value, "")) if value else None
        if value and (parent is None or parent.is_deleted):
            return False
        row.parent_id = parent.id if parent is not None else 0
        return True
    setattr(row, name, value)
    return True
