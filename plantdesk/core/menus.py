"""The shape of the seeded menu tree (table blade_menu) and its buttons, and the button sets several areas share.
Each area declares the menus it owns (core.areas: `Area.menus`, usually its `seeds.MENUS`) and core.areas
assembles the tree.

Source of truth: docs/reference/menus.md (codes, paths, names, order). Shapes follow the BladeX facts of
bladex-contract.md §5 and §10: a menu row has category 1, a button row category 2 with code
``f"{menu_code}_{alias}"`` (the seeder builds it) and an action (1 toolbar, 2 row, 3 both); ``is_open`` is 1
(same window) or 2 (external link, new window). ``source`` holds an @ant-design/icons v6 component name.

Each node: {"code", "name", "name_en", "path", "source", "sort", "is_open", "children", "buttons"}; a node an
area declares also names the code of the menu it hangs under ("parent": a catalogue of another area), none for a
top-level catalogue. Siblings are ordered by `sort`, whichever area declares them. A node marked "platform" (True)
is a platform administrator's screen: it, its buttons and everything under it are never granted to a tenant's
package or roles (platform_codes, seed.sync).
Each button: {"alias", "name", "name_en", "action"}.

Menu codes are unique across the whole tree, button codes included. Where menus.md reuses a code under
another parent, the first one keeps it and the later ones are prefixed with their parent code + "_":
    device (screen under device)          -> device_device
    product (screen under product)        -> product_product
    overview (alarm event overview)       -> alarm_overview
    model (workflow model design)         -> flow_model
    management (topology management)      -> topology_management
One exception: the knowledge base screen must keep the code "knowledge" (spec §2 counts it as a built-in
code the console opens as a frame route), so its *catalogue* is renamed to "knowledgebase" instead.

BladeX seeds no rows in blade_top_menu (bladex-contract.md §10): top menus are created by administrators and
granted menus through the top-menu screen, so none are seeded either.
"""

TOOLBAR = 1
ROW = 2
BOTH = 3


def button(alias: str, name: str, name_en: str, action: int) -> dict:
    return {"alias": alias, "name": name, "name_en": name_en, "action": action}


def menu(
    code: str,
    name: str,
    name_en: str,
    path: str,
    source: str,
    sort: int,
    children: list[dict] | None = None,
    buttons: list[dict] | None = None,
    is_open: int = 1,
    parent: str = "",
    platform: bool = False,
) -> dict:
    return {
        **({"parent": parent} if parent else {}),
        **({"platform": True} if platform else {}),
        "code": code,
        "name": name,
        "name_en": name_en,
        "path": path,
        "source": source,
        "sort": sort,
        "is_open": is_open,
        "children": children or [],
        # Copies, so that no two menus share (and a consumer cannot mutate) the same button dict.
        "buttons": [dict(b) for b in buttons or []],
    }


def data_scope(menu_code: str, name: str, scope_type: int, column: str = "", value: str = "") -> dict:
    """A data-scope rule (blade_scope_data) the list of menu `menu_code` offers roles: `scope_type` and `column`
    as core.datascope reads them. Seeded by its menu code and name (seed.sync), so an administrator's edit stays."""
    return {"menu": menu_code, "name": name, "type": scope_type, "column": column, "value": value}


def platform_codes(nodes: list[dict]) -> set[str]:
    """The codes of the nodes marked "platform" in a tree of this shape, of their buttons and of everything under
    them."""
    codes: set[str] = set()

    def walk(node: dict, platform: bool) -> None:
        platform = platform or node.get("platform", False)
        if platform:
            codes.add(node["code"])
            codes.update(f"{node['code']}_{button['alias']}" for button in node["buttons"])
        for child in node["children"]:
            walk(child, platform)

    for node in nodes:
        walk(node, False)
    return codes


# --- button building blocks -------------------------------------------------------------------------------
ADD = button("add", "新增", "Add", TOOLBAR)
EDIT = button("edit", "修改", "Edit", ROW)
DELETE = button("delete", "删除", "Delete", BOTH)
VIEW = button("view", "查看", "View", ROW)
IMPORT = button("import", "导入", "Import", TOOLBAR)
EXPORT = button("export", "导出", "Export", TOOLBAR)

CRUD = [ADD, EDIT, DELETE, VIEW]
CRUD_IO = [*CRUD, IMPORT, EXPORT]

# Dashboards and large screens (data overview, batch/flow monitors, large page, data centre, AI chat) have no
# buttons: there is nothing to add, edit or delete on them.
