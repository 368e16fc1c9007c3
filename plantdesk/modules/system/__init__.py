"""System administration: tenants, roles and grants, menus, departments, posts, scopes, parameters, dicts."""


def setup() -> None:
    from plantdesk.core import jobs, permissions
    from plantdesk.modules.system.menu import scope as scopes
    from plantdesk.modules.system.menu import service as menus
    from plantdesk.modules.system.tenant import service as tenants

    permissions.register_loader(menus.granted_codes)
    scopes.register_loaders()
    jobs.register_tenants(tenants.tenant_ids)
