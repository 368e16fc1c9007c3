"""The assistant: POST /api/ai/chat in the OpenAI chat shape, answering from the tenant's knowledge base and the
live plant through typed tools (offline by default, or through a tenant's OpenAI-compatible provider)."""


def setup() -> None:
    from plantdesk.modules.ai import tools

    tools.register_builtin()
