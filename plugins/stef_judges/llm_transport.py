"""How one chat completion travels: straight to an OpenAI-compatible server, or through litellm.

A server named with ``--api-base`` (or a base URL from the environment) speaks OpenAI's chat
completions protocol: vLLM, llama.cpp's server, Ollama's ``/v1``, LiteLLM's proxy, gateways.
STEF posts to it directly with aiohttp, one pooled session per client: litellm spends about
20 times more CPU per call than the HTTP exchange itself (8 ms against 0.4 ms on the
benchmark machine), which at 64 calls in flight is the difference between waiting for the
server and waiting for the client. Every other model (a provider's own endpoint: OpenAI,
Anthropic, Bedrock ...) goes through litellm, which knows each provider's protocol.

Both transports answer the same :class:`Completion` and raise exceptions the call loop reads
the same way: an HTTP error carries ``status_code`` (:class:`HttpStatusError` here, litellm's
exceptions there), and a server that cannot be reached is told by the cause chain
(:func:`stef_judges.llm_breaker.unreachable`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from stef_judges.llm_config import LlmConfig, provider_of

#: The key sent to a named server when the user named none: local servers ignore it, and some
#: OpenAI-compatible servers refuse a request without an Authorization header at all.
PLACEHOLDER_KEY = "no-key"


@dataclass(frozen=True)
class Completion:
    """One reply: its text, the tokens the server reported, and its price when known."""

    content: str | None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    #: USD as litellm priced the reply; None: not priced here (the call loop prices it).
    cost_usd: float | None = None


class HttpStatusError(Exception):
    """The server answered with an HTTP error status."""

    def __init__(self, status_code: int, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.message = message


def direct(config: LlmConfig) -> bool:
    """Whether calls go straight to an OpenAI-compatible server (``openai/<model>`` with a
    named server) rather than through litellm.

    >>> direct(LlmConfig(model="openai/qwen2.5", api_base="http://localhost:8000/v1"))
    True
    >>> direct(LlmConfig(model="openai/gpt-4o-mini")), direct(LlmConfig(model="ollama/llama3"))
    (False, False)
    """
    return bool(config.api_base) and provider_of(config.model) == "openai"


def _error_text(body: bytes) -> str:
    """What an error reply says: OpenAI's ``{"error": {"message": ...}}``, else its text."""
    text = body.decode("utf-8", "replace").strip()
    try:
        data = json.loads(text)
    except ValueError:
        return text[:500] or "(empty reply)"
    error = data.get("error") if isinstance(data, dict) else None
    if isinstance(error, dict) and error.get("message"):
        return str(error["message"])[:500]
    if isinstance(error, str) and error:
        return error[:500]
    return text[:500]


class OpenAICompatible:
    """Chat completions posted to ``{api_base}/chat/completions`` with aiohttp.

    The session (a connection pool as large as the concurrency, kept alive across batches) is
    made on the event loop's thread at the first call and closed with :meth:`close`.
    """

    def __init__(self, config: LlmConfig) -> None:
        self.config = config
        self.url = config.api_base.rstrip("/") + "/chat/completions"  # type: ignore[union-attr]
        self.model = config.model.split("/", 1)[1]  # the server's own name for it
        key = config.api_key or PLACEHOLDER_KEY
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        self._session: Any = None

    def _open(self) -> Any:
        import aiohttp

        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self.config.concurrency, ttl_dns_cache=300)
            # trust_env: HTTP(S)_PROXY and NO_PROXY apply as they do for every HTTP client.
            self._session = aiohttp.ClientSession(connector=connector, trust_env=True)
        return self._session

    async def complete(self, messages: list[dict[str, str]], temperature: float) -> Completion:
        import aiohttp

        body = json.dumps(
            {
                "model": self.model,
                "messages": messages,
                "temperature": temperature,
                "max_tokens": self.config.max_tokens,
            }
        )
        timeout = aiohttp.ClientTimeout(total=self.config.timeout)
        async with self._open().post(
            self.url, data=body, headers=self.headers, timeout=timeout
        ) as response:
            raw = await response.read()
            if response.status >= 400:
                raise HttpStatusError(response.status, _error_text(raw))
        try:
            data = json.loads(raw)
        except ValueError:
            raise HttpStatusError(
                502, f"the server's reply is not JSON: {_error_text(raw)[:200]}"
            ) from None
        if not isinstance(data, dict):
            raise HttpStatusError(502, "the server's reply is not a JSON object")
        content = None
        choices = data.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            message = choices[0].get("message")
            if isinstance(message, dict) and isinstance(message.get("content"), str):
                content = message["content"]
        usage = data.get("usage")
        if not isinstance(usage, dict):
            usage = {}
        return Completion(
            content, _count(usage.get("prompt_tokens")), _count(usage.get("completion_tokens"))
        )

    async def close(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


class ThroughLitellm:
    """Chat completions through ``litellm.acompletion`` (any provider litellm knows)."""

    def __init__(self, config: LlmConfig, litellm: Any) -> None:
        self.config = config
        self.litellm = litellm

    def request(self, messages: list[dict[str, str]], temperature: float) -> dict[str, Any]:
        """The keyword arguments of one ``litellm.acompletion`` call."""
        cfg = self.config
        kwargs: dict[str, Any] = {
            "model": cfg.model,
            "messages": messages,
            "temperature": temperature,
            "max_tokens": cfg.max_tokens,
            "timeout": cfg.timeout,
            # Retries are the call loop's: the SDKs' own would multiply them and hide the count.
            "max_retries": 0,
            "num_retries": 0,
        }
        if cfg.api_base:
            kwargs["api_base"] = cfg.api_base
        if cfg.api_key:
            kwargs["api_key"] = cfg.api_key
        elif cfg.api_base:
            # A server the user named gets no key unless they said which one
            # (--api-key-env): without an explicit key litellm would send the provider's own
            # (OPENAI_API_KEY ...) to it.
            kwargs["api_key"] = PLACEHOLDER_KEY
        return kwargs

    async def complete(self, messages: list[dict[str, str]], temperature: float) -> Completion:
        import asyncio

        # The SDK's timeout covers the HTTP exchange; this one also covers anything litellm
        # does around it.
        response = await asyncio.wait_for(
            self.litellm.acompletion(**self.request(messages, temperature)),
            timeout=self.config.timeout * 2 + 1,
        )
        try:
            content = response.choices[0].message.content
        except (AttributeError, IndexError):
            content = None
        u = getattr(response, "usage", None)
        hidden = getattr(response, "_hidden_params", None)
        cost = hidden.get("response_cost") if isinstance(hidden, dict) else None
        if not isinstance(cost, (int, float)) or isinstance(cost, bool) or not cost >= 0:
            cost = None
        return Completion(
            content if isinstance(content, str) else None,
            _count(getattr(u, "prompt_tokens", 0)),
            _count(getattr(u, "completion_tokens", 0)),
            None if cost is None else float(cost),
        )

    async def close(self) -> None:
        """litellm keeps its own pooled clients for the process."""
