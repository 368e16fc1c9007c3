"""The areas: each business package under `plantdesk.modules` declares itself once, as `AREA` in its
`__init__.py`, and everything that needs the list of areas reads it here. App start mounts their routers, the
metadata imports their models, the API docs group their routes by area, `wire()` registers their jobs,
services, cache watchers, monitor-data listeners, live topics, assistant tools and loaders (app start and the
worker), the seeder and `migrate` seed what `menus()`, `dicts()`, `biz_dicts()`, `params()` and `data_scopes()`
assemble from their seeded definitions, and the contract tests walk them. Nothing else lists the areas: a package
without a declaration stops the process at start.

A declaration is data: module names and zero-argument functions that import what they name when called, so
importing a package stays cheap and registers nothing (a process that imported less applies the same rules once
it wires).

Areas depend on each other in the one direction their `depends` declare, without cycles; tests/test_areas.py
holds the code to both.
"""

import functools
import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from plantdesk.core.menus import platform_codes

if TYPE_CHECKING:  # the registries load only when wire() runs: a package's import stays cheap
    from plantdesk.core import assistant, dialects, jobs, listeners, live, services

PACKAGE = "plantdesk.modules"


def _none() -> tuple:
    return ()


@dataclass(frozen=True)
class Area:
    name: str  # the package's name under plantdesk.modules
    depends: tuple[str, ...] = ()  # the areas whose packages this one imports
    routers: tuple[str, ...] = ()  # its submodules that expose `router`, mounted under /api in this order
    models: tuple[str, ...] = ()  # its submodules whose tables join Base.metadata
    jobs: "Callable[[], Iterable[jobs.Job]]" = _none
    # (name, service) run where jobs run, or (name, service, "everywhere") run in every process
    services: "Callable[[], Iterable[tuple[str, services.Service] | tuple[str, services.Service, str]]]" = _none
    # (generation, models whose committed writes bump it): what its caches read
    watchers: Callable[[], Iterable[tuple[str, tuple[type, ...]]]] = _none
    listeners: "Callable[[], Iterable[listeners.Listener]]" = _none  # hear every monitor value after its commit
    topics: "Callable[[], Iterable[live.Topic]]" = _none  # what the live channel carries, each with who may hear it
    tools: "Callable[[], Iterable[assistant.Tool]]" = _none  # what the assistant may read for a caller
    corpus: "Callable[[], assistant.Corpus] | None" = None  # what the assistant cites
    loaders: Callable[[], None] | None = None  # the permission and data-scope loaders, the tenant lister
    dialects: "Callable[[], Iterable[dialects.Dialect]]" = _none  # other consoles' wire dialects (core.dialects)
    # What it seeds (plantdesk.seed): its menus with their buttons (core.menus' node shape; a node hung under
    # another area's catalogue names it as "parent"), its system and business dictionaries (system.dict.seeds'
    # shape) and its parameters (system.param.seeds' shape).
    menus: Callable[[], Iterable[dict]] = _none
    dicts: Callable[[], Iterable[dict]] = _none
    biz_dicts: Callable[[], Iterable[dict]] = _none
    params: Callable[[], Iterable[tuple[str, str, str, str]]] = _none
    # The data-scope rules its lists offer roles (core.menus.data_scope's shape), on its own menus.
    data_scopes: Callable[[], Iterable[dict]] = _none

    def modules(self, names: Iterable[str]) -> list[ModuleType]:
        return [importlib.import_module(f"{PACKAGE}.{self.name}.{name}") for name in names]


@functools.cache
def declared() -> tuple[Area, ...]:
    """Every area, each after the areas it depends on."""
    found: dict[str, Area] = {}
    for info in pkgutil.iter_modules(importlib.import_module(PACKAGE).__path__):
        area = getattr(importlib.import_module(f"{PACKAGE}.{info.name}"), "AREA", None)
        if not isinstance(area, Area) or area.name != info.name:
            raise RuntimeError(f"{PACKAGE}.{info.name} declares no area: AREA = Area({info.name!r}, ...) in its "
                               "__init__.py")
        found[area.name] = area
    return tuple(_ordered(found))


def _ordered(found: dict[str, Area]) -> Iterable[Area]:
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> Iterable[Area]:
        if name in done:
            return
        if name in path:
            raise RuntimeError(f"areas depend on each other in a cycle: {' -> '.join([*path, name])}")
        if name not in found:
            raise RuntimeError(f"area {path[-1]} depends on {name!r}, which is not an area")
        path.append(name)
        for dependency in found[name].depends:
            yield from visit(dependency)
        path.pop()
        done.add(name)
        yield found[name]

    for name in sorted(found):
        yield from visit(name)


def routers() -> list[Any]:
    return [module.router for area in declared() for module in area.modules(area.routers)]


def openapi_tags() -> list[dict[str, str]]:
    """Each router tag with the area that serves it, so the API docs group the routes by area."""
    described: dict[str, str] = {}
    for area in declared():
        summary = (importlib.import_module(f"{PACKAGE}.{area.name}").__doc__ or "").strip().split("\n\n")[0]
        for module in area.modules(area.routers):
            for route in module.router.routes:
                for tag in getattr(route, "tags", ()):
                    described.setdefault(tag, f"{area.name}: {' '.join(summary.split())}")
    return [{"name": tag, "description": text} for tag, text in described.items()]


def import_models() -> None:
    for area in declared():
        area.modules(area.models)


def wire() -> None:
    """Plug every area into the core's registries; app start and the worker call it, and calling it again
    changes nothing."""
    from plantdesk.core import assistant, dialects, generations, jobs, listeners, live, services

    for area in declared():
        for job in area.jobs():
            jobs.declare(job.name, job.run, scope=job.scope, cron=job.cron, idempotent=job.idempotent,
                         abandoned=job.abandoned, left=job.left)
        for name, run, *where in area.services():
            services.declare(name, run, everywhere=where == ["everywhere"])
        for generation, tables in area.watchers():
            generations.watch(generation, *tables)
        for listener in area.listeners():
            listeners.on_written(listener)
        for topic in area.topics():
            live.register(topic.name, topic.allowed, per_user=topic.per_user, watch=topic.watch, every=topic.every)
        for tool in area.tools():
            assistant.register(tool)
        if area.corpus is not None:
            assistant.use_corpus(area.corpus())
        if area.loaders is not None:
            area.loaders()
        for dialect in area.dialects():
            dialects.declare(dialect)


def menus() -> list[dict]:
    """The menu tree every area's menus make: each node under the one its "parent" names (a top-level catalogue
    when none), siblings by `sort`. A code two nodes or buttons share, or a parent no area declares, stops it."""
    children: dict[str, list[dict]] = {}
    owners: dict[str, str] = {}

    def claim(code: str, area: str) -> None:
        if code in owners:
            raise RuntimeError(f"menu code {code!r} is declared by area {owners[code]} and by area {area}")
        owners[code] = area

    def walk(node: dict, area: str) -> dict:
        claim(node["code"], area)
        for button in node["buttons"]:
            claim(f"{node['code']}_{button['alias']}", area)
        for child in node["children"]:
            children.setdefault(node["code"], []).append(walk(child, area))
        return {key: value for key, value in node.items() if key != "parent"}

    for area in declared():
        for node in area.menus():
            children.setdefault(node.get("parent", ""), []).append(walk(node, area.name))
    for parent in children.keys() - owners.keys() - {""}:
        raise RuntimeError(f"menus hang under {parent!r}, which no area declares")

    def tree(parent: str) -> list[dict]:
        return [{**node, "children": tree(node["code"])}
                for node in sorted(children.get(parent, ()), key=lambda node: node["sort"])]

    return tree("")


@functools.cache
def platform_menu_codes() -> frozenset[str]:
    """The platform-only codes of the areas' menu tree (core.menus.platform_codes)."""
    return frozenset(platform_codes(menus()))


def dicts() -> list[dict]:
    """Every area's system dictionaries, by `sort`."""
    return _by_sort(item for area in declared() for item in area.dicts())


def biz_dicts() -> list[dict]:
    """Every area's business dictionaries (seeded for each tenant), by `sort`."""
    return _by_sort(item for area in declared() for item in area.biz_dicts())


def data_scopes() -> list[dict]:
    """Every area's data-scope rules, in the order they are declared."""
    return [scope for area in declared() for scope in area.data_scopes()]


def params() -> list[tuple[str, str, str, str]]:
    """Every area's parameters; a key two of them declare stops it."""
    found: dict[str, tuple[str, str, str, str]] = {}
    for param in (param for area in declared() for param in area.params()):
        if param[0] in found:
            raise RuntimeError(f"parameter {param[0]!r} is declared twice")
        found[param[0]] = param
    return list(found.values())


def _by_sort(groups: Iterable[dict]) -> list[dict]:
    found: dict[str, dict] = {}
    for group in groups:
        if group["code"] in found:
            raise RuntimeError(f"dictionary {group['code']!r} is declared twice")
        found[group["code"]] = group
    return sorted(found.values(), key=lambda group: group["sort"])
