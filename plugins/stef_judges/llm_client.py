"""The call loop of the LLM judge and extractor: one validated JSON reply per call.

This is the only module of STEF that imports litellm, and it does so lazily, on the first call
that really goes to a model: a user without the ``llm`` extra must still be able to run the
offline judge, and a re-run served from the cache never pays litellm's import (seconds).

What a call goes through, in order (each piece in its own module):

* the cache (:mod:`stef_judges.llm_cache`): a hit answers at once, without litellm;
* the calls in flight: the same request made again before its reply came back (the next
  batch is started while this one's calls are out) waits for that reply, as the cache would
  have answered it once the reply was in; it calls for itself only if that call fails;
* a configuration check, once per client, before the first call: a model litellm cannot place
  with a provider, or a provider's endpoint without its key, fails every record at once with a
  message that says what to write, never retried and never blamed on the server;
* the concurrency limit (``concurrency`` calls in flight);
* the circuit breaker (:mod:`stef_judges.llm_breaker`): a server that cannot be reached is
  found once, not paid for on every record;
* the cost cap (:mod:`stef_judges.llm_budget`): each call reserves its worst case first;
* retries with exponential backoff and jitter on 429, 5xx, connection errors and timeouts, and
  a per-call timeout;
* validation: a reply that is not the JSON object asked for, or that its caller's check
  rejects (a label that contradicts its probability), gets one repair turn; after that a
  :class:`JudgeError`.

Options and where keys go are :mod:`stef_judges.llm_config`'s; the event loop is
:mod:`stef_judges.llm_loop`'s. Ctrl-C cancels the calls in flight and lets the caller keep
what came back.

>>> _validate('{"p_correct": 0.9}', _Probe, None)
(_Probe(p_correct=0.9), '', '')
>>> _validate('no json', _Probe, None)[1]
'the reply holds no JSON object'
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import random
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from stef_core.errors import JudgeError, StefError
from stef_core.models import Usage
from stef_judges.llm_breaker import Breaker, BreakerOpen, unreachable
from stef_judges.llm_budget import Budget, NoPrice, Tally, worst_case_cost
from stef_judges.llm_cache import Cache, cache_key
from stef_judges.llm_config import LlmConfig
from stef_judges.llm_loop import Running, shared_loop
from stef_judges.llm_prompt import CONTRADICTION_MESSAGE, REPAIR_MESSAGE, json_object
from stef_judges.llm_transport import Completion, OpenAICompatible, ThroughLitellm, direct

MISSING_EXTRA = "the llm judge needs the 'llm' extra: pip install 'stef[llm]'"

#: Temperature of samples after the first: enough spread for self-consistency to mean
#: something, low enough that the model stays on task.
SAMPLE_TEMPERATURE = 0.7

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)


class _Probe(BaseModel):
    """A reply schema for the examples above."""

    p_correct: float


def import_litellm() -> Any:
    """Import litellm without letting it touch the network; StefError when it is missing."""
    # litellm downloads a model price map on import unless told to use its bundled copy: STEF
    # talks to nothing but the judge it was told to use.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    try:
        import litellm
    except ImportError:
        raise StefError(MISSING_EXTRA) from None
    # litellm prints "Give Feedback / Get Help" banners on errors; STEF reports errors itself.
    litellm.suppress_debug_info = True
    return litellm


def require_extra() -> None:
    """StefError unless litellm and aiohttp are installed; imports neither (litellm takes
    seconds to import, and a re-run served from the cache never needs it)."""
    for name in ("litellm", "aiohttp"):
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            raise StefError(MISSING_EXTRA)


def configuration_problem(litellm: Any, config: LlmConfig) -> str | None:
    """What in ``config`` makes every call fail before it reaches a server, or None.

    Two mistakes are found here rather than by a call: a model name litellm cannot place with
    a provider (it would answer "LLM Provider NOT provided" as an HTTP 400), and a provider's
    default endpoint without its key (an HTTP 500 "Missing credentials", retried). Both are
    the user's configuration, so they are said as such, at once, for every record.
    """
    model = config.model
    try:
        litellm.get_llm_provider(model=model, api_base=config.api_base)
    except Exception:
        return (
            f"configuration: litellm cannot tell which provider serves the model "
            f"{model!r}; for an OpenAI-compatible server (vLLM, llama.cpp, Ollama's /v1, "
            f"a proxy) write llm:openai/{model} with --api-base URL, otherwise "
            "llm:<provider>/<model> (e.g. llm:anthropic/<model>)"
        )
    if config.api_base is None and config.api_key is None:
        try:
            missing = litellm.validate_environment(model=model).get("missing_keys") or []
        except Exception:
            missing = []
        keys = [k for k in missing if isinstance(k, str) and k.endswith("_KEY")]
        if keys:
            return (
                f"configuration: the default endpoint of {model.split('/')[0]!r} needs a "
                f"key and {keys[0]} is not set; set it, or name the variable that holds "
                "the key with --api-key-env NAME (a local server: --api-base URL)"
            )
    return None


class LlmClient:
    """Calls one model for validated JSON replies. Every public coroutine raises only
    :class:`JudgeError` (with ``usage`` set to what the failed reply cost)."""

    def __init__(self, config: LlmConfig, *, prefix: str = "judge") -> None:
        require_extra()
        self._litellm: Any = None
        self.config = config
        self.prefix = prefix
        self.cache: Cache | None = None if config.no_cache else Cache.open(config.cache_dir)
        self.budget = Budget(limit=config.max_cost)
        self.breaker = Breaker(threshold=config.breaker_threshold, cooldown=config.breaker_cooldown)
        self._loop = shared_loop()
        self._semaphore: asyncio.Semaphore | None = None
        #: The calls in flight by cache key: their reply once it came back, None if it failed.
        self._in_flight: dict[str, asyncio.Future[Any]] = {}
        #: A problem that fails every further call the same way (a configuration mistake, no
        #: price for the cost cap).
        self._fatal: str | None = None
        self._checked = False
        self._unpriced = False
        self._transport: OpenAICompatible | ThroughLitellm | None = None

    @property
    def litellm(self) -> Any:
        """litellm, imported on the first real call."""
        if self._litellm is None:
            self._litellm = import_litellm()
        return self._litellm

    # ---- sync entry ----------------------------------------------------------------------

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the client's loop and wait for it (Ctrl-C cancels it)."""
        return self._loop.run(coro)

    def start(self, coro: Coroutine[Any, Any, T]) -> Running[T]:
        """Start a coroutine on the client's loop; wait for it later (``result()``)."""
        return self._loop.start(coro)

    def close(self) -> None:
        # The loop is shared and outlives this client (stef_judges.llm_loop); the cache and
        # the transport's connections are ours.
        if self._transport is not None:
            transport, self._transport = self._transport, None
            with contextlib.suppress(Exception):  # shutting down: nothing useful to report
                self._loop.run(transport.close())
        if self.cache is not None:
            self.cache.close()
            self.cache = None

    # ---- one validated reply -------------------------------------------------------------

    async def ask(
        self,
        messages: list[dict[str, str]],
        schema: type[M],
        *,
        prompt_version: str,
        sample: int = 0,
        rules_hash: str = "",
        check: Callable[[M], str | None] | None = None,
    ) -> tuple[M, Usage]:
        """One reply validated against ``schema`` (and ``check``), from the cache or the model.

        ``check`` returns why a well-formed reply is still unusable (its label contradicts its
        probability); such a reply gets the repair turn too.

        Raises:
            JudgeError: the call failed after retries, the reply stayed unusable after one
                repair turn, the cost cap left no room for the call, or the breaker is open.
        """
        temperature = 0.0 if sample == 0 else SAMPLE_TEMPERATURE
        key = cache_key(
            model=self.config.model,
            prompt_version=prompt_version,
            messages=messages,
            api_base=self.config.api_base,
            rules_hash=rules_hash,
            sampling={
                "sample": sample,
                "temperature": temperature,
                "max_tokens": self.config.max_tokens,
            },
        )
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                try:
                    return schema.model_validate(hit[0]), Usage(cached=True)
                except ValidationError:
                    pass  # a row from an incompatible build: call again
        waiting = self._in_flight.get(key)
        if waiting is not None:
            answer = await asyncio.shield(waiting)
            if answer is not None:  # as the cache answers it once the first call is in
                return answer, Usage(cached=True)
        mine: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._in_flight[key] = mine
        try:
            reply, usage = await self._call(messages, schema, temperature, check)
            mine.set_result(reply)
        finally:
            if not mine.done():  # failed or cancelled: those waiting call for themselves
                mine.set_result(None)
            if self._in_flight.get(key) is mine:
                del self._in_flight[key]
        if self.cache is not None:
            self.cache.put(key, reply.model_dump(mode="json"), usage.model_dump())
        return reply, usage

    async def _call(
        self,
        messages: list[dict[str, str]],
        schema: type[M],
        temperature: float,
        check: Callable[[M], str | None] | None,
    ) -> tuple[M, Usage]:
        """One validated reply from the model, and what it cost (see :meth:`ask`)."""
        tally = Tally()
        try:
            if not self._checked:
                # Once, before the first call (never for a run the cache answers): a mistake
                # in the configuration fails every record the same way, without a call. A
                # named OpenAI-compatible server needs no provider and no provider key.
                self._checked = True
                if not direct(self.config):
                    self._fatal = self._fatal or configuration_problem(self.litellm, self.config)
            if self._fatal is not None:
                raise JudgeError(f"{self.prefix}: {self._fatal}")
            if self._semaphore is None:
                self._semaphore = asyncio.Semaphore(self.config.concurrency)
            async with self._semaphore:
                reply = await self._reply(messages, schema, temperature, tally, check)
        except JudgeError as exc:
            raise JudgeError(str(exc), usage=tally.usage()) from None
        return reply, tally.usage()

    async def _reply(
        self,
        messages: list[dict[str, str]],
        schema: type[M],
        temperature: float,
        tally: Tally,
        check: Callable[[M], str | None] | None,
    ) -> M:
        """A validated reply, with at most one repair turn."""
        content = await self._complete(messages, temperature, tally)
        reply, problem, template = _validate(content, schema, check)
        if reply is not None:
            return reply
        repair = [
            *messages,
            {"role": "assistant", "content": content or ""},
            {"role": "user", "content": template.format(error=problem)},
        ]
        content = await self._complete(repair, temperature, tally)
        reply, problem2, template2 = _validate(content, schema, check)
        if reply is not None:
            return reply
        if template2 is CONTRADICTION_MESSAGE:
            raise JudgeError(
                f"{self.prefix}: the model's answer contradicts itself after one "
                f"repair attempt: {problem2}"
            )
        raise JudgeError(
            f"{self.prefix}: malformed model output after one repair attempt: {problem2}"
        )

    @property
    def transport(self) -> OpenAICompatible | ThroughLitellm:
        """How calls travel (:mod:`stef_judges.llm_transport`), chosen at the first call."""
        if self._transport is None:
            self._transport = (
                OpenAICompatible(self.config)
                if direct(self.config)
                else ThroughLitellm(self.config, self.litellm)
            )
        return self._transport

    def _request(self, messages: list[dict[str, str]], temperature: float) -> dict[str, Any]:
        """The keyword arguments of one ``litellm.acompletion`` call (models that go through
        litellm)."""
        return ThroughLitellm(self.config, None).request(messages, temperature)

    async def _complete(
        self, messages: list[dict[str, str]], temperature: float, tally: Tally
    ) -> str | None:
        """One chat completion with retries; its reply text. Every attempt is added to
        ``tally``.

        Retries: on 408, 409, 429, 5xx and a server that could not be reached, up to
        ``retries`` more attempts, waiting ``retry_backoff * 2**n`` seconds (at most 32 times
        the backoff) plus up to one backoff of jitter; the wait ends early when the breaker
        opens, and the next attempt is then refused at once.
        """
        cfg = self.config
        attempts = cfg.retries + 1
        made = 0
        last: Exception | None = None
        while True:
            try:
                completion = await self._attempt(messages, temperature, tally)
            except BreakerOpen:
                if last is None:
                    raise
                # This call did reach for the server (and helped open the breaker): say what
                # happened to it rather than that it was not sent.
                raise JudgeError(
                    f"{self._describe(last, made)}; the server looks down, so "
                    "later records are not sent"
                ) from None
            except JudgeError:
                raise
            except Exception as exc:
                made, last = made + 1, exc
                if made >= attempts or not self._transient(exc):
                    raise JudgeError(self._describe(exc, made)) from None
                wait = min(cfg.retry_backoff * 2 ** (made - 1), cfg.retry_backoff * 32)
                await self._sleep(wait + random.uniform(0, cfg.retry_backoff))
                continue
            return completion.content

    async def _attempt(
        self, messages: list[dict[str, str]], temperature: float, tally: Tally
    ) -> Completion:
        """One HTTP call: admitted by the breaker, paid for by a reservation, then counted."""
        closed = self.breaker.admit()
        if closed is not None:
            raise BreakerOpen(f"{self.prefix}: {closed}")
        reserved = await self._reserve(messages)
        cost = 0.0
        tally.calls += 1
        self.budget.calls += 1
        try:
            completion = await self.transport.complete(messages, temperature)
        except BaseException as exc:
            how = unreachable(exc) if isinstance(exc, Exception) else None
            if how is not None:
                self.breaker.failure(f"{how} ({self.config.server})")
            elif isinstance(exc, Exception):
                self.breaker.success()  # the server answered, if only with an error
            else:
                self.breaker.probing = False  # cancelled: a later call may probe instead
            if how == "timed out" or not isinstance(exc, Exception):
                # A call given up on (timed out, cancelled) may still be billed: it keeps its
                # worst case against the cap.
                cost = reserved
            raise
        else:
            self.breaker.success()
            usage = self._usage(completion)
            tally.add(usage)
            cost = usage.cost_usd
            return completion
        finally:
            self.budget.settle(reserved, cost)

    async def _sleep(self, seconds: float) -> None:
        """The backoff between attempts; cut short when the breaker opens meanwhile (the next
        attempt is then refused at once instead of minutes later)."""
        if self.breaker.is_open:
            return
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.breaker.opened().wait(), timeout=seconds)

    # ---- the cost cap --------------------------------------------------------------------

    async def _reserve(self, messages: list[dict[str, str]]) -> float:
        """Reserve the worst case of a call (waiting for room while calls are in flight);
        JudgeError when the cap leaves no room."""
        limit = self.config.max_cost
        if limit is None:
            self.budget.take(0.0)
            return 0.0
        worst = self.worst_case_cost(messages)
        if not await self.budget.reserve(worst):
            raise JudgeError(
                f"{self.prefix}: cost cap reached (--max-cost {limit:g} USD: "
                f"{self.budget.spent:.4g} USD spent, and the next call may cost up to "
                f"{worst:.4g}); the record was not judged"
            )
        return worst

    def worst_case_cost(self, messages: list[dict[str, str]]) -> float:
        """What a call with ``messages`` can cost at most (:func:`llm_budget.worst_case_cost`).

        Raises:
            JudgeError: when litellm knows no price for the model (every later call fails the
                same way at once: a cap that cannot be enforced must not be ignored).
        """
        try:
            return worst_case_cost(
                self.litellm, self.config.model, messages, self.config.max_tokens
            )
        except NoPrice:
            self._fatal = (
                f"cost cap: litellm knows no price for {self.config.model!r}, so --max-cost "
                "cannot be enforced; drop --max-cost (a local server costs nothing) or use a "
                "model in litellm's price map"
            )
            raise JudgeError(f"{self.prefix}: {self._fatal}") from None

    # ---- errors and usage ----------------------------------------------------------------

    @staticmethod
    def _transient(exc: BaseException) -> bool:
        """Whether another attempt may succeed: the server was not reached, or answered 408,
        409, 429 or 5xx."""
        if isinstance(exc, JudgeError):
            return False
        if unreachable(exc) is not None:
            return True
        status = getattr(exc, "status_code", None)
        return isinstance(status, int) and (status in (408, 409, 429) or status >= 500)

    def _describe(self, exc: BaseException, attempts: int) -> str:
        p = self.prefix
        tries = f"after {attempts} attempt{'s' if attempts != 1 else ''}"
        how = unreachable(exc)
        if how == "timed out":
            return f"{p}: timed out after {self.config.timeout:g} s ({tries}); raise --timeout"
        if how is not None:
            # Before the status check: litellm labels a refused connection "HTTP 500".
            return f"{p}: cannot reach the model server: {how} ({self.config.server}; {tries})"
        status = getattr(exc, "status_code", None)
        detail = first_line(str(getattr(exc, "message", "") or exc))
        if status == 429:
            return f"{p}: rate limited (HTTP 429) {tries}; lower --concurrency"
        if status == 401:
            named = self.config.api_base_from or "--api-base"
            return (
                f"{p}: authentication failed (HTTP 401): check the API key; a server named "
                f"by {named} gets no key unless --api-key-env NAME names the variable that "
                "holds it"
            )
        if isinstance(status, int):
            return f"{p}: model server answered HTTP {status} {tries}: {detail}"
        return f"{p}: {type(exc).__name__} {tries}: {detail}"

    def _usage(self, completion: Completion) -> Usage:
        """Tokens and USD of one reply (the call itself is counted by the caller)."""
        cost = completion.cost_usd
        if cost is None:
            cost = self._price(completion.prompt_tokens, completion.completion_tokens)
        return Usage(
            prompt_tokens=completion.prompt_tokens,
            completion_tokens=completion.completion_tokens,
            cost_usd=cost,
        )

    def _price(self, prompt: int, completion: int) -> float:
        """The model's price for these tokens in litellm's map; 0 for a model it has no price
        for, such as a local server's (remembered: a failed look-up through the whole map
        costs milliseconds a call), whose tokens still count."""
        if self._unpriced or not (prompt or completion):
            return 0.0
        try:
            p_cost, c_cost = self.litellm.cost_per_token(
                model=self.config.model, prompt_tokens=prompt, completion_tokens=completion
            )
        except Exception:
            self._unpriced = True
            return 0.0
        return float(p_cost) + float(c_cost)


def _validate(
    content: str | None, schema: type[M], check: Callable[[M], str | None] | None
) -> tuple[M | None, str, str]:
    """The reply, or (None, what is wrong, the repair message to send)."""
    try:
        reply = schema.model_validate(json_object(content))
    except (ValueError, ValidationError) as exc:
        return None, _short_error(exc), REPAIR_MESSAGE
    problem = check(reply) if check is not None else None
    if problem is not None:
        return None, problem, CONTRADICTION_MESSAGE
    return reply, "", ""


def first_line(text: str, limit: int = 200) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _short_error(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(x) for x in err["loc"]) or "reply"
            parts.append(f"{where}: {str(err['msg']).removeprefix('Value error, ')}")
        return "; ".join(parts)
    return first_line(str(exc))
