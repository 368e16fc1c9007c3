from pydantic import Field

from plantdesk.core.envelope import Id, Schema


class Rejected(Schema):
    reason: str
    message: str
    count: int


class Certificate(Schema):
    fingerprint: str  # SHA-256, colon-separated hex
    subject: str
    not_after: int  # epoch ms


class SourceStatusRead(Schema):
    source_id: Id
    code: str
    name: str
    type: str
    state: str  # online, connecting, offline, stopped (not collected: disabled, not a collected type, or no owner)
    owner: str | None = None
    connected_since: int | None = None
    values_per_second: float = 0.0
    values: int = 0
    last_value_time: int | None = None
    last_error: str | None = None
    last_error_time: int | None = None
    rejected: list[Rejected] = []
    device_states: dict[str, str] = {}  # device code → online / offline
    untrusted_certificate: Certificate | None = None  # an OPC UA server certificate the source refused
    points: int = 0


class DeviceSource(Schema):
    device_id: Id
    source_id: Id
    code: str
    name: str
    type: str
    state: str


class ConnectionTest(Schema):
    id: Id | None = None  # a saved source: its settings, or with `config` the secrets that leaves empty
    type: str | None = None
    config: str | None = None


class ConnectionAnswer(Schema):
    success: bool
    message: str
    elapsed_ms: int
    certificate: Certificate | None = None  # a secured OPC UA server's (trusted when success)


class TrustCertificate(Schema):
    id: Id
    fingerprint: str = Field(max_length=200)


class BrowseNode(Schema):
    node_id: str
    browse_name: str
    display_name: str
    node_class: str
    value: str | float | bool | None = None
    data_type: str | None = None
