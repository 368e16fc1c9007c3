"""Composing routers into one flat route table.

FastAPI (since 0.160) keeps an included router as a branch of the route tree and, on every request, matches each
branch level by level — twice per level, once to choose the branch and once to handle it. With ~500 routes three
levels deep that cost more than a cached answer itself. `include` copies routes into the target's own list
instead, so a request is matched once, against plain routes.
"""

import copy

from fastapi import APIRouter
from fastapi.routing import APIRoute
from starlette.routing import compile_path

from plantdesk.core import responses


def include(target: APIRouter, *routers: APIRouter, prefix: str = "") -> None:
    """Add every route of `routers` to `target`, under `prefix`. The routers must be flat themselves (built with
    this function, never with `include_router`), so nothing is left nested. A cached route (core.responses) gets
    the response cache's fast path in front of its dependencies."""
    for router in routers:
        for route in router.routes:
            if not isinstance(route, APIRoute):
                raise TypeError(f"{route!r} is not a plain API route; compose routers with core.routing.include")
            added = _prefixed(route, prefix, target) if prefix else route
            responses.fast(added)
            target.routes.append(added)


def _prefixed(route: APIRoute, prefix: str, target: APIRouter) -> APIRoute:
    moved = copy.copy(route)
    moved.path = prefix + route.path
    moved.path_regex, moved.path_format, moved.param_convertors = compile_path(moved.path)
    moved.unique_id = route.operation_id or target.generate_unique_id_function(moved)
    return moved


class RouteIndex:
    """Sends a request for a path without parameters straight to its route by one dict lookup; anything else
    (parameters, a method the path does not take, paths added later) goes through the router's ordered scan.

    Installed as the router's `middleware_stack`, inside the exception middleware, so errors map as before.
    A static path is indexed only when no parameterised route ahead of it in the table matches it too, so the
    index never picks a different route than the scan would.
    """

    def __init__(self, router: APIRouter):
        self.router = router
        self.scan = router.app
        self.static: dict[str, list[APIRoute]] | None = None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and not scope.get("root_path"):
            if self.static is None:
                self.static = _static_routes(self.router)
            for route in self.static.get(scope["path"], ()):
                if route.methods and scope["method"] in route.methods:
                    scope.setdefault("router", self.router)
                    scope.update(endpoint=route.endpoint, path_params={}, route=route)
                    return await route.handle(scope, receive, send)
        await self.scan(scope, receive, send)


def _static_routes(router: APIRouter) -> dict[str, list[APIRoute]]:
    static: dict[str, list[APIRoute]] = {}
    parameterised: list[APIRoute] = []
    for route in router.routes:
        if not isinstance(route, APIRoute):
            continue
        if route.param_convertors:
            parameterised.append(route)
        elif not any(earlier.path_regex.match(route.path) for earlier in parameterised):
            static.setdefault(route.path, []).append(route)
    return static
