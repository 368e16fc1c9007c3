"""Metrics as the alarm lifecycle sees them: the rule snapshot the engine evaluates (the metric is the rule, its
source both device and point, so one record at most is open per source and metric), and the names the result,
trail and detail views show for a metric's records (the source's name, and what the metric measures)."""

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.modules.alarm import engine
from plantdesk.modules.alarm.tracking.models import AlarmMetric, AlarmSource


@dataclass(frozen=True, slots=True)
class Described:
    metric: AlarmMetric
    source_name: str
    subject: str


def subject(metric: AlarmMetric) -> str:
    """What a metric measures, e.g. `production_report · SUM(scrap_qty)`."""
    if metric.aggregate == "LATEST":
        return f"{metric.table_name}.{metric.value_column}"
    inner = "*" if metric.aggregate == "COUNT" else metric.value_column
    return f"{metric.table_name} · {metric.aggregate}({inner})"


async def described(db: AsyncSession, ids: Collection[int]) -> dict[int, Described]:
    """The metrics among these rule ids (removed ones too: their records stay), with their names."""
    if not ids:
        return {}
    rows = (await db.execute(
        select(AlarmMetric, AlarmSource.name).outerjoin(AlarmSource, AlarmSource.id == AlarmMetric.source_id)
        .where(AlarmMetric.id.in_(list(ids))).execution_options(**{tenancy.INCLUDE_DELETED: True}))).all()
    return {m.id: Described(m, name or "", subject(m)) for m, name in rows}


async def snapshots(db: AsyncSession, metrics: Sequence[AlarmMetric], sources: dict[int, str]) -> list[engine.Rule]:
    """The engine's rules for these metrics of the session's tenant (`sources`: id → name); none when the tenant
    turned alarms off."""
    ctx = await engine.context(db)
    out = []
    for m in metrics:
        rule = engine.snapshot(m, ctx, rule_id=m.id, tenant_id=m.tenant_id, device_id=m.source_id,
                               point_id=m.source_id, device_name=sources.get(m.source_id, ""), point_name=subject(m))
        if rule is not None:
            out.append(rule)
    return out


async def rule(db: AsyncSession, rule_id: int) -> engine.Rule | None:
    """A metric's rule by id (the confirmation's notification), None when it is no metric."""
    found = (await described(db, [rule_id])).get(rule_id)
    if found is None:
        return None
    rules = await snapshots(db, [found.metric], {found.metric.source_id: found.source_name})
    return rules[0] if rules else None
