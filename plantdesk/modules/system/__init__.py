"""System administration: tenants, roles and grants, menus, departments, posts, scopes, parameters, dicts."""


def setup() -> None:
    from plantdesk.core import generations, jobs, permissions
    from plantdesk.modules.system.dict import service as dicts
    from plantdesk.modules.system.menu import scope as scopes
    from plantdesk.modules.system.menu import service as menus
    from plantdesk.modules.system.models import (
        Dict,
        DictBiz,
        Menu,
        Role,
        RoleMenu,
        RoleScope,
        ScopeApi,
        ScopeData,
        Tenant,
        TenantPackage,
        TopMenu,
        TopMenuSetting,
    )
    from plantdesk.modules.system.tenant import service as tenants

    # What the permission caches (codes, data and API scopes) and the cached menus read; their writes bump it.
    generations.watch(permissions.GENERATION, Role, RoleMenu, RoleScope, Menu, ScopeData, ScopeApi, Tenant,
                      TenantPackage, TopMenu, TopMenuSetting)
    generations.watch(dicts.GENERATION, Dict, DictBiz)
    permissions.register_loader(menus.granted_codes)
    scopes.register_loaders()
    jobs.register_tenants(tenants.tenant_ids)
