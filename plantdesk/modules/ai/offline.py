"""The offline assistant (no provider): the best entries of the corpus for the question (the knowledge
base's search) and the live facts of every tool whose `match` finds its arguments in the question, composed into
one answer that cites the entries and links to the screens. Answers in Chinese when the question is Chinese."""

import re
from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.assistant import TOOLS, WHAT_TO_DO, Tool, retrieve
from plantdesk.core.cache import Cache
from plantdesk.core.context import Identity

TOP_K = 3
NOTHING_ZH = "知识库中没有找到相关内容,也没有可查询的实时数据。请换个说法,或补充设备位号(如 P-101A)。"
NOTHING_EN = ("Nothing in the knowledge base matches, and no live data applies. Try other words, or name the device "
              "tag (e.g. P-101A).")
_CJK = re.compile(r"[\u3400-\u9fff]")


@dataclass
class Answer:
    content: str
    citations: list[dict] = field(default_factory=list)  # [{index, id, title, link, snippet}]
    facts: list[dict] = field(default_factory=list)  # [{name, arguments, result}]
    links: list[dict] = field(default_factory=list)  # screens [{title, link}]


async def gather(db: AsyncSession, user: Identity, tools: list[Tool], question: str
                 ) -> tuple[list[dict], list[dict], bool]:
    """The facts of every tool whose `match` finds its arguments, their screens, and whether they answer the
    question on their own (each a Tool.answers one)."""
    facts, links, answered = [], [], None
    for tool in tools:
        if tool.match is None:
            continue
        for args in await tool.match(db, question):
            result = await tool.run(db, user, args)
            facts.append({"name": tool.name, "arguments": args, "result": result})
            links += [link for link in tool.links(result) if link not in links]
            answered = tool.answers and answered is not False
    return facts, links, bool(answered)


async def answer(db: AsyncSession, cache: Cache, user: Identity, tools: list[Tool], question: str) -> Answer:
    zh = bool(_CJK.search(question))
    facts, links, answered = await gather(db, user, tools, question)
    pointed = list(dict.fromkeys(int(i) for f in facts if isinstance(f["result"], dict)
                                 for i in f["result"].get("knowledge", ())))
    # A question the facts answer ("which devices are offline") cites what they point to, and searches the corpus
    # only when it also asks what to do; the search's best words for "offline" are no answer.
    k = 0 if answered and not WHAT_TO_DO.search(question) else TOP_K
    citations = await retrieve(db, cache, question, k, first=pointed) if k or pointed else []
    parts: list[str] = []
    if facts:
        parts.append("**实时数据**" if zh else "**Live data**")
        parts += [line for fact in facts for line in render(fact, zh)]
    if citations:
        parts.append("\n**相关规程与知识**" if zh else "\n**Procedures and knowledge**")
        for c in citations:
            parts.append(f"{c['index']}. [{c['title']}]({c['link']}) — {c['snippet']} [{c['index']}]")
    if not parts:
        return Answer(NOTHING_ZH if zh else NOTHING_EN)
    lead = "根据知识库和装置的实时数据:" if zh else "From the knowledge base and the plant's live data:"
    if links:
        parts.append("\n" + ("**相关画面**: " if zh else "**Screens**: ") +
                     ", ".join(f"[{link['title']}]({link['link']})" for link in links))
    return Answer("\n".join([lead, "", *parts]), citations, facts, links)


def render(fact: dict, zh: bool) -> list[str]:
    """A tool result as answer lines: the tool's own rendering, else its fields as they are."""
    result = fact["result"]
    tool = TOOLS.get(fact["name"])
    if tool is not None and tool.render is not None:
        return tool.render(result, zh)
    fields = ", ".join(f"{k}: {v}" for k, v in result.items()) if isinstance(result, dict) else str(result)
    return [f"- {fact['name']}: {fields}"]
