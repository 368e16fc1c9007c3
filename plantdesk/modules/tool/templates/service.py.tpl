"""The $module area's rules: what a $code_name_en row must satisfy before it is saved. Queries of the area live
here (tests/test_layers.py); the router stays thin."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.context import Identity
from plantdesk.core.errors import BadRequest
from plantdesk.modules.$module.models import $Model
from plantdesk.modules.$module.schemas import ${Model}Write


async def before_save(db: AsyncSession, user: Identity, row: $Model, body: ${Model}Write, created: bool) -> Any:
    """Text fields are saved without surrounding blanks; a required one left blank is refused."""
$before_save
