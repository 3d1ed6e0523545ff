"""The transport of the LLM judge and extractor: one validated JSON reply per call.

This is the only module of STEF that imports litellm, and it does so lazily, on the first call
that really goes to a model: entry points load at startup, a user without the ``llm`` extra
must still be able to run the offline judge, and a re-run served from the cache never pays
litellm's import (seconds).

* bounded concurrency (``concurrency``, default 8) on one event loop kept in a background
  thread, so the synchronous engine can hand over one batch after another;
* retries with exponential backoff and jitter on 429, 5xx, connection errors and timeouts;
  a per-call timeout; a circuit breaker: once ``breaker_threshold`` calls in a row could not
  reach the server (refused, unknown host, timed out), records are failed at once without a
  call, and one probe call every ``breaker_cooldown`` seconds checks whether it is back;
* a reply that is not the JSON object asked for, or that its caller's check rejects (a label
  that contradicts its probability), gets one repair turn; after that a :class:`JudgeError`;
* a SQLite cache of successful replies (on by default; errors are never cached), private to
  its user, keyed on everything that can change a reply (:mod:`stef_judges.llm_cache`);
* every call counted (retries and repair turns too) in tokens and USD, and ``max_cost``: each
  call first reserves its worst case (prompt tokens plus ``max_tokens`` at the model's price),
  so the calls in flight can never take the spend past the cap;
* API keys go only where the user says: ``api_key_env`` names the variable that holds the key;
  without it a custom ``api_base`` gets no key at all, and a provider's own variable
  (``OPENAI_API_KEY`` ...) is read by litellm for that provider's default endpoint only;
* Ctrl-C cancels the calls in flight and lets the caller keep what came back.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib.util
import math
import os
import re
import socket
import threading
import time
import warnings
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from stef_core.contracts import JudgeError, StefError
from stef_core.models import Usage
from stef_judges.llm_cache import Cache, cache_key
from stef_judges.llm_prompt import CONTRADICTION_MESSAGE, REPAIR_MESSAGE, json_object

MISSING_EXTRA = "the llm judge needs the 'llm' extra: pip install 'stef[llm]'"

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
#: Temperature of samples after the first: enough spread for self-consistency to mean
#: something, low enough that the model stays on task.
SAMPLE_TEMPERATURE = 0.7
#: The cost cap's prompt estimate: litellm's token count (exact for OpenAI's tokenizers, close
#: for others) plus this margin and a few tokens of chat framing per message.
PROMPT_MARGIN = 1.25
FRAMING_TOKENS = 8

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}")
_CONVENTIONAL_NAME = re.compile(r"[A-Z_][A-Z0-9_]{0,63}")


def _import_litellm() -> Any:
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


def _require_extra() -> None:
    """StefError unless litellm and tenacity are installed; imports neither (litellm takes
    seconds to import, and a re-run served from the cache never needs it)."""
    for name in ("litellm", "tenacity"):
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            raise StefError(MISSING_EXTRA)


# --------------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------------


def _key_from_env(name: Any, what: str) -> str:
    """The API key held by the environment variable ``name`` (``--api-key-env``).

    Raises:
        StefError: when ``name`` is not a variable name or the variable is unset or empty.
    """
    name = str(name).strip()
    if not _ENV_NAME.fullmatch(name):
        # Never echo it: a key pasted here by mistake must not land in logs.
        raise StefError(f"llm {what}: --api-key-env takes the name of an environment variable "
                        "that holds the key (e.g. --api-key-env OPENAI_API_KEY), not the key")
    value = os.environ.get(name, "").strip()
    if not value:
        if _CONVENTIONAL_NAME.fullmatch(name):
            raise StefError(f"llm {what}: --api-key-env {name}: the environment variable "
                            f"{name} is not set or is empty")
        # Not an upper-case name: it may be a key pasted by mistake, so it is not repeated.
        raise StefError(f"llm {what}: --api-key-env: the environment variable named there is "
                        "not set or is empty (give the variable's name, not the key)")
    return value


@dataclass(frozen=True)
class LlmConfig:
    """The options shared by the judge and the extractor (CLI flags arrive as these names)."""

    model: str
    api_base: str | None = None
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
    def from_options(cls, options: dict[str, Any], *, what: str, flag: str) -> LlmConfig:
        """Build from constructor options; unknown options are ignored (other plugins' flags).

        Raises:
            StefError: when the model is missing, a number is out of range or the variable
                named by ``api_key_env`` holds no key.
        """
        model = str(options.get("model") or "").strip()
        if not model:
            raise StefError(f"the llm {what} needs a model: {flag} llm:<litellm model>, "
                            "e.g. llm:openai/gpt-4o-mini")

        def number(name: str, default: float, low: float) -> float:
            value = options.get(name)
            if value is None:
                return default
            try:
                out = float(value)
            except (TypeError, ValueError):
                raise StefError(f"llm {what}: option {name!r} must be a number, found "
                                f"{value!r}") from None
            if out < low:
                raise StefError(f"llm {what}: option {name!r} must be at least {low:g}, "
                                f"found {value!r}")
            return out

        api_key = options.get("api_key") or None
        if api_key is None and options.get("api_key_env"):
            api_key = _key_from_env(options["api_key_env"], what)
        max_cost = options.get("max_cost")
        return cls(
            model=model,
            api_base=options.get("api_base") or None,
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
        return self.api_base or f"the default endpoint of {self.model.split('/')[0]!r}"


# --------------------------------------------------------------------------------------------
# The event loop: one per process, in a background thread
# --------------------------------------------------------------------------------------------


class _LoopThread:
    """An asyncio loop running in a daemon thread, shared by every LLM client of the process.

    The engine is synchronous and calls ``judge_many`` once per batch. ``asyncio.run`` per batch
    would close the loop that litellm's pooled HTTP clients and its process-wide logging worker
    are bound to, so the next batch would fail; one long-lived loop keeps them valid across
    batches, judges and extractors, and also works when the caller already runs a loop (a
    notebook).
    """

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="stef-llm", daemon=True)
        self.thread.start()

    def alive(self) -> bool:
        return self.thread.is_alive() and not self.loop.is_closed()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the loop and wait for it.

        On Ctrl-C (which Python delivers to the main thread, waiting here) the coroutine is
        cancelled and awaited, so that nothing of it is left running, then the interrupt goes
        on to the caller.
        """
        finished = threading.Event()

        async def guarded() -> T:
            try:
                return await coro
            finally:
                finished.set()

        future = asyncio.run_coroutine_threadsafe(guarded(), self.loop)
        try:
            return future.result()
        except KeyboardInterrupt:
            future.cancel()
            # litellm builds its request coroutine in a worker thread; a call cancelled while
            # there leaves that coroutine unawaited, and Python would warn about it at exit.
            # The cancellation is ours and deliberate: nothing is lost, so no warning.
            warnings.filterwarnings("ignore", r"coroutine .* was never awaited", RuntimeWarning)
            # A second Ctrl-C only stops the wait for the cancellation.
            with contextlib.suppress(KeyboardInterrupt):
                finished.wait(timeout=10)
            raise

    def close(self) -> None:
        """Cancel what is left (litellm's background logging), then stop the loop."""
        if not self.alive():
            return

        async def cancel_rest() -> None:
            rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in rest:
                task.cancel()
            if rest:  # bounded: a task that ignores its cancellation must not hold the exit up
                await asyncio.wait(rest, timeout=2)

        with contextlib.suppress(Exception):  # shutting down: nothing useful to report
            asyncio.run_coroutine_threadsafe(cancel_rest(), self.loop).result(timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        if not self.loop.is_running():
            self.loop.close()


_LOOP_LOCK = threading.Lock()
_LOOP: _LoopThread | None = None


def _shared_loop() -> _LoopThread:
    global _LOOP
    with _LOOP_LOCK:
        if _LOOP is None or not _LOOP.alive():
            _LOOP = _LoopThread()
            atexit.register(_LOOP.close)
        return _LOOP


# --------------------------------------------------------------------------------------------
# Spend, the cost cap and the circuit breaker
# --------------------------------------------------------------------------------------------


@dataclass
class _Tally:
    """What one reply (all its attempts and its repair turn) cost; a mutable :class:`Usage`."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    calls: int = 0

    def add(self, usage: Usage) -> None:
        self.prompt_tokens += usage.prompt_tokens
        self.completion_tokens += usage.completion_tokens
        self.cost_usd += usage.cost_usd
        self.calls += usage.calls

    def usage(self) -> Usage:
        return Usage(prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens,
                     cost_usd=self.cost_usd, calls=self.calls)


def add_usage(a: Usage, b: Usage) -> Usage:
    """The sum of two usages; cached only when both were."""
    return Usage(
        prompt_tokens=a.prompt_tokens + b.prompt_tokens,
        completion_tokens=a.completion_tokens + b.completion_tokens,
        cost_usd=a.cost_usd + b.cost_usd,
        cached=a.cached and b.cached,
        calls=a.calls + b.calls,
    )


@dataclass
class Budget:
    """The run's spend and the cost cap (``max_cost``), with reservations for calls in flight.

    A call reserves its worst case before it starts and settles to its real cost when it ends,
    so ``spent + reserved`` never passes the cap whatever the concurrency. A call that does not
    fit waits while other calls are in flight (they usually cost less than they reserved), and
    is refused only when nothing is left in flight to free room. Used only from the event
    loop's thread, so no lock.

    >>> b = Budget(limit=1.0)
    >>> b.fits(0.6), b.take(0.6), b.fits(0.6)
    (True, None, False)
    >>> b.settle(0.6, 0.1); b.fits(0.6), round(b.spent, 2)
    (True, 0.1)
    """

    limit: float | None = None
    spent: float = 0.0
    reserved: float = 0.0
    in_flight: int = 0
    calls: int = 0
    _settled: asyncio.Event | None = None

    def fits(self, amount: float) -> bool:
        """Whether ``amount`` more stays within the cap."""
        return self.limit is None or self.spent + self.reserved + amount <= self.limit + 1e-12

    def take(self, amount: float) -> None:
        self.reserved += amount
        self.in_flight += 1

    async def reserve(self, amount: float) -> bool:
        """Hold ``amount`` for a call about to start; False when it can never fit."""
        while not self.fits(amount):
            if self.in_flight == 0:
                return False
            if self._settled is None:
                self._settled = asyncio.Event()
            await self._settled.wait()
        self.take(amount)
        return True

    def settle(self, reserved: float, cost: float) -> None:
        """A call ended: release its reservation and book what it cost."""
        self.reserved = max(0.0, self.reserved - reserved)
        self.in_flight -= 1
        self.spent += cost
        settled, self._settled = self._settled, None
        if settled is not None:
            settled.set()  # wake the calls waiting for room


@dataclass
class Breaker:
    """A circuit breaker over "the server cannot be reached".

    Closed, every call goes out. ``threshold`` failures in a row (refused connection, unknown
    host, timeout; any answer from the server, even an HTTP error, resets the count) open it:
    calls fail at once, without touching the network. After ``cooldown`` seconds one probe call
    goes out; its success closes the breaker, its failure opens it for another cooldown. Used
    only from the event loop's thread.

    >>> now = [0.0]
    >>> br = Breaker(threshold=2, cooldown=30, clock=lambda: now[0])
    >>> br.failure("refused"); br.failure("refused"); br.admit() is None
    False
    >>> now[0] = 31.0
    >>> br.admit() is None, br.admit() is None  # one probe goes out, the next call waits
    (True, False)
    >>> br.success(); br.admit() is None
    True
    """

    threshold: int = DEFAULT_BREAKER_THRESHOLD
    cooldown: float = DEFAULT_BREAKER_COOLDOWN
    clock: Callable[[], float] = time.monotonic
    failures: int = 0
    last: str = ""
    open_until: float | None = None
    probing: bool = False
    _opened: asyncio.Event | None = None

    @property
    def is_open(self) -> bool:
        return self.open_until is not None

    def opened(self) -> asyncio.Event:
        """Set while the breaker is open: wakes up calls sleeping before a retry."""
        if self._opened is None:
            self._opened = asyncio.Event()
            if self.is_open:
                self._opened.set()
        return self._opened

    def admit(self) -> str | None:
        """None when a call may go out; otherwise why not."""
        if self.open_until is None:
            return None
        if not self.probing and self.clock() >= self.open_until:
            self.probing = True  # half-open: this call is the probe
            return None
        return (f"model server unreachable, record not sent: {self.failures} calls in a row "
                f"failed (last: {self.last}); is the server running? STEF tries again every "
                f"{self.cooldown:g} s")

    def success(self) -> None:
        self.failures = 0
        self.open_until = None
        self.probing = False
        if self._opened is not None:
            self._opened.clear()

    def failure(self, what: str) -> None:
        self.failures += 1
        self.last = what
        if self.probing or self.failures >= self.threshold:
            self.open_until = self.clock() + self.cooldown
            self.probing = False
            if self._opened is not None:
                self._opened.set()


class _BreakerOpen(JudgeError):
    """The breaker refused a call: it was not sent."""


def _unreachable(exc: BaseException) -> str | None:
    """How the server could not be reached ("connection refused", ...), or None when it was.

    litellm wraps a refused connection as ``InternalServerError`` with status 500 (the SDK's
    ``APIConnectionError`` underneath); the cause chain tells what really happened.
    """
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return "timed out"
    seen: set[int] = set()
    chain: BaseException | None = exc
    connection = False
    while chain is not None and id(chain) not in seen:
        seen.add(id(chain))
        if isinstance(chain, ConnectionRefusedError):
            return "connection refused"
        if isinstance(chain, socket.gaierror):
            return "host name not found (DNS)"
        if isinstance(chain, (TimeoutError, asyncio.TimeoutError)):
            return "timed out"
        name = type(chain).__name__
        if name in ("APITimeoutError", "Timeout", "ConnectTimeout", "ReadTimeout",
                    "PoolTimeout", "ServerTimeoutError"):
            return "timed out"
        if name in ("APIConnectionError", "ConnectError", "ClientConnectorError",
                    "ServerDisconnectedError", "RemoteProtocolError", "ConnectionResetError"):
            connection = True
        chain = chain.__cause__ or chain.__context__
    return "connection failed" if connection else None


# --------------------------------------------------------------------------------------------
# The client: one validated JSON reply per call, with retries, repair, cache, budget, breaker
# --------------------------------------------------------------------------------------------


class LlmClient:
    """Calls one model for validated JSON replies. Every public coroutine raises only
    :class:`JudgeError` (with ``usage`` set to what the failed reply cost)."""

    def __init__(self, config: LlmConfig, *, prefix: str = "judge") -> None:
        _require_extra()
        self._litellm: Any = None
        self.config = config
        self.prefix = prefix
        self.cache: Cache | None = None if config.no_cache else Cache.open(config.cache_dir)
        self.budget = Budget(limit=config.max_cost)
        self.breaker = Breaker(threshold=config.breaker_threshold,
                               cooldown=config.breaker_cooldown)
        self._loop = _shared_loop()
        self._semaphore: asyncio.Semaphore | None = None
        #: A problem that fails every further call the same way (no price for the cost cap).
        self._fatal: str | None = None

    @property
    def litellm(self) -> Any:
        """litellm, imported on the first real call."""
        if self._litellm is None:
            self._litellm = _import_litellm()
        return self._litellm

    # ---- sync entry ----------------------------------------------------------------------

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the client's loop and wait for it (Ctrl-C cancels it)."""
        return self._loop.run(coro)

    def close(self) -> None:
        # The loop is shared and outlives this client (see _LoopThread); the cache is ours.
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
            model=self.config.model, prompt_version=prompt_version, messages=messages,
            api_base=self.config.api_base, rules_hash=rules_hash,
            sampling={"sample": sample, "temperature": temperature,
                      "max_tokens": self.config.max_tokens},
        )
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                try:
                    return schema.model_validate(hit[0]), Usage(cached=True)
                except ValidationError:
                    pass  # a row from an incompatible build: call again
        tally = _Tally()
        try:
            if self._fatal is not None:
                raise JudgeError(f"{self.prefix}: {self._fatal}")
            if self._semaphore is None:
                self._semaphore = asyncio.Semaphore(self.config.concurrency)
            async with self._semaphore:
                reply = await self._reply(messages, schema, temperature, tally, check)
        except JudgeError as exc:
            raise JudgeError(str(exc), usage=tally.usage()) from None
        usage = tally.usage()
        if self.cache is not None:
            self.cache.put(key, reply.model_dump(mode="json"), usage.model_dump())
        return reply, usage

    async def _reply(
        self,
        messages: list[dict[str, str]],
        schema: type[M],
        temperature: float,
        tally: _Tally,
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
            raise JudgeError(f"{self.prefix}: the model's answer contradicts itself after one "
                             f"repair attempt: {problem2}")
        raise JudgeError(f"{self.prefix}: malformed model output after one repair attempt: "
                         f"{problem2}")

    def _request(self, messages: list[dict[str, str]], temperature: float) -> dict[str, Any]:
        """The keyword arguments of one ``litellm.acompletion`` call."""
        cfg = self.config
        kwargs: dict[str, Any] = {
            "model": cfg.model,
            "messages": messages,
            "temperature": temperature,
            "max_tokens": cfg.max_tokens,
            "timeout": cfg.timeout,
            # Retries are ours (below): the SDKs' own would multiply them and hide the count.
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
            # (OPENAI_API_KEY ...) to it. Local servers ignore the placeholder; the OpenAI SDK
            # refuses to start without one.
            kwargs["api_key"] = "no-key"
        return kwargs

    async def _complete(
        self, messages: list[dict[str, str]], temperature: float, tally: _Tally
    ) -> str | None:
        """One chat completion with retries; its reply text. Every attempt is added to
        ``tally``."""
        from tenacity import (
            AsyncRetrying,
            retry_if_exception,
            stop_after_attempt,
            wait_exponential_jitter,
        )

        cfg = self.config
        kwargs = self._request(messages, temperature)
        attempts = cfg.retries + 1
        retrying = AsyncRetrying(
            stop=stop_after_attempt(attempts),
            wait=wait_exponential_jitter(
                multiplier=cfg.retry_backoff, max=max(cfg.retry_backoff * 32, 0.001),
                jitter=cfg.retry_backoff,
            ),
            retry=retry_if_exception(self._transient),
            sleep=self._sleep,
            reraise=True,
        )
        made = 0
        last: Exception | None = None
        try:
            async for attempt in retrying:
                with attempt:
                    try:
                        response = await self._attempt(kwargs, tally)
                    except JudgeError:
                        raise
                    except Exception as exc:
                        made, last = made + 1, exc
                        raise
        except _BreakerOpen:
            if last is None:
                raise
            # This call did reach for the server (and helped open the breaker): say what
            # happened to it rather than that it was not sent.
            raise JudgeError(f"{self._describe(last, made)}; the server looks down, so later "
                             "records are not sent") from None
        except JudgeError:
            raise
        except Exception as exc:
            raise JudgeError(self._describe(exc, attempts)) from None
        try:
            return response.choices[0].message.content
        except (AttributeError, IndexError):
            return None

    async def _attempt(self, kwargs: dict[str, Any], tally: _Tally) -> Any:
        """One HTTP call: admitted by the breaker, paid for by a reservation, then counted."""
        closed = self.breaker.admit()
        if closed is not None:
            raise _BreakerOpen(f"{self.prefix}: {closed}")
        reserved = await self._reserve(kwargs["messages"])
        cost = 0.0
        tally.calls += 1
        self.budget.calls += 1
        try:
            # The SDK's timeout covers the HTTP exchange; this one also covers anything
            # litellm does around it.
            response = await asyncio.wait_for(
                self.litellm.acompletion(**kwargs), timeout=self.config.timeout * 2 + 1
            )
        except BaseException as exc:
            how = _unreachable(exc) if isinstance(exc, Exception) else None
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
            usage = self._usage(kwargs["model"], response)
            tally.add(usage.model_copy(update={"calls": 0}))  # the call is counted above
            cost = usage.cost_usd
            return response
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
        """What a call with ``messages`` can cost at most: its prompt tokens (with a margin)
        and ``max_tokens`` of output at the model's price.

        Raises:
            JudgeError: when litellm knows no price for the model (every later call fails the
                same way at once: a cap that cannot be enforced must not be ignored).
        """
        lit = self.litellm
        try:
            counted = int(lit.token_counter(model=self.config.model, messages=messages))
        except Exception:
            counted = sum(len(m["content"].encode("utf-8")) for m in messages)  # >= tokens
        prompt = math.ceil(counted * PROMPT_MARGIN) + FRAMING_TOKENS * len(messages)
        try:
            p_cost, c_cost = lit.cost_per_token(
                model=self.config.model, prompt_tokens=prompt,
                completion_tokens=self.config.max_tokens,
            )
        except Exception:
            self._fatal = (
                f"cost cap: litellm knows no price for {self.config.model!r}, so --max-cost "
                "cannot be enforced; drop --max-cost (a local server costs nothing) or use a "
                "model in litellm's price map"
            )
            raise JudgeError(f"{self.prefix}: {self._fatal}") from None
        return float(p_cost) + float(c_cost)

    # ---- errors and usage ----------------------------------------------------------------

    def _transient(self, exc: BaseException) -> bool:
        if isinstance(exc, JudgeError):
            return False
        if _unreachable(exc) is not None:
            return True
        lit = self.litellm
        if isinstance(exc, (lit.RateLimitError, lit.InternalServerError,
                            lit.ServiceUnavailableError)):
            return True
        status = getattr(exc, "status_code", None)
        return isinstance(status, int) and (status in (408, 409, 429) or status >= 500)

    def _describe(self, exc: BaseException, attempts: int) -> str:
        lit = self.litellm
        p = self.prefix
        tries = f"after {attempts} attempt{'s' if attempts != 1 else ''}"
        how = _unreachable(exc)
        if how == "timed out":
            return f"{p}: timed out after {self.config.timeout:g} s ({tries}); raise --timeout"
        if how is not None:
            # Before the status check: litellm labels a refused connection "HTTP 500".
            return f"{p}: cannot reach the model server: {how} ({self.config.server}; {tries})"
        status = getattr(exc, "status_code", None)
        detail = first_line(str(getattr(exc, "message", "") or exc))
        if isinstance(exc, lit.RateLimitError) or status == 429:
            return f"{p}: rate limited (HTTP 429) {tries}; lower --concurrency"
        if isinstance(exc, lit.AuthenticationError) or status == 401:
            return (f"{p}: authentication failed (HTTP 401): check the API key (--api-key-env "
                    "NAME for a server given with --api-base)")
        if isinstance(status, int):
            return f"{p}: model server answered HTTP {status} {tries}: {detail}"
        return f"{p}: {type(exc).__name__} {tries}: {detail}"

    def _usage(self, model: str, response: Any) -> Usage:
        u = getattr(response, "usage", None)
        prompt = int(getattr(u, "prompt_tokens", 0) or 0)
        completion = int(getattr(u, "completion_tokens", 0) or 0)
        lit = self.litellm
        try:
            cost = float(lit.completion_cost(completion_response=response) or 0.0)
        except Exception:
            try:  # the reply names a model litellm cannot price: price the one asked for
                p_cost, c_cost = lit.cost_per_token(model=model, prompt_tokens=prompt,
                                                    completion_tokens=completion)
                cost = float(p_cost) + float(c_cost)
            except Exception:
                cost = 0.0  # a model litellm has no price for (a local server): tokens count
        return Usage(prompt_tokens=prompt, completion_tokens=completion, cost_usd=cost, calls=1)


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
            parts.append(f"{where}: {err['msg']}")
        return "; ".join(parts)
    return first_line(str(exc))
