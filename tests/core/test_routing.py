"""core.routing: the flat route table and the index of parameterless paths never pick another route than
Starlette's ordered scan would."""

from fastapi import APIRouter
from fastapi.routing import APIRoute
from starlette.routing import Match

from plantdesk.core.routing import _static_routes


def test_a_static_path_behind_a_parameterised_route_that_matches_it_is_left_to_the_scan():
    router = APIRouter()
    router.add_api_route("/items/{name}", lambda name: name, methods=["GET"])
    router.add_api_route("/items/new", lambda: "new", methods=["GET"])
    router.add_api_route("/stock", lambda: "stock", methods=["GET"])
    assert set(_static_routes(router)) == {"/stock"}


def scanned(app, path: str, method: str) -> APIRoute | None:
    """The route the router's ordered scan answers with: the first full match."""
    scope = {"type": "http", "path": path, "method": method, "root_path": ""}
    for route in app.router.routes:
        if isinstance(route, APIRoute) and route.matches(scope)[0] == Match.FULL:
            return route
    return None


def test_every_indexed_path_resolves_as_the_scan_does(app):
    static = _static_routes(app.router)
    assert "/api/blade-user/page" in static and "/api/blade-system/menu/routes" in static
    for path, routes in static.items():
        for route in routes:
            for method in route.methods:
                assert scanned(app, path, method) is next(r for r in routes if method in r.methods), (path, method)


def test_included_routes_carry_their_prefix(app):
    paths = {route.path for route in app.router.routes if isinstance(route, APIRoute)}
    assert "/api/blade-auth/oauth/token" in paths
    assert not any(path.startswith("/blade-") for path in paths)
