"""Forests shared by menus, roles, departments and regions: building them (BladeX ForestNodeMerger), their wire
shapes, and the platform administrator's tenant switch."""

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import ConfigDict, field_validator, model_serializer

from plantdesk.core.envelope import Id, Schema


def forest(nodes: Iterable[dict], *, id_key: str = "id", parent_key: str = "parent_id") -> list[dict]:
    """Link `nodes` (dicts, already sorted) by parent; a node whose parent is absent becomes a root."""
    nodes = list(nodes)
    by_id = {node[id_key]: node for node in nodes}
    roots = []
    for node in nodes:
        parent = by_id.get(node[parent_key])
        if parent is None or parent is node:
            roots.append(node)
        else:
            parent.setdefault("children", []).append(node)
    return roots


def tree_node(id_: Any, parent_id: Any, title: str, **extra) -> dict:
    """The TreeNode shape {id, parentId, title, key, value} the consoles' tree selects bind to."""
    return {"id": id_, "parent_id": parent_id, "title": title, "key": id_, "value": id_, **extra}


def ancestors_of(ids: Iterable[int], parent_of: dict[int, int]) -> set[int]:
    """Every ancestor of `ids` (not the ids themselves) following `parent_of`."""
    found: set[int] = set()
    for id_ in ids:
        parent = parent_of.get(id_)
        while parent and parent in parent_of and parent not in found:
            found.add(parent)
            parent = parent_of.get(parent)
    return found


def descendants_of(ids: Iterable[int], rows: Sequence[tuple[int, int]]) -> set[int]:
    """Every descendant of `ids` given (id, parent_id) rows (not the ids themselves)."""
    children: dict[int, list[int]] = {}
    for id_, parent_id in rows:
        children.setdefault(parent_id, []).append(id_)
    found: set[int] = set()
    stack = [child for id_ in ids for child in children.get(id_, ())]
    while stack:
        id_ = stack.pop()
        if id_ not in found:
            found.add(id_)
            stack.extend(children.get(id_, ()))
    return found


def prune(roots: list[dict], keep: Callable[[dict], bool]) -> list[dict]:
    """Drop subtrees holding no node for which `keep` is true."""
    kept = []
    for node in roots:
        node["children"] = prune(node.get("children", []), keep)
        if keep(node) or node["children"]:
            kept.append(node)
    return kept


# Wire names left out rather than sent as null; `titleEn` is a menu's English name (shown in English mode).
OPTIONAL = ("hasChildren", "titleEn")


class TreeSchema(Schema):
    """A forest node: `children` is omitted when empty and the `OPTIONAL` fields when unknown, as BladeX sends them;
    text fields are "" rather than null."""

    model_config = ConfigDict(json_schema_extra=lambda schema: _omitted_not_null(schema))

    @field_validator("*", mode="before")
    @classmethod
    def _none_is_empty(cls, value, info):
        if value is None and cls.model_fields[info.field_name].annotation is str:
            return ""
        return value

    # No return annotation: pydantic would take `dict` for the schema and describe no field at all.
    @model_serializer(mode="wrap")
    def _omit_empty(self, handler):
        data = handler(self)
        if not data.get("children"):
            data.pop("children", None)
        for name in OPTIONAL:
            if data.get(name) is None:
                data.pop(name, None)
        return data


def _omitted_not_null(schema: dict) -> None:
    """The schema of what `_omit_empty` sends: `children` and the `OPTIONAL` fields may be absent, never null."""
    schema["required"] = [name for name in schema.get("required", []) if name not in ("children", *OPTIONAL)]
    for name in ("children", *OPTIONAL):
        field = schema["properties"].get(name, {})
        kinds = [kind for kind in field.pop("anyOf", []) if kind.get("type") != "null"]
        field.update(*kinds)


class TreeNode(TreeSchema):
    id: Id
    parent_id: Id = 0
    title: str = ""
    key: Id
    value: Id
    title_en: str | None = None
    has_children: bool | None = None
    children: list["TreeNode"] | None = None
