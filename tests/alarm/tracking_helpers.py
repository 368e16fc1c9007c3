"""What the alarm tracking tests share: a throw-away MariaDB database (written by the dedicated `plantdesk_mes`
account, read by the read-only `plantdesk_reader` one: docs/decisions.md "Alarm tracking"), a throw-away
PostgreSQL database, and the loopback ports core.outbound must let the test server reach."""

import contextlib
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit

import pytest

# The machine's MariaDB and PostgreSQL: accounts created once as root (docs/decisions.md), overridable.
MYSQL_URL = os.environ.get("PLANTDESK_TEST_MYSQL_URL", "mysql://plantdesk_mes:plantdesk_mes@127.0.0.1:3306")
MYSQL_READER = os.environ.get("PLANTDESK_TEST_MYSQL_READER", "plantdesk_reader:plantdesk-read-only")
PG_URL = os.environ.get("PLANTDESK_TEST_PG_SOURCE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
TRACKING = "/api/alarm"

PRODUCTION = """CREATE TABLE production_report (
    id BIGINT AUTO_INCREMENT PRIMARY KEY,
    line VARCHAR(16) NOT NULL,
    product VARCHAR(64) NOT NULL,
    good_qty INT NOT NULL,
    scrap_qty INT NOT NULL,
    cycle_time_s DECIMAL(8, 2),
    reported_at DATETIME NOT NULL)"""


@dataclass
class Database:
    """A database made for one test session; `execute` writes to it with the owner's account."""

    kind: str
    host: str
    port: int
    name: str
    username: str
    password: str
    connect: object

    def source(self, **fields) -> dict:
        return {"name": f"{self.kind} {self.name}", "system": "MES", "dbType": self.kind, "host": self.host,
                "port": self.port, "database": self.name, "username": self.username,
                "password": self.password} | fields

    async def execute(self, sql: str, *args) -> None:
        connection = await self.connect()
        try:
            if self.kind == "mysql":
                async with connection.cursor() as cursor:
                    await cursor.execute(sql, args or None)
                await connection.commit()
            else:
                await connection.execute(sql, *args)
        finally:
            await (connection.ensure_closed() if self.kind == "mysql" else connection.close())


def ago(seconds: float) -> datetime:
    return (datetime.now() - timedelta(seconds=seconds)).replace(microsecond=0)


@contextlib.asynccontextmanager
async def mariadb(unique: str) -> AsyncIterator[Database]:
    import asyncmy

    parts = urlsplit(MYSQL_URL)
    name = f"plantdesk_mes_t{unique}"
    owner = {"host": parts.hostname, "port": parts.port or 3306, "user": parts.username,
             "password": parts.password or ""}
    try:
        admin = await asyncmy.connect(**owner, connect_timeout=2)
    except Exception as exc:  # noqa: BLE001  (whatever the driver says: no MariaDB here)
        pytest.skip(f"MariaDB does not answer at {parts.hostname}:{parts.port} as {parts.username}: {exc!r}")
    async with admin.cursor() as cursor:
        await cursor.execute(f"CREATE DATABASE {name} CHARACTER SET utf8mb4")
    reader, _, secret = MYSQL_READER.partition(":")

    async def connect():
        return await asyncmy.connect(**owner, database=name)

    try:
        yield Database("mysql", parts.hostname or "", parts.port or 3306, name, reader, secret, connect)
    finally:
        async with admin.cursor() as cursor:
            await cursor.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.ensure_closed()


@contextlib.asynccontextmanager
async def postgres(unique: str) -> AsyncIterator[Database]:
    import asyncpg

    parts = urlsplit(PG_URL)
    name = f"test_h1_tracking_{unique}"
    try:
        admin = await asyncpg.connect(PG_URL, timeout=2)
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"PostgreSQL does not answer at {parts.hostname}:{parts.port}: {exc!r}")
    await admin.execute(f"CREATE DATABASE {name}")

    async def connect():
        return await asyncpg.connect(PG_URL.rsplit("/", 1)[0] + f"/{name}")

    try:
        yield Database("postgresql", parts.hostname or "", parts.port or 5432, name, parts.username or "",
                       parts.password or "", connect)
    finally:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


@contextlib.contextmanager
def reachable(settings, *hosts: str):
    """Let core.outbound pass these loopback endpoints for the test (the tests' own databases)."""
    before = settings.outbound_allow
    settings.outbound_allow = ",".join([before, *hosts])
    try:
        yield
    finally:
        settings.outbound_allow = before
