"""System administration: tenants, roles and grants, menus, departments, posts, scopes, parameters, dicts."""

from plantdesk.core.areas import Area


def _watchers():
    from plantdesk.core import permissions
    from plantdesk.modules.system.dict import service as dicts
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

    # What the permission caches (codes, data and API scopes) and the cached menus read; their writes bump it.
    return [(permissions.GENERATION, (Role, RoleMenu, RoleScope, Menu, ScopeData, ScopeApi, Tenant, TenantPackage,
                                      TopMenu, TopMenuSetting)),
            (dicts.GENERATION, (Dict, DictBiz))]


def _loaders() -> None:
    from plantdesk.core import jobs, permissions
    from plantdesk.modules.system.menu import scope as scopes
    from plantdesk.modules.system.menu import service as menus
    from plantdesk.modules.system.tenant import service as tenants

    permissions.register_loader(menus.granted_codes)
    scopes.register_loaders()
    jobs.register_tenants(tenants.tenant_ids)


def _menus():
    from plantdesk.modules.system import seeds

    return seeds.MENUS


def _dicts():
    from plantdesk.modules.system.dict import seeds

    return seeds.DICTS


def _biz_dicts():
    from plantdesk.modules.system.dict import seeds

    return seeds.BIZ_DICTS


def _params():
    from plantdesk.modules.system.param import seeds

    return seeds.PARAMS


AREA = Area("system", routers=("router",), models=("models",), watchers=_watchers, loaders=_loaders, menus=_menus,
            dicts=_dicts, biz_dicts=_biz_dicts, params=_params)
