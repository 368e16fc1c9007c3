"""Every outbound connection the server makes for a tenant (object storage today; external databases, hooks,
model providers and mail as they come) goes through one rule: public addresses only.

A tenant administrator names hosts; without this rule a storage endpoint of 127.0.0.1:6379 or 169.254.169.254
would make the server a scanner and a proxy into its own network. Loopback, private, link-local, shared,
multicast and reserved addresses are refused unless the platform operator allows them by name or range in
PLANTDESK_OUTBOUND_ALLOW (`minio.lan:9000`, `127.0.0.1:9000`, `10.0.0.0/8`; a bare host allows every port), or
grants one endpoint to one tenant for one kind of connection in PLANTDESK_OUTBOUND_GRANTS
(`356782/modbus=127.0.0.1:15020`: the demo tenant's Modbus collector, nobody's AI provider). A check names its
tenant and kind (`check(..., tenant=, kind=)`, or `policy.scoped(tenant, kind)` for a connection's policy); an
unscoped policy holds no grant.
The rule is checked when a setting is saved (a name that does not resolve then is refused too, unless the
platform allows it by name) and again on the address each connection actually uses: the connection resolves its
host once, checks every address and connects to the checked one (the Host header and the TLS name stay the
host's), so a name that resolves to a public address when checked and to an internal one when connected (DNS
rebinding) never reaches the internal one. `pool_manager` (urllib3), `http_client` (httpx) and `smtp_client`
(smtplib) all connect that way.
"""

import asyncio
import ipaddress
import smtplib
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpcore
import httpx
import urllib3
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from plantdesk.core import system_log
from plantdesk.core.errors import BusinessError

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
CONNECT_TIMEOUT, READ_TIMEOUT = 5, 60


REFUSAL_EVERY = 600.0  # seconds between two system-log rows of refusals of one host
_refusals_noted: dict[str, float] = {}


class OutboundRefused(BusinessError):
    def __init__(self, host: str):
        super().__init__(f"不允许连接本机、内网或保留地址: {host}(如确需使用,请联系平台管理员加入允许列表)")
        now = time.monotonic()
        if now - _refusals_noted.get(host, -REFUSAL_EVERY) >= REFUSAL_EVERY:  # a retrying collector: once a while
            _refusals_noted[host] = now
            system_log.record("warn", "outbound", "refused", f"已拒绝向外连接: {host}")


@dataclass(frozen=True)
class Grant:
    tenant: str
    kind: str  # the kind of connection: mqtt, modbus, opcua (collectors), mysql, postgresql… (tracking), ai, …
    name: str  # "host:port", lowercased


@dataclass(frozen=True)
class Policy:
    names: frozenset[str]  # "host" (any port) and "host:port", lowercased
    networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]
    grants: frozenset[Grant] = frozenset()  # held only by the policy `scoped` gives their tenant and kind

    @classmethod
    def parse(cls, raw: str, grants: str = "") -> "Policy":
        names, networks = set(), []
        for entry in (part.strip().lower() for part in raw.split(",")):
            if not entry:
                continue
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                names.add(entry)
        return cls(frozenset(names), tuple(networks), frozenset(_grants(grants)))

    def scoped(self, tenant: str, kind: str) -> "Policy":
        """The policy of one tenant's connection of one kind: the platform's entries and that tenant's grants for
        that kind."""
        granted = {grant.name for grant in self.grants if grant.tenant == tenant and grant.kind == kind}
        return Policy(self.names | granted, self.networks)

    def named(self, host: str, port: int) -> bool:
        host = host.lower().strip("[]")
        return host in self.names or f"{host}:{port}" in self.names

    def permits(self, host: str, port: int, address: Address) -> bool:
        if self.named(host, port) or any(address in network for network in self.networks):
            return True
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return address.is_global and not address.is_multicast


def _grants(raw: str) -> list[Grant]:
    """`tenant/kind=host:port` entries, comma-separated; a malformed one is an error at start-up."""
    found = []
    for entry in (part.strip().lower() for part in raw.split(",")):
        if not entry:
            continue
        scope, _, name = entry.partition("=")
        tenant, _, kind = scope.partition("/")
        host, _, port = name.rpartition(":")
        if not (tenant and kind and host and port.isdigit()):
            raise ValueError(f"an outbound grant is tenant/kind=host:port, not {entry!r}")
        found.append(Grant(tenant, kind, name))
    return found


def endpoint(url: str) -> tuple[str, int]:
    """(host, port) of an endpoint given as a URL or as `host[:port]` (https when no scheme)."""
    parts = urlsplit(url if "://" in url else f"https://{url}")
    try:
        port = parts.port
    except ValueError:
        raise BusinessError("资源地址格式错误") from None
    if not parts.hostname:
        raise BusinessError("资源地址格式错误")
    try:  # a name no resolver can take (a bad character, an empty or over-long label) is no address
        parts.hostname.encode("idna")
    except UnicodeError:
        raise BusinessError("资源地址格式错误") from None
    return parts.hostname, port or (443 if parts.scheme == "https" else 80)


async def check(policy: Policy, url: str, *, tenant: str, kind: str) -> None:
    """Refuse an endpoint whose host is, or resolves to, an address the policy does not permit to `tenant`'s
    connection of `kind`, or a name that does not resolve (what it would resolve to later was never checked)."""
    await connect_address(policy.scoped(tenant, kind), *endpoint(url))


async def connect_address(policy: Policy, host: str, port: int) -> str:
    """What a client that cannot take a guarded socket (a database driver) connects to: the name when the
    platform allows it by name, else the one address checked now (so the driver does not resolve it again)."""
    if policy.named(host, port):
        return host
    return await asyncio.to_thread(_permitted_address, policy, host, port)


def pool_manager(policy: Policy, **options) -> urllib3.PoolManager:
    """A urllib3 pool whose every connection resolves its host, checks each address against `policy` and
    connects to the checked address itself (the TLS name stays the host's)."""
    manager = urllib3.PoolManager(timeout=urllib3.Timeout(connect=CONNECT_TIMEOUT, read=READ_TIMEOUT),
                                  **options)
    manager.pool_classes_by_scheme = {"http": _pool(HTTPConnectionPool, HTTPConnection, policy),
                                      "https": _pool(HTTPSConnectionPool, HTTPSConnection, policy)}
    return manager


def _pool(pool_class: type, connection_class: type, policy: Policy) -> type:
    class Guarded(connection_class):
        def _new_conn(self):
            address = _permitted_address(policy, self._dns_host, self.port)
            original, self._dns_host = self._dns_host, address
            try:
                return super()._new_conn()
            finally:
                self._dns_host = original

    return type(f"Guarded{pool_class.__name__}", (pool_class,), {"ConnectionCls": Guarded})


def http_client(policy: Policy, **options) -> httpx.AsyncClient:
    """An httpx client whose every connection goes to an address `policy` permits (checked when connecting).
    Proxies from the environment are not used: the connection is made to the checked address itself."""
    transport = httpx.AsyncHTTPTransport()
    # httpx has no public hook for its connection pool's network backend; the pool itself takes one.
    transport._pool._network_backend = _GuardedBackend(policy)
    return httpx.AsyncClient(transport=transport, **options)


class _GuardedBackend(httpcore.AsyncNetworkBackend):
    def __init__(self, policy: Policy):
        self.policy = policy
        self.backend = httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                          socket_options=None) -> httpcore.AsyncNetworkStream:
        address = await asyncio.to_thread(_permitted_address, self.policy, host, port)
        return await self.backend.connect_tcp(address, port, timeout, local_address, socket_options)

    async def connect_unix_socket(self, path: str, timeout: float | None = None, socket_options=None):
        raise OutboundRefused(path)

    async def sleep(self, seconds: float) -> None:
        await self.backend.sleep(seconds)


def smtp_client(policy: Policy, host: str, port: int, timeout: float) -> smtplib.SMTP:
    """An SMTP connection to an address `policy` permits (checked when connecting); STARTTLS still names and
    verifies the host, not the address."""
    return _GuardedSMTP(policy, host, port, timeout=timeout)


class _GuardedSMTP(smtplib.SMTP):
    def __init__(self, policy: Policy, *args, **kwargs):
        self.policy = policy
        super().__init__(*args, **kwargs)

    def _get_socket(self, host, port, timeout):
        # connect() keeps `host` as self._host, the name starttls() hands TLS as server_hostname
        return super()._get_socket(_permitted_address(self.policy, host, port), port, timeout)


def _permitted_address(policy: Policy, host: str, port: int) -> str:
    """The address to connect to: the host resolved once, every address it has permitted by `policy`."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        raise BusinessError(f"无法解析地址: {host}") from None
    addresses = [ipaddress.ip_address(sockaddr[0]) for *_, sockaddr in infos]
    if not addresses or not all(policy.permits(host, port, address) for address in addresses):
        raise OutboundRefused(host)
    return str(addresses[0])
