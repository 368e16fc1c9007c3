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

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

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
    # its result answers a question on its own (a count, a list): the offline answer cites the corpus only when
    # the question asks what to do, not whatever the search finds for "which devices are offline"
    answers: bool = False
    # what the built-in assistant answers with it, as example questions (zh, en) the screen lists
    examples: tuple[tuple[str, str], ...] = ()

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


# --- what the offline tools share to read a question: its language, the period it names, what it asks -------

CJK = re.compile(r"[\u3400-\u9fff]")
SHIFT_HOURS = 8  # "this shift" without a shift calendar: the last eight hours


def chinese(question: str) -> bool:
    return bool(CJK.search(question))


@dataclass(frozen=True)
class Period:
    key: str  # today, yesterday, shift, week, hours
    start: datetime
    end: datetime
    zh: str
    en: str

    def label(self, zh: bool) -> str:
        return self.zh if zh else self.en


_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
              "十二": 12, "二十四": 24, "四十八": 48, "七十二": 72}
_HOURS = re.compile(r"(?:last|past|近|最近|过去)\s*(\d{1,3}|[一二两三四五六七八九十]+)\s*(?:个)?\s*"
                    r"(?:h\b|hours?|hrs?|小时)", re.I)
_DAYS = re.compile(r"(?:last|past|近|最近|过去)\s*(\d{1,2}|[一二两三四五六七八九十]+)\s*(?:days?|天|日)", re.I)


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() else _ZH_DIGITS.get(text)


def period(question: str, now: datetime | None = None) -> Period | None:
    """The period a question names (today, yesterday, this shift, this week, the last N hours or days), or None."""
    now = now or datetime.now()
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    q = question.casefold()
    if (m := _HOURS.search(q)) and (n := _number(m.group(1))):
        return Period("hours", now - timedelta(hours=n), now, f"近 {n} 小时", f"last {n} h")
    if (m := _DAYS.search(q)) and (n := _number(m.group(1))):
        return Period("days", now - timedelta(days=n), now, f"近 {n} 天", f"last {n} days")
    if re.search(r"this shift|current shift|本班|当班|这个班|这一班|本轮班", q):
        return Period("shift", now - timedelta(hours=SHIFT_HOURS), now, f"本班(近 {SHIFT_HOURS} 小时)",
                      f"this shift (last {SHIFT_HOURS} h)")
    if re.search(r"this week|past week|last 7 days|本周|这周|这一周|一周|近一周|7 ?天|七天", q):
        return Period("week", midnight - timedelta(days=now.weekday()), now, "本周", "this week")
    if re.search(r"yesterday|昨天|昨日", q):
        return Period("yesterday", midnight - timedelta(days=1), midnight, "昨天", "yesterday")
    if re.search(r"today|so far|今天|今日|当天", q):
        return Period("today", midnight, now, "今天", "today")
    if re.search(r"24 ?h|24 hours|一天|24 ?小时", q):
        return Period("hours", now - timedelta(hours=24), now, "近 24 小时", "last 24 h")
    return None


HOW_MANY = re.compile(r"how many|number of|count|多少|几个|几台|几条|几次|数量|总数", re.I)
WHICH = re.compile(r"which|what|list|show|哪些|哪个|哪台|哪几|列出|有没有|是否|有无", re.I)
WHAT_TO_DO = re.compile(r"what (?:should|do|to do|can)|how (?:do|to|should)|procedure|fix|handle|troubleshoot|"
                        r"why|cause|check|怎么(?!样)|如何(?!\s*$)|怎样|处理|处置|规程|办法|措施|原因|为什么|排查|"
                        # a symptom is a question what to do
                        r"too (?:high|low)|leak|noise|过高|过低|偏高|偏低|超温|超压|泄漏|异响|振动高|温度高", re.I)
