"""Automatic tenant isolation and logical deletion, applied by the ORM (SQLAlchemy's global-criteria recipe).

Covered:
- every ORM SELECT (including relationship and lazy loads), ORM-enabled UPDATE and DELETE of a
  `TenantMixin` class gets `tenant_id = <bound tenant>`; every `SoftDeleteMixin` class gets `is_deleted = 0`;
- every new `TenantMixin` row is stamped with the bound tenant on flush (an explicit tenant survives only
  under `platform_scope`), and `AuditMixin` rows get their create/update user, dept and time.

Fail closed: a session with no scope bound (an anonymous request, a job or command that named no tenant) sees
no `TenantMixin` row, and writing one raises `TenancyError`. Code that is not a signed-in request says where it
acts: `bind(session, Scope(tenant))`, `tenant_scope(session, tenant)`, or `platform_scope(session)` /
`bind(session, PLATFORM)` for platform work (CLI, seeding, the audit writer), where every new row must name its
tenant. Raw SQL text is not covered; it is for migrations only.

The scope lives in the session's `info`, so the listeners see it on whichever thread runs the query.
Leaving the tenant is one greppable call, `platform_scope(session)`, used only by platform operations.
An object loaded under it stays in the identity map, so such operations run in their own short session.
"""

import functools
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import event, false
from sqlalchemy.orm import ORMExecuteState, Session, with_loader_criteria

from plantdesk.db.base import AuditMixin, SoftDeleteMixin, TenantMixin

SCOPE_KEY = "plantdesk.scope"
INCLUDE_DELETED = "include_deleted"


@dataclass(frozen=True, slots=True)
class Scope:
    tenant_id: str
    user_id: int | None = None
    dept_id: int | None = None
    bypass: bool = False


PLATFORM = Scope("", bypass=True)

# Tables with a `tenant_id` column that are not `TenantMixin` rows, and why (tests/security/test_tenancy_guards.py
# fails for any other such table).
EXEMPT = {
    "blade_tenant": "the tenants themselves; read by platform operations and by sign-in before any scope exists",
    "plantdesk_session": "read by id while a token is granted or refreshed, before a scope exists; the session "
                         "module filters by the caller's tenant",
    "blade_search_gram": "index of TenantMixin rows, read only as an `id IN (...)` filter of a query core narrows; "
                         "the primary key leads with tenant_id (core.search)",
    "blade_seed_sync": "what the seed sync last wrote of each seeded definition, a tenant's business dictionaries "
                       "among them; read and written only by `migrate` under the platform scope (seed.sync)",
}


class TenancyError(RuntimeError):
    """A tenant row written where no tenant is known: a programming error, never a row of the platform tenant."""


class ScopedSession(Session):
    """The sync session behind every AsyncSession; the listeners below are attached to this class."""


def bind(session, scope: Scope | None) -> None:
    """Bind the scope for an AsyncSession or Session."""
    target = getattr(session, "sync_session", session)
    if scope is None:
        target.info.pop(SCOPE_KEY, None)
    else:
        target.info[SCOPE_KEY] = scope


def current(session) -> Scope | None:
    return getattr(session, "sync_session", session).info.get(SCOPE_KEY)


def writing_tenant(session, row: TenantMixin | None = None) -> str:
    """The tenant a row belongs to: a saved one's own, else the one the session writes for (as _stamp_tenant)."""
    scope = current(session)
    return row.tenant_id if row is not None and row.tenant_id else scope.tenant_id if scope else ""


def bound_tenant(session) -> str | None:
    """The one tenant the session's queries are held to; None when it sees every tenant (a platform scope). An
    unbound session sees none, so asking is an error (a cache keyed on the answer would be shared with the
    platform)."""
    scope = current(session)
    if scope is None:
        raise TenancyError("no tenant scope bound")
    return None if scope.bypass else scope.tenant_id


@contextmanager
def platform_scope(session):
    """Leave tenant isolation for a platform operation (tenant management, cross-tenant admin views)."""
    previous = current(session)
    bind(session, replace(previous, bypass=True) if previous else PLATFORM)
    try:
        yield session
    finally:
        bind(session, previous)


@contextmanager
def tenant_scope(session, tenant_id: str | None):
    """Act inside another tenant (the platform administrator looking at one tenant's data); with no tenant,
    stay in the bound one, so a caller passes its optional pick straight through."""
    if not tenant_id:
        yield session
        return
    previous = current(session)
    bind(session, replace(previous, tenant_id=tenant_id, bypass=False) if previous else Scope(tenant_id))
    try:
        yield session
    finally:
        bind(session, previous)


# The criteria options are built once (per tenant) and reused: building one analyses its lambda, which cost more
# than the rest of a small query's ORM work.
_LIVE = with_loader_criteria(SoftDeleteMixin, lambda cls: cls.is_deleted == 0, include_aliases=True)
_NO_TENANT = with_loader_criteria(TenantMixin, lambda cls: false(), include_aliases=True)


@functools.lru_cache(maxsize=4096)
def _in_tenant(tenant_id: str):
    return with_loader_criteria(TenantMixin, lambda cls: cls.tenant_id == tenant_id, include_aliases=True)


@event.listens_for(ScopedSession, "do_orm_execute")
def _add_criteria(state: ORMExecuteState) -> None:
    scope: Scope | None = state.session.info.get(SCOPE_KEY)
    if state.is_insert:
        mapper = state.bind_mapper
        if scope is None and mapper is not None and issubclass(mapper.class_, TenantMixin):
            raise TenancyError(f"insert of {mapper.class_.__name__} with no tenant scope bound")
        return
    if not (state.is_select or state.is_update or state.is_delete):
        return
    options = []
    if not state.execution_options.get(INCLUDE_DELETED, False):
        options.append(_LIVE)
    if scope is None:
        options.append(_NO_TENANT)
    elif not scope.bypass:
        options.append(_in_tenant(scope.tenant_id))
    if options:
        state.statement = state.statement.options(*options)


@event.listens_for(ScopedSession, "before_flush")
def _stamp(session: Session, _flush_context, _instances) -> None:
    scope: Scope | None = session.info.get(SCOPE_KEY)
    now = datetime.now().replace(microsecond=0)
    for obj in session.new:
        if isinstance(obj, TenantMixin):
            _stamp_tenant(obj, scope)
        if isinstance(obj, AuditMixin):
            obj.create_time = obj.create_time or now
            obj.update_time = obj.update_time or now
            if scope is not None:
                obj.create_user = obj.create_user or scope.user_id
                obj.create_dept = obj.create_dept or scope.dept_id
                obj.update_user = obj.update_user or scope.user_id
    for obj in session.dirty:
        if isinstance(obj, AuditMixin) and session.is_modified(obj, include_collections=False):
            obj.update_time = now
            if scope is not None:
                obj.update_user = scope.user_id


def _stamp_tenant(obj: TenantMixin, scope: Scope | None) -> None:
    """The bound tenant; under a platform scope the row's own tenant, else the caller's; never none."""
    if scope is not None and not (scope.bypass and obj.tenant_id):
        obj.tenant_id = scope.tenant_id
    if scope is None or not obj.tenant_id:
        raise TenancyError(f"{type(obj).__name__} row written with no tenant (bind a scope or name its tenant)")
