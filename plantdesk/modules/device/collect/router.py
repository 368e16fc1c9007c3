"""/api/device-management/data-point-source: the collectors' side of the sources screen: live status and
counters per source (`status`), the sources of each device for the ledger (`device-sources`), a connection
test with the server's answer (`test`), and the OPC UA address space for the data-point form (`browse`)."""

import asyncio
import time
from typing import Annotated

import orjson
from fastapi import APIRouter, Query

from plantdesk.config import Settings
from plantdesk.core import tenancy
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise, parse_ids
from plantdesk.core.deps import Rt, TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.envelope import status as status_answer
from plantdesk.core.errors import BadRequest, BusinessError
from plantdesk.modules.device.collect import connection, service, specs
from plantdesk.modules.device.collect.schemas import (
    BrowseNode,
    ConnectionAnswer,
    ConnectionTest,
    DeviceSource,
    SourceStatusRead,
    TrustCertificate,
)
from plantdesk.modules.device.models import DataPointSource

VIEW = need(*service.VIEW_CODES)
EDIT = need("datapoint_add", "datapoint_edit")
IdList = Annotated[str | None, Query(max_length=40_000, description="comma-separated ids")]

router = APIRouter(prefix="/device-management/data-point-source", tags=["data-point-source"])


@router.get("/status", response_model=R[list[SourceStatusRead]])
async def source_status(db: TenantDb, rt: Rt, ids: IdList = None, user: Identity = VIEW):
    """Live status of the caller's sources (all of them, or `ids`): state, connected since, values per second,
    last error, rejected values by reason and each device's state. A source nobody collects answers `stopped`."""
    return ok(await service.source_status(db, rt.cache, parse_ids(ids) if ids else None))


@router.get("/device-sources", response_model=R[list[DeviceSource]])
async def device_sources(db: TenantDb, rt: Rt, device_ids: Annotated[IdList, Query(alias="deviceIds")] = None,
                         user: Identity = VIEW):
    """The sources each device's points are read from, with their live state (the device ledger's column); every
    device of the tenant when `deviceIds` is not given."""
    return ok(await service.device_sources(db, rt.cache, parse_ids(device_ids) if device_ids else None))


@router.post("/test", response_model=R[ConnectionAnswer])
async def test_connection(db: TenantDb, rt: Rt, body: ConnectionTest, user: Identity = EDIT):
    """Connect to the source's server with its settings (a saved source by `id`, or `type` and `config` from
    the form before saving) and answer what the server said."""
    spec = await _spec(db, rt.settings, body)
    await connection.check(rt.settings.outbound_policy, spec)  # a malformed one is refused here
    started = time.monotonic()
    certificate = None
    try:
        message, certificate = await asyncio.wait_for(connection.test(spec, rt.settings.data_dir),
                                                      spec.timeout_ms / 1000 + 1)
        success = True
    except (BusinessError, BadRequest):
        raise
    except Exception as exc:
        success, message = False, connection.describe(exc)
        certificate = getattr(exc, "certificate", None)
    return ok({"success": success, "message": message, "elapsed_ms": int((time.monotonic() - started) * 1000),
               "certificate": certificate})


@router.post("/trust", response_model=R[None])
async def trust_certificate(db: TenantDb, body: TrustCertificate, user: Identity = EDIT):
    """Trust an OPC UA source's server certificate by the SHA-256 fingerprint a person has checked (the one the
    connection test or the source's status showed); the collector connects with it from its next reading."""
    from plantdesk.modules.device.collect import opcua

    row = await get_or_raise(db, DataPointSource, body.id)
    if specs.KINDS.get((row.type or "").lower()) != specs.OPCUA:
        raise BadRequest("只有 OPC UA 数据源需要信任服务器证书")
    trusted = opcua.checked_fingerprint(body.fingerprint)
    row.config = orjson.dumps(specs.settings(row.config) | {"trustedCertificate": trusted}).decode()
    return status_answer(True)


@router.get("/browse", response_model=R[list[BrowseNode]])
async def browse(db: TenantDb, rt: Rt, source_id: Annotated[int, Query(alias="sourceId", ge=1, lt=2**63)],
                 node_id: Annotated[str | None, Query(alias="nodeId", max_length=500)] = None,
                 user: Identity = VIEW):
    """The children of an OPC UA node (the Objects folder without `nodeId`) on the source's server."""
    from plantdesk.modules.device.collect import opcua

    row = await get_or_raise(db, DataPointSource, source_id)
    if specs.KINDS.get((row.type or "").lower()) != specs.OPCUA:
        raise BadRequest("只有 OPC UA 数据源可以浏览节点")
    spec = specs.SourceSpec(row.id, row.tenant_id, specs.OPCUA, row.code, row.name,
                            specs.opened(rt.settings, row.config), ())
    config = spec.config
    await connection.check(rt.settings.outbound_policy, spec)
    try:
        nodes = await asyncio.wait_for(opcua.browse(config, node_id, rt.settings.data_dir), spec.timeout_ms / 1000 + 1)
    except (BusinessError, BadRequest):
        raise
    except Exception as exc:
        raise BusinessError(f"浏览失败: {connection.describe(exc)}") from None
    return ok(nodes)


async def _spec(db, server: Settings, body: ConnectionTest) -> specs.SourceSpec:
    stored = None
    if body.id is not None:
        row = await get_or_raise(db, DataPointSource, body.id)
        kind, config, code, name, sid, tenant = (body.type or row.type, body.config if body.config is not None
                                                 else row.config, row.code, row.name, row.id, row.tenant_id)
        stored = row.config
    else:
        kind, config, code, name, sid, tenant = body.type or "", body.config, "", "", 0, tenancy.writing_tenant(db)
    kind = specs.KINDS.get((kind or "").lower(), "")
    if not kind:
        raise BadRequest("只有 MQTT、OPC UA 与 Modbus 数据源可以测试连接")
    if config and config.strip() and not specs.is_object(config):
        raise BadRequest("数据源配置须为 JSON 对象")
    # The form's settings as a save would store them: a secret it leaves empty is the saved source's.
    return specs.SourceSpec(sid, tenant, kind, code, name,
                            specs.opened(server, specs.sealed(server, config, stored)), ())
