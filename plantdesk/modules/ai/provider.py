"""An OpenAI-compatible endpoint (`{base}/chat/completions`: OpenAI, Ollama, vLLM, llama.cpp, LM Studio, ...),
always called streamed. The retrieved knowledge goes into the system prompt with numbered citations; the caller's
tools are offered for function calling, run here against the caller's tenant, and their results sent back until
the model answers in text (at most ROUNDS rounds)."""

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import httpx

from plantdesk.core import outbound
from plantdesk.core.assistant import Tool
from plantdesk.core.errors import BusinessError

ROUNDS = 4
RunTool = Callable[[Tool, dict], Awaitable[dict]]


@dataclass(frozen=True)
class Endpoint:
    base_url: str
    api_key: str | None
    model: str
    temperature: float = 0.2
    max_tokens: int = 1024
    timeout_seconds: int = 120


class ProviderError(Exception):
    pass


def system_prompt(citations: list[dict], zh: bool) -> str:
    sources = "\n\n".join(f"[{c['index']}] {c['title']} ({c['link']})\n{c['snippet']}" for c in citations)
    rules = ("你是工厂运维助手。只根据下列知识库摘录和工具返回的实时数据回答;引用知识时用 [编号] 标注;"
             "不知道就说不知道。" if zh else
             "You are a plant operations assistant. Answer only from the knowledge excerpts below and from the "
             "live data the tools return; cite excerpts as [n]; say so when you do not know.")
    return f"{rules}\n\n{sources}" if sources else rules


async def stream(endpoint: Endpoint, policy: outbound.Policy, messages: list[dict], tools: list[Tool],
                 run_tool: RunTool) -> AsyncIterator[str]:
    """The answer's text as it arrives; tool calls are answered in between. Every connection goes to an address
    the outbound rule permits, checked as it connects (core.outbound)."""
    by_name = {t.name: t for t in tools}
    headers = {"Authorization": f"Bearer {endpoint.api_key}"} if endpoint.api_key else {}
    timeout = httpx.Timeout(endpoint.timeout_seconds, connect=outbound.CONNECT_TIMEOUT)
    messages = list(messages)
    async with outbound.http_client(policy, timeout=timeout, headers=headers, follow_redirects=False) as http:
        for _ in range(ROUNDS):
            body: dict = {"model": endpoint.model, "messages": messages, "stream": True,
                          "temperature": endpoint.temperature, "max_tokens": endpoint.max_tokens}
            if tools:
                body["tools"] = [t.openai() for t in tools]
            calls: dict[int, dict] = {}
            async for delta in _chunks(http, endpoint.base_url.rstrip("/") + "/chat/completions", body):
                if delta.get("content"):
                    yield delta["content"]
                for call in delta.get("tool_calls") or []:
                    slot = calls.setdefault(call.get("index", 0), {"id": "", "name": "", "arguments": ""})
                    slot["id"] = call.get("id") or slot["id"]
                    function = call.get("function") or {}
                    slot["name"] += function.get("name") or ""
                    slot["arguments"] += function.get("arguments") or ""
            if not calls:
                return
            ordered = [calls[i] for i in sorted(calls)]
            messages.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
                for c in ordered]})
            for call in ordered:
                tool = by_name.get(call["name"])
                try:
                    args = json.loads(call["arguments"] or "{}")
                except ValueError:
                    args = None
                result = ({"error": f"unknown tool {call['name']}"} if tool is None else
                          {"error": "arguments are not a JSON object"} if not isinstance(args, dict) else
                          await run_tool(tool, args))
                messages.append({"role": "tool", "tool_call_id": call["id"],
                                 "content": json.dumps(result, ensure_ascii=False, default=str)})
    yield "\n\n(…)"  # the model kept calling tools: what it said so far stands


async def _chunks(http: httpx.AsyncClient, url: str, body: dict) -> AsyncIterator[dict]:
    """The `choices[0].delta` of each SSE `data:` line until `[DONE]`."""
    try:
        async with http.stream("POST", url, json=body) as response:
            if response.status_code != 200:
                detail = (await response.aread())[:300].decode(errors="replace")
                raise ProviderError(f"模型服务返回 {response.status_code}: {detail}")
            async for line in response.aiter_lines():
                if not line.startswith("data:"):
                    continue
                data = line[5:].strip()
                if data == "[DONE]":
                    return
                try:
                    choices = json.loads(data).get("choices") or [{}]
                except ValueError:
                    continue
                yield choices[0].get("delta") or {}
    except httpx.HTTPError as exc:
        raise ProviderError(f"模型服务连接失败: {type(exc).__name__}") from exc
    except BusinessError as exc:  # the address is refused or does not resolve
        raise ProviderError(exc.msg) from exc
