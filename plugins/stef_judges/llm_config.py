"""The options of the LLM judge and the LLM question extractor, checked once, before any call.

Everything here is plain data and the environment: nothing imports litellm or asyncio, so a
configuration mistake is a usage error at start-up, and an offline run never pays for it.

Where calls go, and with which key:

* ``api_base`` (``--api-base``) names an OpenAI-compatible server. A base URL the environment
  sets for the model's provider (``OPENAI_BASE_URL``, ``OPENAI_API_BASE``, generally
  ``<PROVIDER>_API_BASE`` or ``<PROVIDER>_BASE_URL``) is a server named too: litellm would send
  the calls there, so STEF treats it exactly like ``--api-base``.
* A named server gets no key unless ``api_key_env`` (``--api-key-env NAME``) says which
  variable holds one; the provider's own key (``OPENAI_API_KEY`` ...) goes only to the
  provider's default endpoint, where litellm reads it.
* A model name without a provider (``qwen2.5``) sent to a named server is an OpenAI-compatible
  model (``openai/qwen2.5``), which is what every local server (vLLM, llama.cpp's server,
  Ollama's ``/v1``) speaks.

>>> cfg = LlmConfig.from_options({"model": "qwen2.5", "api_base": "http://localhost:8000/v1"},
...                              what="judge", flag="--judge", environ={})
>>> cfg.model, cfg.api_base, cfg.server
('openai/qwen2.5', 'http://localhost:8000/v1', 'http://localhost:8000/v1')
>>> cfg = LlmConfig.from_options({"model": "openai/gpt-4o-mini"}, what="judge", flag="--judge",
...                              environ={"OPENAI_BASE_URL": "http://proxy.internal/v1"})
>>> cfg.api_base, cfg.server
('http://proxy.internal/v1', 'http://proxy.internal/v1 (from OPENAI_BASE_URL)')
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stef_core.errors import StefError

DEFAULT_CONCURRENCY = 8
DEFAULT_TIMEOUT = 60.0
DEFAULT_RETRIES = 4
DEFAULT_BACKOFF = 1.0
#: Output token limit sent with every call: a verdict is a short JSON object, and the limit
#: bounds what a call can cost (the cost cap reserves it).
DEFAULT_MAX_TOKENS = 1024
#: Calls in a row that could not reach the server before the breaker opens: one record's worth
#: of attempts with the default retries.
DEFAULT_BREAKER_THRESHOLD = 5
DEFAULT_BREAKER_COOLDOWN = 30.0

_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}")
_CONVENTIONAL_NAME = re.compile(r"[A-Z_][A-Z0-9_]{0,63}")


def provider_of(model: str) -> str:
    """The provider prefix of a litellm model name (``openai/gpt-4o-mini`` -> ``openai``);
    empty when litellm is left to infer it from a bare name.

    >>> provider_of("openai/gpt-4o-mini"), provider_of("gpt-4o-mini")
    ('openai', '')
    """
    return model.split("/", 1)[0] if "/" in model else ""


def base_url_variables(model: str) -> tuple[str, ...]:
    """The environment variables through which litellm may send ``model``'s calls to another
    server than its provider's default endpoint (a bare name is read as OpenAI's, as litellm
    does for the usual bare names).

    >>> base_url_variables("anthropic/claude-3-5-sonnet")
    ('ANTHROPIC_API_BASE', 'ANTHROPIC_BASE_URL')
    >>> base_url_variables("gpt-4o-mini")
    ('OPENAI_API_BASE', 'OPENAI_BASE_URL')
    """
    provider = re.sub(r"[^A-Z0-9]", "_", (provider_of(model) or "openai").upper())
    return (f"{provider}_API_BASE", f"{provider}_BASE_URL")


def key_from_env(name: Any, what: str, environ: Mapping[str, str] | None = None) -> str:
    """The API key held by the environment variable ``name`` (``--api-key-env``).

    Raises:
        StefError: when ``name`` is not a variable name or the variable is unset or empty.
    """
    env = os.environ if environ is None else environ
    name = str(name).strip()
    if not _ENV_NAME.fullmatch(name):
        # Never echo it: a key pasted here by mistake must not land in logs.
        raise StefError(
            f"llm {what}: --api-key-env takes the name of an environment variable "
            "that holds the key (e.g. --api-key-env OPENAI_API_KEY), not the key"
        )
    value = env.get(name, "").strip()
    if not value:
        if _CONVENTIONAL_NAME.fullmatch(name):
            raise StefError(
                f"llm {what}: --api-key-env {name}: the environment variable "
                f"{name} is not set or is empty"
            )
        # Not an upper-case name: it may be a key pasted by mistake, so it is not repeated.
        raise StefError(
            f"llm {what}: --api-key-env: the environment variable named there is "
            "not set or is empty (give the variable's name, not the key)"
        )
    return value


@dataclass(frozen=True)
class LlmConfig:
    """The options shared by the judge and the extractor (CLI flags arrive as these names)."""

    #: The litellm model name, with its provider (``openai/...`` for a named server).
    model: str
    #: Where calls go: ``--api-base``, or a base URL the environment sets for the provider.
    api_base: str | None = None
    #: The environment variable ``api_base`` came from (None: ``--api-base`` or no server).
    api_base_from: str | None = None
    #: The key to send; from ``api_key`` (Python callers) or ``api_key_env`` (the CLI).
    api_key: str | None = field(default=None, repr=False)
    concurrency: int = DEFAULT_CONCURRENCY
    samples: int = 1
    timeout: float = DEFAULT_TIMEOUT
    retries: int = DEFAULT_RETRIES
    retry_backoff: float = DEFAULT_BACKOFF
    cache_dir: str | None = None
    no_cache: bool = False
    max_cost: float | None = None
    max_tokens: int = DEFAULT_MAX_TOKENS
    breaker_threshold: int = DEFAULT_BREAKER_THRESHOLD
    breaker_cooldown: float = DEFAULT_BREAKER_COOLDOWN

    @classmethod
    def from_options(
        cls,
        options: Mapping[str, Any],
        *,
        what: str,
        flag: str,
        environ: Mapping[str, str] | None = None,
    ) -> LlmConfig:
        """Build from constructor options; unknown options are ignored (other plugins' flags).

        Raises:
            StefError: when the model is missing, a number is out of range or the variable
                named by ``api_key_env`` holds no key.
        """
        env = os.environ if environ is None else environ
        model = str(options.get("model") or "").strip()
        # `cascade:llm:<model>` hands its judge spec to a question extractor built with the
        # judge's options: the model is what follows the judge's name.
        model = model.removeprefix("llm:").strip()
        if not model:
            raise StefError(
                f"the llm {what} needs a model: {flag} llm:<litellm model>, "
                "e.g. llm:openai/gpt-4o-mini"
            )

        def number(name: str, default: float, low: float) -> float:
            value = options.get(name)
            if value is None:
                return default
            if isinstance(value, bool):  # True is not a number of calls
                raise StefError(f"llm {what}: option {name!r} must be a number, found {value!r}")
            try:
                out = float(value)
            except (TypeError, ValueError):
                raise StefError(
                    f"llm {what}: option {name!r} must be a number, found {value!r}"
                ) from None
            if not out >= low:  # NaN fails too
                raise StefError(
                    f"llm {what}: option {name!r} must be at least {low:g}, found {value!r}"
                )
            return out

        api_key = options.get("api_key") or None
        if api_key is None and options.get("api_key_env"):
            api_key = key_from_env(options["api_key_env"], what, env)
        api_base = str(options.get("api_base") or "").strip() or None
        api_base_from = None
        if api_base is None:
            for name in base_url_variables(model):
                if env.get(name, "").strip():
                    api_base, api_base_from = env[name].strip(), name
                    break
        if api_base is not None and not provider_of(model):
            model = f"openai/{model}"  # a named server speaks OpenAI's protocol
        max_cost = options.get("max_cost")
        return cls(
            model=model,
            api_base=api_base,
            api_base_from=api_base_from,
            api_key=api_key,
            concurrency=int(number("concurrency", DEFAULT_CONCURRENCY, 1)),
            samples=int(number("samples", 1, 1)),
            timeout=number("timeout", DEFAULT_TIMEOUT, 0.01),
            retries=int(number("retries", DEFAULT_RETRIES, 0)),
            retry_backoff=number("retry_backoff", DEFAULT_BACKOFF, 0),
            cache_dir=options.get("cache_dir") or None,
            no_cache=bool(options.get("no_cache")),
            max_cost=None if max_cost is None else number("max_cost", 0, 0),
            max_tokens=int(number("max_tokens", DEFAULT_MAX_TOKENS, 16)),
            breaker_threshold=int(number("breaker_threshold", DEFAULT_BREAKER_THRESHOLD, 1)),
            breaker_cooldown=number("breaker_cooldown", DEFAULT_BREAKER_COOLDOWN, 0),
        )

    @property
    def server(self) -> str:
        """Where calls go, for messages."""
        if self.api_base and self.api_base_from:
            return f"{self.api_base} (from {self.api_base_from})"
        return self.api_base or f"the default endpoint of {self.model.split('/')[0]!r}"
