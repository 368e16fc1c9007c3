"""Helpers for the organisation and authorization tests: tenants, packages and roles made through the API."""

from tests.helpers import Api, login

MENU = "/api/blade-system/menu"
ROLE = "/api/blade-system/role"
TENANT = "/api/blade-system/tenant"
PACKAGE = "/api/blade-system/tenant-package"


def flatten(nodes: list[dict]) -> list[dict]:
    out = []
    for node in nodes:
        out.append(node)
        out.extend(flatten(node.get("children", [])))
    return out


async def menu_ids(admin: Api, *codes: str) -> dict[str, str]:
    """Menu id by code (menus and buttons) from the admin tree list."""
    nodes = flatten(await admin.data("GET", f"{MENU}/list"))
    found = {n["code"]: n["id"] for n in nodes}
    return {code: found[code] for code in codes}


async def subtree_ids(admin: Api, code: str) -> list[str]:
    """A menu with every descendant (sub-menus and buttons), as a tree check would send them."""
    nodes = flatten(await admin.data("GET", f"{MENU}/list"))
    root = next(n for n in nodes if n["code"] == code)
    return [n["id"] for n in flatten([root])]


async def make_package(admin: Api, unique: str, *codes: str) -> dict:
    ids = [i for code in codes for i in await subtree_ids(admin, code)]
    return await admin.data("POST", f"{PACKAGE}/submit", {"packageName": f"包{unique}", "menuId": ",".join(ids)})


async def default_password(admin: Api) -> str:
    page = await admin.data("GET", "/api/blade-system/param/list", paramKey_equal="tenant.default.password")
    return page["records"][0]["paramValue"] if page["records"] else "admin"


async def make_tenant(admin: Api, unique: str, **fields) -> tuple[dict, Api]:
    """A new tenant (through tenant/submit) and its admin, logged in with tenant.default.password."""
    tenant = await admin.data("POST", f"{TENANT}/submit", {"tenantName": f"租户{unique}", **fields})
    return tenant, await login(admin.http, "admin", await default_password(admin), tenant["tenantId"])


async def make_role(api: Api, unique: str, **fields) -> dict:
    return await api.data("POST", f"{ROLE}/submit", {"roleName": f"角色{unique}", "roleAlias": f"r{unique}",
                                                       **fields})
