"""SMS providers behind one interface. The default ("log", category 5) records each message in
plantdesk_sms_log and sends nothing; a deployment that signs a contract registers its provider here."""

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.errors import BusinessError
from plantdesk.modules.resource.models import Sms, SmsLog

LOG_CATEGORY = 5


class SmsProvider(Protocol):
    async def send(self, db: AsyncSession, config: Sms, phones: Sequence[str], params: str) -> None: ...


class LogProvider:
    async def send(self, db: AsyncSession, config: Sms, phones: Sequence[str], params: str) -> None:
        db.add(SmsLog(sms_code=config.sms_code, template_id=config.template_id, phones=",".join(phones),
                      params=params, send_time=datetime.now().replace(microsecond=0)))
        await db.flush()


PROVIDERS: dict[int, SmsProvider] = {LOG_CATEGORY: LogProvider()}


def register(category: int, provider: SmsProvider) -> None:
    PROVIDERS[category] = provider


def provider_for(category: int) -> SmsProvider:
    provider = PROVIDERS.get(category)
    if provider is None:
        raise BusinessError("短信服务商未接入")
    return provider
