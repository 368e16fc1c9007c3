"""Text of the knowledge base: sanitising rich text, its plain text, search tokens and highlighted snippets.

Tokens (industrial.md §10): Latin letters and digits make lower-cased words (a tag like "P-101A" gives
"p", "101a" and the joined "p101a"); CJK text gives its overlapping character bigrams, and a lone CJK character
its unigram. A two-character word such as 签收 is then one token, which FTS5's trigram tokenizer cannot match,
and no segmenter dictionary (jieba) has to be loaded or kept in step between SQLite and PostgreSQL: the same
Python tokens are indexed in `knowledge_term` on both databases and scored by BM25 here.
"""

import html
import re
from collections import Counter

import nh3

# Formatting a procedure needs: headings, lists, tables, links, images, code. No script, style or event handler
# survives (nh3 drops every attribute not listed, `on*` included, and `javascript:` URLs).
TAGS = {"p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "sub", "sup",
        "blockquote", "pre", "code", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "a", "img",
        "span", "div", "mark"}
ATTRIBUTES = {"a": {"href", "title", "target"}, "img": {"src", "alt", "title", "width", "height"},
              "td": {"colspan", "rowspan"}, "th": {"colspan", "rowspan"}, "ol": {"start"}}
MAX_TERM = 64

_WORD = re.compile(r"[0-9a-z]+(?:[-_.][0-9a-z]+)*|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_TAG = re.compile(r"<[^>]+>")
_BLOCK = re.compile(r"</(p|div|li|h[1-6]|tr|blockquote|pre)>|<br\s*/?>", re.I)


def sanitize(content: str | None) -> str:
    if not content:
        return ""
    return nh3.clean(content, tags=TAGS, attributes=ATTRIBUTES, url_schemes={"http", "https", "mailto"},
                     link_rel="noopener noreferrer")


def plain(content: str | None) -> str:
    """The text of sanitised HTML, one line per block (the change log diffs these lines)."""
    text = _BLOCK.sub("\n", content or "")
    text = html.unescape(_TAG.sub("", text))
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def _cjk(ch: str) -> bool:
    return ch >= "\u3400"


def tokens(text: str | None) -> list[str]:
    out: list[str] = []
    for match in _WORD.finditer((text or "").casefold()):
        run = match.group()
        if _cjk(run[0]):
            out += [run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)]
            continue
        parts = re.split(r"[-_.]", run)
        out += parts
        if len(parts) > 1:
            out.append("".join(parts))
    return [t[:MAX_TERM] for t in out]


# Question words carry no topic: a question ("what should I do about ...?") must not match every entry that
# says "what" or "do". Only queries drop them; the index keeps every token.
STOP = frozenset({
    "a", "an", "and", "are", "about", "at", "be", "by", "can", "do", "does", "for", "how", "i", "in", "is", "it",
    "me", "my", "of", "on", "or", "should", "the", "this", "to", "what", "when", "where", "which", "who", "why",
    "with", "怎么", "么办", "什么", "如何", "我该", "该怎", "怎样", "请问", "一下", "吗"})


def query_tokens(text: str) -> list[str]:
    """A query's distinct tokens without question words (unless nothing else is left); a lone CJK character is
    matched inside the bigrams holding it (the service's prefix/suffix match)."""
    found = list(dict.fromkeys(tokens(text)))
    return [t for t in found if t not in STOP] or found


def counts(*texts: str | None) -> Counter[str]:
    return Counter(t for text in texts for t in tokens(text))


def snippet(text: str, query: str, *, width: int = 120) -> str:
    """A window of `text` around the first query hit, HTML-escaped, hits wrapped in <mark>."""
    needles = _needles(query)
    lowered = text.casefold()
    first = min((i for i in (lowered.find(n) for n in needles) if i >= 0), default=0)
    start = max(0, first - width // 3)
    piece = text[start:start + width]
    marked = highlight(piece, query)
    return ("…" if start else "") + marked + ("…" if start + width < len(text) else "")


def highlight(text: str, query: str) -> str:
    needles = _needles(query)
    if not needles:
        return html.escape(text)
    pattern = re.compile("|".join(re.escape(n) for n in sorted(needles, key=len, reverse=True)), re.I)
    out, last = [], 0
    for match in pattern.finditer(text):
        out += [html.escape(text[last:match.start()]), f"<mark>{html.escape(match.group())}</mark>"]
        last = match.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


def _needles(query: str) -> list[str]:
    """What to mark: the query's Latin words and its CJK runs (whole, as typed)."""
    return [m.group() for m in _WORD.finditer(query.casefold()) if len(m.group()) > 0]
