"""Wire shapes of /api/blade-desk/home."""

from pydantic import Field

from plantdesk.core.envelope import Schema


class HomeCard(Schema):
    key: str = Field(min_length=1, max_length=32)
    hidden: bool = False


class HomeLayoutRead(Schema):
    """The caller's cards in order; `profile` is the role's layout they start from (operator, manager,
    administrator), `custom` whether the caller changed it."""

    profile: str
    custom: bool
    cards: list[HomeCard]


class HomeLayoutWrite(Schema):
    """The cards in the caller's order; an empty list goes back to the role's default."""

    cards: list[HomeCard] = Field(default_factory=list, max_length=20)
