"""The assistant's seams. Typed tools: the live facts the assistant may read, one registry for the offline
assistant and for a provider's function calling.

A tool has a name, a description, a JSON schema of its arguments and an async function taking the caller's
tenant-scoped session, the caller and the arguments. It reads through its module's services (never raw SQL), so
it sees only the caller's tenant, and it names the permission codes it needs: a caller without one of them is
never offered the tool. `match` lets the offline assistant (no model to choose) call it from a question: it
answers the arguments, or None when the question is not about it. A result's `knowledge` (entry ids) names the
entries its facts point to (an alarm's linked procedures): the offline answer cites them before the search's.

An area offers its tools in its declaration (`Area.tools`, core.areas), and the knowledge area its search as the
assistant's corpus (`Area.corpus`): the assistant reads both from here and names no area.
"""

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity

Run = Callable[[AsyncSession, Identity, dict], Awaitable[dict]]
Match = Callable[[AsyncSession, str], Awaitable[list[dict]]]


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict  # JSON schema of the arguments (object)
    run: Run
    codes: tuple[str, ...] = ()  # any one of them lets the caller use the tool; empty: every signed-in user
    match: Match | None = None  # question -> argument sets for the offline assistant
    links: Callable[[dict], list[dict]] = field(default=lambda _: [])  # a result's screens [{title, link}]
    # a result as the offline answer's lines (Chinese when the flag is set); None: its fields as they are
    render: Callable[[dict, bool], list[str]] | None = None

    def openai(self) -> dict:
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}


TOOLS: dict[str, Tool] = {}


def register(tool: Tool) -> None:
    TOOLS[tool.name] = tool


def allowed(user: Identity, granted: frozenset[str]) -> list[Tool]:
    """The tools this caller may use."""
    return [t for t in TOOLS.values() if user.is_administrator or not t.codes or not granted.isdisjoint(t.codes)]


# (session, cache, question, k, first ids) -> citations [{index, id, title, link, snippet}]: the entries `first`
# names, then the best `k` others for the question.
Corpus = Callable[[AsyncSession, Cache, str, int, Sequence[int]], Awaitable[list[dict]]]
_corpus: Corpus | None = None


def use_corpus(corpus: Corpus) -> None:
    global _corpus
    _corpus = corpus


async def retrieve(db: AsyncSession, cache: Cache, question: str, k: int, first: Sequence[int] = ()) -> list[dict]:
    """The citations for a question; none where no area offers a corpus."""
    return await _corpus(db, cache, question, k, first) if _corpus is not None else []
