"""data-point sources' secrets (an MQTT or OPC UA password, an MQTT client key...) sealed at rest, as the other
secrets are (core.secrets); the collectors unseal them (device.collect.specs)

Revision ID: 9e3c5a71d2f4
Revises: 9e3c5a1f7b20
Create Date: 2026-11-27 12:50:00

"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import context, op

from plantdesk.config import Settings
from plantdesk.core import redact, secrets

revision: str = "9e3c5a71d2f4"
down_revision: str | Sequence[str] | None = "9e3c5a1f7b20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PURPOSE = "device.source-secret"  # device.collect.specs.SECRET at the time of this revision


def _rows() -> list[tuple[int, dict]]:
    rows = []
    for id_, text in op.get_bind().execute(sa.text("SELECT id, config FROM data_point_source "
                                                   "WHERE config IS NOT NULL")).all():
        try:
            config = json.loads(text)
        except ValueError:
            continue
        if isinstance(config, dict):
            rows.append((id_, config))
    return rows


def _secrets(config: dict) -> list[str]:
    return [key for key, value in config.items() if redact.sensitive(key) and isinstance(value, str) and value]


def _rewrite(change) -> None:
    server = context.config.attributes.get("settings") or Settings()
    for id_, config in _rows():
        keys = _secrets(config)
        if keys:
            for key in keys:
                config[key] = change(server, config[key])
            op.get_bind().execute(sa.text("UPDATE data_point_source SET config = :config WHERE id = :id"),
                                  {"config": json.dumps(config, ensure_ascii=False, separators=(",", ":")),
                                   "id": id_})


def upgrade() -> None:
    _rewrite(lambda server, value: value if secrets.unseal(server, PURPOSE, value)
             else secrets.seal(server, PURPOSE, value))


def downgrade() -> None:
    _rewrite(lambda server, value: secrets.unseal(server, PURPOSE, value) or value)
