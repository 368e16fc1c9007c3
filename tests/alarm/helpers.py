"""What the alarm tests share: a device with one point `V`, a group whose recipient is the demo user, a rule on the
point, values ingested over HTTP at chosen times, and the rule's results."""

import time

from tests.device.monitor_helpers import make_device
from tests.helpers import Api

ALARM = "/api/alarm"
TELEMETRY = "/api/device-management/telemetry"


def now_ms() -> int:
    return int(time.time() * 1000) // 1000 * 1000


class Plant:
    """One device of the demo tenant with a point `V`, and the rules made on it."""

    def __init__(self, app, api: Api, recipient: Api, unique: str):
        self.app, self.api, self.recipient, self.unique = app, api, recipient, unique
        self.code = f"AL-{unique}"
        self.device: dict = {}
        self.group_id: str = ""

    async def setup(self) -> "Plant":
        self.device = await make_device(self.app, self.api.tenant_id, self.code, [{"code": "V"}])
        group = await self.api.data("POST", f"{ALARM}/group/saveAndUpdate", json={
            "name": f"group {self.unique}", "userIds": str(self.recipient.user_id),
            "notifyOn": "raise,clear,affirm"})
        self.group_id = group["id"]
        return self

    async def rule(self, **fields) -> dict:
        body = {"name": f"rule {self.unique} {fields.get('kind', 'THRESHOLD')} {fields.get('mode', 'SIMPLE')}",
                "pointId": str(self.device["points"]["V"]), "groupId": self.group_id, "kind": "THRESHOLD",
                "operator": "gt", "mode": "SIMPLE"} | fields
        return await self.api.data("POST", f"{ALARM}/event/add", json=body)

    async def send(self, *values: tuple[int, float]) -> None:
        """(ts, value) pairs, one request each (as a device sends them, one after another)."""
        for ts, value in values:
            answer = await self.api.data("POST", TELEMETRY, json={"deviceCode": self.code, "ts": ts,
                                                                   "values": {"V": value}})
            assert answer["accepted"] == 1, answer

    async def results(self, rule: dict) -> list[dict]:
        page = await self.api.data("GET", f"{ALARM}/result/page", eventId=rule["id"], size=100)
        return page["records"]
