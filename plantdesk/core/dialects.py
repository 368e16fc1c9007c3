"""Wire dialects of the BladeX family: the paths, parameter names and reply shapes one console speaks.

PlantDesk's own dialect is BladeX 2.x (design/bladex-contract.md): the routes every area mounts. Another dialect
(the SpringBlade 4.x one of the Saber 4.x console) is declared by an area as a `Dialect` with a route table of its
own: paths only it has (`/blade-auth/token`) and paths it shares with BladeX 2.x but answers in other shapes
(`/blade-system/dict/list` is a page in one and a tree in the other). Its handlers call the same services as the
BladeX routes and shape their replies; nothing in a BladeX handler knows about dialects.

Which dialect a request speaks is its OAuth client's: `blade_client.additional_information` holds
`{"dialect": "<name>"}` (none: BladeX 2.x). The client is the Basic header's, which every BladeX-family console
sends on every request, else the `client_id` claim of the request's token once its signature verifies (the
handler checks the token again as usual: revocation, tenant header; tokens.decode caches the verified claims, so
the second check costs a dict lookup). `DialectSwitch`, in front of the route table, sends a request whose client
speaks a dialect with a route for the path straight to that route; every other request goes on unchanged. Only a
path some dialect has costs more than one set lookup: then the client's dialect is looked up in a map of the
clients, re-read from the database at most every `CLIENTS_TTL` seconds (an edited client speaks its new dialect
within that time in every process). Each dialect's routes have an OpenAPI document of their own (`openapi`).
"""

import base64
import binascii
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs

import orjson
from fastapi import APIRouter
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute
from fastapi.utils import generate_unique_id
from sqlalchemy import select
from starlette.types import ASGIApp, Receive, Scope, Send

from plantdesk.core.errors import Unauthorized
from plantdesk.core.routing import include
from plantdesk.core.security import tokens
from plantdesk.core.security.models import Client

BLADEX = "bladex"  # PlantDesk's own dialect: the areas' routes
CLIENTS_TTL = 30.0
API = "/api"


@dataclass(frozen=True)
class Dialect:
    name: str
    routes: Callable[[], APIRouter]  # its route table, paths under /api; imported when the first request needs it


_declared: dict[str, Dialect] = {}


def declare(dialect: Dialect) -> None:
    if dialect.name == BLADEX:
        raise ValueError("bladex is the areas' own dialect")
    _declared[dialect.name] = dialect


def declared() -> list[Dialect]:
    return list(_declared.values())


def routes(dialect: Dialect) -> list[APIRoute]:
    """A dialect's routes with the request's paths (under /api), as the route table holds its own."""
    prefixed = APIRouter(generate_unique_id_function=generate_unique_id)
    include(prefixed, dialect.routes(), prefix=API)
    for route in prefixed.routes:
        if not isinstance(route, APIRoute) or route.param_convertors:
            raise TypeError(f"{route!r}: a dialect's routes are plain API routes without path parameters")
    return prefixed.routes  # type: ignore[return-value]  # checked just above


def openapi(dialect: Dialect, title: str, version: str) -> dict:
    """A dialect's own OpenAPI document: its paths repeat BladeX ones with other answers, which one document cannot
    hold (one operation per path and method), so each dialect has its own (core.apidocs shows it)."""
    return get_openapi(title=f"{title} ({dialect.name} dialect)", version=version, routes=routes(dialect),
                       description=f"What a console whose OAuth client speaks the {dialect.name} dialect is answered "
                                   "on these paths; every other path answers as in the main document.")


def of_client(additional_information: str | None) -> str:
    """The dialect a client row names (BladeX 2.x when it names none or one nobody declares)."""
    try:
        info = orjson.loads(additional_information or "{}")
    except orjson.JSONDecodeError:
        return BLADEX
    name = info.get("dialect") if isinstance(info, dict) else None
    return name if name in _declared else BLADEX


def client_info(dialect: str) -> str:
    """The `additional_information` of a client speaking `dialect`."""
    return orjson.dumps({"dialect": dialect}).decode()


def client_id(headers: dict[bytes, bytes], key: str, query: bytes = b"") -> str:
    """The client a request comes from: the Basic header's id, else the `client_id` claim of its bearer token (the
    header's, or a download link's `?blade-auth=`), verified with the installation's `key`: an unverified claim
    would let a forged token pick the routes; a token that does not verify routes as BladeX 2.x, whose handler
    then refuses it as usual. Whether a route takes a token from its link at all is still the route's own rule."""
    authorization = headers.get(b"authorization", b"").decode("latin-1")
    if authorization[:6].lower() == "basic ":
        try:
            return base64.b64decode(authorization[6:].strip(), validate=True).decode().partition(":")[0]
        except (binascii.Error, UnicodeDecodeError):
            return ""
    raw = headers.get(b"blade-auth", b"").decode("latin-1")
    if not raw and b"blade-auth=" in query:
        raw = parse_qs(query.decode("latin-1")).get("blade-auth", [""])[0]
    token = tokens.bearer(raw)
    if token is None:
        return ""
    try:
        claims = tokens.decode(token, key=key, token_type=tokens.ACCESS)
    except Unauthorized:
        return ""
    value = claims.get("client_id")
    return value if isinstance(value, str) else ""


class DialectSwitch:
    """Installed in front of the route table (inside the exception middleware, so errors map as everywhere)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.tables: dict[str, dict[str, list[APIRoute]]] | None = None
        self.paths: frozenset[str] = frozenset()
        self.clients: dict[str, str] = {}
        self.read_at = float("-inf")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            if self.tables is None:
                self._build()
            if scope["path"] in self.paths:
                table = self.tables.get(await self._dialect(scope), {})  # type: ignore[union-attr]
                for route in table.get(scope["path"], ()):
                    if route.methods and scope["method"] in route.methods:
                        scope.update(endpoint=route.endpoint, path_params={}, route=route)
                        await route.handle(scope, receive, send)
                        return
        await self.app(scope, receive, send)

    def _build(self) -> None:
        tables: dict[str, dict[str, list[APIRoute]]] = {}
        for dialect in _declared.values():
            table = tables.setdefault(dialect.name, {})
            for route in routes(dialect):
                table.setdefault(route.path, []).append(route)
        self.paths = frozenset(path for table in tables.values() for path in table)
        self.tables = tables

    async def _dialect(self, scope: Scope) -> str:
        runtime = scope["app"].state.runtime
        client = client_id(dict(scope["headers"]), runtime.settings.signing_key, scope["query_string"])
        if time.monotonic() - self.read_at > CLIENTS_TTL:
            async with runtime.sessions() as session:
                rows = (await session.execute(select(Client.client_id, Client.additional_information))).all()
            self.clients = {row.client_id: of_client(row.additional_information) for row in rows}
            self.read_at = time.monotonic()
        return self.clients.get(client, BLADEX)
