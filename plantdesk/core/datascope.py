"""Data scope (row visibility per role) and API scope (path grants), as SQLAlchemy expressions and checks.

Data scope (contract §8): rules are `blade_scope_data` rows for a resource code (the menu code) granted to
one of the user's roles. No rule, a type-1 rule, or an admin role (alias containing `admin`) means no
filter; several rules are OR-ed. Types: 2 own rows (create_user), 3 own departments (create_dept),
4 own departments and their descendants, 5 custom: `scope_column IN (values)` where values are literals
and typed variables ${userId} ${deptId} ${roleId} ${tenantId} ${account} — always bound parameters.
A rule's column is one of the model's, or one the list lends it (`columns`): a row that carries no department
of its own names its device's (an alarm's `dept_id` is its device's, a correlated subquery).

API scope: when `blade_scope_api` rows exist whose `scope_path` is contained in the request path, a
non-admin user must hold one of them through a role.

Core owns no tables: the system module registers the loaders below. Rules and scope lists are cached
under the `permissions` generation (core.generations), which the writes to roles and scopes bump after their
commit.
"""

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass

from sqlalchemy import false, or_
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from plantdesk.core import generations, permissions
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity
from plantdesk.core.errors import BadRequest
from plantdesk.core.query import int_bits, to_int

log = logging.getLogger("plantdesk.datascope")

ALL, OWN, OWN_DEPT, OWN_DEPT_CHILD, CUSTOM = 1, 2, 3, 4, 5
VARIABLES = ("userId", "deptId", "roleId", "tenantId", "account")


@dataclass(frozen=True, slots=True)
class Rule:
    scope_type: int
    scope_column: str = ""
    scope_value: str = ""


RuleLoader = Callable[[AsyncSession, tuple[int, ...], str], Awaitable[Iterable[Rule]]]
DescendantLoader = Callable[[AsyncSession, tuple[int, ...]], Awaitable[Iterable[int]]]
ApiScopeLoader = Callable[[AsyncSession], Awaitable[Iterable[tuple[int, str]]]]
GrantedApiLoader = Callable[[AsyncSession, tuple[int, ...]], Awaitable[Iterable[int]]]


@dataclass(frozen=True)
class _Loaders:
    rules: RuleLoader
    descendants: DescendantLoader
    api_scopes: ApiScopeLoader
    granted_api: GrantedApiLoader


_loaders: _Loaders | None = None  # registered together: none of them, or all


def register_loaders(*, rules: RuleLoader, descendants: DescendantLoader, api_scopes: ApiScopeLoader,
                     granted_api: GrantedApiLoader) -> None:
    global _loaders
    _loaders = _Loaders(rules, descendants, api_scopes, granted_api)


def _registered() -> _Loaders:
    """Without its loaders a process would apply no data scope at all: refuse instead."""
    if _loaders is None:
        raise RuntimeError("data-scope loaders are not registered (core.areas.wire() registers them)")
    return _loaders


async def clause(user: Identity, code: str, model: type, *, db: AsyncSession, cache: Cache,
                 columns: Mapping[str, ColumnElement] | None = None) -> ColumnElement | None:
    """The WHERE clause narrowing `model` rows to what `user` may see under resource `code`, or None.
    `columns`: names a rule may use beyond the model's own columns."""
    if user.is_admin or not user.role_ids:
        return None
    loaders = _registered()
    rules = await _cached_rules(user, code, loaders, db=db, cache=cache)
    if not rules or any(rule.scope_type == ALL for rule in rules):
        return None
    clauses = [c for rule in rules
               if (c := await _rule_clause(rule, user, model, columns or {}, db, loaders)) is not None]
    if not clauses:
        return None
    return or_(*clauses) if len(clauses) > 1 else clauses[0]


async def api_denied(user: Identity, path: str, *, db: AsyncSession, cache: Cache) -> bool:
    """True when `path` is covered by API scopes and none of them is granted to the user's roles."""
    if user.is_admin:
        return False
    loaders = _registered()

    async def load_scopes() -> list[list]:
        return [[id_, scope_path] for id_, scope_path in await loaders.api_scopes(db) if scope_path]

    scopes = await generations.cached(cache, permissions.GENERATION, "apiscope", load_scopes, session=db)
    covering = {id_ for id_, scope_path in scopes if scope_path in path}
    if not covering:
        return False

    async def load_granted() -> list[int]:
        return sorted(set(await loaders.granted_api(db, user.role_ids))) if user.role_ids else []

    roles = ",".join(map(str, sorted(user.role_ids)))
    granted = await generations.cached(cache, permissions.GENERATION, f"apiscope:{user.tenant_id}:{roles}",
                                       load_granted, session=db)
    return covering.isdisjoint(granted)


async def _cached_rules(user: Identity, code: str, loaders: _Loaders, *, db: AsyncSession,
                        cache: Cache) -> list[Rule]:
    async def load() -> list[list]:
        return [[r.scope_type, r.scope_column or "", r.scope_value or ""]
                for r in await loaders.rules(db, user.role_ids, code)]

    key = f"datascope:{user.tenant_id}:{','.join(map(str, sorted(user.role_ids)))}:{code}"
    cached = await generations.cached(cache, permissions.GENERATION, key, load, session=db)
    return [Rule(*row) for row in cached]


async def _rule_clause(rule: Rule, user: Identity, model: type, columns: Mapping[str, ColumnElement],
                       db: AsyncSession, loaders: _Loaders) -> ColumnElement | None:
    default = {OWN: "create_user", OWN_DEPT: "create_dept", OWN_DEPT_CHILD: "create_dept"}.get(rule.scope_type)
    name = rule.scope_column or default or ""
    column = columns[name] if name in columns else _column(model, name)
    if column is None:
        log.warning("data scope rule ignored: %s has no column %r", model.__name__, rule.scope_column or default)
        return None
    if rule.scope_type == OWN:
        return column == user.user_id
    if rule.scope_type == OWN_DEPT:
        return column.in_(user.dept_ids) if user.dept_ids else false()
    if rule.scope_type == OWN_DEPT_CHILD:
        if not user.dept_ids:
            return false()
        return column.in_(sorted({*user.dept_ids, *await loaders.descendants(db, user.dept_ids)}))
    if rule.scope_type == CUSTOM:
        values = _typed(column, _custom_values(rule.scope_value, user))
        return column.in_(values) if values else false()
    log.warning("data scope rule ignored: unknown type %s", rule.scope_type)
    return None


def _column(model: type, name: str):
    table = getattr(model, "__table__", None)
    if table is None or not name:
        return None
    column = table.c.get(name)
    return column if column is not None else next((c for c in table.c if c.key == name), None)


def _custom_values(raw: str, user: Identity) -> list[str]:
    variables = {"userId": [str(user.user_id)], "deptId": [str(d) for d in user.dept_ids],
                 "roleId": [str(r) for r in user.role_ids], "tenantId": [user.tenant_id],
                 "account": [user.account]}
    values: list[str] = []
    for part in (p.strip() for p in (raw or "").split(",")):
        if part.startswith("${") and part.endswith("}"):
            name = part[2:-1].strip()
            if name in variables:
                values.extend(variables[name])
            else:
                log.warning("data scope variable ignored: %s", part)
        elif part:
            values.append(part.strip("'\""))
    return values


def _typed(column, values: list[str]) -> list:
    bits = int_bits(column)
    if bits is None:
        return values
    typed = []
    for value in values:
        try:
            typed.append(to_int(value, column.name, bits=bits))
        except BadRequest:
            log.warning("data scope value ignored: %r is not an integer for %s", value, column.name)
    return typed
